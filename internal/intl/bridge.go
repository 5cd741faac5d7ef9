// Package intl is the host side of coderun's Intl: ECMA-402's formatters
// computed in Go with CLDR 48 data (the version Node 20's ICU carries),
// for the guest's Intl objects and toLocale methods.
//
// The guest calls [Call] through one synchronous import with a JSON
// request and gets a JSON response. Calls are stateless: a constructor
// returns the resolved options and a spec, an opaque JSON text the guest
// keeps in the object and sends with every later call. A suspended run
// therefore resumes in any process, and a process caches the formatter
// of each spec it has seen.
package intl

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// request is every field any operation reads.
type request struct {
	Op       string          `json:"op"`
	Locales  []string        `json:"locales"`
	Options  json.RawMessage `json:"options"`
	Spec     string          `json:"spec"`
	X        string          `json:"x"`     // a number as String() gives it
	T        float64         `json:"t"`     // a time value
	A        string          `json:"a"`     // strings to compare, or to change case
	B        string          `json:"b"`     //
	Unit     string          `json:"unit"`  //
	List     []string        `json:"list"`  //
	Parts    bool            `json:"parts"` // formatToParts rather than format
	Upper    bool            `json:"upper"`
	Key      string          `json:"key"`
	Required string          `json:"required"`
	Defaults string          `json:"defaults"`
}

