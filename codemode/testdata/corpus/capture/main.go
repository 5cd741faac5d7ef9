// Command capture records the tool lists of real MCP servers from the npm
// registry as the corpus the catalogue's tests and benchmark read
// (../tools.json). It is run by hand, not by the tests, which stay offline:
//
//	mkdir /tmp/mcpcorpus && cd /tmp/mcpcorpus && npm init -y >/dev/null
//	PUPPETEER_SKIP_DOWNLOAD=1 npm install --ignore-scripts <each package@version in servers below>
//	go run ./codemode/testdata/corpus/capture -modules /tmp/mcpcorpus/node_modules > codemode/testdata/corpus/tools.json
//
// Each server is started over stdio with the official Go client and asked
// for every page of tools/list; the tools are kept exactly as the server
// sent them (property order included), read off the connection before the
// SDK decodes them. Servers that want credentials get placeholders: they
// list their tools without using them.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// server is one npm package to capture.
type server struct {
	Name    string   `json:"name"`
	Package string   `json:"package"`
	Version string   `json:"version"`
	Bin     string   `json:"bin"`
	Args    []string `json:"args,omitempty"`
	env     []string
}

var servers = []server{
	{Name: "filesystem", Package: "@modelcontextprotocol/server-filesystem", Version: "2026.8.31", Bin: "mcp-server-filesystem", Args: []string{"/tmp"}},
	{Name: "memory", Package: "@modelcontextprotocol/server-memory", Version: "2026.8.31", Bin: "mcp-server-memory", env: []string{"MEMORY_FILE_PATH=/tmp/corpus-memory.json"}},
	{Name: "everything", Package: "@modelcontextprotocol/server-everything", Version: "2026.8.31", Bin: "mcp-server-everything", Args: []string{"stdio"}},
	{Name: "sequential-thinking", Package: "@modelcontextprotocol/server-sequential-thinking", Version: "2026.8.31", Bin: "mcp-server-sequential-thinking"},
	{Name: "github", Package: "@modelcontextprotocol/server-github", Version: "2025.4.8", Bin: "mcp-server-github", env: []string{"GITHUB_PERSONAL_ACCESS_TOKEN=placeholder"}},
	{Name: "gitlab", Package: "@modelcontextprotocol/server-gitlab", Version: "2025.4.25", Bin: "mcp-server-gitlab", env: []string{"GITLAB_PERSONAL_ACCESS_TOKEN=placeholder"}},
	{Name: "slack", Package: "@modelcontextprotocol/server-slack", Version: "2025.4.25", Bin: "mcp-server-slack", env: []string{"SLACK_BOT_TOKEN=xoxb-placeholder", "SLACK_TEAM_ID=T00000000"}},
	{Name: "google-maps", Package: "@modelcontextprotocol/server-google-maps", Version: "0.6.2", Bin: "mcp-server-google-maps", env: []string{"GOOGLE_MAPS_API_KEY=placeholder"}},
	{Name: "brave-search-legacy", Package: "@modelcontextprotocol/server-brave-search", Version: "0.6.2", Bin: "mcp-server-brave-search", env: []string{"BRAVE_API_KEY=placeholder"}},
	{Name: "puppeteer", Package: "@modelcontextprotocol/server-puppeteer", Version: "2025.5.12", Bin: "mcp-server-puppeteer"},
	{Name: "playwright", Package: "@playwright/mcp", Version: "0.0.83", Bin: "playwright-mcp"},
	{Name: "chrome-devtools", Package: "chrome-devtools-mcp", Version: "1.11.0", Bin: "chrome-devtools-mcp"},
	{Name: "notion", Package: "@notionhq/notion-mcp-server", Version: "2.5.2", Bin: "notion-mcp-server", env: []string{"NOTION_TOKEN=placeholder"}},
	{Name: "desktop-commander", Package: "@wonderwhy-er/desktop-commander", Version: "0.2.52", Bin: "desktop-commander"},
	{Name: "mongodb", Package: "mongodb-mcp-server", Version: "3.0.4", Bin: "mongodb-mcp-server"},
	{Name: "chart", Package: "@antv/mcp-server-chart", Version: "0.9.10", Bin: "mcp-server-chart"},
	{Name: "playwright-ea", Package: "@executeautomation/playwright-mcp-server", Version: "1.0.12", Bin: "playwright-mcp-server"},
	{Name: "git", Package: "@cyanheads/git-mcp-server", Version: "2.15.3", Bin: "git-mcp-server"},
	{Name: "context7", Package: "@upstash/context7-mcp", Version: "4.1.1", Bin: "context7-mcp"},
	{Name: "kubernetes", Package: "mcp-server-kubernetes", Version: "4.1.7", Bin: "mcp-server-kubernetes"},
	{Name: "firecrawl", Package: "firecrawl-mcp", Version: "3.26.0", Bin: "firecrawl-mcp", env: []string{"FIRECRAWL_API_KEY=fc-placeholder"}},
	{Name: "tavily", Package: "tavily-mcp", Version: "0.2.22", Bin: "tavily-mcp", env: []string{"TAVILY_API_KEY=placeholder"}},
	{Name: "exa", Package: "exa-mcp-server", Version: "3.4.1", Bin: "exa-mcp-server", env: []string{"EXA_API_KEY=placeholder"}},
	{Name: "brave-search", Package: "@brave/brave-search-mcp-server", Version: "2.1.4", Bin: "brave-search-mcp-server", env: []string{"BRAVE_API_KEY=placeholder"}},
	{Name: "datadog", Package: "@winor30/mcp-server-datadog", Version: "1.8.0", Bin: "mcp-server-datadog", env: []string{"DATADOG_API_KEY=placeholder", "DATADOG_APP_KEY=placeholder"}},
	{Name: "circleci", Package: "@circleci/mcp-server-circleci", Version: "0.20.0", Bin: "mcp-server-circleci", env: []string{"CIRCLECI_TOKEN=placeholder"}},
	{Name: "mapbox", Package: "@mapbox/mcp-server", Version: "0.14.0", Bin: "mcp-server", env: []string{"MAPBOX_ACCESS_TOKEN=pk.placeholder"}},
	{Name: "pinecone", Package: "@pinecone-database/mcp", Version: "0.3.0", Bin: "pinecone-mcp", env: []string{"PINECONE_API_KEY=placeholder"}},
	{Name: "jira", Package: "@aashari/mcp-server-atlassian-jira", Version: "3.3.0", Bin: "mcp-atlassian-jira", env: []string{"ATLASSIAN_SITE_NAME=placeholder", "ATLASSIAN_USER_EMAIL=a@example.com", "ATLASSIAN_API_TOKEN=placeholder"}},
}

