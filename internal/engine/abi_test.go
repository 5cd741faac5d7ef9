package engine

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"

	"github.com/coderun/coderun/internal/wasminstr"
	"github.com/coderun/coderun/wasm"
	pythonwasm "github.com/coderun/coderun/wasm/python"
)

// The guest ABI is written down in several places: each guest's C glue
// (GLUE_EXPORT/GLUE_IMPORT and the GLUE_OP_ numbers), this package
// (opNames, entryExport and the host module), ABI.md's tables and the
// compiled wasm itself. These tests keep them from drifting apart, for
// QuickJS-ng's glue and for CPython's.

const (
	buildDir       = "../../wasm/build"
	pythonGlueFile = "../../wasm/python/build/glue/glue.c"
)

// quickJSGlue returns the files of QuickJS-ng's glue.
func quickJSGlue(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(buildDir, "glue", "*.c"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	return files
}

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

// glueNames returns the names the glue's C files declare with macro
// (GLUE_EXPORT or GLUE_IMPORT).
func glueNames(t *testing.T, files []string, macro string) []string {
	t.Helper()
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

// wasmExports returns the coderun_ functions a compiled guest exports.
func wasmExports(m wazero.CompiledModule) []string {
	var names []string
	for name := range m.ExportedFunctions() {
		if strings.HasPrefix(name, "coderun_") {
			names = append(names, name)
		}
	}
	return names
}

// wasmImports returns the functions a compiled guest imports from the
// host module, coderun.
func wasmImports(m wazero.CompiledModule) []string {
	var names []string
	for _, f := range m.ImportedFunctions() {
		if module, name, _ := f.Import(); module == "coderun" {
			names = append(names, name)
		}
	}
	return names
}

func sorted(s []string) []string {
	slices.Sort(s)
	return s
}

func TestExportsAgreeEverywhere(t *testing.T) {
	e := newEngine(t)
	inWasm := wasmExports(e.s.compiled)
	inEngine := []string{entryExport, "coderun_fuel_probe"}

	assert.Equal(t, glueNames(t, quickJSGlue(t), "GLUE_EXPORT"), sorted(inWasm), "glue/*.c against the wasm's export section")
	assert.Equal(t, abiTable(t, "## Exports"), sorted(inWasm), "ABI.md against the wasm's export section")
	assert.Equal(t, sorted(inEngine), sorted(inWasm), "the engine's export (plus the never-called probe) against the wasm")
}

// glueOps returns the GLUE_OP_ numbers a glue's C file declares.
func glueOps(t *testing.T, file string) map[string]int {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	ops := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s*GLUE_OP_([A-Z_]+) = (\d+),`).FindAllStringSubmatch(string(src), -1) {
		n, _ := strconv.Atoi(m[2])
		ops[strings.ToLower(m[1])] = n
	}
	return ops
}

// The operations of coderun_entry are numbered in each guest's glue
// (GLUE_OP_…), in ABI.md's table and in opNames; all must agree.
func TestOpsAgreeEverywhere(t *testing.T) {
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
	assert.Equal(t, inEngine, glueOps(t, filepath.Join(buildDir, "glue", "exports.c")), "opNames against QuickJS-ng's glue/exports.c")
	assert.Equal(t, inEngine, glueOps(t, pythonGlueFile), "opNames against CPython's glue.c")
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
	inWasm := wasmImports(e.s.compiled)
	var inHost []string
	for name := range e.s.runtime.Module("coderun").ExportedFunctionDefinitions() {
		inHost = append(inHost, name)
	}

	assert.Equal(t, glueNames(t, quickJSGlue(t), "GLUE_IMPORT"), sorted(inWasm), "glue/*.c against the wasm's import section")
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

// CPython's glue declares its own exports and imports; its wasm must have
// exactly those, the exports the engine calls, and only imports the host
// module provides and ABI.md describes.
func TestPythonGlueAgreesWithItsWasm(t *testing.T) {
	bin, err := pythonwasm.Binary()
	require.NoError(t, err)
	ctx := context.Background()
	// wazero's interpreter compiles without generating machine code, which
	// listing the sections does not need (about a second for this module).
	r := wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	defer r.Close(ctx)
	compiled, err := r.CompileModule(ctx, bin)
	require.NoError(t, err)

	exports, imports := wasmExports(compiled), wasmImports(compiled)
	glue := []string{pythonGlueFile}
	assert.Equal(t, glueNames(t, glue, "GLUE_EXPORT"), sorted(exports), "CPython's glue.c against its wasm's export section")
	assert.Equal(t, sorted([]string{entryExport, "coderun_fuel_probe"}), sorted(exports), "the engine's export (plus the never-called probe) against CPython's wasm")
	assert.Equal(t, glueNames(t, glue, "GLUE_IMPORT"), sorted(imports), "CPython's glue.c against its wasm's import section")
	assert.Subset(t, abiTable(t, "## Imports from `coderun`"), imports, "CPython's imports against ABI.md")

	e := newEngine(t)
	var inHost []string
	for name := range e.s.runtime.Module("coderun").ExportedFunctionDefinitions() {
		inHost = append(inHost, name)
	}
	assert.Subset(t, inHost, imports, "CPython's imports against the host module")
}
