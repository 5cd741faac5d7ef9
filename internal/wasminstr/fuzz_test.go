package wasminstr

import "testing"

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
