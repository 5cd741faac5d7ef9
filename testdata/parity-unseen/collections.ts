// === inventory-low-stock-report
interface Item { sku: string; name: string; stock: number; reorderAt: number; supplier?: string }
const inventory: Item[] = [
  { sku: "P-100", name: "Paper A4", stock: 12, reorderAt: 20, supplier: "Acme" },
  { sku: "P-200", name: "Stapler", stock: 40, reorderAt: 10 },
  { sku: "P-300", name: "Toner", stock: 2, reorderAt: 5, supplier: "Inkly" },
  { sku: "P-400", name: "Pens (box)", stock: 0, reorderAt: 15, supplier: "Acme" },
];
const low = inventory.filter((i) => i.stock < i.reorderAt).map((i) => ({ ...i, shortBy: i.reorderAt - i.stock }));
const bySupplier = low.reduce((m, i) => {
  const key = i.supplier ?? "(none)";
  (m[key] ||= []).push(i.sku);
  return m;
}, {} as Record<string, string[]>);
console.log(low);
console.log(bySupplier);
return { count: low.length, bySupplier };

// === map-of-sets-index
const docs = [
  { id: "d1", text: "red apple pie" },
  { id: "d2", text: "green apple" },
  { id: "d3", text: "red car" },
];
const index = new Map<string, Set<string>>();
for (const d of docs) for (const w of d.text.split(" ")) {
  if (!index.has(w)) index.set(w, new Set());
  index.get(w)!.add(d.id);
}
console.log(index);
const search = (q: string) => q.split(" ").map((w) => index.get(w) ?? new Set<string>()).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
console.log(search("red apple"), search("apple"), search("blue"));
return [...index.keys()].sort();

// === sort-comparators-variety
const people = [
  { name: "Émile", age: 30, city: "Paris" },
  { name: "zoe", age: 25, city: "Berlin" },
  { name: "Adam", age: 30, city: "berlin" },
  { name: "bob", age: 22, city: "Paris" },
  { name: "Chloé", age: 25, city: "Austin" },
];
const byName = [...people].sort((a, b) => a.name.localeCompare(b.name)).map((p) => p.name);
const byNameDefault = people.map((p) => p.name).sort();
const byAgeDescThenName = [...people].sort((a, b) => b.age - a.age || a.name.localeCompare(b.name, "en", { sensitivity: "base" })).map((p) => `${p.name}(${p.age})`);
const byCityCI = [...people].sort((a, b) => a.city.toLowerCase() < b.city.toLowerCase() ? -1 : a.city.toLowerCase() > b.city.toLowerCase() ? 1 : 0).map((p) => p.city);
const nums = [10, 9, 1, 100, 25, -3];
console.log(byName, byNameDefault);
console.log(byAgeDescThenName);
console.log(byCityCI, [...nums].sort(), [...nums].sort((a, b) => a - b), nums.toSorted?.((a, b) => b - a));
return { byName, byAgeDescThenName };

// === weakmap-and-set-ops
const a = new Set([1, 2, 3, 4]);
const b = new Set([3, 4, 5]);
const union = new Set([...a, ...b]);
const inter = new Set([...a].filter((x) => b.has(x)));
const diff = new Set([...a].filter((x) => !b.has(x)));
const sym = new Set([...union].filter((x) => !inter.has(x)));
console.log(union, inter, diff, sym);
const cache = new WeakMap<object, number>();
const k1 = { id: 1 };
cache.set(k1, 42);
console.log(cache.get(k1), cache.has({ id: 1 }), cache);
const ws = new WeakSet([k1]);
console.log(ws.has(k1), ws);
return { union: [...union], inter: [...inter], diff: [...diff], sym: [...sym] };

// === group-by-multiple-keys
const sales = [
  { region: "north", product: "tea", units: 5, price: 3 },
  { region: "south", product: "tea", units: 2, price: 3 },
  { region: "north", product: "coffee", units: 7, price: 4.5 },
  { region: "north", product: "tea", units: 1, price: 3 },
  { region: "south", product: "coffee", units: 3, price: 4.5 },
];
const grouped = new Map<string, { units: number; revenue: number }>();
for (const s of sales) {
  const key = `${s.region}|${s.product}`;
  const g = grouped.get(key) ?? { units: 0, revenue: 0 };
  g.units += s.units;
  g.revenue += s.units * s.price;
  grouped.set(key, g);
}
const rows = [...grouped].map(([k, v]) => { const [region, product] = k.split("|"); return { region, product, ...v }; });
rows.sort((x, y) => y.revenue - x.revenue);
console.table(rows);
const nested: Record<string, Record<string, number>> = {};
for (const r of rows) (nested[r.region] ??= {})[r.product] = r.revenue;
console.log(nested);
return nested;

