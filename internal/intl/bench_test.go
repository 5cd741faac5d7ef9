package intl

import (
	"encoding/json"
	"testing"
)

func BenchmarkNumberFormatCall(b *testing.B) {
	made := Call([]byte(`{"op":"nf","locales":["en-US"],"options":{"style":"currency","currency":"USD"}}`))
	var c created
	if err := json.Unmarshal(made, &c); err != nil {
		b.Fatal(err, string(made))
	}
	req := []byte("nf.format\n" + c.Spec + "\n1234.5")
	b.ResetTimer()
	for range b.N {
		Call(req)
	}
}

func BenchmarkCollatorCall(b *testing.B) {
	made := Call([]byte(`{"op":"coll","locales":[],"options":{}}`))
	var c created
	if err := json.Unmarshal(made, &c); err != nil {
		b.Fatal(err, string(made))
	}
	req := []byte("coll.compare\n" + c.Spec + "\n[\"name123\",\"name456\"]")
	b.ResetTimer()
	for range b.N {
		Call(req)
	}
}