// Call answers one guest request. The response is JSON; an error the
// program should see as an exception is "!" followed by the JSON of an
// [Error]. Call never panics: a defect becomes an Error the program sees.
func Call(req []byte) (resp []byte) {
	defer func() {
		if p := recover(); p != nil {
			resp = errorResponse(&Error{Name: "Error", Message: fmt.Sprintf("coderun internal error in Intl: %v", p)})
		}
	}()
	var r request
	if err := json.Unmarshal(req, &r); err != nil {
		return errorResponse(&Error{Name: "Error", Message: "coderun internal error in Intl: bad request: " + err.Error()})
	}
	v, err := dispatch(&r)
	if err != nil {
		e, ok := err.(*Error)
		if !ok {
			e = &Error{Name: "Error", Message: err.Error()}
		}
		return errorResponse(e)
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

// created is a constructor's answer.
type created struct {
	Resolved any    `json:"resolved"`
	Spec     string `json:"spec"`
}

func newCreated(resolved any, spec any) (created, error) {
	b, err := json.Marshal(spec)
	return created{Resolved: resolved, Spec: string(b)}, err
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

func dispatch(r *request) (any, error) {
	switch r.Op {
	case "getCanonicalLocales":
		return canonicalLocales(r.Locales)
	case "supportedLocalesOf":
		return supportedLocales(r.Locales)
	case "supportedValuesOf":
		return supportedValues(r.Key)
	case "case":
		return changeCase(r.Locales, r.A, r.Upper)

	case "nf":
		o, err := options[numberOptions](r.Options)
		if err != nil {
			return nil, err
		}
		nf, err := newNumberFormat(r.Locales, o)
		if err != nil {
			return nil, err
		}
		return newCreated(nf, nf)
	case "nf.format":
		nf, err := cached(r.Spec, func(spec string) (*numberFormat, error) {
			nf := new(numberFormat)
			if err := json.Unmarshal([]byte(spec), nf); err != nil {
				return nil, err
			}
			nf.loc = mustLookup(nf.Locale)
			return nf, nil
		})
		if err != nil {
			return nil, err
		}
		parts, err := nf.format(r.X)
		return result(parts, r.Parts), err

	case "dtf":
		o, err := options[dateTimeOptions](r.Options)
		if err != nil {
			return nil, err
		}
		o.Required, o.Defaults = r.Required, r.Defaults
		df, err := newDateTimeFormat(r.Locales, o)
		if err != nil {
			return nil, err
		}
		return newCreated(df, dtfSpec{df, df.pattern})
	case "dtf.format":
		df, err := cached(r.Spec, func(spec string) (*dateTimeFormat, error) {
			var s dtfSpec
			if err := json.Unmarshal([]byte(spec), &s); err != nil || s.Resolved == nil {
				return nil, fmt.Errorf("bad spec")
			}
			df := s.Resolved
			df.loc, df.pattern = mustLookup(df.Locale), s.Pattern
			tz := df.TimeZone
			if err := df.timeZone(&tz); err != nil {
				return nil, err
			}
			return df, nil
		})
		if err != nil {
			return nil, err
		}
		parts, err := df.format(r.T)
		return result(parts, r.Parts), err

	case "coll":
		o, err := options[collatorOptions](r.Options)
		if err != nil {
			return nil, err
		}
		c, err := newCollator(r.Locales, o)
		if err != nil {
			return nil, err
		}
		return newCreated(c, c)
	case "coll.compare":
		c, err := cached(r.Spec, func(spec string) (*lockedCollator, error) {
			c := new(collator)
			if err := json.Unmarshal([]byte(spec), c); err != nil {
				return nil, err
			}
			return &lockedCollator{c: c}, c.build(mustLookup(c.Locale))
		})
		if err != nil {
			return nil, err
		}
		return c.compare(r.A, r.B), nil

	case "pr":
		o, err := options[pluralOptions](r.Options)
		if err != nil {
			return nil, err
		}
		pr, err := newPluralRules(r.Locales, o)
		if err != nil {
			return nil, err
		}
		return newCreated(pr, prSpec{pr, pr.nf})
	case "pr.select":
		pr, err := cached(r.Spec, func(spec string) (*pluralRules, error) {
			var s prSpec
			if err := json.Unmarshal([]byte(spec), &s); err != nil || s.Resolved == nil || s.Number == nil {
				return nil, fmt.Errorf("bad spec")
			}
			s.Number.loc = mustLookup(s.Number.Locale)
			s.Resolved.nf = s.Number
			return s.Resolved, nil
		})
		if err != nil {
			return nil, err
		}
		return pr.selectCategory(r.X), nil

	case "lf":
		o, err := options[listOptions](r.Options)
		if err != nil {
			return nil, err
		}
		lf, err := newListFormat(r.Locales, o)
		if err != nil {
			return nil, err
		}
		return newCreated(lf, lf)
	case "lf.format":
		lf, err := cached(r.Spec, func(spec string) (*listFormat, error) {
			lf := new(listFormat)
			if err := json.Unmarshal([]byte(spec), lf); err != nil {
				return nil, err
			}
			lf.loc = mustLookup(lf.Locale)
			lf.resolve()
			return lf, nil
		})
		if err != nil {
			return nil, err
		}
		return result(lf.format(r.List), r.Parts), nil

	case "rtf":
		o, err := options[relativeOptions](r.Options)
		if err != nil {
			return nil, err
		}
		rf, err := newRelativeTimeFormat(r.Locales, o)
		if err != nil {
			return nil, err
		}
		return newCreated(rf, rf)
	case "rtf.format":
		rf, err := cached(r.Spec, func(spec string) (*relativeTimeFormat, error) {
			rf := new(relativeTimeFormat)
			if err := json.Unmarshal([]byte(spec), rf); err != nil {
				return nil, err
			}
			rf.loc = mustLookup(rf.Locale)
			return rf, nil
		})
		if err != nil {
			return nil, err
		}
		parts, err := rf.format(r.X, r.Unit)
		return result(parts, r.Parts), err
	}
	return nil, fmt.Errorf("unknown Intl operation %q", r.Op)
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

// lockedCollator serializes a collator, whose scratch buffers make it
// unsafe for concurrent runs.
type lockedCollator struct {
	mu sync.Mutex
	c  *collator
}

func (l *lockedCollator) compare(a, b string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.c.compare(a, b)
}

func mustLookup(tag string) locale {
	l, ok := lookup(tag)
	if !ok {
		panic("no data for resolved locale " + tag)
	}
	return l
}

// The formatters of the specs seen, shared by every run in the process. A
// program can make as many distinct specs as it likes, so the cache is
// bounded: when it is full it starts over.
const maxCached = 4096

var (
	specCache   sync.Map // spec text -> formatter
	specEntries atomic.Int64
)

func cached[T any](spec string, build func(string) (T, error)) (T, error) {
	if v, ok := specCache.Load(spec); ok {
		return v.(T), nil
	}
	v, err := build(spec)
	if err != nil {
		var zero T
		if _, ok := err.(*Error); ok {
			return zero, err
		}
		return zero, fmt.Errorf("coderun internal error in Intl: unreadable spec: %v", err)
	}
	if specEntries.Add(1) > maxCached {
		specCache.Range(func(k, _ any) bool { specCache.Delete(k); return true })
		specEntries.Store(1)
	}
	actual, _ := specCache.LoadOrStore(spec, v)
	return actual.(T), nil
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
		if _, ok := lookup(t); ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// supportedValues is Intl.supportedValuesOf: what coderun formats.
func supportedValues(key string) ([]string, error) {
	var out []string
	switch key {
	case "calendar":
		out = []string{"gregory", "iso8601"}
	case "collation":
		out = []string{"default"}
	case "currency":
		seen := map[string]bool{}
		for _, l := range supp().Locales {
			for c := range load(l).Numbers.Currencies {
				seen[c] = true
			}
			break // every locale lists every currency
		}
		for c := range seen {
			out = append(out, c)
		}
	case "numberingSystem":
		seen := map[string]bool{}
		for _, l := range supp().Locales {
			seen[load(l).Numbers.NumberingSystem] = true
		}
		for n := range seen {
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
		out = append(out, "UTC")
		for id := range seen {
			out = append(out, id)
		}
	case "unit":
		out = []string{}
	default:
		return nil, rangeError("Invalid key : " + key)
	}
	sort.Strings(out)
	return out, nil
}