// corpus is the file written: the provenance, then every server's tools.
type corpus struct {
	Captured string    `json:"captured"`
	Client   string    `json:"client"`
	Node     string    `json:"node"`
	Note     string    `json:"note"`
	Servers  []capture `json:"servers"`
}

type capture struct {
	server
	Tools []json.RawMessage `json:"tools"`
}

func main() {
	modules := flag.String("modules", "node_modules", "the node_modules directory the packages are installed in")
	flag.Parse()
	node, _ := exec.Command("node", "--version").Output()
	out := corpus{
		Captured: time.Now().UTC().Format("2006-01-02"),
		Client:   "github.com/modelcontextprotocol/go-sdk v1.8.0 (stdio)",
		Node:     string(bytes.TrimSpace(node)),
		Note:     "tools are as each server sent them in tools/list; servers needing credentials got placeholders",
	}
	results := make([]capture, len(servers))
	errs := make([]error, len(servers))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, s := range servers {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i].server = s
			results[i].Tools, errs[i] = list(filepath.Join(*modules, ".bin", s.Bin), s)
		})
	}
	wg.Wait()
	total := 0
	for i, r := range results {
		if errs[i] != nil || len(r.Tools) == 0 {
			fmt.Fprintf(os.Stderr, "%s: left out: %v (%d tools)\n", r.Name, errs[i], len(r.Tools))
			continue
		}
		fmt.Fprintf(os.Stderr, "%s: %d tools\n", r.Name, len(r.Tools))
		total += len(r.Tools)
		out.Servers = append(out.Servers, r)
	}
	fmt.Fprintf(os.Stderr, "%d tools from %d servers\n", total, len(out.Servers))
	b, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Stdout.Write(append(b, '\n'))
}

// list starts the server and returns its tools as sent.
func list(bin string, s server) ([]json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.Command(bin, s.Args...)
	cmd.Env = append(os.Environ(), s.env...)
	cmd.Dir = os.TempDir()
	rec := &recorder{pending: map[jsonrpc.ID]bool{}}
	client := mcp.NewClient(&mcp.Implementation{Name: "coderun-corpus", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &recordingTransport{Transport: &mcp.CommandTransport{Command: cmd}, rec: rec}, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	for _, err := range cs.Tools(ctx, nil) {
		if err != nil {
			return nil, err
		}
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return rec.tools, nil
}

// recorder keeps the tools of every tools/list result, raw.
type recorder struct {
	mu      sync.Mutex
	pending map[jsonrpc.ID]bool
	tools   []json.RawMessage
}

type recordingTransport struct {
	mcp.Transport
	rec *recorder
}

func (t *recordingTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &recordingConn{Connection: c, rec: t.rec}, nil
}

type recordingConn struct {
	mcp.Connection
	rec *recorder
}

func (c *recordingConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/list" {
		c.rec.mu.Lock()
		c.rec.pending[req.ID] = true
		c.rec.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

func (c *recordingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.rec.mu.Lock()
		defer c.rec.mu.Unlock()
		if c.rec.pending[resp.ID] && resp.Error == nil {
			var page struct {
				Tools []json.RawMessage `json:"tools"`
			}
			if json.Unmarshal(resp.Result, &page) == nil {
				for _, t := range page.Tools {
					var buf bytes.Buffer
					if json.Compact(&buf, t) == nil {
						c.rec.tools = append(c.rec.tools, buf.Bytes())
					}
				}
			}
		}
	}
	return msg, err
}
