// === validate-payload-collect-errors
type Payload = { name?: unknown; age?: unknown; email?: unknown; tags?: unknown };
function validate(p: Payload): string[] {
  const errs: string[] = [];
  if (typeof p.name !== "string" || !p.name.trim()) errs.push("name: required");
  if (typeof p.age !== "number" || !Number.isInteger(p.age)) errs.push(`age: expected integer, got ${typeof p.age}`);
  else if (p.age < 0 || p.age > 150) errs.push(`age: ${p.age} out of range 0..150`);
  if (p.email !== undefined && !/^\S+@\S+$/.test(String(p.email))) errs.push(`email: invalid "${p.email}"`);
  if (p.tags !== undefined && !Array.isArray(p.tags)) errs.push("tags: must be an array");
  return errs;
}
const inputs: Payload[] = [{ name: "Al", age: 30 }, { name: " ", age: 3.5, email: "x" }, { age: 200, tags: "a" }, {}];
const report = inputs.map((p, i) => ({ i, errors: validate(p) }));
console.log(report);
console.log(JSON.stringify(report, null, 1));
return report.filter((r) => r.errors.length).length;

// === json-parse-error-messages
const bad = ['{"a":1,}', "{'a':1}", '{"a":}', "[1,2", "undefined", "", '{"a":1}x', "NaN", '"unterminated', "{a:1}", "[1,]", '{"a" 1}'];
for (const s of bad) {
  try {
    JSON.parse(s);
    console.log("parsed?!", s);
  } catch (e) {
    console.log(`${JSON.stringify(s).padEnd(16)} ${(e as Error).name}: ${(e as Error).message}`);
  }
}
return bad.length;

