// === misc2-proxy-validation-model
const handler: ProxyHandler<Record<string, unknown>> = {
  set(target, prop, value) {
    if (prop === "age" && (typeof value !== "number" || value < 0)) throw new TypeError(`invalid age: ${value}`);
    target[prop as string] = value;
    return true;
  },
  get(target, prop) { return prop in target ? target[prop as string] : `<no ${String(prop)}>`; },
  has(target, prop) { return !String(prop).startsWith("_") && prop in target; },
  ownKeys(target) { return Reflect.ownKeys(target).filter((k) => !String(k).startsWith("_")); },
};
const person = new Proxy<Record<string, unknown>>({ _secret: 1 }, handler);
person.name = "Ivy";
person.age = 31;
let err = "";
try { person.age = -2; } catch (e) { err = (e as Error).message; }
console.log(person.name, person.missing, "_secret" in person, Object.keys(person), err);
return { keys: Object.keys(person), err };

// === misc2-reflect-ownkeys-order
const sym = Symbol("meta");
const o: any = { z: 1, 10: "ten", a: 2, 2: "two", [sym]: true, "-1": "neg", "01": "zero-one" };
Object.defineProperty(o, "hidden", { value: 1, enumerable: false });
const info = {
  ownKeys: Reflect.ownKeys(o).map(String),
  keys: Object.keys(o),
  names: Object.getOwnPropertyNames(o),
  symbols: Object.getOwnPropertySymbols(o).length,
  forIn: [] as string[],
};
for (const k in o) info.forIn.push(k);
console.log(info);
return info;

// === misc2-tagged-template-sql-escape
function sql(strings: TemplateStringsArray, ...values: unknown[]) {
  const params: unknown[] = [];
  const text = strings.reduce((acc, s, i) => {
    if (i === 0) return s;
    params.push(values[i - 1]);
    return `${acc}$${params.length}${s}`;
  }, "");
  return { text, params };
}
const user = "o'brien";
const minAge = 21;
const q = sql`SELECT * FROM users WHERE name = ${user} AND age >= ${minAge} LIMIT ${10}`;
const raw = String.raw`C:\new\table ${1 + 1}\t`;
console.log(q);
console.log(raw, raw.length);
return { q, raw };

// === misc2-weakref-deref-present
const target = { big: "data" };
const ref = new WeakRef(target);
const registry = new FinalizationRegistry<string>(() => {});
registry.register(target, "target");
console.log(ref.deref()?.big, typeof ref.deref(), ref instanceof WeakRef, Object.prototype.toString.call(ref));
return ref.deref()?.big ?? null;

// === misc2-array-misc-methods
const a = [1, 2, 3, 4, 5];
const res = {
  copyWithin: [...a].copyWithin(0, 3),
  fill: new Array(5).fill(0).fill(7, 1, 3),
  includesFrom: [a.includes(1, 1), a.includes(5, -1)],
  lastIndexOf: [1, 2, 1, 2].lastIndexOf(2),
  joinNested: [[1, 2], [3, [4]]].join(";"),
  joinNulls: [null, undefined, 1].join("-"),
  keysEntries: [...["x", "y"].entries()],
  reverseInPlace: [...a].reverse(),
  sliceNeg: a.slice(-2),
  spliceReturn: [...a].splice(1, 2),
  concatSpread: [0].concat(a.slice(0, 2), [[9]] as any, 10 as any),
  isArray: [Array.isArray([]), Array.isArray(new Uint8Array(1)), Array.isArray({ length: 0 })],
};
console.log(res);
return res;

// === misc2-string-methods-less-common
const s = "Hello, World";
const res = {
  localeUpper: "istanbul".toLocaleUpperCase("en-US"),
  normalizeNFKC: "ﬁ①Ａ".normalize("NFKC"),
  codePoints: [..."a😀"].map((c) => c.codePointAt(0)),
  fromCodePoint: String.fromCodePoint(0x1f600, 0x41),
  concat: "a".concat("b", String(1), String(null)),
  trimStartEnd: ["  x  ".trimStart() + "|", "|" + "  x  ".trimEnd()],
  search: s.search(/o/),
  matchNoG: s.match(/(o)(r)?/)?.map((g) => g ?? null),
  localeCompare: ["a".localeCompare("b"), "b".localeCompare("a"), "a".localeCompare("a")],
  isWellFormed: typeof ("" as any).isWellFormed,
  charAtOut: JSON.stringify(s.charAt(100)),
  indexOfEmpty: [s.indexOf(""), s.indexOf("", 100), s.lastIndexOf("")],
};
console.log(res);
return res;

// === misc2-math-helpers-realistic
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const deg = (r: number) => (r * 180) / Math.PI;
const res = {
  clamp: [clamp(-5, 0, 10), clamp(15, 0, 10), clamp(5, 0, 10)],
  lerp: [0, 0.25, 0.5, 1].map((t) => lerp(10, 20, t)),
  hypot: Math.hypot(3, 4, 12),
  cbrt: Math.cbrt(27),
  log: [Math.log10(1000), Math.log2(1024), +Math.log1p(1e-10).toPrecision(4), +Math.expm1(1e-10).toPrecision(4)],
  trig: [deg(Math.atan2(1, 1)), +Math.sin(Math.PI / 6).toFixed(10), +Math.cos(Math.PI).toFixed(10)],
  fround: Math.fround(5.05),
  clz32: [Math.clz32(1), Math.clz32(0), Math.clz32(0xffffffff)],
  imul: Math.imul(0x7fffffff, 3),
  minMaxEmpty: [String(Math.min()), String(Math.max())],
  pow: [2 ** -1, (-8) ** (1 / 3), 0 ** 0],
};
console.log(res);
return JSON.parse(JSON.stringify(res));

