// === err-validation-error-collects-issues
class ValidationError extends Error {
  constructor(public issues: { path: string; message: string }[]) {
    super(`${issues.length} validation issue(s)`);
    this.name = "ValidationError";
  }
}
type Input = { name?: string; age?: number; email?: string };
function validate(x: Input) {
  const issues: { path: string; message: string }[] = [];
  if (!x.name) issues.push({ path: "name", message: "required" });
  if (x.age !== undefined && (x.age < 0 || !Number.isInteger(x.age))) issues.push({ path: "age", message: "must be a non-negative integer" });
  if (x.email && !/^[^@\s]+@[^@\s]+\.\w+$/.test(x.email)) issues.push({ path: "email", message: "invalid format" });
  if (issues.length) throw new ValidationError(issues);
  return x;
}
const inputs: Input[] = [{ name: "ok", age: 3 }, { age: -1.5, email: "nope" }, { name: "x", email: "a@b.co" }];
const results = inputs.map((i) => {
  try { validate(i); return "valid"; }
  catch (e) {
    if (e instanceof ValidationError) return `${e.name}: ${e.message} -> ${e.issues.map((x) => `${x.path} ${x.message}`).join("; ")}`;
    throw e;
  }
});
results.forEach((r) => console.log(r));
return results;

// === err-http-error-hierarchy
class HttpError extends Error {
  constructor(public status: number, message: string) {
    super(message);
    this.name = new.target.name;
  }
  get retryable() { return this.status >= 500 || this.status === 429; }
}
class NotFoundError extends HttpError { constructor(what: string) { super(404, `${what} not found`); } }
class RateLimitError extends HttpError {
  constructor(public retryAfter: number) { super(429, `rate limited, retry after ${retryAfter}s`); }
}
const errs: HttpError[] = [new NotFoundError("user 42"), new RateLimitError(30), new HttpError(503, "upstream down")];
const rows = errs.map((e) => ({
  name: e.name,
  status: e.status,
  retryable: e.retryable,
  isHttp: e instanceof HttpError,
  isNotFound: e instanceof NotFoundError,
  msg: e.message,
}));
console.table(rows);
return rows;

// === err-cause-chain-walk
function wrap(msg: string, cause: unknown) { return new Error(msg, { cause }); }
let err: unknown;
try {
  try {
    try { JSON.parse("{bad json"); }
    catch (e) { throw wrap("could not parse config", e); }
  } catch (e) { throw wrap("could not load settings", e); }
} catch (e) { err = wrap("startup failed", e); }
const chain: string[] = [];
for (let e: any = err; e; e = e.cause) chain.push(e instanceof SyntaxError ? `${e.name}` : e.message);
console.log(chain.join(" <- "));
return chain;

// === err-result-type-helpers
type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };
const ok = <T,>(value: T): Result<T> => ({ ok: true, value });
const fail = (error: string): Result<never> => ({ ok: false, error });
function parseAge(s: string): Result<number> {
  const n = Number(s);
  if (s.trim() === "" || Number.isNaN(n)) return fail(`"${s}" is not a number`);
  if (n < 0 || n > 150) return fail(`${n} is out of range`);
  return ok(n);
}
const inputs = ["42", "abc", "-3", "", "150", "7.5"];
const results = inputs.map(parseAge);
const [good, bad] = [results.filter((r) => r.ok), results.filter((r) => !r.ok)];
console.log("good:", good.map((r) => (r.ok ? r.value : null)));
console.log("bad:", bad.map((r) => (!r.ok ? r.error : null)));
return results;

// === err-finally-cleanup-order-with-async
const log: string[] = [];
class Resource {
  constructor(public name: string) { log.push(`open ${name}`); }
  close() { log.push(`close ${this.name}`); }
}
async function useResources(fail: boolean) {
  const a = new Resource("db");
  try {
    const b = new Resource("file");
    try {
      await new Promise((r) => setTimeout(r, 1));
      if (fail) throw new Error("write failed");
      log.push("work done");
    } finally { b.close(); }
  } finally { a.close(); }
}
await useResources(false);
try { await useResources(true); } catch (e) { log.push(`caught: ${(e as Error).message}`); }
console.log(log.join("\n"));
return log;

