// === group-orders-by-customer
const orders = [
  { id: 1, customer: "ana", total: 30 },
  { id: 2, customer: "bo", total: 12.5 },
  { id: 3, customer: "ana", total: 7 },
  { id: 4, customer: "cy", total: 100 },
  { id: 5, customer: "bo", total: 2.5 },
];
const byCustomer: Record<string, number[]> = {};
for (const o of orders) (byCustomer[o.customer] ??= []).push(o.id);
console.log(byCustomer);
return byCustomer;

// === reduce-totals-per-key
const sales = [
  { region: "north", amount: 120 },
  { region: "south", amount: 80 },
  { region: "north", amount: 45 },
  { region: "east", amount: 10 },
  { region: "south", amount: 20 },
];
const totals = sales.reduce<Record<string, number>>((acc, s) => {
  acc[s.region] = (acc[s.region] ?? 0) + s.amount;
  return acc;
}, {});
console.log(totals);
return Object.entries(totals).sort((a, b) => b[1] - a[1]);

// === sort-multi-key-comparator
const people = [
  { name: "Zoe", age: 30 },
  { name: "adam", age: 25 },
  { name: "Bob", age: 30 },
  { name: "carl", age: 25 },
];
people.sort((a, b) => a.age - b.age || a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
console.log(people.map((p) => `${p.name}:${p.age}`).join(", "));
return people;

// === sort-stability-check
const items = Array.from({ length: 12 }, (_, i) => ({ k: i % 3, i }));
items.sort((a, b) => a.k - b.k);
console.log(items.map((x) => x.i).join(" "));
return items.map((x) => x.i);

// === dedupe-with-set
const tags = ["a", "b", "a", "c", "b", "d", "a"];
const unique = [...new Set(tags)];
console.log(unique, unique.length);
return unique;

// === dedupe-objects-by-key-with-map
const rows = [
  { id: 3, v: "x" },
  { id: 1, v: "y" },
  { id: 3, v: "z" },
  { id: 2, v: "w" },
  { id: 1, v: "q" },
];
const latest = new Map<number, { id: number; v: string }>();
for (const r of rows) latest.set(r.id, r);
console.log(latest);
return [...latest.values()];

// === object-entries-fromentries-transform
const prices = { apple: 1.2, banana: 0.5, cherry: 3 };
const doubled = Object.fromEntries(Object.entries(prices).map(([k, v]) => [k.toUpperCase(), v * 2]));
console.log(doubled);
const cheap = Object.fromEntries(Object.entries(prices).filter(([, v]) => v < 2));
return { doubled, cheap };

// === flatmap-expand-and-filter
const docs = [
  { title: "a", tags: ["x", "y"] },
  { title: "b", tags: [] },
  { title: "c", tags: ["z"] },
];
const pairs = docs.flatMap((d) => d.tags.map((t) => `${d.title}/${t}`));
console.log(pairs);
console.log([1, 2, 3, 4].flatMap((n) => (n % 2 ? [] : [n, n * 10])));
return pairs;

// === flat-depth-infinity
const nested = [1, [2, [3, [4, [5]]]], 6];
console.log(nested.flat());
console.log(nested.flat(Infinity));
return nested.flat(2);

// === structured-clone-deep-copy
const original = { a: 1, nested: { list: [1, 2, { deep: true }] }, when: new Date(Date.UTC(2024, 0, 2)), m: new Map([["k", 1]]), s: new Set([1, 2]) };
const copy = structuredClone(original);
copy.nested.list.push(4);
(copy.nested.list[2] as any).deep = false;
console.log(original.nested.list, copy.nested.list);
console.log(copy.when instanceof Date, copy.when.toISOString(), copy.m.get("k"), copy.s.has(2));
return copy.nested;

// === structured-clone-circular
const a: any = { name: "root" };
a.self = a;
const b = structuredClone(a);
console.log(b.self === b, b !== a, b.name);
return b.self.name;

// === json-round-trip-drops
const value = { n: 1, u: undefined, f() {}, d: new Date(Date.UTC(2020, 5, 15, 12)), nan: NaN, inf: -Infinity, arr: [undefined, () => 1, null] };
const text = JSON.stringify(value);
console.log(text);
const back = JSON.parse(text);
console.log(back);
return back;

// === array-chunking
const chunk = <T,>(xs: T[], n: number): T[][] => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
const parts = chunk([1, 2, 3, 4, 5, 6, 7], 3);
console.log(parts);
return parts;

// === zip-and-unzip
const names = ["a", "b", "c"];
const scores = [3, 1, 2];
const zipped = names.map((n, i) => [n, scores[i]] as const);
console.log(zipped);
const [ns, ss] = [zipped.map((z) => z[0]), zipped.map((z) => z[1])];
return { ns, ss };

// === top-n-by-score
const results = [
  { tool: "search", ms: 120 },
  { tool: "read", ms: 30 },
  { tool: "write", ms: 300 },
  { tool: "list", ms: 45 },
  { tool: "grep", ms: 210 },
];
const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 3);
console.log(slowest.map((r) => r.tool));
return slowest;

// === frequency-count-map
const words = "the quick brown fox jumps over the lazy dog the end".split(" ");
const freq = new Map<string, number>();
for (const w of words) freq.set(w, (freq.get(w) ?? 0) + 1);
const top = [...freq].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3);
console.log(top);
return Object.fromEntries(top);

