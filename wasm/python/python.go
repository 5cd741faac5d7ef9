package pythonwasm

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"io"
	"sync"
	"time"
)

// binaryGzip is the module as committed, compressed: its snapshot holds
// the interpreter's initialised heap (13 MiB of module, 5 MiB gzipped),
// over the size a committed binary may have.
//
//go:embed python.wasm.gz
var binaryGzip []byte

// Binary returns the instrumented, pre-initialised CPython reactor module
// (wasm/build/ABI.md). It is decompressed once per process, at the first
// call.
var Binary = sync.OnceValues(func() ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(binaryGzip))
	if err != nil {
		return nil, fmt.Errorf("pythonwasm: python.wasm.gz: %w", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("pythonwasm: python.wasm.gz: %w", err)
	}
	return b, nil
})

// stdlibDeflated is the standard library's zip as committed: deflated,
// since the guest's zipimport reads stored entries only (there is no zlib
// in the guest) but the stored zip is over the size a committed binary
// may have.
//
//go:embed python313.zip
var stdlibDeflated []byte

// CPythonVersion is the CPython release Binary is built from.
const CPythonVersion = "3.13.15"

// StdlibPath is where the guest finds its standard library: the zip on
// sys.path, in the file system the host gives it.
const StdlibPath = "usr/local/lib/python313.zip"

var sumOnce = sync.OnceValue(func() string {
	b, err := Binary()
	if err != nil {
		return ""
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
})

// SHA256 returns the hex sha256 of the module Binary returns ("" if it
// cannot be decompressed).
func SHA256() string { return sumOnce() }

// Stdlib returns the standard library's zip with every entry stored, as
// the guest reads it. It is built once per process, at the first call.
var Stdlib = sync.OnceValues(func() ([]byte, error) { return Store(stdlibDeflated) })

// Store rewrites a zip with every entry stored (not compressed), keeping
// the entries' order, names and times.
func Store(deflated []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(deflated), int64(len(deflated)))
	if err != nil {
		return nil, fmt.Errorf("pythonwasm: the standard library zip: %w", err)
	}
	var out bytes.Buffer
	out.Grow(len(deflated) * 3)
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		h := f.FileHeader
		h.Method = zip.Store
		h.Modified = time.Time{} // the DOS fields carry the date, as stdlibzip writes it
		w, err := zw.CreateHeader(&h)
		if err != nil {
			return nil, err
		}
		r, err := f.Open()
		if err != nil {
			return nil, err
		}
		_, err = io.Copy(w, r)
		r.Close()
		if err != nil {
			return nil, fmt.Errorf("pythonwasm: the standard library zip: %s: %w", f.Name, err)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
