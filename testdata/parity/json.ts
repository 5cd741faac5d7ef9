// === json-stringify-indent-variants
const v = { a: 1, b: [1, { c: null }], d: {}, e: [] };
console.log(JSON.stringify(v, null, 2));
console.log(JSON.stringify(v, null, "\t"));
console.log(JSON.stringify(v, null, 20).split("\n")[1].length, JSON.stringify([1], null, "--"));
return JSON.stringify(v);

// === json-stringify-replacer-function
const data = { user: "ann", password: "hunter2", nested: { token: "abc", keep: 1 }, n: 5 };
const redacted = JSON.stringify(data, (k, v) => (/password|token/.test(k) ? "[redacted]" : typeof v === "number" ? v * 10 : v));
console.log(redacted);
const keys: string[] = [];
JSON.stringify({ x: { y: [1] } }, function (k, v) { keys.push(k === "" ? "(root)" : k); return v; });
console.log(keys);
return JSON.parse(redacted);

// === json-stringify-replacer-array
const obj = { id: 1, name: "n", secret: "s", meta: { id: 2, secret: "t", name: "m" } };
console.log(JSON.stringify(obj, ["id", "meta", "name"], 1));
return JSON.stringify(obj, ["name"]);

// === json-parse-reviver
const text = '{"when":"2024-05-06T07:08:09.000Z","amount":"12.50","items":[{"n":"1"},{"n":"2"}]}';
const parsed = JSON.parse(text, (k, v) => {
  if (k === "when") return Date.parse(v);
  if (k === "amount" || k === "n") return Number(v);
  return v;
});
console.log(parsed);
return parsed;

// === json-special-values
console.log(JSON.stringify({ a: undefined, b: () => 1, c: Symbol("x"), d: NaN, e: Infinity, f: -0, g: null }));
console.log(JSON.stringify([undefined, () => 1, Symbol("x"), NaN]));
console.log(JSON.stringify(undefined), JSON.stringify(() => 1), JSON.stringify(null), JSON.stringify("s"));
console.log(JSON.stringify(new Map([[1, 2]])), JSON.stringify(new Set([1])), JSON.stringify(/re/g));
try { JSON.stringify({ big: 1n }); } catch (e) { console.log((e as Error).name); }
return JSON.stringify({ nested: { u: undefined } });

// === json-unicode-escaping
const s = JSON.stringify({ emoji: "😀", ctrl: "\u0001\u001f", sep: "\u2028\u2029", quote: '"', slash: "/", bs: "\\" });
console.log(s);
console.log(JSON.parse('"\\u00e9\\ud83d\\ude00"'), JSON.parse('"\\/"'));
return JSON.parse(s);

// === json-parse-errors
const inputs = ['{"a":1,}', "[1,2", "", "undefined", "{'a':1}", '{"a":01}', "NaN", '"unterminated'];
for (const i of inputs) {
  try { JSON.parse(i); console.log("ok", i); } catch (e) { console.log(JSON.stringify(i), (e as Error).name); }
}
return inputs.length;

// === json-parse-numbers-precision
const n = JSON.parse('[1e400, -1e400, 0.1, 12345678901234567890, 1E2, -0, 1.0]');
console.log(n, Object.is(n[5], -0));
return JSON.stringify(n);

// === json-deep-equal-via-sorted-keys
const canon = (v: any): any => Array.isArray(v) ? v.map(canon) : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
const a = { b: 1, a: { d: [3, { z: 1, y: 2 }], c: 2 } };
const b = { a: { c: 2, d: [3, { y: 2, z: 1 }] }, b: 1 };
console.log(JSON.stringify(canon(a)));
return JSON.stringify(canon(a)) === JSON.stringify(canon(b));

// === json-to-json-nesting
const obj = {
  toJSON(key: string) { return { wrappedKey: key, inner: { toJSON: () => "inner-json" } }; },
};
console.log(JSON.stringify({ top: obj, list: [obj] }));
console.log(JSON.stringify(obj));
return JSON.parse(JSON.stringify({ d: new Date(Date.UTC(2001, 1, 3)) }));

// === json-large-structure-roundtrip
const big = Array.from({ length: 50 }, (_, i) => ({ id: i, name: `n${i}`, tags: i % 3 ? ["x"] : [], score: i / 4 }));
const text = JSON.stringify(big);
const back = JSON.parse(text);
console.log(text.length, back.length, back[49], back.filter((x: any) => x.tags.length === 0).length);
return back.slice(0, 3);

// === json-jsonl-processing
const jsonl = `{"level":"info","msg":"start"}
{"level":"error","msg":"boom","code":7}
not json
{"level":"info","msg":"end"}`;
const good: any[] = [];
const bad: number[] = [];
jsonl.split("\n").forEach((line, i) => { try { good.push(JSON.parse(line)); } catch { bad.push(i + 1); } });
console.log(good.filter((g) => g.level === "error"), "bad lines:", bad);
return good.map((g) => g.msg);
