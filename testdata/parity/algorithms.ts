// === algo-binary-search-insert-position
function lowerBound(xs: number[], target: number): number {
  let lo = 0, hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid] < target) lo = mid + 1; else hi = mid;
  }
  return lo;
}
const xs = [1, 3, 3, 5, 8, 13, 21];
const probes = [0, 3, 4, 21, 22];
const res = probes.map((p) => ({ p, idx: lowerBound(xs, p), found: xs[lowerBound(xs, p)] === p }));
console.log(res);
return res;

// === algo-topological-sort-deps
const deps: Record<string, string[]> = {
  app: ["router", "store", "ui"],
  router: ["utils"],
  store: ["utils", "api"],
  ui: ["utils"],
  api: ["http"],
  http: [],
  utils: [],
};
const order: string[] = [];
const state = new Map<string, "visiting" | "done">();
function visit(n: string, path: string[]) {
  if (state.get(n) === "done") return;
  if (state.get(n) === "visiting") throw new Error(`cycle: ${[...path, n].join(" -> ")}`);
  state.set(n, "visiting");
  for (const d of deps[n]) visit(d, [...path, n]);
  state.set(n, "done");
  order.push(n);
}
Object.keys(deps).sort().forEach((n) => visit(n, []));
console.log("build order:", order.join(", "));
deps.http.push("app");
state.clear();
try { visit("app", []); } catch (e) { console.log((e as Error).message); }
return order;

// === algo-bfs-shortest-path-grid
const grid = [
  "S.#.....",
  ".##.###.",
  "....#...",
  ".##...#E",
];
const H = grid.length, W = grid[0].length;
let start: [number, number] = [0, 0], end: [number, number] = [0, 0];
grid.forEach((row, r) => [...row].forEach((c, col) => { if (c === "S") start = [r, col]; if (c === "E") end = [r, col]; }));
const dist = new Map<string, number>([[start.join(","), 0]]);
const prev = new Map<string, string>();
const q: [number, number][] = [start];
while (q.length) {
  const [r, c] = q.shift()!;
  for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const nr = r + dr, nc = c + dc, key = `${nr},${nc}`;
    if (nr < 0 || nc < 0 || nr >= H || nc >= W || grid[nr][nc] === "#" || dist.has(key)) continue;
    dist.set(key, dist.get(`${r},${c}`)! + 1);
    prev.set(key, `${r},${c}`);
    q.push([nr, nc]);
  }
}
const path: string[] = [];
for (let k: string | undefined = end.join(","); k; k = prev.get(k)) path.unshift(k);
const drawn = grid.map((row) => [...row]);
for (const k of path.slice(1, -1)) { const [r, c] = k.split(",").map(Number); drawn[r][c] = "*"; }
console.log(drawn.map((r) => r.join("")).join("\n"));
console.log("steps:", dist.get(end.join(",")));
return dist.get(end.join(","));

// === algo-dijkstra-weighted
const edges: [string, string, number][] = [
  ["A", "B", 4], ["A", "C", 2], ["B", "C", 5], ["B", "D", 10], ["C", "E", 3], ["E", "D", 4], ["D", "F", 11],
];
const adj = new Map<string, [string, number][]>();
for (const [a, b, w] of edges) {
  (adj.get(a) ?? adj.set(a, []).get(a)!).push([b, w]);
  (adj.get(b) ?? adj.set(b, []).get(b)!).push([a, w]);
}
const dist: Record<string, number> = {};
const prev: Record<string, string> = {};
const visited = new Set<string>();
for (const n of adj.keys()) dist[n] = Infinity;
dist.A = 0;
while (visited.size < adj.size) {
  const [u] = Object.entries(dist).filter(([n]) => !visited.has(n)).sort((a, b) => a[1] - b[1])[0];
  visited.add(u);
  for (const [v, w] of adj.get(u)!) if (dist[u] + w < dist[v]) { dist[v] = dist[u] + w; prev[v] = u; }
}
const route = ["F"];
while (route[0] !== "A") route.unshift(prev[route[0]]);
console.log(dist);
console.log(route.join(" → "), dist.F);
return { route, cost: dist.F };

