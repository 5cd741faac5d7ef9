// Command stdlibzip packs a directory of compiled Python modules into the
// zip the guest imports its standard library from, reproducibly.
//
//	go run ./wasm/python/build/stdlibzip [-deflate] -dir PYC_DIR -out python313.zip
//
// Entries are stored (the guest has no zlib, and zipimport can only read
// stored entries without it), or with -deflate deflated at the best
// compression, for the committed copy that pythonwasm.Store turns back into
// stored entries at run time. They are in lexical path order, with
// one fixed modification time and no directory entries (zipimport finds
// packages by their __init__.pyc). The same directory therefore always
// gives the same bytes.
package main

import (
	"archive/zip"
	"compress/flate"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", "", "directory of .pyc files (required)")
	out := flag.String("out", "", "zip file to write (required)")
	deflate := flag.Bool("deflate", false, "deflate the entries instead of storing them")
	flag.Parse()
	if *dir == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: stdlibzip -dir PYC_DIR -out FILE.zip")
		os.Exit(2)
	}
	method := zip.Store
	if *deflate {
		method = zip.Deflate
	}
	if err := pack(*dir, *out, method); err != nil {
		fmt.Fprintln(os.Stderr, "stdlibzip:", err)
		os.Exit(1)
	}
}

// dosEpoch is every entry's modification date, 1980-01-01 (midnight), the
// earliest an MS-DOS date field can hold: day 1, month 1, year 1980+0.
const dosEpoch = 1<<5 | 1

func pack(dir, out string, method uint16) (err error) {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, f.Close()) }()
	zw := zip.NewWriter(f)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestCompression)
	})
	n := 0
	// WalkDir visits entries in lexical order, which makes the zip's order.
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		// A zero Modified keeps Go from adding a timestamp extra field;
		// the legacy DOS fields then carry the date alone.
		w, err := zw.CreateHeader(&zip.FileHeader{
			Name:   filepath.ToSlash(rel),
			Method: method,
			//lint:ignore SA1019 the deprecated DOS date field is the one that adds no extra field to the entry
			ModifiedDate: dosEpoch,
		})
		if err != nil {
			return err
		}
		n++
		_, err = w.Write(data)
		return err
	})
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("%s holds no files", dir)
	}
	return zw.Close()
}
