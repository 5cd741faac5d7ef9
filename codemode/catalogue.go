package codemode

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxSummaryBytes caps a tool's summary in the catalogue. The first
// sentence is usually shorter; a long one is cut at a word boundary,
// because the catalogue is for finding a tool, and its declaration holds
// the whole description.
const maxSummaryBytes = 100

// renderCatalogue renders the header, the error class, tools.$describe and
// an index of the tools: one line per tool, under its group.
func renderCatalogue(tools []Tool, opts SDKOptions) string {
	var b strings.Builder
	writeContract(&b, opts, SDKCatalogue)
	writePreamble(&b)
	b.WriteString("interface Tools {\n")
	writeDescribeDecl(&b)
	b.WriteString("}\n")
	fmt.Fprintf(&b, "declare const %s: Tools;\n\n", ToolsGlobal)
	writeCatalogueIndex(&b, "//", tools, func(s string) string { return s })
	return b.String()
}

// writeCatalogueIndex lists tools in comments started by marker: one line
// per tool, under its group. clean makes a name or summary safe in a
// comment of the language.
func writeCatalogueIndex(b *strings.Builder, marker string, tools []Tool, clean func(string) string) {
	if len(tools) == 0 {
		b.WriteString(marker + " No tools are available.\n")
		return
	}
	fmt.Fprintf(b, "%s The tools (%d):\n", marker, len(tools))
	for i, t := range tools {
		if t.Group != "" && (i == 0 || tools[i-1].Group != t.Group) {
			fmt.Fprintf(b, "%s %s: %d tools\n", marker, t.Group, groupSize(tools[i:]))
		}
		b.WriteString(marker + "   ")
		b.WriteString(clean(t.Name))
		if t.Concurrency == ParallelSafe {
			b.WriteString(" [p]")
		}
		if s := summary(t.Description); s != "" {
			b.WriteString(": ")
			b.WriteString(clean(s))
		}
		b.WriteByte('\n')
	}
}

// groupSize counts the tools at the start of tools that share the first
// one's group.
func groupSize(tools []Tool) int {
	n := 0
	for n < len(tools) && tools[n].Group == tools[0].Group {
		n++
	}
	return n
}

// summary is the first sentence of a description on one line, at most
// maxSummaryBytes long. Markdown heading marks are dropped, since the
// sentence no longer stands where a heading would.
func summary(desc string) string {
	para, _, _ := strings.Cut(strings.TrimSpace(desc), "\n\n")
	s := strings.Join(strings.Fields(para), " ")
	s = strings.TrimSpace(strings.TrimLeft(s, "# "))
	for i, r := range s {
		if r == '。' {
			s = s[:i+len("。")]
			break
		}
		if (r == '.' || r == '!' || r == '?') && i+1 < len(s) && s[i+1] == ' ' && !abbreviationBefore(s[:i]) {
			s = s[:i+1]
			break
		}
	}
	if len(s) <= maxSummaryBytes {
		return s
	}
	cut := maxSummaryBytes - len("...")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if sp := strings.LastIndexFunc(s[:cut], unicode.IsSpace); sp > maxSummaryBytes/2 {
		cut = sp
	}
	return strings.TrimRight(s[:cut], " ,;:") + "..."
}

// abbreviationBefore reports whether the text before a period ends in an
// abbreviation such as "e.g" or "i.e", which does not end the sentence.
func abbreviationBefore(s string) bool {
	for _, a := range []string{"e.g", "i.e", "vs", "approx"} {
		if strings.HasSuffix(strings.ToLower(s), a) {
			return true
		}
	}
	return false
}
