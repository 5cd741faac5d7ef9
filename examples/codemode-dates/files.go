package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// dateStyles render one date in the formats the demo mixes.
var dateStyles = []func(y, m, d int) string{
	func(y, m, d int) string { return fmt.Sprintf("%04d-%02d-%02d", y, m, d) },
	func(y, m, d int) string { return fmt.Sprintf("%02d/%02d/%04d", m, d, y) },
	func(y, m, d int) string { return fmt.Sprintf("%d %s %d", d, monthNames[m-1], y) },
	func(y, m, d int) string { return fmt.Sprintf("%s %d, %d", monthNames[m-1], d, y) },
	func(y, m, d int) string { return fmt.Sprintf("%04d/%02d/%02d", y, m, d) },
}

var monthNames = []string{"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December"}

// makeFiles writes n meeting notes whose dates use mixed formats.
func makeFiles(dir string, n int) error {
	for i := 1; i <= n; i++ {
		y, m, d := 2020+i%5, 1+i%12, 1+(i*7)%28
		text := fmt.Sprintf("Meeting notes #%d\nHeld on %s.\nFollow-up due %s.\n",
			i, dateStyles[i%len(dateStyles)](y, m, d), dateStyles[(i+2)%len(dateStyles)](y, m, d+1))
		if err := os.WriteFile(filepath.Join(dir, fileName(i)), []byte(text), 0o644); err != nil {
			return fmt.Errorf("make files: %w", err)
		}
	}
	return nil
}

func fileName(i int) string { return fmt.Sprintf("notes-%02d.txt", i) }

// nonISODate matches every format above except ISO 8601.
var nonISODate = regexp.MustCompile(`\d{1,2}/\d{1,2}/\d{4}|\d{4}/\d{1,2}/\d{1,2}|\d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]+ \d{1,2}, \d{4}`)

// filesWithOldDates lists the files that still hold a non-ISO date.
func filesWithOldDates(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("check files: %w", err)
	}
	var old []string
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("check files: %w", err)
		}
		if nonISODate.Match(b) {
			old = append(old, e.Name())
		}
	}
	return old, nil
}
