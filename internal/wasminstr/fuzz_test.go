package wasminstr

import (
	"bytes"
	"testing"
)

// FuzzInstrument checks that Instrument never panics and only returns *Error
// values, that any module it accepts yields deterministic output it can parse
// again, and that whenever wazero accepts the input it also accepts the
// output. Run with: go test -fuzz FuzzInstrument ./internal/wasminstr
func FuzzInstrument(f *testing.F) {
	for _, m := range [][]byte{
		countingModule(),
		nestedModule(),
		brTableModule(),
		spinModule(),
		kitchenModule(),
		importedGlobalModule(),
		startModule(),
		[]byte("\x00asm\x01\x00\x00\x00"),
		[]byte("\x00asm\x01\x00\x00\x00\x01\x80\x80\x80\x80\x00"),
		nil,
	} {
		f.Add(m)
	}
	rt := newValidator(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		checkRoundTrip(t, rt, in)
	})
}

// FuzzDirectCalls checks that DirectCalls never panics, fails only with
// *Error values and is deterministic. (Whether wazero accepts the output is
// checked on mutations of a real module in TestDirectCallsOnCorruptedInput:
// wazero's own decoder can exhaust memory on arbitrary input.) Run with:
// go test -fuzz FuzzDirectCalls ./internal/wasminstr
func FuzzDirectCalls(f *testing.F) {
	f.Add(tableModule())
	f.Add(kitchenModule())
	f.Add([]byte("\x00asm\x01\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, in []byte) {
		out, err := DirectCalls(in)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		if again, _ := DirectCalls(in); !bytes.Equal(out, again) {
			t.Fatal("a second run gives other bytes")
		}
	})
}
