// === coll-map-counter-and-sort-entries
const visits = ["/home", "/about", "/home", "/blog/1", "/home", "/blog/2", "/about", "/blog/1"];
const counts = new Map<string, number>();
for (const v of visits) counts.set(v, (counts.get(v) ?? 0) + 1);
const sorted = new Map([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
console.log(counts);
console.log(sorted);
console.log([...sorted.keys()].slice(0, 2), sorted.size);
return [...sorted];

// === coll-map-object-keys-and-nested
const byUser = new Map<{ id: number }, string[]>();
const u1 = { id: 1 }, u2 = { id: 2 };
byUser.set(u1, ["read"]).set(u2, ["read", "write"]);
byUser.get(u1)!.push("comment");
const lookup = byUser.get({ id: 1 });
const nested = new Map([["config", new Map([["retries", 3], ["verbose", 0]])], ["empty", new Map()]]);
console.log(byUser);
console.log(nested, lookup);
return { sizes: [byUser.size, nested.size], found: lookup === undefined };

// === coll-set-union-intersection-manual
const a = new Set(["ts", "go", "rust", "py"]);
const b = new Set(["py", "js", "ts", "c"]);
const union = new Set([...a, ...b]);
const inter = new Set([...a].filter((x) => b.has(x)));
const diff = new Set([...a].filter((x) => !b.has(x)));
const sym = new Set([...union].filter((x) => !inter.has(x)));
const subset = [...inter].every((x) => a.has(x));
console.log({ union, inter, diff, sym, subset });
return { union: [...union], inter: [...inter], diff: [...diff], sym: [...sym].sort() };

// === coll-weakmap-private-data
const privates = new WeakMap<object, { secret: string; hits: number }>();
class Token {
  constructor(secret: string) { privates.set(this, { secret, hits: 0 }); }
  check(guess: string) {
    const p = privates.get(this)!;
    p.hits++;
    return guess === p.secret;
  }
  get hits() { return privates.get(this)!.hits; }
}
const t = new Token("s3cr3t");
const results = [t.check("x"), t.check("s3cr3t"), t.check("S3CR3T")];
console.log(results, t.hits, Object.keys(t), privates.has(t), privates.has({}));
console.log(t, privates);
return { results, hits: t.hits };

// === coll-weakset-visited-objects
const seen = new WeakSet<object>();
function countUnique(nodes: object[]) {
  let n = 0;
  for (const node of nodes) if (!seen.has(node)) { seen.add(node); n++; }
  return n;
}
const x = { a: 1 }, y = { a: 1 }, z = [1];
const first = countUnique([x, y, x, z, z]);
const second = countUnique([x, { a: 1 }]);
console.log(first, second, seen.has(y), seen instanceof WeakSet);
return [first, second];

// === coll-map-iteration-while-mutating
const m = new Map([["a", 1], ["b", 2], ["c", 3]]);
const visited: string[] = [];
for (const [k, v] of m) {
  visited.push(k);
  if (k === "a") { m.delete("b"); m.set("d", 4); }
  if (v > 10) break;
}
const s = new Set([1, 2, 3]);
const order: number[] = [];
for (const x of s) { order.push(x); if (x < 3) s.add(x + 10); s.delete(x); }
console.log(visited, m, order, s);
return { visited, order };

// === coll-map-from-object-and-back
const prices = { apple: 1.2, banana: 0.5, "dragon fruit": 4 };
const m = new Map(Object.entries(prices));
m.set("cherry", 3).delete("banana");
const back = Object.fromEntries(m);
const doubled = new Map([...m].map(([k, v]) => [k, v * 2]));
console.log(m, back);
console.log(JSON.stringify(m), JSON.stringify([...doubled]));
return back;

// === coll-array-at-findlast-tosorted
const events = [
  { t: 1, type: "start" }, { t: 4, type: "error" }, { t: 6, type: "ok" }, { t: 9, type: "error" }, { t: 12, type: "stop" },
];
const lastError = events.findLast((e) => e.type === "error");
const lastErrorIdx = events.findLastIndex((e) => e.type === "error");
const byTypeDesc = events.toSorted((a, b) => b.type.localeCompare(a.type));
const reversed = events.toReversed().map((e) => e.t);
const replaced = events.with(0, { t: 0, type: "init" }).map((e) => e.type);
const spliced = events.toSpliced(1, 3).map((e) => e.t);
console.log(lastError, lastErrorIdx, events.at(-1)?.type, events.at(-10));
console.log(byTypeDesc.map((e) => e.type), reversed, replaced, spliced, events.length);
return { lastErrorIdx, reversed, replaced, spliced };

// === coll-array-flat-flatmap-nested
const tree = [1, [2, [3, [4, [5]]]], [], [[6]]];
const outputs = {
  flat1: tree.flat(),
  flat2: tree.flat(2),
  flatAll: tree.flat(Infinity),
  sentences: ["hello world", "foo bar baz"].flatMap((s) => s.split(" ")),
  pairs: [1, 2, 3].flatMap((x) => [[x, x * x]]),
  holes: [1, , 3].flat(),
};
console.log(outputs);
return outputs;

// === coll-array-includes-indexof-nan
const xs = [1, NaN, 3, -0, "3"];
const checks = {
  includesNaN: xs.includes(NaN),
  indexOfNaN: xs.indexOf(NaN),
  includesZero: xs.includes(0),
  indexOfZero: xs.indexOf(0),
  includes3str: xs.includes("3"),
  findNaN: xs.findIndex((x) => Number.isNaN(x)),
  setHasNaN: new Set(xs).has(NaN),
  setSize: new Set([NaN, NaN, 0, -0]).size,
};
console.log(checks);
return checks;

// === coll-array-sort-comparators-mixed
const files = ["file10.txt", "File2.txt", "file1.txt", "file20.TXT", "file3.txt", "_hidden", "File1.txt"];
const plain = files.toSorted();
const natural = files.toSorted((a, b) => a.localeCompare(b, "en", { numeric: true, sensitivity: "base" }) || a.localeCompare(b));
const byExtThenName = files.toSorted((a, b) => {
  const ea = a.split(".").pop()!.toLowerCase(), eb = b.split(".").pop()!.toLowerCase();
  return ea < eb ? -1 : ea > eb ? 1 : a < b ? -1 : a > b ? 1 : 0;
});
console.log(plain);
console.log(natural);
console.log(byExtThenName);
return { plain, natural };

// === coll-array-reduce-right-and-every-some
const steps = ["parse", "validate", "transform", "save"];
const nested = steps.reduceRight((inner, step) => ({ step, next: inner }), null as any);
const allShort = steps.every((s) => s.length < 10);
const anyV = steps.some((s) => s.startsWith("v"));
const emptyEvery = [].every(() => false);
const emptySome = [].some(() => true);
console.log(JSON.stringify(nested));
console.log(allShort, anyV, emptyEvery, emptySome);
console.log(nested);
return { nested, allShort, anyV, emptyEvery, emptySome };

// === coll-array-from-iterables
const fromString = Array.from("héllo😀");
const fromSet = Array.from(new Set([3, 1, 3, 2]));
const fromMap = Array.from(new Map([["a", 1], ["b", 2]]), ([k, v]) => k + v);
const fromLike = Array.from({ length: 4, 0: "x", 2: "z" });
const range = Array.from({ length: 5 }, (_, i) => i * i);
const fromGen = Array.from((function* () { yield 1; yield 2; })());
console.log(fromString, fromSet, fromMap, fromLike, range, fromGen);
return { fromString, fromSet, fromMap, range, fromGen, likeLen: fromLike.length };

// === coll-sparse-and-holes-console
const sparse: number[] = [];
sparse[2] = 5;
sparse[7] = 9;
const withHoles = [1, , , 4];
console.log(sparse, sparse.length);
console.log(withHoles, new Array(3), [undefined, null]);
const filled = Array.from(sparse, (x) => x ?? 0);
console.log(filled, Object.keys(sparse));
return filled;

// === coll-symbol-iterator-custom-range
class Range implements Iterable<number> {
  constructor(private start: number, private end: number, private step = 1) {}
  *[Symbol.iterator]() { for (let i = this.start; this.step > 0 ? i < this.end : i > this.end; i += this.step) yield i; }
  get length() { return Math.max(0, Math.ceil((this.end - this.start) / this.step)); }
}
const r = new Range(0, 10, 3);
const down = new Range(5, 0, -2);
const [first, ...rest] = r;
console.log([...r], [...down], first, rest, r.length, down.length);
console.log(r, Math.max(...new Range(1, 6)));
return { up: [...r], down: [...down] };

// === coll-iterator-protocol-manual-next
const arr = ["x", "y"];
const it = arr[Symbol.iterator]();
const steps = [it.next(), it.next(), it.next(), it.next()];
const m = new Map([[1, "one"]]);
const entries = m.entries();
const e1 = entries.next();
const e2 = entries.next();
console.log(steps);
console.log(e1, e2, typeof it[Symbol.iterator]);
return { done: steps.map((s) => s.done), e1: e1.value, e2done: e2.done };

// === coll-generator-return-and-throw
function* counter() {
  let i = 0;
  try {
    while (true) {
      const cmd: string | undefined = yield i++;
      if (cmd === "reset") i = 0;
    }
  } finally {
    console.log("generator cleanup at", i);
  }
}
const g = counter();
const out = [g.next().value, g.next().value, g.next("reset").value, g.next().value];
const ret = g.return(99);
const after = g.next();
console.log(out, ret, after);
function* thrower() { try { yield 1; } catch (e) { yield `caught ${(e as Error).message}`; } }
const t = thrower();
t.next();
console.log(t.throw(new Error("boom")), t.next());
return { out, ret };

// === coll-map-default-dict-class
class DefaultMap<K, V> extends Map<K, V> {
  constructor(private factory: () => V) { super(); }
  get(k: K): V {
    if (!super.has(k)) super.set(k, this.factory());
    return super.get(k)!;
  }
}
const graph = new DefaultMap<string, string[]>(() => []);
for (const [a, b] of [["a", "b"], ["a", "c"], ["b", "c"], ["d", "a"]]) { graph.get(a).push(b); graph.get(b); }
console.log(graph);
console.log(graph instanceof Map, graph.size, [...graph.keys()]);
return Object.fromEntries(graph);

// === coll-object-vs-map-key-order
const obj: Record<string, number> = {};
for (const k of ["b", "2", "a", "10", "1", "-1", "1.5"]) obj[k] = k.length;
const map = new Map(Object.entries({ b: 1, "2": 2, a: 3 }));
const m2 = new Map<string | number, number>();
for (const k of ["b", "2", "a", "10", "1"]) m2.set(k, 0);
console.log(Object.keys(obj));
console.log([...m2.keys()], [...map.keys()]);
return Object.keys(obj);

// === coll-structured-clone-map-set-nested
const original = {
  name: "cfg",
  tags: new Set(["a", "b"]),
  limits: new Map<string, number[]>([["cpu", [1, 2]], ["mem", [512]]]),
  nested: { list: [{ x: 1 }, { x: 2 }] },
};
const copy = structuredClone(original);
copy.tags.add("c");
copy.limits.get("cpu")!.push(3);
copy.nested.list[0].x = 100;
console.log(original);
console.log(copy);
return { origTags: [...original.tags], copyTags: [...copy.tags], origX: original.nested.list[0].x };

// === coll-frozen-and-sealed-inspection
const frozen = Object.freeze({ a: 1, nested: { b: 2 } });
const sealed = Object.seal({ c: 3 });
(frozen.nested as any).b = 20;
const info = {
  isFrozen: Object.isFrozen(frozen),
  nestedFrozen: Object.isFrozen(frozen.nested),
  isSealed: Object.isSealed(sealed),
  extensible: Object.isExtensible(sealed),
  descriptor: Object.getOwnPropertyDescriptor(frozen, "a"),
  nestedB: frozen.nested.b,
};
console.log(info);
return info;

// === coll-priority-queue-binary-heap
class MinHeap<T> {
  private a: T[] = [];
  constructor(private key: (x: T) => number) {}
  push(x: T) {
    const a = this.a; a.push(x);
    for (let i = a.length - 1; i > 0;) { const p = (i - 1) >> 1; if (this.key(a[p]) <= this.key(a[i])) break; [a[p], a[i]] = [a[i], a[p]]; i = p; }
  }
  pop(): T | undefined {
    const a = this.a; if (!a.length) return undefined;
    const top = a[0], last = a.pop()!;
    if (a.length) {
      a[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1; let m = i;
        if (l < a.length && this.key(a[l]) < this.key(a[m])) m = l;
        if (r < a.length && this.key(a[r]) < this.key(a[m])) m = r;
        if (m === i) break; [a[m], a[i]] = [a[i], a[m]]; i = m;
      }
    }
    return top;
  }
  get size() { return this.a.length; }
}
const h = new MinHeap<{ job: string; pri: number }>((x) => x.pri);
[["email", 3], ["backup", 5], ["alert", 1], ["report", 4], ["sync", 2]].forEach(([job, pri]) => h.push({ job: job as string, pri: pri as number }));
const order: string[] = [];
while (h.size) order.push(h.pop()!.job);
console.log(order.join(" > "));
return order;

// === coll-typed-array-stats
const readings = new Float64Array([20.5, 21.25, 19.75, 22, 23.5, 18.25]);
const ints = Int16Array.from(readings, (x) => Math.round(x * 10));
const bytes = new Uint8Array(ints.buffer);
const sorted = readings.slice().sort();
console.log(readings, ints);
console.log(sorted, bytes.length, ints.BYTES_PER_ELEMENT);
console.log(Array.from(ints.subarray(1, 3)), readings.reduce((a, b) => a + b) / readings.length);
return { ints: Array.from(ints), sorted: Array.from(sorted) };
