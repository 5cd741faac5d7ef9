// === url-manipulation
const u = new URL("https://user:pw@api.example.com:8443/v1/items/?q=red shoes&page=2&tag=a&tag=b#frag");
console.log(u.protocol, u.username, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin);
u.searchParams.set("page", "3");
u.searchParams.append("sort", "price desc");
u.searchParams.delete("tag");
u.hash = "";
console.log(u.href);
console.log(u.searchParams.get("q"), u.searchParams.getAll("tag"), u.searchParams.has("sort"), [...u.searchParams.keys()]);
const rel = new URL("../other?x=1", "https://example.com/a/b/c");
console.log(rel.toString(), new URL("//cdn.example.com/x.js", "https://example.com").href);
try { new URL("not a url"); } catch (e) { console.log((e as Error).name, (e as Error).message); }
console.log(URL.canParse?.("https://ok.example"), JSON.stringify({ u: new URL("https://x.dev/p") }));
return u.href;

// === search-params-build-and-parse
const params = new URLSearchParams({ q: "café & crème", limit: "10", empty: "" });
params.append("ids", "1");
params.append("ids", "2");
console.log(params.toString());
params.sort();
console.log(params.toString(), params.size);
const parsed = new URLSearchParams("?a=1&b=%20x%2By&a=2&c&d=&e=%E2%9C%93+ok");
console.log([...parsed], Object.fromEntries(parsed), parsed.getAll("a"));
console.log(parsed);
const fromEntries = new URLSearchParams([["x", "1"], ["y", "two words"]]);
console.log(`${fromEntries}`, encodeURIComponent("a b&c/d?é"), encodeURI("https://x.com/a b?q=é&r=1#h"), decodeURIComponent("%F0%9F%98%80"));
return params.toString();

// === text-encoder-bytes
const enc = new TextEncoder();
const dec = new TextDecoder();
const samples = ["hello", "héllo", "日本語", "😀", ""];
for (const s of samples) {
  const b = enc.encode(s);
  console.log(JSON.stringify(s), s.length, b.length, Array.from(b).map((x) => x.toString(16)).join(" "), dec.decode(b) === s);
}
console.log(enc.encode("hi"), enc.encoding, dec.encoding);
const bad = new Uint8Array([0x68, 0xff, 0x69]);
console.log(dec.decode(bad), new TextDecoder("utf-8", { fatal: false }).decode(bad).length);
try { new TextDecoder("utf-8", { fatal: true }).decode(bad); } catch (e) { console.log((e as Error).name); }
const into = new Uint8Array(4);
console.log(enc.encodeInto("añb", into), into);
return samples.map((s) => enc.encode(s).length);

// === base64-encode-decode
const toB64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
const fromB64 = (b: string) => new TextDecoder().decode(Uint8Array.from(atob(b), (c) => c.charCodeAt(0)));
const strs = ["Hello, World!", "ünïcödé ✓", "a", "ab", "abc"];
const encoded = strs.map(toB64);
console.log(encoded);
console.log(encoded.map(fromB64));
const urlSafe = (b: string) => b.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
console.log(urlSafe(btoa("\xff\xfe\xfd??>>")), atob("SGVsbG8="));
try { btoa("✓"); } catch (e) { console.log((e as Error).name, (e as Error).message); }
try { atob("***"); } catch (e) { console.log((e as Error).name, (e as Error).message); }
return encoded;

// === structured-clone-types
const original = {
  date: new Date(Date.UTC(2024, 1, 29)),
  map: new Map<string, number[]>([["a", [1, 2]]]),
  set: new Set(["x", "y"]),
  nested: { arr: [1, { deep: true }], re: /ab+c/gi },
  bytes: new Uint8Array([1, 2, 3]),
  big: 12n,
};
const copy = structuredClone(original);
copy.map.get("a")!.push(3);
(copy.nested.arr[1] as any).deep = false;
console.log(original.map.get("a"), copy.map.get("a"), (original.nested.arr[1] as any).deep);
console.log(copy.date instanceof Date, copy.date.toISOString(), copy.set.has("y"), copy.nested.re.flags, copy.bytes, copy.big);
console.log(copy);
const errs: string[] = [];
for (const bad of [() => 1, Symbol("s"), { f() {} }]) {
  try { structuredClone(bad as any); } catch (e) { errs.push(`${(e as Error).name}: ${(e as Error).message}`); }
}
console.log(errs);
const cyc: any = { name: "loop" };
cyc.self = cyc;
const c2 = structuredClone(cyc);
console.log(c2.self === c2, c2 !== cyc);
return errs.length;

// === generators-lazy-pipeline
function* naturals(start = 1) { for (let n = start; ; n++) yield n; }
function* take<T>(it: Iterable<T>, n: number) { if (n <= 0) return; for (const x of it) { yield x; if (--n <= 0) return; } }
function* filter<T>(it: Iterable<T>, p: (x: T) => boolean) { for (const x of it) if (p(x)) yield x; }
function* map<T, U>(it: Iterable<T>, f: (x: T) => U) { for (const x of it) yield f(x); }
const firstSquaresOfOdds = [...take(map(filter(naturals(), (n) => n % 2 === 1), (n) => n * n), 6)];
console.log(firstSquaresOfOdds);
function* fib() { let [a, b] = [0, 1]; while (true) { yield a; [a, b] = [b, a + b]; } }
console.log([...take(fib(), 12)]);
const gen = (function* () { const x: number = yield 1; console.log("got", x); const y: number = yield x * 2; return x + y; })();
console.log(gen.next(), gen.next(10), gen.next(5), gen.next());
function* delegating() { yield* [1, 2]; const r = yield* (function* () { yield 3; return "inner-done"; })(); yield r; }
console.log([...delegating()], naturals(), Object.prototype.toString.call(fib()));
return firstSquaresOfOdds;