// === err-error-properties-inspection
const e = new RangeError("value out of bounds", { cause: { min: 0, max: 10, got: 12 } });
const info = {
  name: e.name,
  message: e.message,
  str: String(e),
  isError: e instanceof Error,
  isRange: e instanceof RangeError,
  hasStack: typeof e.stack === "string",
  cause: e.cause,
  ownKeys: Object.getOwnPropertyNames(e).filter((k) => k !== "stack").sort(),
};
console.log(info);
return info;

// === err-custom-error-to-json
class AppError extends Error {
  constructor(message: string, public code: string, public details: Record<string, unknown> = {}) {
    super(message);
    this.name = "AppError";
  }
  toJSON() { return { name: this.name, code: this.code, message: this.message, details: this.details }; }
}
const err = new AppError("quota exceeded", "E_QUOTA", { used: 105, limit: 100 });
const payload = JSON.stringify({ ok: false, error: err });
console.log(payload);
console.log(JSON.stringify(new Error("plain")), "(plain Error has no enumerable props)");
return JSON.parse(payload);

// === err-throw-in-map-partial-results
const inputs = ["1", "2", "x", "4"];
const done: number[] = [];
try {
  inputs.map((s) => {
    const n = Number(s);
    if (Number.isNaN(n)) throw new TypeError(`bad input: ${s}`);
    done.push(n);
    return n;
  });
} catch (e) {
  console.log(e instanceof TypeError, (e as Error).message);
}
console.log("processed before failure:", done);
return done;

// === err-assert-helper-with-asserts
function assert(cond: unknown, msg: string): asserts cond {
  if (!cond) throw new Error(`Assertion failed: ${msg}`);
}
function divide(a: number, b: number) {
  assert(b !== 0, "divisor must not be zero");
  assert(Number.isFinite(a), "dividend must be finite");
  return a / b;
}
const out: (number | string)[] = [];
for (const [a, b] of [[10, 2], [1, 0], [Infinity, 1], [7, 4]]) {
  try { out.push(divide(a, b)); } catch (e) { out.push((e as Error).message); }
}
console.log(out);
return out;

// === err-aggregate-from-batch
const items = [{ id: 1, qty: 2 }, { id: 2, qty: -1 }, { id: 3, qty: 0 }, { id: 4, qty: 5 }];
const errors: Error[] = [];
for (const it of items) {
  if (it.qty < 0) errors.push(new RangeError(`item ${it.id}: negative quantity`));
  else if (it.qty === 0) errors.push(new Error(`item ${it.id}: zero quantity`));
}
try {
  if (errors.length) throw new AggregateError(errors, `${errors.length} items rejected`);
} catch (e) {
  if (e instanceof AggregateError) {
    console.log(e.name, "-", e.message);
    for (const inner of e.errors) console.log("  *", inner.name, inner.message);
    return { message: e.message, errors: e.errors.map((x: Error) => x.message) };
  }
}
return null;

// === err-rethrow-unknown-errors
class ExpectedError extends Error {}
function risky(kind: string) {
  if (kind === "expected") throw new ExpectedError("handled gracefully");
  if (kind === "unexpected") throw new TypeError("something broke");
  return "fine";
}
const log: string[] = [];
for (const k of ["ok", "expected", "unexpected"]) {
  try {
    try { log.push(risky(k)); }
    catch (e) {
      if (e instanceof ExpectedError) { log.push(`recovered: ${e.message}`); continue; }
      throw e;
    }
  } catch (outer) {
    log.push(`escalated: ${(outer as Error).name}`);
  }
}
console.log(log);
return log;

// === err-console-log-error-in-object
const e = new Error("disk full");
console.log({ ok: false, reason: e.message, code: 28 });
console.log([e.message, e.name]);
console.log("Error string:", String(e));
console.log(`${new TypeError("bad type")}`);
return { message: e.message };

