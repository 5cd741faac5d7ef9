// Command idnagen writes the UTS #46 mapping table the prelude's URL host
// parser uses (wasm/build/prelude/49-url-idna-table.js).
//
//	cd wasm/build/idnagen && go run . > ../prelude/49-url-idna-table.js
//
// The data comes from golang.org/x/net/idna and golang.org/x/text (the
// versions in go.mod, with their Unicode tables) and, for Joining_Type,
// from the Unicode Character Database of the same Unicode version (Debian's
// unicode-data package, /usr/share/unicode, or -ucd DIR).
//
// The mapping: each code point above ASCII is run through a profile that
// applies only the UTS #46 mapping step with the settings of the WHATWG URL
// Standard (nontransitional, UseSTD3ASCIIRules false), and its status is
// read from the result: disallowed (an error), ignored (maps to nothing),
// valid (maps to itself) or mapped. The label rules (joiners, bidi, leading
// combining marks) are the prelude's, applied to whole labels with the
// Bidi_Class, Joining_Type and Virama tables written next to the mapping.
//
// It is a module of its own so that x/net is a dependency of this generator
// only, not of coderun.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

type status struct {
	kind byte   // 'V' valid, 'X' disallowed, 'I' ignored, 'M' mapped
	to   []rune // for 'm'
}

func classify(p *idna.Profile, c rune) status {
	out, err := p.ToUnicode(string(c))
	switch {
	case err != nil:
		return status{kind: 'X'}
	case out == "":
		return status{kind: 'I'}
	case out == string(c):
		return status{kind: 'V'}
	}
	return status{kind: 'M', to: []rune(out)}
}

func mappingTable() string {
	p := idna.New(
		idna.MapForLookup(),
		idna.Transitional(false),
		idna.StrictDomainName(false),
		idna.ValidateLabels(false),
		idna.CheckHyphens(false),
		idna.CheckJoiners(false),
	)
	var entries []string
	const max = 0x10ffff
	st := make([]status, max+1)
	for c := rune(0x80); c <= max; c++ {
		if c >= 0xd800 && c <= 0xdfff {
			st[c] = status{kind: 'X'}
			continue
		}
		st[c] = classify(p, c)
	}
	single := func(c rune) (delta rune, ok bool) {
		if st[c].kind == 'M' && len(st[c].to) == 1 {
			return st[c].to[0] - c, true
		}
		return 0, false
	}
	for c := rune(0x80); c <= max; {
		start := c
		s := st[c]
		var entry string
		switch {
		case s.kind != 'M':
			for c <= max && st[c].kind == s.kind {
				c++
			}
			entry = string(s.kind)
		default:
			d, ok := single(c)
			// An alternating run: c maps to c+1, c+1 is valid, and so on
			// (upper- and lower-case pairs).
			n := start
			for ok && d == 1 && n+1 <= max && st[n+1].kind == 'V' {
				if d2, ok2 := single(n); !ok2 || d2 != 1 {
					break
				}
				n += 2
			}
			if n-start >= 4 {
				c = n
				entry = "A"
				break
			}
			if ok {
				for c <= max {
					if d2, ok2 := single(c); !ok2 || d2 != d {
						break
					}
					c++
				}
				if c-start > 1 {
					entry = "D" + strconv.FormatInt(int64(d), 36)
					break
				}
			}
			c = start + 1
			parts := make([]string, len(s.to))
			for i, r := range s.to {
				parts[i] = strconv.FormatInt(int64(r), 36)
			}
			entry = "M" + strings.Join(parts, "+")
		}
		entries = append(entries, strconv.FormatInt(int64(start), 36)+entry)
	}
	return strings.Join(entries, ",")
}

// runs renders class(c) for every code point from lo as "start class"
// entries (start in base 36), one per run of equal classes; class "" ends
// nothing special, it is a class like the others.
func runs(lo rune, class func(rune) string) string {
	var entries []string
	prev := "\x00"
	for c := lo; c <= 0x10ffff; c++ {
		k := class(c)
		if k != prev {
			entries = append(entries, strconv.FormatInt(int64(c), 36)+k)
			prev = k
		}
	}
	return strings.Join(entries, ",")
}

