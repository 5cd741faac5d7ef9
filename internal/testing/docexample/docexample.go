// Package docexample checks that a package doc's first code block is the
// body of the package's runnable Example, so the code a reader copies
// from the doc is code the tests run.
package docexample

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Check fails t unless the first code block of the package doc in docFile
// is, line for line, the body of func Example in exampleFile without its
// "// Output:" comment.
func Check(t *testing.T, docFile, exampleFile string) {
	t.Helper()
	fset := token.NewFileSet()
	doc, err := parser.ParseFile(fset, docFile, nil, parser.ParseComments|parser.PackageClauseOnly)
	require.NoError(t, err)
	require.NotNil(t, doc.Doc, "%s has no package doc", docFile)
	block := firstCodeBlock(doc.Doc.Text())
	require.NotEmpty(t, block, "%s's package doc has no code block; start it with Example's body", docFile)

	src, err := os.ReadFile(exampleFile)
	require.NoError(t, err)
	ex, err := parser.ParseFile(fset, exampleFile, src, parser.ParseComments)
	require.NoError(t, err)
	var body string
	for _, d := range ex.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Recv == nil && f.Name.Name == "Example" {
			body = string(src[fset.Position(f.Body.Lbrace).Offset+1 : fset.Position(f.Body.Rbrace).Offset])
		}
	}
	require.NotEmpty(t, body, "%s has no func Example", exampleFile)
	var want []string
	for _, line := range strings.Split(strings.Trim(body, "\n"), "\n") {
		if strings.TrimSpace(line) == "// Output:" {
			break
		}
		want = append(want, strings.TrimPrefix(line, "\t"))
	}
	assert.Equal(t, strings.Join(want, "\n"), block, "%s's first code block differs from Example in %s: copy the body over", docFile, exampleFile)
}

// firstCodeBlock returns the first run of indented lines (with the blank
// lines inside it) of a doc comment's text, with one level of indentation
// taken off.
func firstCodeBlock(text string) string {
	var block []string
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "\t"):
			block = append(block, strings.TrimPrefix(line, "\t"))
		case line == "" && len(block) > 0:
			block = append(block, "")
		case len(block) > 0:
			return strings.TrimRight(strings.Join(block, "\n"), "\n")
		}
	}
	return strings.TrimRight(strings.Join(block, "\n"), "\n")
}
