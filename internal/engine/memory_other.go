//go:build !linux

package engine

// newImageSource serves memories from the Go heap: only Linux has the
// memfd a mapping of the image needs.
func newImageSource(image []byte, _ bool) (imageSource, error) { return newHeapImage(image), nil }
