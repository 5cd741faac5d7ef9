// === try-catch-finally-order
const steps: string[] = [];
function f() {
  try { steps.push("try"); throw new Error("x"); }
  catch (e) { steps.push("catch " + (e as Error).message); return "from catch"; }
  finally { steps.push("finally"); }
}
const r = f();
console.log(steps, r);
return { steps, r };

// === finally-overrides-return
function g(): string {
  try { return "try"; } finally { console.log("finally runs before return"); }
}
function h(): string {
  // eslint-disable-next-line no-unsafe-finally
  try { throw new Error("lost"); } finally { return "finally wins"; }
}
console.log(g(), h());
return h();

// === custom-error-subclass
class HttpError extends Error {
  constructor(public status: number, message: string) {
    super(message);
    this.name = "HttpError";
  }
}
class NotFound extends HttpError {
  constructor(what: string) { super(404, `${what} not found`); this.name = "NotFound"; }
}
try { throw new NotFound("user 7"); } catch (e) {
  console.log(e instanceof NotFound, e instanceof HttpError, e instanceof Error, (e as HttpError).status);
  console.log((e as Error).name, (e as Error).message, String(e));
}
return Object.prototype.toString.call(new NotFound("x"));

// === error-cause-chain
const root = new Error("disk full");
const mid = new Error("write failed", { cause: root });
const top = new Error("save failed", { cause: mid });
const chain: string[] = [];
for (let e: any = top; e; e = e.cause) chain.push(e.message);
console.log(chain.join(" <- "));
console.log("cause" in new Error("no cause"), new Error("c", { cause: 0 }).cause);
return chain;

// === aggregate-error-basics
const agg = new AggregateError([new Error("one"), new TypeError("two"), "three"], "several failed");
console.log(agg.name, agg.message, agg.errors.length);
console.log(agg.errors.map((e) => (e instanceof Error ? `${e.name}:${e.message}` : `raw:${e}`)));
return agg instanceof Error;

// === builtin-error-types
const cases: [string, () => unknown][] = [
  ["null prop", () => (null as any).x],
  ["undefined call", () => (undefined as any)()],
  ["bad array length", () => new Array(-1)],
  ["json parse", () => JSON.parse("{bad")],
  ["bigint mix", () => (1n as any) + 1],
  ["uri", () => decodeURIComponent("%")],
  ["recursion", () => { const f = (): number => f() + 1; return f(); }],
  ["not defined", () => (globalThis as any).eval("notDefinedAnywhere")],
];
for (const [label, fn] of cases) {
  try { fn(); } catch (e) { console.log(label, "->", (e as Error).constructor.name); }
}
return cases.length;

// === error-messages-common
const msgs: string[] = [];
try { (null as any).foo; } catch (e) { msgs.push((e as Error).message); }
try { (undefined as any).bar(); } catch (e) { msgs.push((e as Error).message); }
try { const o: any = {}; o.method(); } catch (e) { msgs.push((e as Error).message); }
try { JSON.parse("{bad"); } catch (e) { msgs.push((e as Error).message); }
try { new Array(-1); } catch (e) { msgs.push((e as Error).message); }
for (const m of msgs) console.log(m);
return msgs;

// === error-to-string-and-props
const e = new RangeError("value too big");
console.log(String(e), e.toString(), `${e}`);
console.log(e.name, e.message, typeof e.stack, Object.keys(e));
const plain = new Error();
console.log(JSON.stringify(plain.message), plain.toString());
return { name: e.name, message: e.message };

// === error-json-serialize
const err = new Error("boom");
console.log(JSON.stringify(err));
const toJson = (e: Error) => ({ name: e.name, message: e.message, ...(e.cause ? { cause: String(e.cause) } : {}) });
console.log(JSON.stringify(toJson(new TypeError("bad", { cause: "upstream" }))));
return toJson(err);

// === throw-non-error-values
const thrown: unknown[] = [];
for (const v of ["a string", 42, null, undefined, { code: "E1" }]) {
  try { throw v; } catch (e) { thrown.push(e); console.log(typeof e, e instanceof Error); }
}
return thrown.filter((x) => x !== undefined);

