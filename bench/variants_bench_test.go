package bench

// Comparing wasm build variants (-O3, -flto, wasm-opt, ...).

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// variantsEnv names a directory of wasm build variants, as written by
// native/build.sh --variant NAME DIR.
const variantsEnv = "CODERUN_BENCH_VARIANTS"

// BenchmarkWasmVariants runs the CPU loop, JSON and string/regexp workloads
// on every module DIR/NAME.wasm (instrumented and snapshotted) and
// DIR/NAME.plain.wasm (neither) in $CODERUN_BENCH_VARIANTS, through the
// engine with no budget checked. Besides work-ms and x-native it reports
// x-base, the median paired ratio of its guest time for work() to that of
// the variant named "base" (the recipe unchanged) of the same kind. It is opt-in because each variant takes a
// minute or two to build and a few seconds to compile:
//
//	for v in base o3 flto wasmopt; do bench/native/build.sh --variant $v /tmp/variants; done
//	CODERUN_BENCH_VARIANTS=/tmp/variants go test -bench WasmVariants ./bench/
func BenchmarkWasmVariants(b *testing.B) {
	dir := os.Getenv(variantsEnv)
	if dir == "" {
		b.Skipf("set %s=DIR (built by native/build.sh --variant NAME DIR) to compare wasm build variants", variantsEnv)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.wasm"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no *.wasm in %s (%v)", dir, err)
	}
	names := make([]string, 0, len(files))
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".wasm"))
	}
	slices.Sort(names)
	for _, workload := range []string{"cpuloop", "alloc_json", "string_regexp"} {
		program := workloadProgram(b, workload)
		for _, name := range names {
			b.Run(workload+"/"+name, func(b *testing.B) {
				mode := engineMode(name, filepath.Join(dir, name+".wasm"))
				baseName := "base"
				if strings.HasSuffix(name, ".plain") {
					baseName = "base.plain"
				}
				if name == baseName || !slices.Contains(names, baseName) {
					measureWasm(b, workload, program, mode, nil, "")
					return
				}
				base := engineMode(baseName, filepath.Join(dir, baseName+".wasm"))
				measureWasm(b, workload, program, mode, &base, "x-base")
			})
		}
	}
}
