// === parse-html-error-page
const body = "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head></html>";
try {
  JSON.parse(body);
} catch (e) {
  console.log(`Failed to parse response: ${(e as Error).message}`);
}
return body.length;

// === parse-trailing-comma-config
const raw = `{
  "name": "svc",
  "port": 8080,
}`;
let parsed: any = null;
try {
  parsed = JSON.parse(raw);
} catch (err) {
  console.log("Invalid config:", (err as Error).message);
  parsed = JSON.parse(raw.replace(/,\s*}/g, "}"));
}
return parsed;

// === parse-many-bad-inputs
const samples = ["", "undefined", "{'a': 1}", "[1, 2,]", '{"a": 1} extra', "tru", "nul", '"unterminated', "NaN", "{\"a\":01}", "[object Object]"];
const msgs = samples.map((s) => {
  try { JSON.parse(s); return "ok"; } catch (e) { return (e as SyntaxError).message; }
});
msgs.forEach((m, i) => console.log(JSON.stringify(samples[i]), "->", m));
return msgs;

// === safe-json-parse-helper
function safeParse<T>(text: string, fallback: T): { value: T; error?: string } {
  try {
    return { value: JSON.parse(text) as T };
  } catch (e) {
    return { value: fallback, error: e instanceof SyntaxError ? e.message : "unknown" };
  }
}
const a = safeParse('{"items":[1,2]}', { items: [] as number[] });
const b = safeParse("Internal Server Error", { items: [] as number[] });
const c = safeParse('{"items": [1, 2', { items: [] as number[] });
console.log(JSON.stringify(a), JSON.stringify(b), JSON.stringify(c));
return [a, b, c];

// === ndjson-lines-with-errors
const ndjson = `{"id":1,"ok":true}
{"id":2,"ok":false}
{"id":3 "ok":true}
not json at all
{"id":5}`;
const records: any[] = [];
const failures: string[] = [];
ndjson.split("\n").forEach((line, i) => {
  try { records.push(JSON.parse(line)); } catch (e) { failures.push(`line ${i + 1}: ${(e as Error).message}`); }
});
failures.forEach((f) => console.log(f));
return { count: records.length, failures };

// === json-reviver-dates
const text = '{"created":"2024-03-01T10:00:00.000Z","n":5,"tags":["a"]}';
const obj = JSON.parse(text, (k, v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : v));
console.log(obj.created instanceof Date, obj.created.toISOString(), obj.n);
return { year: obj.created.getUTCFullYear(), tags: obj.tags };

// === json-stringify-bigint-and-cycles
const errors: string[] = [];
const cyclic: any = { name: "root" };
cyclic.self = cyclic;
try { JSON.stringify(cyclic); } catch (e) { errors.push((e as Error).name); }
try { JSON.stringify({ id: 1n }); } catch (e) { errors.push((e as Error).message); }
const fixed = JSON.stringify({ id: 1n }, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
console.log(errors, fixed);
return { errors, fixed };

// === json-pretty-print-nested
const report = { summary: { total: 3, failed: 1 }, rows: [{ id: 1, tags: ["x", "y"] }, { id: 2, tags: [] }], empty: {} };
const pretty = JSON.stringify(report, null, 2);
console.log(pretty);
return pretty.split("\n").length;

// === json-parse-error-position-extract
const bad = '{"user": {"name": "a", "age": }}';
let position = -1;
try {
  JSON.parse(bad);
} catch (e) {
  const m = /position (\d+)/.exec((e as Error).message);
  position = m ? Number(m[1]) : -1;
  console.log((e as Error).message);
}
return position;

// === api-response-shape-check
const responses = ['{"data":{"items":[{"id":1}]}}', '{"data":null}', '{"error":"rate limited"}'];
const out = responses.map((r) => {
  const json = JSON.parse(r);
  try {
    return json.data.items.map((i: any) => i.id).join(",");
  } catch (e) {
    return `bad shape: ${(e as Error).message}`;
  }
});
out.forEach((o) => console.log(o));
return out;
