// === json2-roundtrip-api-payload
const payload = {
  id: "evt_123",
  amount: 1999,
  currency: "usd",
  metadata: { orderId: "o-9", tags: ["a", "b"] },
  refunded: false,
  description: null,
  items: [{ sku: "x", qty: 1 }, { sku: "y", qty: 3 }],
};
const text = JSON.stringify(payload);
const back = JSON.parse(text);
console.log(text.length, text);
console.log(JSON.stringify(back) === text, back.items[1]);
return back;

// === json2-stringify-drops-and-converts
const obj = {
  u: undefined,
  f() {},
  s: Symbol("x"),
  n: NaN,
  inf: -Infinity,
  d: new Date(Date.UTC(2024, 0, 1)),
  arr: [undefined, () => 1, Symbol("y"), NaN],
  nested: { keep: 1, drop: undefined },
  map: new Map([["a", 1]]),
  set: new Set([1]),
  re: /x/g,
};
const text = JSON.stringify(obj);
console.log(text);
return JSON.parse(text);

// === json2-replacer-redact-secrets
const config = { user: "admin", password: "hunter2", db: { host: "db.local", apiKey: "sk-live-123", port: 5432 }, tokens: ["t1", "t2"] };
const secret = /pass|key|token/i;
const safe = JSON.stringify(config, (k, v) => (secret.test(k) ? "***" : v), 2);
console.log(safe);
const whitelist = JSON.stringify(config, ["user", "db", "host"]);
console.log(whitelist);
return JSON.parse(safe);

// === json2-reviver-types-and-path
const text = '{"count":"42","price":"19.99","when":"2024-01-02","list":["1","x","3"],"nested":{"flag":"true"}}';
const keysSeen: string[] = [];
const parsed = JSON.parse(text, function (key, value) {
  keysSeen.push(key === "" ? "(root)" : key);
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (value === "true" || value === "false") return value === "true";
  return value;
});
console.log(parsed);
console.log(keysSeen.join(","));
return parsed;

// === json2-bigint-handling
const data = { id: 9007199254740993n, small: 5n };
let err = "";
try { JSON.stringify(data); } catch (e) { err = (e as Error).name; }
const text = JSON.stringify(data, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
const bigText = '{"id":9007199254740993,"ok":12345678901234567890}';
const lossy = JSON.parse(bigText);
console.log(err, text, lossy.id, lossy.ok);
return { err, text, lossyId: String(lossy.id) };

// === json2-pretty-print-widths
const v = { a: [1, 2, { b: [] }], c: {}, d: "x" };
const outs = [JSON.stringify(v, null, 0), JSON.stringify(v, null, 1), JSON.stringify(v, null, "--"), JSON.stringify(v, null, 20).split("\n")[1].length, JSON.stringify([], null, 2), JSON.stringify({}, null, 2)];
for (const o of outs) console.log(o);
return outs;

// === json2-deep-equal-and-diff
function diff(a: any, b: any, path = "$"): string[] {
  if (Object.is(a, b)) return [];
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b))
    return [`${path}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((k) => (k in a ? (k in b ? diff(a[k], b[k], `${path}.${k}`) : [`${path}.${k}: removed`]) : [`${path}.${k}: added`]));
}
const v1 = { name: "svc", replicas: 2, env: { LOG: "info", PORT: "80" }, ports: [80, 443], old: true };
const v2 = { name: "svc", replicas: 3, env: { LOG: "debug", PORT: "80", NEW: "1" }, ports: [80, 8443] };
const d = diff(v1, v2);
console.log(d.join("\n"));
return d;

// === json2-jsonl-aggregate-errors
const jsonl = `{"level":"info","ms":12,"route":"/a"}
{"level":"error","ms":340,"route":"/b","err":"timeout"}
not json at all
{"level":"info","ms":8,"route":"/a"}

{"level":"error","ms":5,"route":"/a","err":"bad input"}
{"level":"warn","ms":99,"route":"/c"`;
const good: any[] = [];
const bad: number[] = [];
jsonl.split("\n").forEach((line, i) => {
  if (!line.trim()) return;
  try { good.push(JSON.parse(line)); } catch { bad.push(i + 1); }
});
const byRoute = good.reduce((acc, r) => { (acc[r.route] ??= { n: 0, ms: 0, errors: 0 }); acc[r.route].n++; acc[r.route].ms += r.ms; if (r.level === "error") acc[r.route].errors++; return acc; }, {} as Record<string, { n: number; ms: number; errors: number }>);
console.log(byRoute, "bad lines:", bad);
return { byRoute, bad };

// === json2-schema-infer
function infer(v: unknown): unknown {
  if (v === null) return "null";
  if (Array.isArray(v)) return v.length ? [infer(v[0])] : ["unknown"];
  if (typeof v === "object") return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, infer(x)]));
  return typeof v === "number" && Number.isInteger(v) ? "integer" : typeof v;
}
const sample = JSON.parse('{"id":1,"name":"x","score":9.5,"tags":["a"],"owner":{"id":2,"email":null},"history":[],"active":true}');
const schema = infer(sample);
console.log(JSON.stringify(schema, null, 2));
return schema;

// === json2-clone-strategies-compared
const src = { when: new Date(Date.UTC(2024, 1, 1)), list: [1, { deep: true }], m: new Map([["k", 1]]) };
const viaJson = JSON.parse(JSON.stringify(src));
const viaSpread = { ...src };
const viaClone = structuredClone(src);
viaSpread.list.push(99);
const report = {
  jsonWhenType: typeof viaJson.when,
  jsonMap: JSON.stringify(viaJson.m),
  spreadShares: src.list.length === 3,
  cloneWhenIsDate: viaClone.when instanceof Date,
  cloneMapSize: viaClone.m.size,
  cloneIndependent: viaClone.list.length === 2,
};
console.log(report);
return report;

// === json2-parse-error-positions-generic
const bad = ['{"a":1,}', "[1 2]", '{"a" 1}', "{'a':1}", "tru", '"unterminated'];
const out = bad.map((s) => {
  try { JSON.parse(s); return `${s}: ok`; }
  catch (e) { return `${s}: ${(e as Error).name}`; }
});
console.log(out.join("\n"));
return out;

// === json2-sorted-keys-canonical
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`).join(",")}}`;
  return JSON.stringify(v);
}
const a = { b: 2, a: { d: [3, { z: 1, y: 2 }], c: null } };
const b = { a: { c: null, d: [3, { y: 2, z: 1 }] }, b: 2 };
const ca = canonical(a), cb = canonical(b);
console.log(ca);
console.log(ca === cb, JSON.stringify(a) === JSON.stringify(b));
return ca;

// === json2-unicode-and-escapes
const s = { quote: 'He said "hi"', backslash: "a\\b", newline: "x\ny", tab: "\t", control: "\u0001", emoji: "😀", lone: "\ud800", nul: "\0", html: "<script>&</script>", lineSep: "\u2028" };
const text = JSON.stringify(s);
console.log(text);
const back = JSON.parse(text);
console.log(Object.keys(back).every((k) => back[k] === (s as any)[k]));
return JSON.parse(JSON.stringify({ quote: s.quote, html: s.html, emoji: s.emoji }));