// === misc2-switch-fallthrough-and-labels
function classify(code: number): string {
  switch (true) {
    case code >= 500: return "server";
    case code >= 400: return "client";
    case code >= 300: return "redirect";
    default: return "ok";
  }
}
function daysIn(month: string): number {
  switch (month) {
    case "feb": return 28;
    case "apr": case "jun": case "sep": case "nov": return 30;
    default: return 31;
  }
}
const out: string[] = [];
block: {
  out.push("start");
  if (out.length) break block;
  out.push("never");
}
console.log([200, 301, 404, 503].map(classify), ["jan", "feb", "jun"].map(daysIn), out);
return { codes: [200, 301, 404, 503].map(classify), out };

// === misc2-destructuring-defaults-rest
const config = { host: "localhost", ports: [80, 443, 8080], opts: { tls: true } };
const { host, port = 3000, ports: [first, ...others], opts: { tls, cert = "none" } } = config as any;
const [a = 1, , c = 3, ...rest] = [undefined, 2, null, 4, 5];
const swap = (() => { let x = 1, y = 2; [x, y] = [y, x]; return [x, y]; })();
const fn = ({ name = "anon", tags = [] as string[] } = {}) => `${name}:${tags.length}`;
console.log({ host, port, first, others, tls, cert }, [a, c, rest], swap, fn(), fn({ name: "z" }));
return { host, port, first, others, tls, cert, a, c, rest, swap };

// === misc2-getter-on-prototype-vs-own-console
const proto = { get kind() { return "proto-getter"; }, greet() { return "hi"; } };
const obj = Object.create(proto, { own: { value: 1, enumerable: true }, hiddenOwn: { value: 2, enumerable: false } });
obj.plain = "x";
console.log(obj, obj.kind, Object.keys(obj));
const withGetter = Object.defineProperty({}, "computed", { get: () => 42, enumerable: true });
console.log(withGetter, { ...withGetter });
return { keys: Object.keys(obj), spread: { ...withGetter } };

// === misc2-closures-counters-and-once
function once<T extends (...a: any[]) => any>(fn: T) {
  let called = false, result: ReturnType<T>;
  return (...args: Parameters<T>): ReturnType<T> => {
    if (!called) { called = true; result = fn(...args); }
    return result;
  };
}
function makeCounter(start = 0) {
  let n = start;
  return { inc: () => ++n, dec: () => --n, get value() { return n; } };
}
const init = once((x: number) => { console.log("initializing with", x); return x * 2; });
const results = [init(5), init(10), init(0)];
const c1 = makeCounter(), c2 = makeCounter(100);
c1.inc(); c1.inc(); c2.dec();
const fns: (() => number)[] = [];
for (let i = 0; i < 3; i++) fns.push(() => i);
console.log(results, c1.value, c2.value, fns.map((f) => f()));
return { results, c1: c1.value, c2: c2.value };

// === misc2-number-edge-conversions
const res = {
  radixFrac: (0.5).toString(2),
  radixNeg: (-255).toString(16),
  bigFixed: (1e20).toFixed(2),
  maxSafe: Number.MAX_SAFE_INTEGER + 2,
  epsilon: Number.EPSILON > 0,
  minValue: Number.MIN_VALUE.toString(),
  parseHuge: String(parseFloat("1e1000")),
  intDiv: [Math.trunc(7 / 2), Math.trunc(-7 / 2), 7 % -3, -7 % 3],
  roundHalf: [Math.round(0.5), Math.round(1.5), Math.round(-0.5) === 0, Math.round(-1.5)],
  isInteger: [Number.isInteger(5.0), Number.isInteger("5" as any), Number.isSafeInteger(2 ** 53)],
  toStringBig: String(123456789012345680000),
  exp: [1e21.toString(), (1e21).toLocaleString("en-US")],
};
console.log(res);
return res;

// === misc2-async-generators-merge-streams
async function* ticker(name: string, n: number, ms: number) {
  for (let i = 1; i <= n; i++) { await new Promise((r) => setTimeout(r, ms)); yield `${name}${i}`; }
}
async function* merge<T>(...its: AsyncGenerator<T>[]) {
  const pending = new Map(its.map((it, i) => [i, it.next().then((r) => ({ r, i }))]));
  while (pending.size) {
    const { r, i } = await Promise.race(pending.values());
    if (r.done) { pending.delete(i); continue; }
    pending.set(i, its[i].next().then((r) => ({ r, i })));
    yield r.value;
  }
}
const out: string[] = [];
for await (const v of merge(ticker("a", 3, 100), ticker("b", 2, 250), ticker("c", 1, 10))) out.push(v);
console.log(out.join(" "));
return out;

// === misc2-object-utilities-entries-assign
const target = { a: 1, nested: { x: 1 } };
const merged = Object.assign(target, { b: 2 }, null, { a: 10 }, "hi" as any);
const entries = Object.entries("ab");
const fromMap = Object.fromEntries(new Map([["k", [1, 2]]]));
const hasOwn = [Object.hasOwn(merged, "a"), Object.hasOwn(merged, "toString"), "toString" in merged];
const same = [Object.is(NaN, NaN), Object.is(0, -0), NaN === NaN];
const values = Object.values({ x: 1, y: [2], z: { w: 3 } });
console.log(merged, merged === target, entries, fromMap, hasOwn, same, values);
return { merged, entries, fromMap, hasOwn, same };
