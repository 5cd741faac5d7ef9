package intl

import "fmt"

// The caps on what one call takes. A call runs inside the guest's
// execution, where no fuel tick can stop it, so each call's work must be
// small whatever a program sends: every text the host reads is bounded
// here, and the prelude sends long inputs (a string to segment or to
// change the case of) in pieces well below MaxRequestBytes.
const (
	// MaxRequestBytes bounds one request: the strings to compare, format
	// or list, the locales and options together. With it, the costliest
	// calls (a BigInt of 65,000 digits to parts, about a microsecond and
	// 500 bytes of garbage per digit; collation, a quarter of a
	// microsecond and 20 bytes per character) take tens of milliseconds
	// and tens of megabytes, most of it garbage as soon as made. The
	// prelude's pieces fit: a segmenter window of 16,384 code units is at
	// most 48 KiB of UTF-8, a case piece of 8,192 at most 48 KiB of JSON.
	MaxRequestBytes = 64 << 10

	// maxTagBytes bounds one language tag, as BCP 47 practice does (RFC
	// 5646 section 4.4.1 asks implementations to take tags of 255
	// characters at least): parsing a tag costs time quadratic in its
	// subtags.
	maxTagBytes = 255

	// maxCached bounds a session's caches: a program can make as many
	// distinct formatters as it likes, and when a cache is full it starts
	// over. Every run has its own, so its cost is per run: a collator
	// holds about 15 KB, the largest of the formatters, so a full cache
	// is a few megabytes, and its formatters keep the data of the
	// locales they use that the process does not share (a few hundred KB
	// each, for the parts read: rundata.go). Constructor requests longer than
	// maxCachedRequest (a list of a thousand locales) are not kept.
	maxCached        = 256
	maxCachedRequest = 4 << 10
)

// requestTooLarge is the error of a request over MaxRequestBytes.
func requestTooLarge(n int) error {
	return rangeError(fmt.Sprintf("Intl arguments too large: one call takes at most %d bytes of strings, locales and options in the coderun sandbox, and this one has %d; pass shorter strings", MaxRequestBytes, n))
}

// tagTooLong is the error of a language tag over maxTagBytes.
func tagTooLong(n int) error {
	return rangeError(fmt.Sprintf("Incorrect locale information provided: a language tag is at most %d characters long in the coderun sandbox, and this one has %d", maxTagBytes, n))
}