// === algo-lru-cache-map-order
class LRU<K, V> {
  private map = new Map<K, V>();
  constructor(private cap: number) {}
  get(k: K): V | undefined {
    if (!this.map.has(k)) return undefined;
    const v = this.map.get(k)!;
    this.map.delete(k);
    this.map.set(k, v);
    return v;
  }
  set(k: K, v: V) {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.cap) this.map.delete(this.map.keys().next().value!);
  }
  keys() { return [...this.map.keys()]; }
}
const c = new LRU<string, number>(3);
c.set("a", 1); c.set("b", 2); c.set("c", 3);
c.get("a");
c.set("d", 4);
console.log(c.keys(), c.get("b"));
c.set("c", 30);
c.set("e", 5);
console.log(c.keys());
console.log(c);
return c.keys();

// === algo-fibonacci-memo-and-bigint
const memo = new Map<number, bigint>();
function fib(n: number): bigint {
  if (n < 2) return BigInt(n);
  if (memo.has(n)) return memo.get(n)!;
  const v = fib(n - 1) + fib(n - 2);
  memo.set(n, v);
  return v;
}
const f90 = fib(90);
console.log(`fib(90) = ${f90}`);
console.log("fits in double exactly:", Number(f90) === Number.parseFloat(f90.toString()), Number.isSafeInteger(Number(f90)));
return [10, 20, 50, 90].map((n) => fib(n).toString());

// === algo-sieve-primes-stats
const N = 200;
const sieve = new Uint8Array(N + 1).fill(1);
sieve[0] = sieve[1] = 0;
for (let i = 2; i * i <= N; i++) if (sieve[i]) for (let j = i * i; j <= N; j += i) sieve[j] = 0;
const primes = [...sieve.keys()].filter((i) => sieve[i]);
const twin = primes.filter((p, i) => primes[i + 1] - p === 2).map((p) => [p, p + 2]);
console.log(`${primes.length} primes below ${N}; last five:`, primes.slice(-5));
console.log("twin pairs:", twin.length, twin.slice(0, 4));
return { count: primes.length, twins: twin.length };

// === algo-gcd-lcm-fractions
const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
const lcm = (a: number, b: number) => Math.abs(a * b) / gcd(a, b);
class Fraction {
  constructor(public n: number, public d: number) {
    const g = gcd(n, d) || 1;
    const s = d < 0 ? -1 : 1;
    this.n = (s * n) / g; this.d = (s * d) / g;
  }
  add(o: Fraction) { return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d); }
  mul(o: Fraction) { return new Fraction(this.n * o.n, this.d * o.d); }
  toString() { return this.d === 1 ? `${this.n}` : `${this.n}/${this.d}`; }
}
const sum = [new Fraction(1, 2), new Fraction(1, 3), new Fraction(1, 6)].reduce((a, b) => a.add(b));
const prod = new Fraction(3, -4).mul(new Fraction(2, 9));
console.log(`1/2 + 1/3 + 1/6 = ${sum}`, `3/-4 * 2/9 = ${prod}`);
console.log("gcd(84,36) =", gcd(84, 36), "lcm(4,6,10) =", [4, 6, 10].reduce(lcm));
return [String(sum), String(prod)];

// === algo-permutations-combinations
function* permutations<T>(xs: T[]): Generator<T[]> {
  if (xs.length <= 1) { yield xs; return; }
  for (let i = 0; i < xs.length; i++)
    for (const p of permutations([...xs.slice(0, i), ...xs.slice(i + 1)])) yield [xs[i], ...p];
}
function combinations<T>(xs: T[], k: number): T[][] {
  if (k === 0) return [[]];
  return xs.flatMap((x, i) => combinations(xs.slice(i + 1), k - 1).map((c) => [x, ...c]));
}
const perms = [...permutations(["a", "b", "c"])].map((p) => p.join(""));
const combos = combinations([1, 2, 3, 4, 5], 3);
console.log(perms);
console.log(combos.length, combos.slice(0, 4));
return { perms, combos: combos.length };

