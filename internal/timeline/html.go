package timeline

import (
	"bufio"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io"
)

// The page's style and script, inlined in every page: it must open from a
// file, offline, and fetch nothing.
var (
	//go:embed page.css
	pageCSS string
	//go:embed page.js
	pageJS string
)

// contentPolicy lets the page run its own script and style and nothing
// else: no network, no other script (an injected inline handler or script
// element would not run even if escaping failed), no plugins, no forms.
var contentPolicy = fmt.Sprintf("default-src 'none'; script-src 'sha256-%s'; style-src 'sha256-%s'; img-src data:; base-uri 'none'; form-action 'none'",
	digest(pageJS), digest(pageCSS))

func digest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// WriteHTML writes l as one self-contained HTML page titled title: a
// timeline per run with a bar per sub-call, whose details show on hover or
// click. The log's text reaches the page only as JSON data, which the
// script puts in the document as text, never as markup.
func WriteHTML(w io.Writer, title string, l *Log) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="%s">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<style>%s</style>
</head>
<body>
<noscript>This page draws the timeline with JavaScript; `+"`coderun log tree`"+` prints it as text.</noscript>
<script id="data" type="application/json">`, html.EscapeString(contentPolicy), html.EscapeString(title), pageCSS)
	// json.Encoder escapes <, > and & inside strings, so no text from the
	// log can close the script element or open another.
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(true)
	if err := enc.Encode(newPageData(title, l)); err != nil {
		return err
	}
	fmt.Fprintf(bw, "</script>\n<script>%s</script>\n</body>\n</html>\n", pageJS)
	return bw.Flush()
}
