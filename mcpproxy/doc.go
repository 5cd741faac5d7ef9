// Package mcpproxy connects coderun to MCP servers on both sides.
//
// A Server offers an MCP client (the agent's host) run_code over the Hub's
// tools:
//
//	ctx := context.Background()
//	cfg := codemode.DefaultConfig()
//	cfg.Mode = codemode.ModeCode
//	// cfg.Servers names the upstream MCP servers; this one has none, so
//	// programs have no tools to call but run all the same.
//	hub, _, err := mcpproxy.Start(ctx, cfg.Servers, mcpproxy.Options{})
//	if err != nil {
//		panic(err)
//	}
//	defer hub.Close(ctx)
//	srv, err := mcpproxy.NewServer(&cfg, hub, mcpproxy.ServerOptions{})
//	if err != nil {
//		panic(err)
//	}
//	defer srv.Close(ctx)
//
//	// The agent's host connects as an MCP client: over stdio (Serve) or
//	// HTTP (Handler), or here in memory.
//	hostSide, serverSide := mcp.NewInMemoryTransports()
//	if _, err := srv.MCP().Connect(ctx, serverSide, nil); err != nil {
//		panic(err)
//	}
//	host, err := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "v1"}, nil).Connect(ctx, hostSide, nil)
//	if err != nil {
//		panic(err)
//	}
//	defer host.Close()
//	tools, err := host.ListTools(ctx, nil)
//	if err != nil {
//		panic(err)
//	}
//	for _, t := range tools.Tools {
//		fmt.Println("tool:", t.Name)
//	}
//	res, err := host.CallTool(ctx, &mcp.CallToolParams{Name: codemode.RunCodeToolName, Arguments: map[string]any{
//		"description": "add up",
//		"program":     "return [1, 2, 3].reduce((a, b) => a + b)",
//	}})
//	if err != nil {
//		panic(err)
//	}
//	fmt.Println(res.Content[0].(*mcp.TextContent).Text)
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
