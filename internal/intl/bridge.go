// Package intl is the host side of coderun's Intl: ECMA-402's formatters
// computed in Go with CLDR 48 data (the version Node 20's ICU carries),
// for the guest's Intl objects and toLocale methods.
//
// The guest calls [Session.Call] through one synchronous import. Calls are
// stateless: a constructor returns the resolved options and a spec, an
// opaque JSON text the guest keeps in the object and sends with every
// later call. A suspended run therefore resumes in any process. Each run
// has its own [Session], which caches the formatter of each spec the run
// made and the locale data it decoded (rundata.go): no run can tell, by
// how fast a formatter comes, what another run formatted.
//
// A request is either a JSON object (constructors and the static
// functions) or, for the calls a program makes in its loops, the text
// "OP\nSPEC\nARG" with no JSON to encode or decode around the spec. An
// answer is JSON, or "=" and a formatted string, or "!" and the JSON of an
// [Error] the program sees as an exception. SPEC may be the spec's id
// instead; "?" answers an id the session does not know, and the guest
// sends the spec.
//
// Every request is bounded (limits.go), so that one call's work in the
// host stays small in time and memory.
package intl

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// request is every field any operation reads.
type request struct {
	Op       string          `json:"op"`
	Locales  []string        `json:"locales"`
	Options  json.RawMessage `json:"options"`
	A        string          `json:"a"` // the string to change case, or Intl.Locale's tag
	Upper    bool            `json:"upper"`
	Key      string          `json:"key"`
	Required string          `json:"required"`
	Defaults string          `json:"defaults"`
}

// Session is one run's Intl: the formatters and constructor answers of
// the requests it made. A Session is used by one goroutine at a time.
type Session struct {
	specs   map[string]any    // spec id -> formatter
	answers map[string][]byte // constructor request -> answer
	data    *runData          // the locale data the run decoded, and what it derived
	// The last answer longer than retryBytes and its request: the guest
	// asks again with room enough for it (the intl import's protocol),
	// and gets it without the work being done twice.
	retryReq  string
	retryResp []byte
}

// retryBytes is the guest's first answer buffer (call_text_import in
// wasm/build/glue/natives.c): a longer answer is asked for twice.
const retryBytes = 512

// NewSession returns a Session that knows no formatter.
func NewSession() *Session {
	return &Session{specs: map[string]any{}, answers: map[string][]byte{}, data: newRunData()}
}

// Call answers one guest request. req may alias the guest's memory: Call
// copies what it keeps. It never panics: a defect becomes an Error the
// program sees, as does a request over [MaxRequestBytes].
func (s *Session) Call(req []byte) (resp []byte) {
	defer func() {
		if p := recover(); p != nil {
			resp = errorResponse(&Error{Name: "Error", Message: fmt.Sprintf("coderun internal error in Intl: %v", p)})
		}
	}()
	if len(req) > MaxRequestBytes {
		return answer(nil, requestTooLarge(len(req)))
	}
	if s.retryResp != nil && string(req) == s.retryReq {
		resp = s.retryResp
		s.retryReq, s.retryResp = "", nil
		return resp
	}
	defer func() {
		if len(resp) > retryBytes {
			s.retryReq, s.retryResp = string(req), resp
		}
	}()
	if len(req) > 0 && req[0] != '{' {
		op, rest, _ := strings.Cut(string(req), "\n")
		spec, arg, _ := strings.Cut(rest, "\n")
		return answer(s.formatCall(op, spec, arg))
	}
	// Constructors are pure functions of their request: a program that
	// makes the same formatter in a loop gets it from the cache.
	if v, ok := s.answers[string(req)]; ok {
		return v
	}
	var r request
	if err := json.Unmarshal(req, &r); err != nil {
		return errorResponse(&Error{Name: "Error", Message: "coderun internal error in Intl: bad request: " + err.Error()})
	}
	resp = answer(s.dispatch(&r))
	if resp[0] != '!' && len(req) <= maxCachedRequest {
		remember(s.answers, string(req), resp)
	}
	return resp
}

// answer encodes a result: a string as "=" and its text, anything else as
// JSON, an error as "!" and its JSON.
func answer(v any, err error) []byte {
	if err == errUnknownSpec {
		return []byte("?")
	}
	if err != nil {
		e, ok := err.(*Error)
		if !ok {
			e = &Error{Name: "Error", Message: err.Error()}
		}
		return errorResponse(e)
	}
	if s, ok := v.(string); ok {
		return append([]byte("="), s...)
	}
	out, err := json.Marshal(v)
	if err != nil {
		return errorResponse(&Error{Name: "Error", Message: "coderun internal error in Intl: " + err.Error()})
	}
	return out
}

func errorResponse(e *Error) []byte {
	b, _ := json.Marshal(e)
	return append([]byte("!"), b...)
}

