package codemode

import "fmt"

// Tool names must fit the model APIs' limit once the host has prefixed
// them. Claude Code offers an MCP server's tool as mcp__SERVER__TOOL,
// where SERVER is the name the server is registered under, and a single
// tool name over ToolNameLimit makes the API refuse every request of the
// session. coderun's own tool names are "server__tool" (the proxied
// servers' names), so with coderun registered as "coderun" they may take
// ToolNameLimit less len("mcp__coderun__") characters.
const (
	// ToolNameLimit is the longest tool name the model APIs accept.
	ToolNameLimit = 64
	// DefaultMaxToolNameLength is the default of Config.MaxToolNameLength:
	// what is left of ToolNameLimit once Claude Code has prefixed a name
	// with "mcp__coderun__".
	DefaultMaxToolNameLength = ToolNameLimit - len(claudeCodePrefix) - len("coderun") - len("__")
	// MinToolNameRoom is the fewest characters a server's name and "__" must
	// leave its tools' names: a name too long is shortened to its first
	// characters, "_" and 8 hex digits of its hash, which keeps at least 7
	// characters of the tool's own name after "server__".
	MinToolNameRoom = 16
)

// claudeCodePrefix starts the name Claude Code gives an MCP server's tool.
const claudeCodePrefix = "mcp__"

// ValidateMaxToolNameLength reports why n cannot be the longest name of
// the tools of the servers named: n is over ToolNameLimit, or a server's
// name leaves its tools less than MinToolNameRoom characters. The error
// says how to pick n.
func ValidateMaxToolNameLength(n int, servers []string) error {
	if n < 1+len("__")+MinToolNameRoom || n > ToolNameLimit {
		return fmt.Errorf("%d is not allowed; want an integer from %d to %d. %s",
			n, 1+len("__")+MinToolNameRoom, ToolNameLimit, toolNameLengthHelp)
	}
	for _, s := range servers {
		if room := n - len(s) - len("__"); room < MinToolNameRoom {
			return fmt.Errorf("%d leaves the tools of server %q %d characters after %q, want at least %d: "+
				"shorten the server's name or raise maxToolNameLength. %s", n, s, room, s+"__", MinToolNameRoom, toolNameLengthHelp)
		}
	}
	return nil
}

// toolNameLengthHelp says how to pick maxToolNameLength.
var toolNameLengthHelp = fmt.Sprintf("A host adds coderun's name to each tool's: Claude Code registered as NAME offers %sNAME__server__tool, "+
	"which must fit %d characters, so use %d minus the length of NAME (%d for \"coderun\")",
	claudeCodePrefix, ToolNameLimit, ToolNameLimit-len(claudeCodePrefix)-len("__"), DefaultMaxToolNameLength)
