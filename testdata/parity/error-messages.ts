// === msg-callee-text-shapes
const o: any = { a: {}, list: [{}], get: () => undefined };
const k = "key";
const shapes = [
  () => o.missing(), () => o.a.b(), () => o.list[0].fn(), () => o[k](), () => o["quoted"](),
  () => o.get()(), () => o?.nope(), () => { let f: any; f(); },
  () => { const arr: any[] = []; arr[0](); }, () => (this as any)?.x?.(),
];
for (const f of shapes) {
  try { f(); console.log("no error"); } catch (e) { console.log((e as Error).message); }
}
return shapes.length;

// === msg-not-a-constructor
const ns: any = { make: () => ({}) };
const msgs: string[] = [];
for (const f of [() => new ns.make(), () => new ns.absent(), () => { const C: any = 5; return new C(); }, () => new (Math.max as any)()]) {
  try { f(); } catch (e) { msgs.push((e as Error).message); }
}
console.log(msgs);
return msgs;

// === msg-property-of-nullish
const data: any = { user: null, items: undefined };
const out: string[] = [];
for (const f of [() => data.user.name, () => data.items.length, () => { data.user.name = "x"; }, () => { data.items.count = 1; }, () => data.nothing.deeper.still]) {
  try { f(); } catch (e) { out.push(`${(e as Error).name}: ${(e as Error).message}`); }
}
out.forEach((l) => console.log(l));
return out;

// === msg-json-parse-variety
const texts = ["<html><body>Bad Gateway</body></html>", '{"a":1,}', "", "{bad", "[1,2", "undefined", '{"a":}', "{'a':1}", "tru", "1 2", '"abc', '{"a" 1}', "[1,]", "NaN", "[object Object]", '{"x":01}', '{"x":-}', '{"x":1.}', "Error: upstream failed with status 500 after retries"];
const res = texts.map((t) => {
  try { JSON.parse(t); return "ok"; } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; }
});
res.forEach((r) => console.log(r));
return res;

// === msg-ranges-and-conversions
const cases: Array<() => unknown> = [
  () => new Array(-1), () => (1).toFixed(101), () => (1).toPrecision(0), () => (1).toExponential(-1), () => (1).toString(1),
  () => "x".repeat(-1), () => decodeURIComponent("%"), () => decodeURI("%E0%A4%A"), () => encodeURIComponent("\uD800"),
  () => (1n as any) + 1, () => (2n as any) * 1.5, () => (1n as any) | 1, () => Math.max(1n as any), () => BigInt(1.5), () => BigInt("x"),
  () => JSON.stringify({ a: 1n }), () => `${Symbol("s") as any}`, () => +(Symbol() as any), () => (Symbol() as any) + "",
];
const lines = cases.map((f) => { try { f(); return "no error"; } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; } });
lines.forEach((l) => console.log(l));
return lines;

// === msg-const-frozen-and-tdz
const out: string[] = [];
const record = (f: () => void) => { try { f(); out.push("no error"); } catch (e) { out.push(`${(e as Error).name}: ${(e as Error).message}`); } };
const frozen = Object.freeze({ a: 1, nested: { b: 2 } });
record(() => { const c = 1; (c as any) = 2; });
record(function () { "use strict"; (frozen as any).a = 2; });
record(function () { "use strict"; (frozen as any).z = 2; });
record(function () { "use strict"; delete (frozen as any).a; });
record(function () { "use strict"; (frozen as any).nested.b = 3; });
record(function () { "use strict"; const arr = Object.freeze([1]); (arr as any)[0] = 2; });
record(() => { useBefore(); const value = 1; function useBefore() { return value; } });
record(() => { class A {} (A as any)(); });
record(() => { [].reduce((a: number, b: number) => a + b); });
out.forEach((l) => console.log(l));
return out;

// === msg-not-iterable
const out: string[] = [];
const settings: any = { a: 1 };
const holder: any = { rows: {} };
const record = (f: () => void) => { try { f(); out.push("no error"); } catch (e) { out.push((e as Error).message); } };
record(() => { for (const x of settings) console.log(x); });
record(() => { for (const x of holder.rows) console.log(x); });
record(() => { let u: any; for (const x of u) console.log(x); });
record(() => { new Map(settings); });
record(() => { new Set(true as any); });
record(() => { const [a] = holder.nothing; console.log(a); });
record(() => { Object.fromEntries(5 as any); });
out.forEach((l) => console.log(l));
return out;

// === msg-aggregate-and-stack-header
const agg = await Promise.any([Promise.reject(new Error("x")), Promise.reject(new Error("y"))]).catch((e) => e);
console.log(agg.name, JSON.stringify(agg.message), agg.errors.length, agg.stack.split("\n")[0]);
class DbError extends Error {
  constructor(msg: string) { super(msg); this.name = "DbError"; Error.captureStackTrace(this, DbError); }
}
const d = new DbError("connection refused");
const target: any = { name: "Custom", message: "captured" };
Error.captureStackTrace(target);
console.log(d.stack!.split("\n")[0], target.stack.split("\n")[0], Object.getOwnPropertyNames(new Error("z")).sort());
const cloned = structuredClone(new RangeError("r"));
console.log(cloned.stack!.split("\n")[0], Object.prototype.hasOwnProperty.call(cloned, "stack"));
return [agg.message, d.name];