// created is a constructor's answer: the resolved options, the spec and
// its id, which the guest sends instead of the spec while the host knows
// it.
type created struct {
	Resolved any    `json:"resolved"`
	Spec     string `json:"spec"`
	ID       string `json:"id"`
}

// newCreated answers a constructor and keeps its formatter under the id,
// so the first call by id finds it.
func (s *Session) newCreated(resolved, spec, formatter any) (created, error) {
	b, err := json.Marshal(spec)
	id := specID(string(b))
	remember(s.specs, id, formatter)
	return created{Resolved: resolved, Spec: string(b), ID: id}, err
}

func options[T any](raw json.RawMessage) (T, error) {
	var o T
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &o); err != nil {
			return o, typeError("invalid options: " + err.Error())
		}
	}
	return o, nil
}

// dtfSpec is what a DateTimeFormat formats with.
type dtfSpec struct {
	Resolved *dateTimeFormat `json:"r"`
	Pattern  string          `json:"p"`
}

type prSpec struct {
	Resolved *pluralRules  `json:"r"`
	Number   *numberFormat `json:"n"`
}

func (s *Session) dispatch(r *request) (any, error) {
	switch r.Op {
	case "getCanonicalLocales":
		return canonicalLocales(r.Locales)
	case "supportedLocalesOf":
		return supportedLocales(r.Locales)
	case "supportedValuesOf":
		return supportedValues(s.data, r.Key)
	case "case":
		return changeCase(r.Locales, r.A, r.Upper)

	case "nf":
		o, err := options[numberOptions](r.Options)
		if err != nil {
			return nil, err
		}
		nf, err := newNumberFormat(s.data, r.Locales, o)
		if err != nil {
			return nil, err
		}
		return s.newCreated(nf, nf, nf)

	case "dtf":
		o, err := options[dateTimeOptions](r.Options)
		if err != nil {
			return nil, err
		}
		o.Required, o.Defaults = r.Required, r.Defaults
		df, err := newDateTimeFormat(s.data, r.Locales, o)
		if err != nil {
			return nil, err
		}
		return s.newCreated(df, dtfSpec{df, df.pattern}, df)

	case "coll":
		o, err := options[collatorOptions](r.Options)
		if err != nil {
			return nil, err
		}
		c, err := newCollator(s.data, r.Locales, o)
		if err != nil {
			return nil, err
		}
		return s.newCreated(c, c, c)

	case "pr":
		o, err := options[pluralOptions](r.Options)
		if err != nil {
			return nil, err
		}
		pr, err := newPluralRules(s.data, r.Locales, o)
		if err != nil {
			return nil, err
		}
		return s.newCreated(pr, prSpec{pr, pr.nf}, pr)

	case "lf":
		o, err := options[listOptions](r.Options)
		if err != nil {
			return nil, err
		}
		lf, err := newListFormat(s.data, r.Locales, o)
		if err != nil {
			return nil, err
		}
		return s.newCreated(lf, lf, lf)

	case "locale":
		o, err := options[localeOptions](r.Options)
		if err != nil {
			return nil, err
		}
		return newLocaleInfo(s.data, r.A, o)

	case "dn":
		o, err := options[displayNamesOptions](r.Options)
		if err != nil {
			return nil, err
		}
		dn, err := newDisplayNames(s.data, r.Locales, o)
		if err != nil {
			return nil, err
		}
		return s.newCreated(dn, dn, dn)

	case "seg":
		o, err := options[segmenterOptions](r.Options)
		if err != nil {
			return nil, err
		}
		sg, err := newSegmenter(r.Locales, o)
		if err != nil {
			return nil, err
		}
		return s.newCreated(sg, sg, sg)

	case "rtf":
		o, err := options[relativeOptions](r.Options)
		if err != nil {
			return nil, err
		}
		rf, err := newRelativeTimeFormat(s.data, r.Locales, o)
		if err != nil {
			return nil, err
		}
		return s.newCreated(rf, rf, rf)

	}
	return nil, fmt.Errorf("unknown Intl operation %q", r.Op)
}

