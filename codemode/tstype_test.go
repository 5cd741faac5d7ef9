package codemode

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeOrderedKeepsKeyOrder(t *testing.T) {
	t.Parallel()
	v, err := decodeOrdered([]byte(`{"z":1,"a":{"y":[true,null,"s"],"b":2.50},"z":3}`))
	require.NoError(t, err)
	o := v.(*orderedObject)
	assert.Equal(t, []string{"z", "a"}, o.keys)
	assert.Equal(t, json.Number("3"), o.get("z"), "the last duplicate wins")
	inner := o.get("a").(*orderedObject)
	assert.Equal(t, []string{"y", "b"}, inner.keys)
	assert.Equal(t, json.Number("2.50"), inner.get("b"), "numbers keep their spelling")
	assert.Equal(t, []any{true, nil, "s"}, inner.get("y"))

	_, err = decodeOrdered([]byte(`{} {}`))
	assert.Error(t, err)
	_, err = decodeOrdered([]byte(`{"a":`))
	assert.Error(t, err)
}

func TestSchemaToTypeScript(t *testing.T) {
	t.Parallel()
	cases := []struct{ schema, want string }{
		{`true`, "unknown"},
		{`false`, "never"},
		{`{}`, "unknown"},
		{`{"type":"integer"}`, "number"},
		{`{"type":["integer","null"]}`, "number | null"},
		{`{"type":"string","nullable":true}`, "string | null"},
		{`{"type":"null","nullable":true}`, "null"},
		{`{"enum":["a","b\"c"]}`, `"a" | "b\"c"`},
		{`{"enum":["<&>"]}`, `"<&>"`},
		{`{"const":1e3}`, "1e3"},
		{`{"enum":[[1]]}`, "unknown"},
		{`{"anyOf":[{"type":"string"},{}]}`, "unknown"},
		{`{"anyOf":[{"type":"string"},{"type":"string"}]}`, "string"},
		{`{"oneOf":[]}`, "unknown"},
		{`{"allOf":[{"type":"string"},{}]}`, "string"},
		{`{"allOf":[{"type":"string"},false]}`, "never"},
		{`{"allOf":[{"anyOf":[{"type":"string"},{"type":"number"}]},{"type":"string"}]}`, "(string | number) & string"},
		{`{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"number"}]}}`, "(string | number)[]"},
		{`{"type":"array"}`, "unknown[]"},
		{`{"type":"array","items":[{"type":"string"}]}`, "[string]"},
		// Tuples: prefixItems (and items as a list in older drafts), with
		// minItems making the tail optional and items (additionalItems) a
		// rest element.
		{`{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}]}`, "[number, number]"},
		{`{"type":"array","prefixItems":[{"type":"string"},{"type":["number","null"]}],"minItems":1}`, "[string, (number | null)?]"},
		{`{"type":"array","prefixItems":[{"type":"string"}],"items":{"type":"boolean"}}`, "[string, ...boolean[]]"},
		{`{"type":"array","prefixItems":[{"type":"string"}],"items":false}`, "[string]"},
		{`{"type":"array","items":[{"type":"string"}],"additionalItems":true}`, "[string, ...unknown[]]"},
		{`{"type":"array","prefixItems":[]}`, "[]"},
		{`{"items":{"type":"boolean"}}`, "boolean[]"},
		{`{"type":"object"}`, "{ [key: string]: unknown }"},
		{`{"type":"object","additionalProperties":false}`, "Record<string, never>"},
		{`{"type":"object","additionalProperties":{"type":"number"}}`, "{ [key: string]: number }"},
		{`{"type":"bogus"}`, "unknown"},
		{`{"type":7}`, "unknown"},
		{`{"$ref":"#"}`, "unknown"}, // the root refers to itself: a cycle
		{`{"$defs":{"a b":{"type":"string"}},"$ref":"#/$defs/a%20b"}`, "string"},
		{`{"$ref":"#anchor"}`, "unknown"},
		{`{"properties":{"a-b":{"type":"string"},"ok_1":{"type":"string"}},"required":["a-b"]}`,
			"{\n  \"a-b\": string;\n  ok_1?: string;\n}"},
	}
	for _, c := range cases {
		root, err := decodeOrdered([]byte(c.schema))
		require.NoError(t, err, c.schema)
		assert.Equal(t, c.want, newTSGen(root, typeBudget(len(c.schema))).convert(root, "").text, c.schema)
	}
}

func TestArgsOptional(t *testing.T) {
	t.Parallel()
	for schema, want := range map[string]bool{
		`{"type":"object"}`:                                    true,
		`{"properties":{"a":{}}}`:                              true,
		`{"type":"object","required":["a"]}`:                   false,
		`{"type":"string"}`:                                    false,
		`{"$ref":"#/$defs/x","$defs":{"x":{"type":"object"}}}`: false,
	} {
		root, err := decodeOrdered([]byte(schema))
		require.NoError(t, err)
		assert.Equal(t, want, argsOptional(root), schema)
	}
}