// bidiClass is the RFC 5893 class of c as one upper-case letter: the
// classes the Bidi Rule names, and "Z" for the rest (which no label in a
// Bidi domain name may hold).
func bidiClass(c rune) string {
	p, _ := bidi.LookupRune(c)
	switch p.Class() {
	case bidi.L:
		return "L"
	case bidi.R:
		return "R"
	case bidi.AL:
		return "A"
	case bidi.AN:
		return "N"
	case bidi.EN:
		return "E"
	case bidi.ES:
		return "S"
	case bidi.CS:
		return "C"
	case bidi.ET:
		return "T"
	case bidi.ON:
		return "O"
	case bidi.BN:
		return "B"
	case bidi.NSM:
		return "M"
	}
	return "Z"
}

// joiningTypes reads the Joining_Type of every code point, as far as the
// ContextJ rule for ZWNJ needs it (RFC 5892 Appendix A.1), from the Unicode
// Character Database's DerivedJoiningType.txt (Debian's unicode-data
// package; x/net/idna does not export the property): "L", "D", "R", "T",
// or "U" for the rest.
func joiningTypes(path string) (func(rune) string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	types := make(map[rune]string)
	for _, line := range strings.Split(string(data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		cps, typ, ok := strings.Cut(line, ";")
		if !ok {
			continue
		}
		typ = strings.TrimSpace(typ)
		lo, hi, isRange := strings.Cut(strings.TrimSpace(cps), "..")
		if !isRange {
			hi = lo
		}
		l, err1 := strconv.ParseInt(lo, 16, 32)
		h, err2 := strconv.ParseInt(hi, 16, 32)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		switch typ {
		case "L", "D", "R", "T":
			for c := rune(l); c <= rune(h); c++ {
				types[c] = typ
			}
		}
	}
	return func(c rune) string {
		if t, ok := types[c]; ok {
			return t
		}
		return "U"
	}, nil
}

// virama reports whether c's Canonical_Combining_Class is Virama (9).
func virama(c rune) bool {
	return norm.NFC.PropertiesString(string(c)).CCC() == 9
}

func main() {
	ucd := flag.String("ucd", "/usr/share/unicode", "the Unicode Character Database directory (Debian: apt-get install unicode-data)")
	flag.Parse()
	joining, err := joiningTypes(filepath.Join(*ucd, "extracted", "DerivedJoiningType.txt"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "idnagen:", err)
		os.Exit(1)
	}
	var viramas []string
	for c := rune(0x80); c <= 0x10ffff; c++ {
		if virama(c) {
			viramas = append(viramas, strconv.FormatInt(int64(c), 36))
		}
	}
	fmt.Fprintf(os.Stdout, `
// ---- URL, part 0: the UTS #46 mapping table ------------------------------------------
//
// Generated by wasm/build/idnagen (go run . > ../prelude/49-url-idna-table.js)
// from golang.org/x/net/idna %s (Unicode %s) and golang.org/x/text: the
// status of every code point above ASCII under UTS #46 as the URL Standard
// uses it (nontransitional, UseSTD3ASCIIRules false), and the properties its
// CheckBidi and CheckJoiners rules read. Do not edit; regenerate.
//
// Entries are comma-separated, in code point order; each starts at its
// code point (base 36, lower case) and lasts until the next one. After the
// start: "V" valid, "X" disallowed, "I" ignored (maps to nothing), "DN" every
// code point maps to itself plus N (base 36, may be negative), "A"
// alternating (even offsets map to the next code point, odd ones are
// valid), "MA+B..." maps to the code points A, B, ... (base 36).
const idnaTableText = '%s';

// The Bidi_Class of every code point, for the Bidi Rule (RFC 5893): runs of
// "start class" (start in base 36), with L R A(L) N (AN) E(N) S (ES) C(S)
// T (ET) O(N) B(N) M (NSM), and Z for every other class.
const idnaBidiText = '%s';

// The Joining_Type of every code point, for the ContextJ rule of ZWNJ:
// runs of "start type" with L, D, R, T, and U for the rest.
const idnaJoiningText = '%s';

// The code points whose Canonical_Combining_Class is Virama (9).
const idnaViramaText = '%s';
`, netVersion(), idna.UnicodeVersion, mappingTable(), runs(0, bidiClass), runs(0, joining), strings.Join(viramas, ","))
}
