package tsx

import (
	"fmt"
	"os"
	"testing"
)

func TestScratchSegs(t *testing.T) {
	in := os.Getenv("TSX_SEGS")
	if in == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(in)
	p, err := Transform(string(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	p.ensureMap()
	for l := 0; l < p.smap.lineCount(); l++ {
		fmt.Printf("gen %d:", l+prefixLines+1)
		for _, s := range p.smap.line(l) {
			fmt.Printf(" [%d->%d:%d]", s.genCol+1, s.srcLine+1, s.srcCol+1)
		}
		fmt.Println()
	}
}