// === algo-merge-intervals
const intervals: [number, number][] = [[1, 3], [8, 10], [2, 6], [15, 18], [17, 20], [9, 9], [21, 22]];
const merged: [number, number][] = [];
for (const [s, e] of [...intervals].sort((a, b) => a[0] - b[0])) {
  const last = merged.at(-1);
  if (last && s <= last[1]) last[1] = Math.max(last[1], e);
  else merged.push([s, e]);
}
const covered = merged.reduce((n, [s, e]) => n + (e - s), 0);
console.log(merged.map(([s, e]) => `[${s}-${e}]`).join(" "), "covered:", covered);
return merged;

// === algo-roman-numerals-both-ways
const table: [string, number][] = [["M", 1000], ["CM", 900], ["D", 500], ["CD", 400], ["C", 100], ["XC", 90], ["L", 50], ["XL", 40], ["X", 10], ["IX", 9], ["V", 5], ["IV", 4], ["I", 1]];
const toRoman = (n: number) => table.reduce((s, [r, v]) => { while (n >= v) { s += r; n -= v; } return s; }, "");
const fromRoman = (s: string) => {
  const val: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
  return [...s].reduce((sum, ch, i) => sum + (val[ch] < (val[s[i + 1]] ?? 0) ? -val[ch] : val[ch]), 0);
};
const nums = [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999];
const romans = nums.map(toRoman);
console.log(romans.join(" "));
console.log(romans.every((r, i) => fromRoman(r) === nums[i]));
return romans;

// === algo-run-length-encoding
const encode = (s: string) => s.replace(/(.)\1*/g, (m, c) => (m.length > 1 ? m.length + c : c));
const decode = (s: string) => s.replace(/(\d+)(.)/g, (_, n, c) => c.repeat(Number(n)));
const inputs = ["aaabccddddde", "abc", "zzzzzzzzzzzz", ""];
const out = inputs.map((s) => ({ s, enc: encode(s), ok: decode(encode(s)) === s }));
console.log(out);
return out;

// === algo-matrix-multiply-and-identity
type M = number[][];
const mul = (a: M, b: M): M => a.map((row) => b[0].map((_, j) => row.reduce((s, x, k) => s + x * b[k][j], 0)));
const ident = (n: number): M => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => +(i === j)));
const A = [[1, 2], [3, 4]];
const B = [[0, 1], [1, 0]];
let P = ident(2);
for (let i = 0; i < 5; i++) P = mul(P, A);
console.log("A*B =", mul(A, B));
console.log("A^5 =", P);
return { AB: mul(A, B), A5: P };

// === algo-knapsack-dp
const items = [
  { name: "tent", w: 5, v: 60 },
  { name: "stove", w: 3, v: 50 },
  { name: "food", w: 4, v: 70 },
  { name: "camera", w: 2, v: 30 },
  { name: "book", w: 1, v: 10 },
];
const cap = 10;
const dp: number[][] = Array.from({ length: items.length + 1 }, () => new Array(cap + 1).fill(0));
for (let i = 1; i <= items.length; i++)
  for (let c = 0; c <= cap; c++) {
    dp[i][c] = dp[i - 1][c];
    if (items[i - 1].w <= c) dp[i][c] = Math.max(dp[i][c], dp[i - 1][c - items[i - 1].w] + items[i - 1].v);
  }
const chosen: string[] = [];
for (let i = items.length, c = cap; i > 0; i--) if (dp[i][c] !== dp[i - 1][c]) { chosen.push(items[i - 1].name); c -= items[i - 1].w; }
console.log(`best value ${dp[items.length][cap]} with`, chosen.reverse());
return { best: dp[items.length][cap], chosen };

// === algo-labeled-loop-find-pair
const nums = [8, 3, 11, 5, 7, 2, 9];
const target = 16;
let found: [number, number] | null = null;
let comparisons = 0;
outer: for (let i = 0; i < nums.length; i++) {
  for (let j = i + 1; j < nums.length; j++) {
    comparisons++;
    if (nums[i] + nums[j] === target) { found = [nums[i], nums[j]]; break outer; }
  }
}
const skipped: number[] = [];
rows: for (const row of [[1, 2], [3, -1], [4, 5]]) {
  for (const x of row) if (x < 0) continue rows;
  skipped.push(row.reduce((a, b) => a + b));
}
console.log("pair:", found, "comparisons:", comparisons, "row sums:", skipped);
return { found, comparisons, skipped };

