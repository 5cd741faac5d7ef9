package tsx

import (
	"fmt"
	"os"
	"testing"
	"time"
)

func TestScratchBig(t *testing.T) {
	in := os.Getenv("TSX_BIG")
	if in == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(in)
	t0 := time.Now()
	p, err := Transform(string(src))
	fmt.Println("transform", time.Since(t0), err)
	if err != nil {
		return
	}
	t0 = time.Now()
	fmt.Println(p.MapStack("at x (program.ts:1000:5)\n at y (program.ts:200000:3)"), time.Since(t0))
	os.WriteFile("/tmp/exp/big.out.js", []byte(p.JS), 0o644)
}
