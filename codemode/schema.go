package codemode

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// schemaURL is the name every tool schema is compiled under. Each schema gets
// its own compiler, so the name never collides; it only has to be a URL.
const schemaURL = "urn:codemode:schema"

// maxReportedViolations caps how many schema violations a CallError lists: a
// model fixes the first few, and an enormous message wastes its context.
const maxReportedViolations = 8

// defaultInputSchema is used for a tool that declares no input schema.
const defaultInputSchema = `{"type":"object"}`

// englishPrinter renders jsonschema's localizable messages.
var englishPrinter = message.NewPrinter(language.English)

// compileSchema compiles a tool's JSON Schema. $ref may only point inside the
// schema: tool schemas come from tool providers, and resolving a remote or
// file reference would let a schema make the host read files or the network.
func compileSchema(raw json.RawMessage) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("schema is not valid JSON: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(jsonschema.SchemeURLLoader{}) // no loaders: local $ref only
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	s, err := c.Compile(schemaURL)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	return s, nil
}

// validateJSON checks raw against s. The error lists where and how the value
// departs from the schema, in words a model can act on.
func validateJSON(s *jsonschema.Schema, raw json.RawMessage) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("not valid JSON: %w", err)
	}
	err = s.Validate(v)
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return err
	}
	var found []violation
	collectViolations(ve, &found)
	if len(found) == 0 { // cannot happen, but never report a failure with no reason
		return errors.New(ve.Error())
	}
	// The library's order can follow map iteration; sort so the same mistake
	// always reads the same, root first.
	slices.SortStableFunc(found, func(a, b violation) int {
		return cmp.Or(strings.Compare(a.pointer, b.pointer), strings.Compare(a.message, b.message))
	})
	parts := make([]string, 0, min(len(found), maxReportedViolations))
	for _, v := range found[:min(len(found), maxReportedViolations)] {
		parts = append(parts, fmt.Sprintf("at %s: %s", describePointer(v.pointer), v.message))
	}
	msg := strings.Join(parts, "; ")
	if len(found) > maxReportedViolations {
		msg += fmt.Sprintf("; and %d more", len(found)-maxReportedViolations)
	}
	return errors.New(msg)
}

// violation is one leaf of a validation error.
type violation struct {
	pointer string // JSON Pointer into the instance
	message string
}

// collectViolations appends the leaves of the error tree: the inner nodes
// only say "anyOf failed", the leaves say what is wrong and where.
func collectViolations(ve *jsonschema.ValidationError, out *[]violation) {
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			collectViolations(c, out)
		}
		return
	}
	var b strings.Builder
	for _, tok := range ve.InstanceLocation {
		b.WriteByte('/')
		b.WriteString(pointerEscaper.Replace(tok))
	}
	*out = append(*out, violation{pointer: b.String(), message: ve.ErrorKind.LocalizedString(englishPrinter)})
}

// describePointer names an instance location, with the root called out in
// words because "" reads as nothing at all.
func describePointer(p string) string {
	if p == "" {
		return "the top level"
	}
	return strconv.Quote(p)
}

// pointerEscaper escapes a JSON Pointer reference token (RFC 6901).
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")
