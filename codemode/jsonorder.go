package codemode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// orderedObject is a decoded JSON object that keeps its keys in document
// order. The SDK lists properties in the order the schema's author wrote
// them, which map[string]any would lose.
type orderedObject struct {
	keys []string
	vals map[string]any
}

// get returns the value of key, or nil.
func (o *orderedObject) get(key string) any { return o.vals[key] }

// has reports whether key is present.
func (o *orderedObject) has(key string) bool {
	_, ok := o.vals[key]
	return ok
}

// str returns the value of key if it is a string.
func (o *orderedObject) str(key string) (string, bool) {
	s, ok := o.vals[key].(string)
	return s, ok
}

// decodeOrdered decodes JSON into nil, bool, json.Number, string, []any and
// *orderedObject. Numbers stay json.Number so literal types print exactly as
// written.
func decodeOrdered(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeOrderedValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("trailing data after JSON value")
	}
	return v, nil
}

func decodeOrderedValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return tok, nil // string, json.Number, bool or nil
	}
	switch delim {
	case '{':
		obj := &orderedObject{vals: make(map[string]any)}
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key := keyTok.(string) // the decoder guarantees object keys are strings
			v, err := decodeOrderedValue(dec)
			if err != nil {
				return nil, err
			}
			if _, dup := obj.vals[key]; !dup {
				obj.keys = append(obj.keys, key)
			}
			obj.vals[key] = v // the last duplicate wins, as in encoding/json
		}
		_, err := dec.Token() // '}'
		return obj, err
	case '[':
		arr := []any{}
		for dec.More() {
			v, err := decodeOrderedValue(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.Token() // ']'
		return arr, err
	}
	return nil, fmt.Errorf("unexpected %v", delim)
}