// formatCall answers the calls a program makes per value: format, compare,
// select, with the spec of a formatter made before.
func (s *Session) formatCall(op, spec, arg string) (any, error) {
	asParts := strings.HasSuffix(op, ".parts")
	switch op {
	case "nf.format", "nf.parts", "nf.range", "nf.rangeParts":
		nf, err := cached(s, spec, func(spec string) (*numberFormat, error) {
			nf := new(numberFormat)
			if err := json.Unmarshal([]byte(spec), nf); err != nil {
				return nil, err
			}
			nf.loc = mustLookup(s.data, nf.Locale).withNumbering(nf.NumberingSystem)
			return nf, nil
		})
		if err != nil {
			return nil, err
		}
		if op == "nf.range" || op == "nf.rangeParts" {
			// The ends as JSON: [x, y].
			var xy [2]string
			if err := json.Unmarshal([]byte(arg), &xy); err != nil {
				return nil, err
			}
			parts, err := nf.formatRange(xy[0], xy[1])
			if err != nil || op == "nf.rangeParts" {
				return parts, err
			}
			return joinSourceParts(parts), nil
		}
		parts, err := nf.format(arg)
		return result(parts, asParts), err
	case "dtf.format", "dtf.parts", "dtf.range", "dtf.rangeParts":
		df, err := cached(s, spec, func(spec string) (*dateTimeFormat, error) {
			var ds dtfSpec
			if err := json.Unmarshal([]byte(spec), &ds); err != nil || ds.Resolved == nil {
				return nil, fmt.Errorf("bad spec")
			}
			df := ds.Resolved
			df.loc, df.pattern = mustLookup(s.data, df.Locale).withNumbering(df.NumberingSystem), ds.Pattern
			tz := df.TimeZone
			if err := df.timeZone(&tz); err != nil {
				return nil, err
			}
			return df, nil
		})
		if err != nil {
			return nil, err
		}
		if op == "dtf.range" || op == "dtf.rangeParts" {
			// The ends as JSON: [x, y], String() of each time value.
			var xy [2]string
			if err := json.Unmarshal([]byte(arg), &xy); err != nil {
				return nil, err
			}
			parts, single, err := df.formatRange(timeArg(xy[0]), timeArg(xy[1]))
			if err != nil || op == "dtf.rangeParts" {
				return parts, err
			}
			s := joinSourceParts(parts)
			if single {
				// One date is format's string, with its plain space.
				s = strings.ReplaceAll(s, "\u202f", " ")
			}
			return s, nil
		}
		parts, err := df.format(timeArg(arg))
		if err != nil || asParts {
			return result(parts, asParts), err
		}
		// V8's format (not formatToParts) prints the narrow no-break
		// space CLDR puts before AM/PM as a plain space.
		return strings.ReplaceAll(joinParts(parts), "\u202f", " "), nil
	case "coll.compare", "coll.compareJSON":
		c, err := cached(s, spec, func(spec string) (*collator, error) {
			c := new(collator)
			if err := json.Unmarshal([]byte(spec), c); err != nil {
				return nil, err
			}
			loc := mustLookup(s.data, c.Locale)
			return c, c.build(loc)
		})
		if err != nil {
			return nil, err
		}
		// "a\x00b", or for compareJSON (a holds a NUL) the JSON of [a, b].
		a, b, _ := strings.Cut(arg, "\x00")
		if op == "coll.compareJSON" {
			var ab [2]string
			if err := json.Unmarshal([]byte(arg), &ab); err != nil {
				return nil, err
			}
			a, b = ab[0], ab[1]
		}
		return strconv.Itoa(c.compare(a, b)), nil
	case "pr.select", "pr.selectRange":
		pr, err := cached(s, spec, func(spec string) (*pluralRules, error) {
			var ps prSpec
			if err := json.Unmarshal([]byte(spec), &ps); err != nil || ps.Resolved == nil || ps.Number == nil {
				return nil, fmt.Errorf("bad spec")
			}
			ps.Number.loc = mustLookup(s.data, ps.Number.Locale)
			ps.Resolved.nf = ps.Number
			return ps.Resolved, nil
		})
		if err != nil {
			return nil, err
		}
		if op == "pr.selectRange" {
			var xy [2]string
			if err := json.Unmarshal([]byte(arg), &xy); err != nil {
				return nil, err
			}
			return pr.selectRange(xy[0], xy[1]), nil
		}
		return pr.selectCategory(arg), nil
	case "lf.format", "lf.parts":
		lf, err := cached(s, spec, func(spec string) (*listFormat, error) {
			lf := new(listFormat)
			if err := json.Unmarshal([]byte(spec), lf); err != nil {
				return nil, err
			}
			lf.loc = mustLookup(s.data, lf.Locale)
			lf.resolve()
			return lf, nil
		})
		if err != nil {
			return nil, err
		}
		var list []string
		if err := json.Unmarshal([]byte(arg), &list); err != nil {
			return nil, err
		}
		return result(lf.format(list), asParts), nil
	case "rtf.format", "rtf.parts":
		rf, err := cached(s, spec, func(spec string) (*relativeTimeFormat, error) {
			rf := new(relativeTimeFormat)
			if err := json.Unmarshal([]byte(spec), rf); err != nil {
				return nil, err
			}
			rf.loc = mustLookup(s.data, rf.Locale)
			return rf, nil
		})
		if err != nil {
			return nil, err
		}
		var xu [2]string
		if err := json.Unmarshal([]byte(arg), &xu); err != nil {
			return nil, err
		}
		parts, err := rf.format(xu[0], xu[1])
		return result(parts, asParts), err
	case "dn.of":
		dn, err := cached(s, spec, func(spec string) (*displayNames, error) {
			dn := new(displayNames)
			if err := json.Unmarshal([]byte(spec), dn); err != nil {
				return nil, err
			}
			dn.loc = mustLookup(s.data, dn.Locale)
			return dn, nil
		})
		if err != nil {
			return nil, err
		}
		name, err := dn.of(arg)
		if err != nil || name == nil {
			return nil, err // JSON null: undefined in the guest
		}
		return *name, nil
	case "seg.next":
		sg, err := cached(s, spec, func(spec string) (*segmenter, error) {
			sg := new(segmenter)
			return sg, json.Unmarshal([]byte(spec), sg)
		})
		if err != nil {
			return nil, err
		}
		// "1" and the rest of the input, or "0" and a window of it that
		// more input follows.
		return sg.next(arg[min(1, len(arg)):], strings.HasPrefix(arg, "1"))
	}
	return nil, fmt.Errorf("unknown Intl operation %q", op)
}

