package mcpproxy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// An approval form must show what it asks the user to approve. The
// arguments are written by the model or a program, which choose their key
// order and can pad one value to push the others out of a form cut at a
// fixed length. So the form shows every value, one line each under its
// full key path (the schema's required keys first, then the rest by name),
// and when they do not all fit it shortens the longest values, keeping
// each one's beginning and end, rather than dropping any. Values are shown
// quoted, with control and invisible characters escaped, so no value can
// draw lines of its own in the form. When even that cannot show every key
// (too many, nested too deep, a key given twice, not JSON), or two keys
// differ only in case (a server decoding with Go's encoding/json reads
// either as its field), the form says so and its box starts unticked.

// maxArgsInPrompt bounds the arguments section of an approval form, in
// bytes: a write of a large file must not flood the dialog. The bounds
// below are derived from it.
const maxArgsInPrompt = 2000

const (
	// minValueShown is the least a value is shortened to: below it a
	// value no longer says what it is, and the arguments count as too
	// many to show.
	minValueShown = maxArgsInPrompt / 50
	// maxPathShown bounds one key path; a longer one keeps its beginning
	// and end.
	maxPathShown = maxArgsInPrompt / 16
	// maxArgsDepth is how deep objects and arrays are unfolded; deeper
	// ones are shown as shortened JSON and reported.
	maxArgsDepth = 8
	// shownIndent starts every argument line.
	shownIndent = "  "
)

// shownArgs is the arguments as the form shows them.
type shownArgs struct {
	// lines are the argument lines, without the final newline.
	lines []string
	// values is how many values the arguments hold.
	values int
	// unshown says why the lines do not show every value, or is "".
	unshown string
}

// argLine is one value under its key path, before fitting.
type argLine struct {
	path  string
	value string // the value as shown in full: quoted, or JSON
	raw   string // for a string, the string itself, to shorten by characters
	isStr bool
}

// showArgs lays out args for an approval form, required keys first.
func showArgs(args json.RawMessage, required []string) shownArgs {
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	v, dups, folded, err := decodeArgs(args)
	if err != nil {
		line := argLine{path: "(arguments)", raw: string(args), isStr: true}
		line.value = strconv.Quote(line.raw)
		out := fitArgs([]argLine{line})
		out.unshown = "they are not valid JSON (" + err.Error() + ")"
		return out
	}
	var lines []argLine
	deep := flattenTop(v, required, &lines)
	out := fitArgs(lines)
	var why []string
	if len(dups) > 0 {
		why = append(why, fmt.Sprintf("key %s is given more than once, and the tool may read either value", strings.Join(dups, ", ")))
	}
	if len(folded) > 0 {
		why = append(why, fmt.Sprintf("keys %s differ only in case, and the tool may read either value", strings.Join(folded, ", ")))
	}
	if deep {
		why = append(why, fmt.Sprintf("they nest deeper than %d levels", maxArgsDepth))
	}
	if out.unshown != "" {
		why = append(why, out.unshown)
	}
	out.unshown = strings.Join(why, "; ")
	return out
}

// argObject is a decoded JSON object, with its keys as written.
type argObject struct {
	keys []string
	vals map[string]any
}

// decodeArgs decodes JSON into nil, bool, json.Number, string, []any and
// *argObject, and lists the key paths given more than once and those of
// keys that differ from another of their object's only in case (as
// "path and Path").
func decodeArgs(data []byte) (v any, dups, folded []string, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	k := keyIssues{}
	if v, err = decodeArgValue(dec, "", &k); err != nil {
		return nil, nil, nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, nil, nil, errors.New("more data after the arguments object")
	}
	return v, k.dups, k.folded, nil
}

// keyIssues are the keys an approval form must warn of.
type keyIssues struct{ dups, folded []string }

