package main

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The zip depends on the files' paths and contents alone: not on their
// modification times or the order the file system lists them in. Its
// entries are stored (zipimport reads no deflated entry without zlib) and
// include no directories.
func TestPackIsReproducible(t *testing.T) {
	files := map[string]string{
		"json/__init__.pyc": "package",
		"json/decoder.pyc":  "decoder",
		"abc.pyc":           "abc",
	}
	packAt := func(mtime time.Time) []byte {
		dir := t.TempDir()
		for name, data := range files {
			path := filepath.Join(dir, name)
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
			require.NoError(t, os.Chtimes(path, mtime, mtime))
		}
		out := filepath.Join(t.TempDir(), "lib.zip")
		require.NoError(t, pack(dir, out, zip.Store))
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		return b
	}
	first := packAt(time.Date(2001, 2, 3, 4, 5, 6, 0, time.UTC))
	require.Equal(t, first, packAt(time.Now()))

	zr, err := zip.NewReader(bytes.NewReader(first), int64(len(first)))
	require.NoError(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		require.Equal(t, zip.Store, f.Method, f.Name)
		require.Equal(t, 1980, f.Modified.Year(), f.Name)
	}
	require.Equal(t, []string{"abc.pyc", "json/__init__.pyc", "json/decoder.pyc"}, names)
}

func TestPackRefusesAnEmptyDirectory(t *testing.T) {
	err := pack(t.TempDir(), filepath.Join(t.TempDir(), "lib.zip"), zip.Store)
	require.ErrorContains(t, err, "holds no files")
}