// timeArg reads a time value as JavaScript's String() gives it.
func timeArg(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return math.NaN()
	}
	return f
}

// result is a formatter's answer: the joined string, or the parts.
func result(parts []part, asParts bool) any {
	if asParts {
		if parts == nil {
			return []part{}
		}
		return parts
	}
	return joinParts(parts)
}

func mustLookup(run *runData, tag string) locale {
	l, ok := lookup(run, tag)
	if !ok {
		panic("no data for resolved locale " + tag)
	}
	return l
}

// remember stores v in a bounded cache: when it is full it starts over.
func remember[K comparable, V any](cache map[K]V, key K, v V) {
	rememberUpTo(cache, maxCached, key, v)
}

// rememberUpTo is remember with a bound of its own.
func rememberUpTo[K comparable, V any](cache map[K]V, limit int, key K, v V) {
	if len(cache) >= limit {
		clear(cache)
	}
	cache[key] = v
}

// cached is the session's formatter of spec (its text, or its id), built
// from the text when the session has none.
func cached[T any](s *Session, spec string, build func(string) (T, error)) (T, error) {
	id := spec
	if !strings.HasPrefix(spec, "#") {
		id = specID(spec)
	}
	if v, ok := s.specs[id]; ok {
		if f, ok := v.(T); ok {
			return f, nil
		}
	}
	if id == spec {
		var zero T
		return zero, errUnknownSpec
	}
	v, err := build(spec)
	if err != nil {
		var zero T
		if _, ok := err.(*Error); ok {
			return zero, err
		}
		return zero, fmt.Errorf("coderun internal error in Intl: unreadable spec: %v", err)
	}
	remember(s.specs, id, any(v))
	return v, nil
}

// errUnknownSpec answers a call by id whose formatter the session does
// not have (it was made before a resume, or left the cache): the guest sends the spec itself instead.
var errUnknownSpec = errors.New("unknown spec id")

// specID names a spec in the guest's calls: a hash of it, so a call sends
// 33 bytes instead of the spec. Specs come only from the host, and 128
// bits make a collision between two of them out of reach.
func specID(spec string) string {
	sum := sha256.Sum256([]byte(spec))
	return "#" + hex.EncodeToString(sum[:16])
}

// supportedLocales is supportedLocalesOf: the requested locales whose
// language coderun carries.
func supportedLocales(requested []string) ([]string, error) {
	tags, err := canonicalLocales(requested)
	if err != nil {
		return nil, err
	}
	out := []string{}
	for _, t := range tags {
		if _, ok := cldrName(t); ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// supportedValues is Intl.supportedValuesOf: what coderun formats.
func supportedValues(run *runData, key string) ([]string, error) {
	var out []string
	switch key {
	case "calendar":
		out = []string{"gregory", "iso8601"}
	case "collation":
		out = []string{"default"}
	case "currency":
		// Every locale lists every currency: the default one will do.
		for c := range mustLookup(run, defaultLocale).data.Numbers.Currencies.get() {
			out = append(out, c)
		}
	case "numberingSystem":
		// Every numeric system (digits of their own), as ICU lists them.
		for n := range supp().NumberingDigits {
			out = append(out, n)
		}
	case "timeZone":
		seen := map[string]bool{}
		for _, ids := range supp().TimeZones {
			id := ids[0]
			if strings.HasPrefix(id, "Etc/") || !strings.Contains(id, "/") {
				continue
			}
			seen[id] = true
		}
		for id := range seen {
			out = append(out, id)
		}
	case "unit":
		for u := range sanctionedUnits {
			out = append(out, u)
		}
	default:
		return nil, rangeError("Invalid key : " + key)
	}
	sort.Strings(out)
	return out, nil
}