// === result-type-pattern
type Result<T> = { ok: true; value: T } | { ok: false; error: string };
function parseNum(s: string): Result<number> {
  const n = Number(s);
  return Number.isFinite(n) && s.trim() !== "" ? { ok: true, value: n } : { ok: false, error: `not a number: ${JSON.stringify(s)}` };
}
const results = ["12", "abc", "", "3.5e2"].map(parseNum);
for (const r of results) console.log(r.ok ? `ok ${r.value}` : `err ${r.error}`);
return results;

// === nested-try-rethrow
function risky(n: number) {
  try {
    if (n < 0) throw new RangeError("negative");
    if (n === 0) throw new TypeError("zero");
    return Math.sqrt(n);
  } catch (e) {
    if (e instanceof RangeError) return -1;
    throw e;
  }
}
const out: (number | string)[] = [];
for (const n of [4, -4, 0]) {
  try { out.push(risky(n)); } catch (e) { out.push(`rethrown ${(e as Error).name}`); }
}
console.log(out);
return out;

// === error-in-promise-then
const r = await Promise.resolve(1)
  .then(() => { throw new SyntaxError("in then"); })
  .then(() => "skipped")
  .catch((e) => `${e.constructor.name}/${e.message}`);
console.log(r);
return r;

// === error-console-log-message-only
try {
  JSON.parse("[1, 2,");
} catch (e) {
  if (e instanceof SyntaxError) console.log("syntax error caught:", e.name);
}
const e = new TypeError("typed");
console.log(`${e.name}: ${e.message}`);
return e.message;

// === error-capture-optional-catch-binding
let ok = true;
try { JSON.parse("nope"); } catch { ok = false; }
console.log("parsed?", ok);
const safe = <T,>(fn: () => T, fallback: T): T => { try { return fn(); } catch { return fallback; } };
console.log(safe(() => JSON.parse('{"a":1}'), null), safe(() => JSON.parse("x"), { fallback: true }));
return ok;

// === error-instanceof-across-subclasses
class ValidationError extends Error {
  readonly field: string;
  constructor(field: string, msg: string) { super(msg); this.field = field; }
  get name() { return "ValidationError"; }
}
const v = new ValidationError("email", "invalid email");
console.log(v.name, v.field, v.message, v instanceof ValidationError, Object.getPrototypeOf(v) === ValidationError.prototype);
console.log(String(v));
return [v.name, v.field];

// === error-with-errors-collected
const errors: Error[] = [];
const inputs = ["1", "x", "3", "", "5"];
const nums = inputs.flatMap((s, i) => {
  const n = parseInt(s, 10);
  if (Number.isNaN(n)) { errors.push(new Error(`row ${i}: ${JSON.stringify(s)}`)); return []; }
  return [n];
});
if (errors.length) console.log(new AggregateError(errors, `${errors.length} bad rows`).message);
console.log(errors.map((e) => e.message));
return nums;

// === error-stack-is-string
const e = new Error("x");
const lines = (e.stack ?? "").split("\n");
console.log(typeof e.stack, lines[0]);
return lines[0];

// === finally-with-async
const log: string[] = [];
async function task(fail: boolean) {
  try {
    await null;
    if (fail) throw new Error("failed task");
    log.push("ok");
  } finally {
    log.push("cleanup");
  }
}
await task(false);
await task(true).catch((e) => log.push(e.message));
console.log(log);
return log;

// === error-capture-stack-trace-guarded
class AppError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
    this.name = new.target.name;
    (Error as any).captureStackTrace?.(this, AppError);
  }
}
const e = new AppError("denied", "E_DENIED");
console.log(e.name, e.code, e.message, e instanceof AppError, typeof (Error as any).captureStackTrace);
return { name: e.name, code: e.code };

// === uncaught-custom-error
class QuotaExceeded extends Error { name = "QuotaExceeded"; }
console.log("about to fail");
throw new QuotaExceeded("daily quota of 100 calls exceeded");
