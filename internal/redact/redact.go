// Package redact hides the credentials a server's configuration may carry
// from what coderun logs and reports: the user information and query of a
// URL, and the arguments of a command line that name or follow a secret.
//
// URLs and arguments appear in a server's description, and users put
// tokens there (https://user:token@host/mcp?api_key=..., --token X).
// Header values and environment variables never appear in it, but a server
// may print them (a stdio server complaining that its API_KEY was
// rejected), so those named like a secret are hidden from what is quoted.
package redact

import (
	"cmp"
	"net/url"
	"slices"
	"strings"
)

// Mask stands in for every hidden value.
const Mask = "***"

// secretWords mark an argument's name as a secret's: a flag, an
// environment-style NAME=value or a header-style "Name: value" whose name
// contains one of them (any case) has its value masked. The list errs on
// the side of masking: hiding a harmless value costs a little clarity,
// showing a token costs the token.
var secretWords = []string{"token", "secret", "pass", "pwd", "auth", "key", "credential", "cookie", "bearer", "session"}

// minSecretLength is the shortest value Server.Text replaces wherever it
// appears in a message: shorter values are not credentials anyone uses, and
// replacing them everywhere would garble the message.
const minSecretLength = 4

// URL returns raw with its user information and its query replaced by
// Mask and its fragment dropped, for a log: "https://***@host/mcp?***".
// A URL that does not parse is replaced as a whole, since where its
// credentials are cannot be told.
func URL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" {
		return "<unparseable URL>"
	}
	return redactedURL(u)
}

func redactedURL(u *url.URL) string {
	r := *u
	r.User, r.RawQuery, r.ForceQuery, r.Fragment, r.RawFragment = nil, "", false, "", ""
	s := r.String()
	if u.User != nil {
		// Spliced in by hand: url.URL would escape the mask.
		if scheme, rest, ok := strings.Cut(s, "://"); ok {
			s = scheme + "://" + Mask + "@" + rest
		}
	}
	if u.RawQuery != "" || u.ForceQuery {
		s += "?" + Mask
	}
	return s
}

// Args returns a copy of args with every secret masked: the value of a
// flag named like a secret ("--token X", "--api-key=X", "-password X"), of
// an environment-style "API_KEY=X" or header-style "Authorization: Bearer
// X" argument, and the credentials of a URL argument.
func Args(args []string) []string {
	out, _ := maskArgs(args)
	return out
}

// maskArgs masks args as Args does and also returns the values it hid.
func maskArgs(args []string) (masked []string, secrets []string) {
	masked = make([]string, len(args))
	maskNext := false
	for i, a := range args {
		var hidden []string
		switch name, value, hasValue := strings.Cut(a, "="); {
		case maskNext:
			masked[i], hidden, maskNext = Mask, []string{a}, false
		case strings.HasPrefix(a, "-") && secretName(name) && hasValue:
			masked[i], hidden = name+"="+Mask, []string{value}
		case strings.HasPrefix(a, "-") && secretName(name):
			masked[i], maskNext = a, true
		case strings.HasPrefix(a, "-") && hasValue:
			v, h := maskValue(value)
			masked[i], hidden = name+"="+v, h
		default:
			masked[i], hidden = maskValue(a)
		}
		secrets = append(secrets, hidden...)
	}
	return masked, secrets
}

// maskValue masks one value: a URL's credentials, or the value of an
// environment-style "API_KEY=X" or header-style "Authorization: Bearer X"
// assignment whose name names a secret (and a URL assigned to any name).
func maskValue(v string) (masked string, secrets []string) {
	if u, err := url.Parse(v); err == nil && u.Scheme != "" && u.Host != "" {
		if parts := urlSecrets(u); len(parts) > 0 {
			return redactedURL(u), parts
		}
		return v, nil
	}
	i := strings.IndexAny(v, "=:")
	if i <= 0 {
		return v, nil
	}
	name, value := v[:i+1], v[i+1:]
	if secretName(name[:i]) {
		return name + Mask, []string{strings.TrimSpace(value)}
	}
	inner, secrets := maskValue(value)
	return name + inner, secrets
}

