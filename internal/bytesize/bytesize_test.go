package bytesize

import (
	"flag"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	good := map[string]int64{
		"0": 0, "1048576": 1 << 20, "512KiB": 512 << 10, "64MiB": 64 << 20,
		"1GiB": 1 << 30, "10B": 10, " 3 MiB ": 3 << 20,
		"8589934591GiB": 8589934591 << 30, // the largest GiB count that fits an int64
	}
	for in, want := range good {
		got, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "lots", "-1", "-1MiB", "1.5MiB", "64MB", "64mib", "MiB", "8589934592GiB", "0x10"} {
		_, err := Parse(in)
		require.ErrorIs(t, err, ErrSyntax, "%q", in)
		assert.Contains(t, err.Error(), "want a byte count such as "+Examples)
	}
}

func TestFormatRoundTrips(t *testing.T) {
	for _, n := range []int64{0, 1, 1000, 1024, 64 << 20, 3 << 30, 1<<20 + 1, math.MaxInt64} {
		s := Format(n)
		back, err := Parse(s)
		require.NoError(t, err, s)
		assert.Equal(t, n, back, s)
	}
	assert.Equal(t, "64MiB", Format(64<<20))
	assert.Equal(t, "1000", Format(1000))
}

func TestFlag(t *testing.T) {
	v := int64(64 << 20)
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(Flag{&v}, "max", "bound")
	require.NoError(t, fs.Parse([]string{"-max", "2GiB"}))
	assert.Equal(t, int64(2<<30), v)
	assert.Equal(t, "2GiB", fs.Lookup("max").Value.String())
	assert.Error(t, fs.Parse([]string{"-max", "lots"}))
}
