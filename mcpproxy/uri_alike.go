package mcpproxy

import (
	"net/url"
	"path"
	"strings"
)

// A server that offers a template often reads its URIs as paths: it
// percent-decodes them, resolves dot segments, drops a trailing slash and
// may ignore case, so "notes://n/%73ecret" and "notes://n/x/../secret"
// read what "notes://n/secret" does. Which of these a server does cannot
// be known, so a URI that only matches a template is compared with the
// listed resources as loosely as any server might read it, and a read of
// one alike a listed resource passes that resource's gates too.

// maxURIDecodes bounds how often uriLoosely percent-decodes: a server
// that decodes a URI twice is rare, three times unheard of.
const maxURIDecodes = 3

// uriLoosely is uri as a server reading it as a path might: decoded,
// cleaned and in lower case. Two URIs alike this way may name one
// resource.
func uriLoosely(uri string) string {
	for range maxURIDecodes {
		d, err := url.PathUnescape(uri)
		if err != nil || d == uri {
			break
		}
		uri = d
	}
	uri = strings.ReplaceAll(uri, `\`, "/")
	scheme, rest, ok := strings.Cut(uri, ":")
	if !ok {
		return strings.ToLower(path.Clean("/" + uri))
	}
	// Cleaning the authority with the path folds "//host/../x" as a
	// server joining the two might; it only makes more URIs alike.
	return strings.ToLower(scheme + ":" + path.Clean("/"+rest))
}