// === algo-base-conversion-and-bits
const n = 2024;
const info = {
  bin: n.toString(2),
  oct: n.toString(8),
  hex: n.toString(16).toUpperCase(),
  b36: n.toString(36),
  popcount: n.toString(2).split("").filter((b) => b === "1").length,
  parsedBack: [parseInt("11111101000", 2), parseInt("7e8", 16), parseInt("1k8", 36)],
  shifts: [n << 2, n >> 3, -n >>> 28, ~n, n & 0xff, n | 1, n ^ 0xffff],
};
console.log(info);
return info;

// === algo-trie-autocomplete
class Trie {
  children = new Map<string, Trie>();
  end = false;
  insert(w: string) {
    let n: Trie = this;
    for (const ch of w) n = n.children.get(ch) ?? (n.children.set(ch, new Trie()), n.children.get(ch)!);
    n.end = true;
  }
  complete(prefix: string): string[] {
    let n: Trie | undefined = this;
    for (const ch of prefix) if (!(n = n.children.get(ch))) return [];
    const out: string[] = [];
    const dfs = (t: Trie, acc: string) => {
      if (t.end) out.push(acc);
      for (const [ch, c] of [...t.children].sort()) dfs(c, acc + ch);
    };
    dfs(n, prefix);
    return out;
  }
}
const t = new Trie();
["car", "card", "care", "cart", "cat", "dog", "do", "door"].forEach((w) => t.insert(w));
const res = { car: t.complete("car"), do: t.complete("do"), x: t.complete("x") };
console.log(res);
return res;

// === algo-balanced-brackets
function check(s: string): string {
  const pairs: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  const stack: { ch: string; i: number }[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if ("([{".includes(ch)) stack.push({ ch, i });
    else if (ch in pairs) {
      const top = stack.pop();
      if (!top || top.ch !== pairs[ch]) return `unexpected '${ch}' at ${i}`;
    }
  }
  return stack.length ? `unclosed '${stack.at(-1)!.ch}' at ${stack.at(-1)!.i}` : "ok";
}
const cases = ["(a[b]{c})", "(]", "((())", "{[()()]}", "", "a)b"];
const out = cases.map((c) => `${JSON.stringify(c)}: ${check(c)}`);
console.log(out.join("\n"));
return out;

// === algo-generator-pipeline-lazy
function* naturals() { let n = 1; while (true) yield n++; }
function* filter<T>(it: Iterable<T>, pred: (x: T) => boolean) { for (const x of it) if (pred(x)) yield x; }
function* map<T, U>(it: Iterable<T>, f: (x: T) => U) { for (const x of it) yield f(x); }
function* take<T>(it: Iterable<T>, n: number) { if (n <= 0) return; for (const x of it) { yield x; if (--n <= 0) return; } }
let pulled = 0;
const counted = map(naturals(), (x) => { pulled++; return x; });
const result = [...take(map(filter(counted, (x) => x % 3 === 0), (x) => x * x), 5)];
console.log(result, "pulled", pulled, "values");
return { result, pulled };

// === algo-shuffle-seeded-deterministic
function mulberry32(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(42);
const deck = Array.from({ length: 10 }, (_, i) => i);
for (let i = deck.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [deck[i], deck[j]] = [deck[j], deck[i]];
}
const samples = Array.from({ length: 3 }, () => rand().toFixed(6));
console.log(deck.join(" "), samples);
return { deck, samples };

// === algo-hash-string-djb2-fnv
function djb2(s: string) { let h = 5381; for (const c of s) h = ((h << 5) + h + c.codePointAt(0)!) >>> 0; return h; }
function fnv1a(s: string) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(s)) { h ^= b; h = Math.imul(h, 0x01000193) >>> 0; }
  return h.toString(16).padStart(8, "0");
}
const keys = ["", "a", "hello", "Hello", "héllo", "🙂"];
const rows = keys.map((k) => ({ key: k, djb2: djb2(k), fnv: fnv1a(k), bucket: djb2(k) % 8 }));
console.table(rows);
return rows;