// === pivot-table-records
const data = [
  { month: "Jan", team: "A", hours: 10 }, { month: "Jan", team: "B", hours: 4 },
  { month: "Feb", team: "A", hours: 6 }, { month: "Mar", team: "B", hours: 9 },
  { month: "Feb", team: "B", hours: 3 }, { month: "Mar", team: "A", hours: 1 },
];
const months = [...new Set(data.map((d) => d.month))];
const teams = [...new Set(data.map((d) => d.team))].sort();
const pivot = months.map((m) => {
  const row: Record<string, string | number> = { month: m };
  for (const t of teams) row[t] = data.filter((d) => d.month === m && d.team === t).reduce((s, d) => s + d.hours, 0);
  row.total = teams.reduce((s, t) => s + (row[t] as number), 0);
  return row;
});
console.log(pivot);
console.log(["month", ...teams, "total"].join("\t"));
for (const r of pivot) console.log(Object.values(r).join("\t"));
return pivot;

// === flatten-and-unflatten-keys
function flatten(obj: Record<string, any>, prefix = ""): Record<string, unknown> {
  return Object.entries(obj).reduce((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) Object.assign(acc, flatten(v, key));
    else acc[key] = v;
    return acc;
  }, {} as Record<string, unknown>);
}
function unflatten(flat: Record<string, unknown>) {
  const out: any = {};
  for (const [path, v] of Object.entries(flat)) {
    const keys = path.split(".");
    keys.slice(0, -1).reduce((o, k) => (o[k] ??= {}), out)[keys.at(-1)!] = v;
  }
  return out;
}
const cfg = { server: { host: "localhost", port: 8080, tls: { enabled: false } }, tags: ["a", "b"], debug: null };
const flat = flatten(cfg);
console.log(flat);
const back = unflatten(flat);
console.log(JSON.stringify(back) === JSON.stringify(cfg), back);
return flat;

// === array-methods-tour
const xs = [5, 3, 8, 1, 9, 2];
console.log(xs.find((x) => x > 5), xs.findIndex((x) => x > 5), xs.findLast((x) => x < 5), xs.findLastIndex((x) => x > 100));
console.log(xs.some((x) => x > 8), xs.every((x) => x > 0), xs.includes(NaN), [NaN].includes(NaN), [NaN].indexOf(NaN));
console.log(xs.slice(-2), xs.at(-1), [...xs].reverse(), xs.join("-"), xs.flatMap((x) => (x % 2 ? [x, x] : [])));
console.log([[1, [2]], [3, [4, [5]]]].flat(), [[1, [2]], [3, [4, [5]]]].flat(Infinity));
console.log(Array.from({ length: 3 }, (_, i) => i * i), Array.of(7, 8), new Array(3).fill("x"), Array(3));
const copy = [...xs];
console.log(copy.splice(1, 2, 99), copy, copy.with?.(0, -1), [1, 2, 3].entries().next());
console.log([3, 1, 2].toSorted?.(), [1, 2, 3].toReversed?.(), [1, 2, 3, 4].toSpliced?.(1, 2));
return xs.reduceRight((acc, x) => acc + x, "");

// === dedupe-records-by-key
const users = [
  { email: "A@x.com", name: "Ann", updated: "2024-01-02" },
  { email: "b@x.com", name: "Ben", updated: "2024-01-01" },
  { email: "a@X.com", name: "Ann B.", updated: "2024-03-01" },
  { email: "c@x.com", name: "Cy", updated: "2023-12-31" },
  { email: "B@X.COM", name: "Benjamin", updated: "2023-06-01" },
];
const latest = new Map<string, (typeof users)[number]>();
for (const u of users) {
  const key = u.email.toLowerCase();
  const prev = latest.get(key);
  if (!prev || prev.updated < u.updated) latest.set(key, u);
}
const deduped = [...latest.values()].sort((a, b) => a.email.localeCompare(b.email));
console.log(deduped.map((u) => `${u.email.toLowerCase()} -> ${u.name}`));
console.log(`removed ${users.length - deduped.length} duplicates`);
return deduped;

// === matrix-ops
type M = number[][];
const A: M = [[1, 2, 3], [4, 5, 6]];
const B: M = [[7, 8], [9, 10], [11, 12]];
const transpose = (m: M) => m[0].map((_, j) => m.map((r) => r[j]));
const mul = (x: M, y: M) => x.map((r) => transpose(y).map((c) => r.reduce((s, v, i) => s + v * c[i], 0)));
const C = mul(A, B);
console.log(transpose(A));
console.log(C);
console.log(C.map((r) => r.map((v) => String(v).padStart(4)).join("")).join("\n"));
const identity = Array.from({ length: 3 }, (_, i) => Array.from({ length: 3 }, (_, j) => +(i === j)));
console.log(identity);
return C;
