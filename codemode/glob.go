package codemode

import (
	"fmt"
	"unicode/utf8"
)

// Tool names are arbitrary strings (MCP servers use "server/tool",
// "server.tool" and worse), so globs here are deliberately simpler than
// path.Match: '*' matches any run of characters including '/', '?' matches
// one character, and '\' makes the next character literal. There are no
// character classes, so no glob can be malformed except by a trailing '\'.

// validateGlob reports whether pattern is a well-formed glob.
func validateGlob(pattern string) error {
	for i := 0; i < len(pattern); i++ {
		if pattern[i] != '\\' {
			continue
		}
		if i+1 == len(pattern) {
			return fmt.Errorf("glob %q ends with an unpaired '\\'", pattern)
		}
		i++ // skip the escaped character
	}
	return nil
}

// matchGlob reports whether name matches pattern. A malformed pattern
// matches nothing.
func matchGlob(pattern, name string) bool {
	// Iterative matcher with single-star backtracking: linear in practice and
	// never exponential, unlike the naive recursive version.
	p, n := 0, 0
	starP, starN := -1, 0
	for n < len(name) {
		if p < len(pattern) {
			switch c := pattern[p]; c {
			case '*':
				starP, starN = p, n
				p++
				continue
			case '?':
				_, size := utf8.DecodeRuneInString(name[n:])
				p++
				n += size
				continue
			case '\\':
				if p+1 < len(pattern) && pattern[p+1] == name[n] {
					p += 2
					n++
					continue
				}
			default:
				if c == name[n] {
					p++
					n++
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		// Let the last star absorb one more character and retry.
		_, size := utf8.DecodeRuneInString(name[starN:])
		starN += size
		p, n = starP+1, starN
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// matchAnyTool reports whether any of patterns matches the tool known by
// name and qualifiedName.
func matchAnyTool(patterns []string, name, qualifiedName string) bool {
	for _, p := range patterns {
		if MatchTool(p, name, qualifiedName) {
			return true
		}
	}
	return false
}