// secretName reports whether a flag or variable name names a secret.
func secretName(name string) bool {
	name = strings.ToLower(strings.TrimLeft(name, "-"))
	for _, w := range secretWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// urlSecrets are the parts of u that Mask replaces: its user name and
// password, its query, each query value, and its fragment.
func urlSecrets(u *url.URL) []string {
	var s []string
	if u.User != nil {
		s = append(s, u.User.Username())
		if p, ok := u.User.Password(); ok {
			s = append(s, p)
		}
	}
	if u.RawQuery != "" {
		s = append(s, u.RawQuery)
		for _, vs := range u.Query() {
			s = append(s, vs...)
		}
	}
	if u.Fragment != "" {
		s = append(s, u.Fragment)
	}
	return s
}

// Server hides the credentials of one server's configuration: its command
// line and URL. Every place that shows how a server is reached, or passes
// on a message that may quote it (a failed HTTP request names its URL, a
// process may print its arguments), goes through one.
type Server struct {
	endpoint string
	replacer *strings.Replacer
}

// NewServer prepares the redaction of a server started with command and
// args, or reached at rawURL. named holds the server's environment
// variables or headers: the value of each whose name names a secret
// (API_KEY, Authorization) is hidden wherever a message quotes it; of any
// other, the credentials of a URL it holds. A hidden value of several
// words is hidden also as its last word ("Bearer X" hides a bare X).
func NewServer(command string, args []string, rawURL string, named map[string]string) *Server {
	var pairs [][2]string // what to replace, and by what
	var secrets []string
	s := &Server{}
	if rawURL != "" {
		s.endpoint = URL(rawURL)
		pairs = append(pairs, [2]string{rawURL, s.endpoint})
		if u, err := url.Parse(rawURL); err == nil {
			// The forms in which the URL shows up in messages: as parsed
			// and printed again, and with the password starred the way
			// net/http quotes a URL in its errors.
			pairs = append(pairs, [2]string{u.String(), s.endpoint}, [2]string{u.Redacted(), s.endpoint})
			if _, ok := u.User.Password(); ok {
				starred := strings.Replace(u.String(), u.User.String()+"@", u.User.Username()+":***@", 1)
				pairs = append(pairs, [2]string{starred, s.endpoint})
			}
			secrets = append(secrets, urlSecrets(u)...)
		}
	} else {
		masked, hidden := maskArgs(args)
		s.endpoint = strings.Join(append([]string{command}, masked...), " ")
		secrets = append(secrets, hidden...)
	}
	for name, v := range named {
		if secretName(name) {
			secrets = append(secrets, strings.TrimSpace(v))
		} else if u, err := url.Parse(v); err == nil && u.Scheme != "" && u.Host != "" {
			secrets = append(secrets, urlSecrets(u)...) // DATABASE_URL=postgres://user:pw@...
		}
	}
	for _, v := range secrets {
		// "Bearer X": a message may quote the token alone.
		if fields := strings.Fields(v); len(fields) > 1 {
			secrets = append(secrets, fields[len(fields)-1])
		}
	}
	for _, v := range secrets {
		for _, form := range []string{v, url.QueryEscape(v), url.PathEscape(v)} {
			if len(form) >= minSecretLength {
				pairs = append(pairs, [2]string{form, Mask})
			}
		}
	}
	// At any position the longest match must win, so a whole URL is
	// replaced by its redacted form before a part of it by the mask; a
	// Replacer tries its pairs in order.
	slices.SortStableFunc(pairs, func(a, b [2]string) int { return cmp.Compare(len(b[0]), len(a[0])) })
	flat := make([]string, 0, 2*len(pairs))
	for _, p := range pairs {
		if p[0] != "" && p[0] != p[1] {
			flat = append(flat, p[0], p[1])
		}
	}
	s.replacer = strings.NewReplacer(flat...)
	return s
}

// Endpoint is how the server is reached, fit for a log: the command line
// with its secrets masked, or the URL without credentials or query.
func (s *Server) Endpoint() string { return s.endpoint }

// Text returns msg with every credential of the server's configuration
// replaced: its URL, in the forms messages quote it in, by Endpoint, and
// each secret value by Mask.
func (s *Server) Text(msg string) string { return s.replacer.Replace(msg) }
