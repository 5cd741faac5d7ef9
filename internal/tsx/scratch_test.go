package tsx

import (
	"fmt"
	"os"
	"testing"
)

func TestScratch(t *testing.T) {
	in := os.Getenv("TSX_IN")
	if in == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(in)
	p, err := Transform(string(src))
	if err != nil {
		fmt.Println("TRANSFORM ERROR:", err)
		return
	}
	os.WriteFile(os.Getenv("TSX_OUT"), []byte(p.JS), 0o644)
	if st := os.Getenv("TSX_STACK"); st != "" {
		b, _ := os.ReadFile(st)
		fmt.Print(p.MapStack(string(b)))
	}
}
