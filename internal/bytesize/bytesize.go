// Package bytesize holds the one syntax for byte counts that coderun accepts
// from people: in coderun.yml's budgets and in the CLI's byte flags. A byte
// count is a plain integer ("1048576") or an integer followed by a binary
// unit ("512KiB", "64MiB", "1GiB").
package bytesize

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Units are the suffixes Parse accepts, largest first, so "MiB" is tried
// before "B" and Format picks the largest exact unit.
var Units = []struct {
	Suffix string
	Size   int64
}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}

// Examples is the phrase error messages use to show the syntax.
const Examples = "1048576, 512KiB, 64MiB or 1GiB"

// ErrSyntax is wrapped by every error of Parse.
var ErrSyntax = errors.New("want a byte count such as " + Examples)

// Parse reads a non-negative byte count: an integer, optionally followed by
// B, KiB, MiB or GiB, with optional spaces around the number. Ranges are not
// checked here; the setting that takes the value owns its range.
func Parse(s string) (int64, error) {
	s = strings.TrimSpace(s)
	num, size := s, int64(1)
	for _, u := range Units {
		if n, ok := strings.CutSuffix(s, u.Suffix); ok {
			num, size = strings.TrimSpace(n), u.Size
			break
		}
	}
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil || v < 0 || v > math.MaxInt64/size {
		return 0, fmt.Errorf("%q: %w", s, ErrSyntax)
	}
	return v * size, nil
}

// Format renders n with the largest unit that divides it exactly, in the
// form Parse reads back: 67108864 is "64MiB", 1000 is "1000".
func Format(n int64) string {
	for _, u := range Units {
		if u.Size > 1 && n != 0 && n%u.Size == 0 {
			return strconv.FormatInt(n/u.Size, 10) + u.Suffix
		}
	}
	return strconv.FormatInt(n, 10)
}

// Flag is a flag.Value that sets *P from a byte count.
type Flag struct{ P *int64 }

// String formats the current value, so flag's help shows "64MiB".
func (f Flag) String() string {
	if f.P == nil {
		return "0"
	}
	return Format(*f.P)
}

// Set parses s with Parse.
func (f Flag) Set(s string) error {
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*f.P = v
	return nil
}
