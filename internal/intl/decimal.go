package intl

import (
	"strings"
)

// decimal is a finite number as the decimal digits JavaScript prints for
// it (String(x) is the shortest decimal that reads back as the same
// double, which is also what ICU formats): digits with no leading or
// trailing zeros, the decimal point after point of them (it may lie
// outside the digits), and the sign. Zero has no digits.
type decimal struct {
	neg    bool
	digits []byte // '0'..'9'
	point  int
}

// parseDecimal reads JavaScript's String() of a finite number or a BigInt
// ("-1.5e-7", "1e+21", "123", "-0").
func parseDecimal(s string) (decimal, bool) {
	var d decimal
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	exp := 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, ok := atoi(strings.TrimPrefix(s[i+1:], "+"))
		if !ok {
			return d, false
		}
		exp, s = e, s[:i]
	}
	intPart, frac, _ := strings.Cut(s, ".")
	if intPart == "" && frac == "" {
		return d, false
	}
	all := intPart + frac
	for i := 0; i < len(all); i++ {
		if all[i] < '0' || all[i] > '9' {
			return d, false
		}
	}
	d.point = len(intPart) + exp
	d.digits = []byte(all)
	d.trim()
	return d, true
}

func atoi(s string) (int, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

// trim drops leading and trailing zeros.
func (d *decimal) trim() {
	lead := 0
	for lead < len(d.digits) && d.digits[lead] == '0' {
		lead++
	}
	d.digits = d.digits[lead:]
	d.point -= lead
	end := len(d.digits)
	for end > 0 && d.digits[end-1] == '0' {
		end--
	}
	d.digits = d.digits[:end]
	if len(d.digits) == 0 {
		d.point = 0
	}
}

func (d decimal) isZero() bool { return len(d.digits) == 0 }

// magnitude is the power of ten of the leading digit (123 has 2).
func (d decimal) magnitude() int { return d.point - 1 }

// fractionDigits is how many digits follow the point.
func (d decimal) fractionDigits() int {
	if n := len(d.digits) - d.point; n > 0 {
		return n
	}
	return 0
}

// roundAt rounds to a multiple of 10^-frac (frac may be negative, for
// significant digits left of the point) by mode.
func (d decimal) roundAt(frac int, mode string) decimal {
	keep := d.point + frac // digits kept
	if keep >= len(d.digits) {
		return d
	}
	r := decimal{neg: d.neg, point: d.point}
	var dropped []byte
	if keep < 0 {
		dropped = nil // every digit and more is dropped: it is below half
	} else {
		r.digits = append([]byte(nil), d.digits[:keep]...)
		dropped = d.digits[keep:]
	}
	if up := roundsUp(mode, d.neg, r.lastDigit(keep), dropped, keep < 0); up {
		r.increment(frac)
	}
	r.trim()
	return r
}

func (d decimal) lastDigit(keep int) byte {
	if keep <= 0 || len(d.digits) == 0 {
		return '0'
	}
	return d.digits[len(d.digits)-1]
}

// roundsUp says whether dropping the digits moves the kept part away from
// zero, for ECMA-402's rounding modes.
func roundsUp(mode string, neg bool, last byte, dropped []byte, allBelow bool) bool {
	nonzero := false
	for _, c := range dropped {
		if c != '0' {
			nonzero = true
			break
		}
	}
	if allBelow {
		nonzero = true // digits were dropped, and none of them is the half digit
	}
	if !nonzero {
		return false
	}
	// half compares the dropped digits with one half: -1 below, 0 at, 1 above.
	half := -1
	if !allBelow && len(dropped) > 0 {
		switch {
		case dropped[0] > '5':
			half = 1
		case dropped[0] == '5':
			half = 0
			for _, c := range dropped[1:] {
				if c != '0' {
					half = 1
					break
				}
			}
		}
	}
	switch mode {
	case "ceil":
		return !neg
	case "floor":
		return neg
	case "expand":
		return true
	case "trunc":
		return false
	case "halfCeil":
		return half > 0 || half == 0 && !neg
	case "halfFloor":
		return half > 0 || half == 0 && neg
	case "halfTrunc":
		return half > 0
	case "halfEven":
		return half > 0 || half == 0 && (last-'0')%2 == 1
	default: // halfExpand
		return half >= 0
	}
}

// increment adds one unit in the last kept place (10^-frac).
func (d *decimal) increment(frac int) {
	keep := d.point + frac
	for len(d.digits) < keep {
		d.digits = append(d.digits, '0')
	}
	if keep <= 0 {
		// Everything was dropped: the result is one unit of the place.
		d.digits = []byte{'1'}
		d.point = 1 - frac
		return
	}
	i := keep - 1
	for i >= 0 {
		if d.digits[i] < '9' {
			d.digits[i]++
			return
		}
		d.digits[i] = '0'
		i--
	}
	d.digits = append([]byte{'1'}, d.digits...)
	d.point++
}

// intDigits and fracDigits are the digits left and right of the point,
// with the zeros the point's position implies; intDigits is "" for a
// number below one.
func (d decimal) intDigits() string {
	if d.point <= 0 {
		return ""
	}
	if d.point >= len(d.digits) {
		return string(d.digits) + strings.Repeat("0", d.point-len(d.digits))
	}
	return string(d.digits[:d.point])
}

func (d decimal) fracDigits() string {
	if d.point >= len(d.digits) {
		return ""
	}
	if d.point < 0 {
		return strings.Repeat("0", -d.point) + string(d.digits)
	}
	return string(d.digits[d.point:])
}

// scaled returns d times 10^n.
func (d decimal) scaled(n int) decimal {
	if !d.isZero() {
		d.point += n
	}
	return d
}

// roundToIncrement rounds to a multiple of inc units of 10^-frac (inc is
// one of ECMA-402's increments, m×10^k with m 1, 2, 5 or 25) by mode. It
// divides by the increment exactly, as a product (x/5 is 2x/10), rounds
// the quotient to an integer and multiplies back, so halfEven picks the
// even multiple, as ICU does.
func (d decimal) roundToIncrement(frac, inc int, mode string) decimal {
	m, k := inc, 0
	for m%10 == 0 {
		m, k = m/10, k+1
	}
	// 1/m as mul×10^-shift.
	mul, shift := 1, 0
	switch m {
	case 2:
		mul, shift = 5, 1
	case 5:
		mul, shift = 2, 1
	case 25:
		mul, shift = 4, 2
	}
	q := d.scaled(frac - k).timesSmall(mul).scaled(-shift)
	r := q.roundAt(0, mode).timesSmall(m).scaled(k - frac)
	r.neg = d.neg
	return r
}

// timesSmall returns d×k for a small k > 0.
func (d decimal) timesSmall(k int) decimal {
	if k == 1 || d.isZero() {
		return d
	}
	out := make([]byte, len(d.digits)+2)
	carry := 0
	for i := len(d.digits) - 1; i >= 0; i-- {
		v := int(d.digits[i]-'0')*k + carry
		out[i+2] = byte('0' + v%10)
		carry = v / 10
	}
	out[1] = byte('0' + carry%10)
	out[0] = byte('0' + carry/10)
	r := decimal{neg: d.neg, digits: out, point: d.point + 2}
	r.trim()
	return r
}
