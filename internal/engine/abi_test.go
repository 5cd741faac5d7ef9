package engine

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun/internal/wasminstr"
	"github.com/coderun/coderun/wasm"
)

// The guest ABI is written down in several places: the glue's C
// (GLUE_EXPORT/GLUE_IMPORT), this package (opNames, entryExport and the host
// module), ABI.md's tables and the compiled wasm itself. This test keeps
// them from drifting apart.

const buildDir = "../../wasm/build"

// abiTable returns the names in the first column of the markdown table
// under the heading that starts with heading in ABI.md.
func abiTable(t *testing.T, heading string) []string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(buildDir, "ABI.md"))
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(doc), "\n"+heading)
	require.True(t, ok, "ABI.md has no heading %q", heading)
	section, _, _ = strings.Cut(section, "\n## ")
	var names []string
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|")
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		names = append(names, m[1])
	}
	require.NotEmpty(t, names, "ABI.md's %q table is empty", heading)
	return sorted(names)
}

// glueNames returns the names the glue's C declares with macro (GLUE_EXPORT
// or GLUE_IMPORT).
func glueNames(t *testing.T, macro string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(buildDir, "glue", "*.c"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	use := regexp.MustCompile(`(?m)^` + macro + `\(([a-z_]+)\)`)
	var names []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			names = append(names, m[1])
		}
	}
	return sorted(names)
}

func sorted(s []string) []string {
	slices.Sort(s)
	return s
}

func TestExportsAgreeEverywhere(t *testing.T) {
	e := newEngine(t)
	var inWasm []string
	for name := range e.s.compiled.ExportedFunctions() {
		if strings.HasPrefix(name, "coderun_") {
			inWasm = append(inWasm, name)
		}
	}
	inEngine := []string{entryExport, "coderun_fuel_probe"}

	assert.Equal(t, glueNames(t, "GLUE_EXPORT"), sorted(inWasm), "glue/*.c against the wasm's export section")
	assert.Equal(t, abiTable(t, "## Exports"), sorted(inWasm), "ABI.md against the wasm's export section")
	assert.Equal(t, sorted(inEngine), sorted(inWasm), "the engine's export (plus the never-called probe) against the wasm")
}

// The operations of coderun_entry are numbered in the glue (GLUE_OP_…),
// in ABI.md's table and in opNames; all three must agree.
func TestOpsAgreeEverywhere(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(buildDir, "glue", "exports.c"))
	require.NoError(t, err)
	inGlue := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s*GLUE_OP_([A-Z_]+) = (\d+),`).FindAllStringSubmatch(string(src), -1) {
		n, _ := strconv.Atoi(m[2])
		inGlue[strings.ToLower(m[1])] = n
	}
	doc, err := os.ReadFile(filepath.Join(buildDir, "ABI.md"))
	require.NoError(t, err)
	inABI := map[string]int{}
	for _, m := range regexp.MustCompile("(?m)^\\| (\\d+) \\| `([a-z_]+)` \\|").FindAllStringSubmatch(string(doc), -1) {
		n, _ := strconv.Atoi(m[1])
		inABI[m[2]] = n
	}
	inEngine := map[string]int{}
	for o, name := range opNames {
		inEngine[name] = o
	}
	require.Len(t, inEngine, int(numOps))
	assert.Equal(t, inEngine, inGlue, "opNames against glue/exports.c's GLUE_OP_ numbers")
	assert.Equal(t, inEngine, inABI, "opNames against ABI.md's table of operations")
}

// An unknown operation traps: host and module disagree about the ABI.
func TestUnknownOpTraps(t *testing.T) {
	e := newEngine(t)
	in := start(t, e, &recorder{})
	_, err := in.call(numOps)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unreachable")
}

func TestImportsAgreeEverywhere(t *testing.T) {
	e := newEngine(t)
	var inWasm []string
	for _, f := range e.s.compiled.ImportedFunctions() {
		if module, name, _ := f.Import(); module == "coderun" {
			inWasm = append(inWasm, name)
		}
	}
	var inHost []string
	for name := range e.s.runtime.Module("coderun").ExportedFunctionDefinitions() {
		inHost = append(inHost, name)
	}

	assert.Equal(t, glueNames(t, "GLUE_IMPORT"), sorted(inWasm), "glue/*.c against the wasm's import section")
	assert.Equal(t, abiTable(t, "## Imports from `coderun`"), sorted(inWasm), "ABI.md against the wasm's import section")
	assert.Equal(t, sorted(inHost), sorted(inWasm), "the host module against the wasm's imports")
}

func TestFuelQuantumAgreesEverywhere(t *testing.T) {
	q := int(wasminstr.DefaultQuantum)
	doc, err := os.ReadFile(filepath.Join(buildDir, "ABI.md"))
	require.NoError(t, err)
	// ABI.md writes the quantum with a thousands separator.
	written := regexp.MustCompile(`every\s+([0-9,]+)\s+back-edges`).FindStringSubmatch(string(doc))
	require.NotNil(t, written, "ABI.md no longer says how often fuel_tick is called")
	n, err := strconv.Atoi(strings.ReplaceAll(written[1], ",", ""))
	require.NoError(t, err)
	assert.Equal(t, q, n, "ABI.md's quantum against wasminstr.DefaultQuantum")
	assert.Equal(t, q, int((&recorder{}).FuelTick()), "this package's test host")
}

func TestQuickJSVersionAgreesWithTheBuild(t *testing.T) {
	script, err := os.ReadFile(filepath.Join(buildDir, "build.sh"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^qjs_version="([^"]+)-[^"-]+"$`).FindStringSubmatch(string(script))
	require.NotNil(t, m, "build.sh no longer pins qjs_version")
	assert.Equal(t, m[1], wasm.QuickJSVersion, "wasm.QuickJSVersion against build.sh's pin")
	doc, err := os.ReadFile(filepath.Join(buildDir, "ABI.md"))
	require.NoError(t, err)
	assert.Contains(t, string(doc), "QuickJS-ng "+wasm.QuickJSVersion+" built", "ABI.md names the version")
}