func decodeArgValue(dec *json.Decoder, path string, issues *keyIssues) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := &argObject{vals: make(map[string]any)}
		lower := make(map[string]string) // a key by its lower case
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k := kt.(string) // the decoder only yields strings as keys
			kp := joinPath(path, k)
			v, err := decodeArgValue(dec, kp, issues)
			if err != nil {
				return nil, err
			}
			if _, seen := o.vals[k]; seen {
				issues.dups = append(issues.dups, kp)
			} else {
				o.keys = append(o.keys, k)
				if other, ok := lower[strings.ToLower(k)]; ok {
					issues.folded = append(issues.folded, joinPath(path, other)+" and "+kp)
				} else {
					lower[strings.ToLower(k)] = k
				}
			}
			o.vals[k] = v
		}
		_, err := dec.Token() // '}'
		return o, err
	case json.Delim('['):
		var a []any
		for i := 0; dec.More(); i++ {
			v, err := decodeArgValue(dec, path+"["+strconv.Itoa(i)+"]", issues)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token() // ']'
		return a, err
	}
	return tok, nil
}

// flattenTop appends the values of the arguments v to lines: an object's
// under their keys, the required ones first; anything else, which a tool
// should not be given, as one value.
func flattenTop(v any, required []string, lines *[]argLine) (deep bool) {
	o, ok := v.(*argObject)
	if !ok || len(o.keys) == 0 {
		return flattenArgs(v, "(arguments)", 0, lines)
	}
	for _, k := range shownKeyOrder(o.keys, required) {
		deep = flattenArgs(o.vals[k], joinPath("", k), 1, lines) || deep
	}
	return deep
}

// flattenArgs appends v's values to lines under path, an object's keys by
// name. It reports whether it met values nested deeper than maxArgsDepth,
// which it shows whole, as JSON.
func flattenArgs(v any, path string, depth int, lines *[]argLine) (deep bool) {
	leaf := func(value string) { *lines = append(*lines, argLine{path: path, value: value, raw: value}) }
	switch v := v.(type) {
	case *argObject:
		if len(v.keys) == 0 {
			leaf("{}")
			return false
		}
		if depth >= maxArgsDepth {
			leaf(argJSON(v))
			return true
		}
		for _, k := range shownKeyOrder(v.keys, nil) {
			deep = flattenArgs(v.vals[k], joinPath(path, k), depth+1, lines) || deep
		}
		return deep
	case []any:
		if len(v) == 0 {
			leaf("[]")
			return false
		}
		if depth >= maxArgsDepth {
			leaf(argJSON(v))
			return true
		}
		for i, e := range v {
			deep = flattenArgs(e, path+"["+strconv.Itoa(i)+"]", depth+1, lines) || deep
		}
		return deep
	case string:
		*lines = append(*lines, argLine{path: path, value: strconv.Quote(v), raw: v, isStr: true})
	case nil:
		leaf("null")
	default: // bool, json.Number
		leaf(fmt.Sprint(v))
	}
	return false
}

