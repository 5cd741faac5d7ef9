// Package mcpproxy connects coderun to MCP servers on both sides.
//
// Upstream, a Hub holds one client connection per server configured under
// `servers:` in coderun.yml (stdio or streamable HTTP), names each server's
// tools "server__tool", restarts crashed servers on next use with backoff and
// follows their tools/list_changed notifications.
//
// Downstream, a Server offers those tools to an MCP client (the agent's
// host) through the Code Mode pipeline: run_code with the generated SDK, the
// proxied native tools, or both, as the configured mode says.
package mcpproxy
