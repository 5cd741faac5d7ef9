package codemode

import (
	"fmt"
	"strings"

	coderun "github.com/coderun/coderun"
)

// sdkLanguage is how Code Mode presents itself to the programs of one
// language: the SDK's renderers, run_code's and describe_tools' texts, and
// the names a program calls. Everything a program or the model reads that
// depends on the language comes from here.
type sdkLanguage struct {
	// name is the language as coderun.Config.Language names it.
	name string
	// describeFunction is describe_tools as a program calls it, and its
	// name in the tools namespace.
	describeFunction string
	// errorMember is the ToolCallError member naming the tool.
	errorMember string
	// runCodeDescription and runCodeInputSchema describe run_code.
	runCodeDescription string
	runCodeInputSchema string
	// describeToolsDescription describes describe_tools.
	describeToolsDescription string
	// full and catalogue render the SDK in each form.
	full      func(tools []Tool, opts SDKOptions) string
	catalogue func(tools []Tool, opts SDKOptions) string
	// declarations renders describe_tools' declarations of tools.
	declarations func(tools []Tool) string
	// comment starts a line comment.
	comment string
	// callHint says how a program calls the tool named name, for a model
	// that called it directly in mode code.
	callHint func(name string) string
}

// typeScript is the language of the built-in sandbox.
var typeScript = &sdkLanguage{
	name:                     coderun.LanguageTypeScript,
	describeFunction:         describeFunction,
	errorMember:              ToolCallErrorMember,
	runCodeDescription:       runCodeDescription,
	runCodeInputSchema:       runCodeInputSchema,
	describeToolsDescription: describeToolsDescription,
	full:                     renderFull,
	catalogue:                renderCatalogue,
	declarations:             declarationBlock,
	comment:                  "//",
	callHint:                 func(name string) string { return fmt.Sprintf("tools[%q](args)", name) },
}

// python is the language of the Python sandbox.
var python = &sdkLanguage{
	name:                     coderun.LanguagePython,
	describeFunction:         DescribeToolsToolName,
	errorMember:              pyErrorMember,
	runCodeDescription:       runCodeDescriptionFor("Python", "Python type declarations"),
	runCodeInputSchema:       runCodeSchemaFor("Python"),
	describeToolsDescription: describeToolsDescriptionFor("Python"),
	full:                     renderPythonFull,
	catalogue:                renderPythonCatalogue,
	declarations:             pythonDeclarations,
	comment:                  "#",
	callHint: func(name string) string {
		if pyIsMemberName(name) {
			return "await tools." + name + "(...)"
		}
		return "await tools[" + pyString(name) + "](...)"
	},
}

// sdkLanguages are the languages Code Mode renders its SDK in.
var sdkLanguages = []*sdkLanguage{typeScript, python}

// languageOf returns the language coderun.Config.Language names; empty
// means TypeScript, as it does for the runtime.
func languageOf(name string) (*sdkLanguage, error) {
	if name == "" {
		return typeScript, nil
	}
	known := make([]string, len(sdkLanguages))
	for i, l := range sdkLanguages {
		if l.name == name {
			return l, nil
		}
		known[i] = l.name
	}
	return nil, fmt.Errorf("codemode cannot render its SDK in %q; it renders %s", name, strings.Join(known, " and "))
}

// Language returns the language run_code programs are written in: the
// language of the session's Runtime, or, in mode native, where there is
// none, of Config.Budgets. It is coderun.LanguageTypeScript or
// coderun.LanguagePython.
func (s *Session) Language() string { return s.lang.name }

// sessionLanguage picks the language of a session: its runtime's, which
// is what programs run as, or the configured one when it has none.
func sessionLanguage(rt *coderun.Runtime, cfg *Config) (*sdkLanguage, error) {
	name := cfg.Budgets.Language
	if rt != nil {
		name = rt.Language()
	}
	lang, err := languageOf(name)
	if err != nil {
		return nil, fmt.Errorf("codemode: new session: %w", err)
	}
	return lang, nil
}
