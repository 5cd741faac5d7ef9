package coderun

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docBlock is a ```go block of a Markdown page.
type docBlock struct {
	page string // the page, relative to the repository
	line int    // the line of the block's first code line, 1-based
	code []string
}

// goBlocks returns the ```go blocks of a page.
func goBlocks(t *testing.T, page string) []docBlock {
	t.Helper()
	data, err := os.ReadFile(page)
	require.NoError(t, err)
	var blocks []docBlock
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```go" {
			continue
		}
		b := docBlock{page: page, line: i + 2}
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			b.code = append(b.code, lines[i])
		}
		blocks = append(blocks, b)
	}
	return blocks
}

// docSourcePrefix starts the first line of every ```go block in the pages:
// "// from PATH" says the rest of the block is consecutive lines of the
// file at PATH (relative to the repository), with the first line's
// indentation taken off each; "// from PATH FUNC" says it is the whole body
// of function FUNC in that file, one tab of indentation taken off.
const docSourcePrefix = "// from "

// TestDocsCodeMatchesItsSource keeps the Go code of README.md and docs/
// what it says it is: a verbatim copy of tested code (an Example function,
// a program of examples/), so a page cannot show code that no longer
// compiles or does what it says.
func TestDocsCodeMatchesItsSource(t *testing.T) {
	t.Parallel()
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	require.NoError(t, err)
	pages = append(pages, "README.md")
	checked := 0
	for _, page := range pages {
		for _, b := range goBlocks(t, page) {
			where := page + ":" + strconv.Itoa(b.line)
			if len(b.code) == 0 || !strings.HasPrefix(b.code[0], docSourcePrefix) {
				t.Errorf("%s: a ```go block must start with %q naming the tested file it is copied from", where, docSourcePrefix+"PATH [FUNC]")
				continue
			}
			fields := strings.Fields(strings.TrimPrefix(b.code[0], docSourcePrefix))
			if len(fields) < 1 || len(fields) > 2 {
				t.Errorf("%s: %q: want %sPATH or %sPATH FUNC", where, b.code[0], docSourcePrefix, docSourcePrefix)
				continue
			}
			src, err := os.ReadFile(fields[0])
			if !assert.NoError(t, err, where) {
				continue
			}
			code := strings.Join(b.code[1:], "\n")
			if len(fields) == 2 {
				body, ok := funcBody(t, fields[0], src, fields[1])
				if assert.True(t, ok, "%s: %s has no function %s", where, fields[0], fields[1]) {
					assert.Equal(t, body, code, "%s: the block differs from the body of %s in %s: copy it again", where, fields[1], fields[0])
				}
			} else {
				assert.True(t, isExcerpt(strings.Split(string(src), "\n"), b.code[1:]),
					"%s: the block is not a run of consecutive lines of %s: copy it again", where, fields[0])
			}
			checked++
		}
	}
	assert.GreaterOrEqual(t, checked, 9, "the pages' Go blocks")
}

// funcBody returns the body of the function name in a Go file, without its
// braces and with one tab of indentation taken off each line.
func funcBody(t *testing.T, path string, src []byte, name string) (string, bool) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	require.NoError(t, err)
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != name || fn.Body == nil {
			continue
		}
		start := fset.Position(fn.Body.Lbrace).Offset + 1
		end := fset.Position(fn.Body.Rbrace).Offset
		text := strings.Trim(string(src[start:end]), "\n")
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, "\t")
		}
		return strings.Join(lines, "\n"), true
	}
	return "", false
}

// isExcerpt reports whether want is a run of consecutive lines of file,
// each with the run's first line's indentation taken off.
func isExcerpt(file, want []string) bool {
	if len(want) == 0 {
		return false
	}
	for i := 0; i+len(want) <= len(file); i++ {
		indent := file[i][:len(file[i])-len(strings.TrimLeft(file[i], "\t "))]
		match := true
		for j, w := range want {
			if strings.TrimPrefix(file[i+j], indent) != w {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// markdownLink matches a Markdown link's target.
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocsLinksResolve checks that every relative link of README.md,
// docs/ and bench/ names a file that exists and, with a #fragment, a
// heading of that file, so that moving a section cannot leave a link
// pointing nowhere.
func TestDocsLinksResolve(t *testing.T) {
	t.Parallel()
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	require.NoError(t, err)
	pages = append(pages, "README.md", filepath.Join("bench", "README.md"), filepath.Join("bench", "HISTORY.md"))
	links := 0
	for _, page := range pages {
		data, err := os.ReadFile(page)
		require.NoError(t, err)
		for _, m := range markdownLink.FindAllStringSubmatch(prose(string(data)), -1) {
			target := m[1]
			if strings.Contains(target, "://") {
				continue
			}
			path, fragment, _ := strings.Cut(target, "#")
			file := page
			if path != "" {
				file = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
			}
			links++
			if _, err := os.Stat(file); err != nil {
				t.Errorf("%s: link %s: %s does not exist", page, target, file)
				continue
			}
			if fragment != "" {
				text, err := os.ReadFile(file)
				require.NoError(t, err)
				assert.Contains(t, headingAnchors(string(text)), fragment, "%s: link %s names no heading of %s", page, target, file)
			}
		}
	}
	assert.GreaterOrEqual(t, links, 20, "the pages' relative links")
}

// codeSpan matches inline code, whose brackets are not links.
var codeSpan = regexp.MustCompile("`[^`]*`")

// prose returns a Markdown text without its fenced blocks and inline code.
func prose(text string) string {
	var b strings.Builder
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			b.WriteString(codeSpan.ReplaceAllString(line, "") + "\n")
		}
	}
	return b.String()
}

// headingAnchors returns the anchors GitHub makes of a Markdown file's
// headings: lower case, spaces to hyphens, punctuation dropped.
func headingAnchors(text string) []string {
	var anchors []string
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchors = append(anchors, b.String())
	}
	return anchors
}