// === custom-error-hierarchy
class AppError extends Error {
  constructor(message: string, public code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}
class NotFoundError extends AppError {
  constructor(what: string) { super(`${what} not found`, "E_NOT_FOUND"); }
}
class ValidationError extends AppError {
  constructor(public field: string, msg: string) { super(`${field}: ${msg}`, "E_VALIDATION"); }
}
const errors = [new NotFoundError("user 42"), new ValidationError("email", "is invalid"), new AppError("wrapped", "E_WRAP", { cause: new Error("root cause") })];
for (const e of errors) {
  console.log(`${e.name} [${e.code}] ${e.message}`, e instanceof AppError, e instanceof Error, e.cause ? `cause=${(e.cause as Error).message}` : "");
}
console.log(Object.prototype.toString.call(errors[0]), String(errors[1]), errors[0].toString());
return errors.map((e) => ({ name: e.name, code: e.code, message: e.message }));

// === type-errors-from-builtins
const attempts: [string, () => unknown][] = [
  ["null.prop", () => (null as any).prop],
  ["undefined call", () => (undefined as any)()],
  ["obj.method()", () => ({} as any).method()],
  ["new arrow", () => new (((() => 1) as any))()],
  ["Symbol+str", () => (Symbol("s") as any) + ""],
  ["reduce empty", () => [].reduce((a: any, b: any) => a + b)],
  ["in on string", () => "x" in ("abc" as any)],
  ["freeze write", () => { "use strict"; const o = Object.freeze({ a: 1 }); (o as any).a = 2; return o.a; }],
  ["cyclic JSON", () => { const a: any = {}; a.self = a; return JSON.stringify(a); }],
  ["BigInt mix", () => (1n as any) + 1],
  ["Array len", () => new Array(-1)],
  ["toFixed range", () => (1).toFixed(101)],
  ["repeat -1", () => "a".repeat(-1)],
  ["stack overflow", () => { const f = (): number => f() + 1; return f(); }],
];
const results = attempts.map(([label, fn]) => {
  try { return `${label}: ok ${String(fn())}`; } catch (e) { return `${label}: ${(e as Error).name}: ${(e as Error).message}`; }
});
results.forEach((r) => console.log(r));
return results.map((r) => r.split(": ")[1]);

// === error-cause-chain-print
function loadConfig() {
  try { JSON.parse("{bad json"); } catch (e) { throw new Error("config parse failed", { cause: e }); }
}
function start() {
  try { loadConfig(); } catch (e) { throw new Error("startup failed", { cause: e }); }
}
try { start(); } catch (e) {
  const chain: string[] = [];
  let cur: unknown = e;
  while (cur instanceof Error) { chain.push(`${cur.name}: ${cur.message}`); cur = cur.cause; }
  console.log(chain.join("\n  caused by: "));
  console.log(chain.length, "cause" in (e as Error), Object.keys(e as Error));
}
return "done";

// === throw-non-error-values
const thrown: unknown[] = ["a string", 42, { code: "E1", msg: "object" }, null, undefined, [1, 2], new Error("real")];
const described = thrown.map((v) => {
  try { throw v; } catch (e) {
    if (e instanceof Error) return `Error(${e.message})`;
    if (typeof e === "object" && e !== null && "code" in e) return `coded ${(e as any).code}`;
    return `${typeof e}: ${String(e)}`;
  }
});
console.log(described);
const p = await Promise.reject({ reason: "obj" }).catch((e) => e);
console.log(p);
return described;

// === finally-control-flow
const log: string[] = [];
function f(n: number): string {
  try {
    log.push(`try ${n}`);
    if (n === 1) throw new Error("one");
    if (n === 2) return "returned from try";
    return "normal";
  } catch (e) {
    log.push(`catch ${(e as Error).message}`);
    return "from catch";
  } finally {
    log.push(`finally ${n}`);
    if (n === 3) return "finally overrides";
  }
}
const r = [0, 1, 2, 3].map(f);
console.log(r);
console.log(log);
outer: for (let i = 0; i < 3; i++) {
  try { if (i === 1) continue outer; log.push(`body ${i}`); } finally { log.push(`loop-finally ${i}`); }
}
console.log(log.slice(-5));
return r;

// === assert-helper-messages
function assert(cond: unknown, msg: string): asserts cond {
  if (!cond) throw new Error(`Assertion failed: ${msg}`);
}
function assertEqual<T>(actual: T, expected: T, label: string) {
  const a = JSON.stringify(actual), b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${label}: expected ${b} but got ${a}`);
}
const results: string[] = [];
const tests: [string, () => void][] = [
  ["sum", () => assertEqual([1, 2, 3].reduce((a, b) => a + b), 6, "sum")],
  ["sort", () => assertEqual([10, 2, 1].sort(), [1, 2, 10], "default sort")],
  ["truthy", () => assert("", "empty string is truthy")],
  ["obj", () => assertEqual({ a: 1, b: [2] }, { a: 1, b: [2] }, "obj")],
  ["float", () => assertEqual(0.1 + 0.2, 0.3, "float add")],
];
for (const [name, fn] of tests) {
  try { fn(); results.push(`PASS ${name}`); } catch (e) { results.push(`FAIL ${name} — ${(e as Error).message}`); }
}
console.log(results.join("\n"));
console.log(`${results.filter((r) => r.startsWith("PASS")).length}/${tests.length} passed`);
return results;

// === console-error-objects
const e1 = new TypeError("bad type");
const e2 = new RangeError("too big");
const agg = new AggregateError([new Error("a"), new Error("b")], "multiple");
console.log(e1.message, e1.name, String(e1), `${e2}`);
console.log({ error: e1.message, kind: e1.constructor.name });
console.log(JSON.stringify(e1), JSON.stringify({ e: e2 }), Object.keys(e1), Object.getOwnPropertyNames(e1).sort());
console.log(agg.errors.length, agg.name, agg.message);
console.log(typeof e1.stack, e1.stack?.split("\n")[0]);
const o = { name: "X", message: "fake" };
console.log(Error.prototype.toString.call(o), e1 instanceof Error, Object.prototype.toString.call(e1));
return [e1.name, e2.name, agg.name];

// === unhandled-await-in-loop-error
const ids = [1, 2, 3, 4];
const processed: number[] = [];
async function handle(id: number) {
  await new Promise((r) => setTimeout(r, 50));
  if (id === 3) throw new Error(`cannot process ${id}`);
  processed.push(id);
}
try {
  for (const id of ids) await handle(id);
} catch (e) {
  console.log("stopped:", (e as Error).message, "processed so far:", processed);
}
const errs = (await Promise.allSettled(ids.map(handle))).filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason.message);
console.log(errs, processed);
return { processed, errs };

// === uncaught-error-fails-run
const data = { users: [{ name: "a" }] };
console.log("before");
const name = (data as any).users[1].name;
console.log("after", name);
return name;

// === thrown-custom-error-fails-run
class QuotaExceeded extends Error {
  name = "QuotaExceeded";
}
console.log("checking quota");
await new Promise((r) => setTimeout(r, 50));
throw new QuotaExceeded("quota of 100 requests exceeded");