// === set-operations
const A = new Set([1, 2, 3, 4]);
const B = new Set([3, 4, 5]);
const union = new Set([...A, ...B]);
const inter = [...A].filter((x) => B.has(x));
const diff = [...A].filter((x) => !B.has(x));
console.log(union, inter, diff);
return { union: [...union], inter, diff };

// === partition-by-predicate
const nums = [5, 12, 8, 130, 44, 3];
const [big, small] = nums.reduce<[number[], number[]]>(([y, n], x) => (x > 10 ? [[...y, x], n] : [y, [...n, x]]), [[], []]);
console.log("big", big, "small", small);
return { big, small };

// === array-find-last-and-at
const log = [
  { level: "info", msg: "start" },
  { level: "error", msg: "first" },
  { level: "info", msg: "mid" },
  { level: "error", msg: "second" },
];
console.log(log.findLast((l) => l.level === "error")?.msg, log.findLastIndex((l) => l.level === "info"));
console.log(log.at(-1)?.msg, log.at(0)?.msg, [1, 2, 3].at(-4));
return log.findIndex((l) => l.msg === "mid");

// === array-to-sorted-non-mutating
const orig = [3, 1, 2];
const sorted = orig.toSorted();
const reversed = orig.toReversed();
const spliced = orig.toSpliced(1, 1, 9, 9);
const replaced = orig.with(0, 100);
console.log(orig, sorted, reversed, spliced, replaced);
return { orig, sorted };

// === sort-numbers-default-vs-comparator
const ns = [10, 9, 1, 100, 25];
console.log([...ns].sort());
console.log([...ns].sort((a, b) => a - b));
console.log(["b", "B", "a", "A", "_", "1"].sort());
return [...ns].sort((a, b) => b - a);

// === nested-group-by-two-keys
const events = [
  { day: "mon", kind: "call", n: 1 },
  { day: "mon", kind: "mail", n: 2 },
  { day: "tue", kind: "call", n: 3 },
  { day: "mon", kind: "call", n: 4 },
];
const g: Record<string, Record<string, number>> = {};
for (const e of events) {
  g[e.day] ??= {};
  g[e.day][e.kind] = (g[e.day][e.kind] ?? 0) + e.n;
}
console.log(g);
return g;

// === map-object-keys-order
const obj: Record<string, number> = { b: 1, a: 2, 10: 3, 2: 4, "-1": 5 };
console.log(Object.keys(obj));
console.log(JSON.stringify(obj));
return Object.entries(obj);

// === array-from-and-fill
const grid = Array.from({ length: 3 }, (_, r) => Array(4).fill(0).map((_, c) => r * 4 + c));
console.log(grid);
console.log(new Array(3), [, 1, , 2]);
return grid;

// === object-group-by-polyfill-check
const hasGroupBy = typeof (Object as any).groupBy;
const hasMapGroupBy = typeof (Map as any).groupBy;
console.log(hasGroupBy, hasMapGroupBy);
return [hasGroupBy, hasMapGroupBy];

// === pick-and-omit-helpers
function pick<T extends object, K extends keyof T>(o: T, ...keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}
function omit<T extends object, K extends keyof T>(o: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...o };
  for (const k of keys) delete copy[k];
  return copy;
}
const user = { id: 7, name: "x", email: "x@y.z", admin: false };
console.log(pick(user, "id", "name"), omit(user, "email"));
return omit(user, "admin", "id");

// === running-sum-and-average
const readings = [3, 7, 2, 9, 4];
const running = readings.reduce<number[]>((acc, x) => [...acc, (acc.at(-1) ?? 0) + x], []);
const avg = readings.reduce((s, x) => s + x, 0) / readings.length;
console.log(running, avg, Math.max(...readings), Math.min(...readings));
return { running, avg };

// === index-by-id
const list = [
  { id: "u1", name: "ann" },
  { id: "u2", name: "ben" },
];
const byId = Object.fromEntries(list.map((u) => [u.id, u]));
const map = new Map(list.map((u) => [u.id, u.name]));
console.log(byId, map);
return byId.u2;

// === structured-clone-class-and-function
class Pt { constructor(public x: number) {} norm() { return Math.abs(this.x); } }
const c = structuredClone(new Pt(-3));
console.log(c, c instanceof Pt, (c as any).norm, Object.getPrototypeOf(c) === Object.prototype);
try { structuredClone({ f: () => 1 }); } catch (e) { console.log((e as Error).name); }
return c;

// === set-methods-with-fallback
const a = new Set([1, 2, 3]);
const b = new Set([2, 3, 4]);
const native = typeof (a as any).intersection === "function";
const inter = native ? [...(a as any).intersection(b)] : [...a].filter((x) => b.has(x));
console.log("native set methods:", native, inter);
return inter;

// === array-from-async-availability
const has = typeof (Array as any).fromAsync === "function";
async function* gen() { yield 1; yield 2; }
const arr: number[] = [];
for await (const x of gen()) arr.push(x);
console.log("Array.fromAsync:", has, arr);
return arr;

// === sort-with-undefined-and-holes
const xs = [3, undefined, 1, , 2, null, undefined] as any[];
const sorted = [...xs].sort();
console.log(sorted, sorted.length);
const byNum = xs.filter((x) => x != null).sort((a, b) => a - b);
return byNum;