// shownKeyOrder is the order an object's keys are shown in: the required
// ones as the schema lists them, then the others by name. The order they
// were written in is the caller's choice, and says nothing.
func shownKeyOrder(keys, required []string) []string {
	var first []string
	for _, r := range required {
		if slices.Contains(keys, r) && !slices.Contains(first, r) {
			first = append(first, r)
		}
	}
	var rest []string
	for _, k := range keys {
		if !slices.Contains(first, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(first, rest...)
}

// joinPath appends key to a key path: bare when it is a plain name,
// quoted otherwise, so a key cannot pass for another path or line.
func joinPath(path, key string) string {
	if plainKey(key) {
		if path == "" {
			return key
		}
		return path + "." + key
	}
	return path + "[" + strconv.Quote(key) + "]"
}

func plainKey(key string) bool {
	if key == "" {
		return false
	}
	for i, r := range key {
		switch {
		case r == '_' || r == '$' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z':
		case i > 0 && (r == '-' || '0' <= r && r <= '9'):
		default:
			return false
		}
	}
	return true
}

// argJSON writes a decoded value back as JSON, its keys as written.
func argJSON(v any) string {
	var b strings.Builder
	var write func(any)
	write = func(v any) {
		switch v := v.(type) {
		case *argObject:
			b.WriteByte('{')
			for i, k := range v.keys {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.Quote(k))
				b.WriteByte(':')
				write(v.vals[k])
			}
			b.WriteByte('}')
		case []any:
			b.WriteByte('[')
			for i, e := range v {
				if i > 0 {
					b.WriteByte(',')
				}
				write(e)
			}
			b.WriteByte(']')
		case string:
			b.WriteString(strconv.Quote(v))
		case nil:
			b.WriteString("null")
		default:
			fmt.Fprint(&b, v)
		}
	}
	write(v)
	return b.String()
}

// fitArgs shows lines within maxArgsInPrompt: all in full if they fit,
// else with the longest values shortened to a common length, the largest
// that fits. If even values of minValueShown do not fit, it shows the
// lines that do and says how many were left out.
func fitArgs(lines []argLine) shownArgs {
	out := shownArgs{values: len(lines)}
	fixed := make([]int, len(lines)) // what a line costs besides its value
	paths := make([]string, len(lines))
	total, fixedTotal, longest := 0, 0, 0
	for i, l := range lines {
		paths[i] = shortenPath(l.path)
		fixed[i] = len(shownIndent) + len(paths[i]) + len(": ") + len("\n")
		fixedTotal += fixed[i]
		total += fixed[i] + len(l.value)
		longest = max(longest, len(l.value))
	}
	if total <= maxArgsInPrompt {
		for i, l := range lines {
			out.lines = append(out.lines, shownIndent+paths[i]+": "+l.value)
		}
		return out
	}
	// cost is what the values take when shortened to limit bytes.
	cost := func(limit int) int {
		n := 0
		for _, l := range lines {
			n += min(len(l.value), limit+shortenedMarkLen)
		}
		return n
	}
	avail := maxArgsInPrompt - fixedTotal
	if cost(minValueShown) > avail {
		used := 0
		for i, l := range lines {
			line := shownIndent + paths[i] + ": " + shortenValue(l, minValueShown)
			if used+len(line)+1 > maxArgsInPrompt {
				out.unshown = fmt.Sprintf("%d of their %d values do not fit in this form", len(lines)-i, len(lines))
				break
			}
			used += len(line) + 1
			out.lines = append(out.lines, line)
		}
		return out
	}
	// The largest limit that fits: cost grows with it.
	lo, hi := minValueShown, longest
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if cost(mid) <= avail {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	for i, l := range lines {
		out.lines = append(out.lines, shownIndent+paths[i]+": "+shortenValue(l, lo))
	}
	return out
}

// shortenedMarkLen is about what shortening adds to a value: the marks
// between and after its two ends.
var shortenedMarkLen = len(` … " (1234567 characters; 1234567 not shown)`)

// shortenValue returns l's value as shown in at most about limit bytes:
// whole if it fits, else its beginning and end around a mark that says
// how much is not shown.
func shortenValue(l argLine, limit int) string {
	if len(l.value) <= limit+shortenedMarkLen {
		return l.value
	}
	head, tail := cutEnds(l.raw, limit*2/3, limit/3, l.isStr)
	total := utf8.RuneCountInString(l.raw)
	hidden := total - utf8.RuneCountInString(head) - utf8.RuneCountInString(tail)
	if l.isStr {
		head, tail = strconv.Quote(head), strconv.Quote(tail)
	}
	return fmt.Sprintf("%s … %s (%d characters; %d not shown)", head, tail, total, hidden)
}

// cutEnds returns the longest beginning of s that shows in at most
// headBytes, and the longest end in at most tailBytes; quoted says they
// will be shown quoted, which escaping may lengthen.
func cutEnds(s string, headBytes, tailBytes int, quoted bool) (head, tail string) {
	width := func(r string) int {
		if !quoted {
			return len(r)
		}
		return len(strconv.Quote(r)) - 2
	}
	i, used := 0, 0
	for i < len(s) {
		_, n := utf8.DecodeRuneInString(s[i:])
		if w := width(s[i : i+n]); used+w <= headBytes {
			used += w
			i += n
			continue
		}
		break
	}
	j, used := len(s), 0
	for j > i {
		_, n := utf8.DecodeLastRuneInString(s[:j])
		if w := width(s[j-n : j]); used+w <= tailBytes {
			used += w
			j -= n
			continue
		}
		break
	}
	return s[:i], s[j:]
}

// shortenPath keeps a key path within maxPathShown bytes, its beginning
// and end.
func shortenPath(p string) string {
	if len(p) <= maxPathShown {
		return p
	}
	head, tail := cutEnds(p, maxPathShown*2/3, maxPathShown/3, false)
	return head + "…" + tail
}
