package coderun

import "github.com/coderun/coderun/internal/seal"

func openForTest(box []byte) (header, plain []byte, err error) {
	return seal.Open(testStateKey, statePurpose, box)
}

func sealForTest(header, plain []byte) ([]byte, error) {
	return seal.Seal(testStateKey, statePurpose, header, plain)
}
