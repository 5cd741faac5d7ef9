package pythonwasm

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"io"
	"sync"
	"time"
)

// Binary is the instrumented CPython reactor module.
//
//go:embed python.wasm
var Binary []byte

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
	s := sha256.Sum256(Binary)
	return hex.EncodeToString(s[:])
})

// SHA256 returns the hex sha256 of Binary.
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
