package coderun

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
