// === safe-get-nested-config
const config: any = { db: { host: "localhost" } };
function get(path: string) {
  try {
    return path.split(".").reduce((o: any, k) => o[k], config);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}
const out = ["db.host", "db.port", "cache.ttl", "cache.ttl.ms"].map(get);
out.forEach((v) => console.log(String(v)));
return out.map(String);

// === call-missing-method-report
const handlers: Record<string, any> = { start: () => "started" };
const results: string[] = [];
for (const name of ["start", "stop"]) {
  try {
    results.push(handlers[name]());
  } catch (err) {
    results.push(`${(err as Error).name}: ${(err as Error).message}`);
  }
}
console.log(results.join("\n"));
return results;

// === undefined-function-call-message
let callback: any;
try {
  callback("x");
} catch (e: any) {
  console.log(e instanceof TypeError, e.message);
}
const api: any = { users: { list: () => [1, 2] } };
try {
  api.users.fetch();
} catch (e: any) {
  console.log(e.message);
}
try {
  api.posts.list();
} catch (e: any) {
  console.log(e.message);
}
return "done";

// === array-method-typo
const items = [3, 1, 2];
try {
  (items as any).sortBy((a: number, b: number) => a - b);
} catch (e) {
  console.log(`Caught: ${(e as Error).message}`);
}
try {
  (items as any).flatmap((x: number) => [x]);
} catch (e) {
  console.log(`Caught: ${(e as Error).message}`);
}
return items;

// === set-property-on-undefined
const state: any = {};
try {
  state.user.name = "bob";
} catch (e) {
  console.log((e as Error).message);
}
let target: any = null;
try {
  target.count = 1;
} catch (e) {
  console.log((e as Error).message);
}
return Object.keys(state);

// === const-reassign-caught
const code = `
const limit = 10;
limit = 20;
`;
try {
  const fn = new Function(code);
  fn();
} catch (e) {
  console.log((e as Error).constructor.name, (e as Error).message);
}
return "ok";

// === not-a-constructor
const factories: any = { makeUser: (n: string) => ({ n }) };
try {
  new factories.makeUser("a");
} catch (e) {
  console.log((e as Error).message);
}
const Arrow = () => 1;
try {
  new (Arrow as any)();
} catch (e) {
  console.log((e as Error).message);
}
return 1;

// === not-iterable-object
const data: any = { a: 1, b: 2 };
try {
  for (const x of data) console.log(x);
} catch (e) {
  console.log(e instanceof TypeError);
}
try {
  const [first] = data;
  console.log(first);
} catch (e) {
  console.log(e instanceof TypeError);
}
return Object.entries(data);

// === invalid-array-length-and-repeat
const errs: string[] = [];
try { new Array(-5); } catch (e) { errs.push(`${(e as Error).name}: ${(e as Error).message}`); }
try { "ab".repeat(-1); } catch (e) { errs.push(`${(e as Error).name}: ${(e as Error).message}`); }
try { const a: number[] = []; a.length = -1; } catch (e) { errs.push(`${(e as Error).name}: ${(e as Error).message}`); }
errs.forEach((m) => console.log(m));
return errs;

// === number-format-ranges
const attempts = [() => (1.5).toFixed(101), () => (1.5).toPrecision(0), () => (255).toString(40), () => (1.5).toFixed(2)];
const res = attempts.map((f) => {
  try { return f(); } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; }
});
console.log(res);
return res;

// === bigint-mixing-errors
const big = 10n;
const msgs: string[] = [];
try { console.log((big as any) + 1); } catch (e) { msgs.push((e as Error).message); }
try { console.log((big as any) * 2.5); } catch (e) { msgs.push((e as Error).message); }
try { Math.max(big as any, 1); } catch (e) { msgs.push((e as Error).message); }
try { JSON.stringify({ big }); } catch (e) { msgs.push((e as Error).message); }
try { BigInt(1.5); } catch (e) { msgs.push((e as Error).message); }
try { BigInt("12abc"); } catch (e) { msgs.push((e as Error).message); }
console.log(msgs.join("\n"));
return { sum: String(big + BigInt(1)), msgs };

// === symbol-conversion-errors
const sym = Symbol("id");
const out: string[] = [];
try { out.push("key: " + (sym as any)); } catch (e) { out.push((e as Error).message); }
try { out.push(`${sym as any}`); } catch (e) { out.push((e as Error).message); }
try { out.push(String(+(sym as any))); } catch (e) { out.push((e as Error).message); }
out.push(String(sym), sym.toString(), sym.description ?? "");
console.log(out);
return out;

