package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/coderun/coderun"
)

// languages are the values of --language: the languages coderun knows.
var languages = coderun.Languages()

// languageExtensions are the file extensions that choose a language other
// than TypeScript, the language of every other file and of standard input.
var languageExtensions = map[string]string{".py": coderun.LanguagePython}

// languageFlag is a flag.Value for --language, one of languages.
type languageFlag struct{ p *string }

func (f languageFlag) String() string {
	if f.p == nil {
		return ""
	}
	return *f.p
}

func (f languageFlag) Set(s string) error {
	if !slices.Contains(languages, s) {
		return fmt.Errorf("want one of %s", strings.Join(languages, ", "))
	}
	*f.p = s
	return nil
}

// programLanguage is the language of the program in file: flag when
// given, or the one its extension names, or TypeScript. by says which
// extension chose it; it is empty when the flag or the default did.
func programLanguage(file, flag string) (lang, by string) {
	if flag != "" {
		return flag, ""
	}
	ext := strings.ToLower(filepath.Ext(file))
	if lang, ok := languageExtensions[ext]; ok && file != "-" {
		return lang, ext
	}
	return coderun.LanguageTypeScript, ""
}