// === labeled-loops-search
const grid = [
  [1, 3, 5, 7],
  [9, 11, 12, 15],
  [17, 19, 21, 23],
];
let found: [number, number] | null = null;
let visited = 0;
search: for (let r = 0; r < grid.length; r++) {
  for (let c = 0; c < grid[r].length; c++) {
    visited++;
    if (grid[r][c] % 2 === 0) { found = [r, c]; break search; }
  }
}
console.log(found, visited);
const skipped: string[] = [];
rows: for (const [i, row] of grid.entries()) {
  for (const v of row) if (v > 20) { skipped.push(`row ${i} at ${v}`); continue rows; }
  skipped.push(`row ${i} complete`);
}
console.log(skipped);
let k = 0;
block: { k++; if (k > 0) break block; k = 100; }
console.log(k);
return { found, visited, skipped };

// === destructuring-defaults-and-rest
function connect({ host = "localhost", port = 5432, ssl: { enabled = false, ca } = {} as { enabled?: boolean; ca?: string }, ...rest }: any = {}) {
  return { host, port, enabled, ca, rest };
}
console.log(connect());
console.log(connect({ host: "db", ssl: { enabled: true }, poolSize: 5, name: "main" }));
const [first, , third = "def", ...others] = ["a", "b", undefined, "d", "e"];
console.log(first, third, others);
const { a: { b: deep = 1 } = {}, ...remaining } = { c: 3, d: 4 } as any;
console.log(deep, remaining);
let x = 1, y = 2;
[x, y] = [y, x];
const swapped = { x, y };
const { length, 0: firstChar, [length - 1]: lastChar } = "hello";
console.log(swapped, length, firstChar, lastChar);
const fn = ([p, q] = [7, 8], { r = p + q } = {}) => [p, q, r];
console.log(fn(), fn([1, 2]), fn(undefined, { r: 0 }));
return connect({ port: 6543 });

// === optional-chaining-and-nullish
type User = { name: string; address?: { city?: string; geo?: { lat: number } }; tags?: string[]; greet?: () => string };
const users: (User | null)[] = [
  { name: "A", address: { city: "Paris", geo: { lat: 48.8 } }, tags: ["x"], greet: () => "hi from A" },
  { name: "B", address: {} },
  { name: "C" },
  null,
];
for (const u of users) {
  console.log(u?.name ?? "(null user)", u?.address?.city ?? "unknown city", u?.address?.geo?.lat?.toFixed(1), u?.tags?.[0] ?? "-", u?.greet?.() ?? "no greet");
}
const settings: { retries?: number | null; verbose?: boolean } = { retries: 0, verbose: false };
console.log(settings.retries ?? 3, settings.retries || 3, settings.verbose ?? true, (null as any)?.a.b.c);
let conf: any = {};
conf.timeout ??= 1000;
conf.timeout ??= 5;
conf.name ||= "default";
conf.count &&= conf.count + 1;
console.log(conf);
return users.map((u) => u?.address?.city ?? null);

// === json-roundtrip-edge-values
const value = {
  str: "line\nbreak \"quoted\" \u2028 tab\t",
  num: [1, -0, 1e21, 1.5e-7, NaN, Infinity],
  nested: { undef: undefined, fn: () => 1, sym: Symbol("x"), nul: null },
  arr: [undefined, () => 1, Symbol("y")],
  date: new Date(Date.UTC(2020, 0, 1)),
  map: new Map([["k", 1]]),
  set: new Set([1]),
};
const json = JSON.stringify(value);
console.log(json);
console.log(JSON.stringify(value, ["str", "num"]), JSON.stringify([new Boolean(true), new String("s"), new Number(3)]));
console.log(JSON.stringify({ a: [1, { b: 2 }] }, null, "--"), JSON.stringify("\u{1F600}\ud800"));
const back = JSON.parse(json);
console.log(back, Object.keys(back.nested));
console.log(JSON.stringify({ toJSON() { return { replaced: true }; } }), JSON.stringify(undefined), JSON.stringify(null), JSON.parse("  [1]  "));
return back;

// === console-log-formats
console.log(new Map([["a", { x: 1 }], ["b", { y: [1, 2, 3] }]]));
console.log(new Set([[1, 2], "s", { k: null }]));
console.log([undefined, null, NaN, -0, 0, 1n, Symbol("q"), () => {}, function named() {}, class K {}]);
console.log({ "key with space": 1, valid_id: 2, 3: "num key", "über": 4, [Symbol("s")]: 5 });
console.log([1, , 3], new Array(5), [, ,], Object.assign([1, 2], { extra: true }));
console.log({ a: { b: { c: { d: { e: 1 } } } } }, [[[["deep"]]]]);
console.log(Array.from({ length: 120 }, (_, i) => i));
console.log("str", 42, true, null, undefined, { s: "quoted 'single'" }, ["it's"]);
console.log(new Error("in array").message, [new Date(Date.UTC(2020, 5, 15))], { d: new Date(0) });
console.log("x".repeat(100).split(""), { long: "y".repeat(90), arr: Array(30).fill("ab") });
return "ok";