// === err-error-subclass-console-log-message
class DbError extends Error {
  constructor(message: string, public query: string) { super(message); this.name = "DbError"; }
}
const errs = [new DbError("deadlock detected", "UPDATE t SET x=1"), new SyntaxError("Unexpected token"), new Error("")];
for (const e of errs) console.log(`${e.name}: ${e.message || "(no message)"}`, e instanceof DbError ? e.query : "");
return errs.map((e) => e.name);

// === err-uncaught-rejection-from-program
class ConfigError extends Error {
  constructor(key: string) { super(`missing config key: ${key}`); this.name = "ConfigError"; }
}
const cfg: Record<string, string> = { host: "x" };
console.log("checking config");
for (const key of ["host", "port"]) {
  if (!(key in cfg)) throw new ConfigError(key);
}
return "unreachable";

// === err-throw-string-uncaught
console.log("about to throw");
throw "plain string failure";

// === err-optional-chaining-guards
type User = { profile?: { address?: { city?: string }; tags?: string[] } };
const users: User[] = [{}, { profile: {} }, { profile: { address: { city: "Oslo" }, tags: ["x"] } }];
const out = users.map((u) => ({
  city: u.profile?.address?.city ?? "unknown",
  firstTag: u.profile?.tags?.[0] ?? null,
  tagCount: u.profile?.tags?.length ?? 0,
}));
let crashed = "";
try { (users[0] as any).profile.address.city; } catch (e) { crashed = (e as Error).name; }
console.log(out, crashed);
return { out, crashed };

// === err-json-parse-safe-wrapper
function safeParse<T>(s: string): { data?: T; error?: string } {
  try { return { data: JSON.parse(s) as T }; }
  catch (e) { return { error: e instanceof SyntaxError ? "invalid JSON" : "unknown" }; }
}
const inputs = ['{"a":1}', "[1,2", "null", "'single'", '"str"', "{}", ""];
const results = inputs.map((s) => safeParse(s));
results.forEach((r, i) => console.log(JSON.stringify(inputs[i]).padEnd(12), "->", "error" in r ? r.error : JSON.stringify(r.data)));
return results;

// === err-error-cause-not-error
const e1 = new Error("with string cause", { cause: "the network" });
const e2 = new Error("with object cause", { cause: { code: 42 } });
const e3 = new Error("no options");
const e4 = new Error("undefined cause", { cause: undefined });
const r = [e1, e2, e3, e4].map((e) => ({ msg: e.message, hasCause: "cause" in e, cause: e.cause ?? null }));
console.log(r);
return r;

// === err-instanceof-and-name-checks
const errs: unknown[] = [new TypeError("t"), new RangeError("r"), new SyntaxError("s"), new URIError("u"), new EvalError("e"), new ReferenceError("x"), "str", { message: "fake" }];
const kinds = errs.map((e) => {
  if (!(e instanceof Error)) return `not an Error (${typeof e})`;
  return `${e.constructor.name}/${e.name}/${Object.getPrototypeOf(Object.getPrototypeOf(e)) === Error.prototype}`;
});
console.log(kinds.join("\n"));
return kinds;

// === err-builtin-errors-name-only
const probes: [string, () => unknown][] = [
  ["null property", () => (null as any).x],
  ["undefined call", () => (undefined as any)()],
  ["bad array length", () => new Array(-1)],
  ["toFixed range", () => (1).toFixed(200)],
  ["bigint mix", () => (1n as any) + 1],
  ["undeclared", () => (globalThis as any).definitelyMissing.prop],
  ["uri", () => decodeURIComponent("%")],
  ["json", () => JSON.parse("{")],
  ["frozen write", () => { "use strict"; const o = Object.freeze({ a: 1 }); (o as any).a = 2; }],
  ["repeat", () => "a".repeat(-1)],
];
const names = probes.map(([label, fn]) => {
  try { fn(); return `${label}: no error`; } catch (e) { return `${label}: ${(e as Error).name}`; }
});
console.log(names.join("\n"));
return names;