// === frozen-object-writes
const settings = Object.freeze({ mode: "prod", retries: 3 });
const errors: string[] = [];
function strictly(f: () => void) {
  try { f(); } catch (e) { errors.push((e as Error).message); }
}
strictly(function () { "use strict"; (settings as any).mode = "dev"; });
strictly(function () { "use strict"; (settings as any).extra = true; });
strictly(function () { "use strict"; delete (settings as any).retries; });
class Point { constructor(public x: number) { Object.freeze(this); } }
strictly(function () { "use strict"; (new Point(1) as any).x = 2; });
const sealed = Object.seal({ a: 1 });
strictly(function () { "use strict"; (sealed as any).b = 2; });
errors.forEach((m) => console.log(m));
return errors;

// === uri-decode-failures
const inputs = ["%E4%BD%A0%E5%A5%BD", "100%", "%zz", "a%20b"];
const decoded = inputs.map((s) => {
  try { return decodeURIComponent(s); } catch (e) { return `${(e as Error).name}: ${(e as Error).message}`; }
});
console.log(decoded);
try { encodeURIComponent("\uD800"); } catch (e) { console.log((e as Error).message); }
return decoded;

// === promise-any-all-rejected
const tasks = [Promise.reject(new Error("a failed")), Promise.reject(new Error("b failed"))];
try {
  await Promise.any(tasks);
} catch (e) {
  const agg = e as AggregateError;
  console.log(agg.name, agg.message, agg.errors.map((x: Error) => x.message));
  console.log(agg instanceof AggregateError, agg instanceof Error, String(agg));
}
return "handled";

// === tdz-and-undefined-variable
const results: string[] = [];
try {
  // @ts-ignore
  console.log(notDeclared);
} catch (e) {
  results.push(`${(e as Error).name}: ${(e as Error).message}`);
}
try {
  const f = () => later;
  f();
  const later = 1;
} catch (e) {
  results.push(`${(e as Error).name}: ${(e as Error).message}`);
}
console.log(results);
return results;

// === class-called-without-new
class Service { run() { return 1; } }
try {
  (Service as any)();
} catch (e) {
  console.log((e as Error).message);
}
try {
  [].reduce((a: number, b: number) => a + b);
} catch (e) {
  console.log((e as Error).message);
}
return "ok";

// === error-capture-stack-trace-custom
class AppError extends Error {
  code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = "AppError";
    this.code = code;
    if (Error.captureStackTrace) Error.captureStackTrace(this, AppError);
  }
}
const e = new AppError("E_CONF", "missing key");
console.log(e.stack!.split("\n")[0]);
console.log(Object.prototype.hasOwnProperty.call(e, "stack"), e instanceof AppError, e.code);
const plain: any = { message: "not an error" };
Error.captureStackTrace(plain);
console.log(plain.stack.split("\n")[0], typeof plain.stack);
return { name: e.name, code: e.code, message: e.message };

// === error-own-property-names
const err = new TypeError("bad input");
console.log(Object.getOwnPropertyNames(err).sort());
console.log(err.hasOwnProperty("stack"), err.hasOwnProperty("message"), Object.keys(err));
const serialized = JSON.parse(JSON.stringify(err, ["name", "message"]));
console.log(serialized);
return serialized;

// === retry-with-error-messages
async function flaky(n: number): Promise<string> {
  const o: any = n < 2 ? undefined : { value: "ok" };
  return o.value;
}
const log: string[] = [];
let result = "";
for (let attempt = 0; attempt < 3; attempt++) {
  try {
    result = await flaky(attempt);
    break;
  } catch (e) {
    log.push(`attempt ${attempt} failed: ${(e as Error).message}`);
  }
}
log.forEach((l) => console.log(l));
return { result, log };

// === error-to-result-wrapper
type Result<T> = { ok: true; value: T } | { ok: false; error: string };
function attempt<T>(fn: () => T): Result<T> {
  try { return { ok: true, value: fn() }; } catch (e) { return { ok: false, error: e instanceof Error ? e.message : String(e) }; }
}
const rs = [
  attempt(() => JSON.parse('{"a":1}')),
  attempt(() => JSON.parse("{a:1}")),
  attempt(() => (null as any).length),
  attempt(() => { throw "plain string"; }),
];
rs.forEach((r) => console.log(JSON.stringify(r)));
return rs;
