package bench

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coderun/coderun/internal/tsx"
)

// transformShapes are the inputs that cost esbuild the most per byte, as
// (name, unit, counts): the program is unit repeated count times. The
// largest count of each is at (or just under) the limit the transform's
// pre-scan enforces, so the numbers show the worst the host can be made to
// spend, and the three sizes show how it grows with the program.
var transformShapes = []struct {
	name   string
	unit   string
	counts []int
}{
	{"code", realisticUnit, []int{100, 400, 1600}},
	{"arrays490", "x(" + strings.Repeat("[", 490) + strings.Repeat("]", 490) + ");\n", []int{4, 8, 16}},
	{"templates490", "x(" + strings.Repeat("`${", 490) + "1" + strings.Repeat("}`", 490) + ");\n", []int{2, 4, 8}},
	{"blocks10", strings.Repeat("{", 10) + strings.Repeat("}", 10) + "\n", []int{9000, 18000, 36000}},
	{"arrows10", "x(" + strings.Repeat("x=>", 10) + "1);\n", []int{650, 1300, 2600}},
	{"functions10", strings.Repeat("function f(){", 10) + strings.Repeat("}", 10) + "\n", []int{450, 900, 1800}},
	{"ifs10", strings.Repeat("if(a)", 10) + "x;\n", []int{4000, 8000, 16000}},
	{"commas1000", "x=(" + strings.Repeat("a,", 999) + "a);\n", []int{1, 2, 4}},
	{"plusChain", "x(" + strings.Repeat("a+", 10000) + "a);\n", []int{12, 48, 192}},
	{"stringFolding", "x(" + strings.Repeat("'aaaaaaaaaaaaaaaaaaaaaaaaa'+", 500) + "'a');\n", []int{4, 8, 16}},
	{"regexps", "x(/((a|b)+[c-z]*){1,3}(?:x|y)/g, /\\/[/]/);\n", []int{1000, 4000, 16000}},
	{"bigString", "x('" + strings.Repeat("a", 1<<16) + "');\n", []int{12, 48, 192}},
}

const realisticUnit = `interface Row { id: number; name: string; tags?: string[] }
async function load(ids: number[]): Promise<Row[]> {
  const out: Row[] = [];
  for (const id of ids) {
    if (id < 0) { throw new Error("bad id " + id); }
    out.push({ id, name: ` + "`row-${id}`" + `, tags: id % 2 ? ["odd"] : undefined });
  }
  return out.filter((r) => r.name.length > 0).map(r => ({ ...r, upper: r.name.toUpperCase() }));
}
console.log("total", (await load([1, 2, 3])).reduce((s, r) => s + r.id, 0));
`

// BenchmarkTransformWorstInputs transforms each shape at three sizes and
// reports host time and memory per program byte, plus the peak heap seen
// while transforming (sampled every millisecond).
func BenchmarkTransformWorstInputs(b *testing.B) {
	for _, s := range transformShapes {
		for _, n := range s.counts {
			src := strings.Repeat(s.unit, n)
			if s.name == "code" {
				// Distinct names, so the program is valid.
				var sb strings.Builder
				for i := 0; i < n; i++ {
					sb.WriteString(strings.NewReplacer("Row", fmt.Sprintf("Row%d", i), "load", fmt.Sprintf("load%d", i)).Replace(s.unit))
				}
				src = sb.String()
			}
			b.Run(fmt.Sprintf("%s/%dKB", s.name, len(src)>>10), func(b *testing.B) {
				b.ReportAllocs()
				peak := heapPeak(b)
				for i := 0; i < b.N; i++ {
					if _, err := tsx.Transform(src); err != nil {
						b.Fatalf("%s at %d bytes: %v", s.name, len(src), err)
					}
				}
				b.StopTimer()
				b.ReportMetric(float64(peak()), "peak-heap-B")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(src)), "ns/byte")
			})
		}
	}
}

// BenchmarkTransformRefusal shows that a refused program costs only the
// pre-scan: the 600 KB program that used to kill the process.
func BenchmarkTransformRefusal(b *testing.B) {
	src := "return " + strings.Repeat("[", 300000) + strings.Repeat("]", 300000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		var le *tsx.LimitError
		if _, err := tsx.Transform(src); !errors.As(err, &le) {
			b.Fatalf("want a LimitError, got %v", err)
		}
	}
}

// heapPeak samples the live heap until the returned function is called,
// and returns the largest value seen above the heap at the start.
func heapPeak(b *testing.B) func() uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if v := read(); v > base && v-base > peak {
					peak = v - base
				}
			}
		}
	}()
	return func() uint64 {
		close(stop)
		wg.Wait()
		return peak
	}
}
