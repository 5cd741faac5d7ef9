// === csv-parse-simple-to-objects
const csv = `id,name,dept,salary
1,Alice,Engineering,120000
2,Bob,Sales,80000
3,Carol,Engineering,135000
4,Dan,Marketing,70000
5,Eve,Sales,90000`;
const [header, ...lines] = csv.trim().split("\n");
const cols = header.split(",");
const rows = lines.map((line) => {
  const values = line.split(",");
  return Object.fromEntries(cols.map((c, i) => [c, c === "id" || c === "salary" ? Number(values[i]) : values[i]]));
});
console.log(`Parsed ${rows.length} rows with columns: ${cols.join(", ")}`);
console.log(rows[0]);
return rows;

// === csv-parse-quoted-fields
function parseCSVLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQuotes) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (ch === '"') inQuotes = false;
      else cur += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ",") { out.push(cur); cur = ""; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}
const input = [
  'name,address,note',
  '"Smith, John","12 Main St, Apt 4","said ""hi"""',
  'Jane,"",plain',
];
const parsed = input.map(parseCSVLine);
for (const p of parsed) console.log(p.length, JSON.stringify(p));
return parsed;

// === csv-aggregate-by-department
const data = `dept,employee,hours
eng,ann,40
eng,bob,35
ops,cid,42
eng,dee,38
ops,eli,20
hr,fay,30`;
const stats = new Map<string, { count: number; total: number; max: number }>();
for (const line of data.split("\n").slice(1)) {
  const [dept, , h] = line.split(",");
  const hours = parseInt(h, 10);
  const s = stats.get(dept) ?? { count: 0, total: 0, max: -Infinity };
  s.count++;
  s.total += hours;
  s.max = Math.max(s.max, hours);
  stats.set(dept, s);
}
const summary = [...stats].map(([dept, s]) => ({ dept, ...s, avg: +(s.total / s.count).toFixed(2) }));
summary.sort((a, b) => b.total - a.total);
console.log(summary);
return summary;

// === log-lines-parse-levels
const logs = [
  "2024-03-01T10:00:01Z INFO  server started port=8080",
  "2024-03-01T10:00:05Z WARN  slow query ms=1203 table=users",
  "2024-03-01T10:01:00Z ERROR connection reset peer=10.0.0.7",
  "2024-03-01T10:01:30Z INFO  request path=/api/items status=200",
  "2024-03-01T10:02:11Z ERROR timeout upstream=payments ms=30000",
  "garbage line without structure",
];
const re = /^(\S+)\s+(INFO|WARN|ERROR)\s+(.*)$/;
const counts: Record<string, number> = {};
const errors: { ts: string; msg: string; fields: Record<string, string> }[] = [];
let skipped = 0;
for (const line of logs) {
  const m = line.match(re);
  if (!m) { skipped++; continue; }
  const [, ts, level, rest] = m;
  counts[level] = (counts[level] || 0) + 1;
  if (level === "ERROR") {
    const fields = Object.fromEntries([...rest.matchAll(/(\w+)=(\S+)/g)].map((x) => [x[1], x[2]]));
    errors.push({ ts, msg: rest.replace(/\s*\w+=\S+/g, ""), fields });
  }
}
console.log("counts:", counts, "skipped:", skipped);
console.log(errors);
return { counts, errors, skipped };

// === log-requests-per-minute
const access = [
  "10:00:12 GET /a 200",
  "10:00:40 GET /b 404",
  "10:01:02 POST /a 201",
  "10:01:59 GET /a 200",
  "10:01:59 GET /c 500",
  "10:03:00 GET /a 200",
];
const perMinute = new Map<string, number>();
const statusClasses: Record<string, number> = {};
for (const l of access) {
  const [time, , , status] = l.split(" ");
  const minute = time.slice(0, 5);
  perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
  const cls = status[0] + "xx";
  statusClasses[cls] = (statusClasses[cls] ?? 0) + 1;
}
console.log(perMinute);
console.log(statusClasses);
const busiest = [...perMinute.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
console.log(`busiest minute: ${busiest[0]} (${busiest[1]} requests)`);
return { perMinute: Object.fromEntries(perMinute), statusClasses, busiest };

// === pivot-sales-month-by-product
const sales = [
  { month: "2024-01", product: "widget", units: 10 },
  { month: "2024-01", product: "gadget", units: 4 },
  { month: "2024-02", product: "widget", units: 7 },
  { month: "2024-02", product: "doohickey", units: 2 },
  { month: "2024-03", product: "gadget", units: 9 },
  { month: "2024-03", product: "widget", units: 1 },
];
const products = [...new Set(sales.map((s) => s.product))].sort();
const months = [...new Set(sales.map((s) => s.month))].sort();
const pivot: Record<string, Record<string, number>> = {};
for (const m of months) pivot[m] = Object.fromEntries(products.map((p) => [p, 0]));
for (const s of sales) pivot[s.month][s.product] += s.units;
console.log(pivot);
const header = ["month", ...products].map((h) => h.padEnd(10)).join("|");
console.log(header);
for (const m of months) console.log([m, ...products.map((p) => String(pivot[m][p]))].map((c) => c.padEnd(10)).join("|"));
return pivot;

// === diff-two-lists-added-removed
const before = ["alice", "bob", "carol", "dave"];
const after = ["bob", "carol", "erin", "frank", "alice"];
const beforeSet = new Set(before);
const afterSet = new Set(after);
const added = after.filter((x) => !beforeSet.has(x));
const removed = before.filter((x) => !afterSet.has(x));
const kept = before.filter((x) => afterSet.has(x));
console.log("added:", added);
console.log("removed:", removed);
console.log("kept:", kept.length);
return { added, removed, kept };

// === diff-records-changed-fields
type Rec = { id: number; name: string; email: string; active: boolean };
const oldRecs: Rec[] = [
  { id: 1, name: "A", email: "a@x.io", active: true },
  { id: 2, name: "B", email: "b@x.io", active: true },
  { id: 3, name: "C", email: "c@x.io", active: false },
];
const newRecs: Rec[] = [
  { id: 1, name: "A", email: "a@y.io", active: true },
  { id: 3, name: "Cee", email: "c@x.io", active: true },
  { id: 4, name: "D", email: "d@x.io", active: true },
];
const oldById = new Map(oldRecs.map((r) => [r.id, r]));
const changes: string[] = [];
for (const r of newRecs) {
  const o = oldById.get(r.id);
  if (!o) { changes.push(`+ ${r.id}`); continue; }
  oldById.delete(r.id);
  for (const k of Object.keys(r) as (keyof Rec)[]) {
    if (o[k] !== r[k]) changes.push(`~ ${r.id}.${k}: ${JSON.stringify(o[k])} -> ${JSON.stringify(r[k])}`);
  }
}
for (const id of oldById.keys()) changes.push(`- ${id}`);
changes.forEach((c) => console.log(c));
return changes;

// === dedupe-case-insensitive-keep-first
const emails = ["Ann@Example.com", "bob@example.com", "ann@example.com ", "BOB@example.COM", "cy@example.com"];
const seen = new Set<string>();
const unique: string[] = [];
for (const e of emails) {
  const key = e.trim().toLowerCase();
  if (seen.has(key)) continue;
  seen.add(key);
  unique.push(e.trim());
}
console.log(`${emails.length} -> ${unique.length}`);
console.log(unique);
return unique;

// === group-by-generic-helper
function groupBy<T, K extends string | number>(xs: T[], key: (x: T) => K): Record<K, T[]> {
  return xs.reduce((acc, x) => {
    const k = key(x);
    (acc[k] ||= []).push(x);
    return acc;
  }, {} as Record<K, T[]>);
}
const words = ["apple", "avocado", "banana", "blueberry", "cherry", "kiwi", "fig"];
const byLetter = groupBy(words, (w) => w[0]);
const byLength = groupBy(words, (w) => w.length);
console.log(byLetter);
console.log(byLength);
return { byLetter, byLength };

// === nested-json-flatten-keys
function flatten(obj: any, prefix = "", out: Record<string, unknown> = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}
const config = { server: { host: "localhost", port: 8080, tls: { enabled: false } }, db: { url: "pg://x", pool: { min: 1, max: 10 } }, tags: ["a", "b"] };
const flat = flatten(config);
console.log(flat);
console.log(Object.keys(flat).length, "keys");
return flat;

// === unflatten-dotted-keys
const flat = { "a.b.c": 1, "a.b.d": 2, "a.e": "x", "f": true, "g.0": "zero" };
const result: any = {};
for (const [path, value] of Object.entries(flat)) {
  const parts = path.split(".");
  let node = result;
  parts.slice(0, -1).forEach((p) => { node = node[p] ??= {}; });
  node[parts.at(-1)!] = value;
}
console.log(JSON.stringify(result, null, 2));
return result;

// === inventory-low-stock-report
const inventory = [
  { sku: "A-100", name: "Bolt", qty: 3, reorderAt: 10 },
  { sku: "A-101", name: "Nut", qty: 50, reorderAt: 20 },
  { sku: "B-200", name: "Washer", qty: 0, reorderAt: 5 },
  { sku: "C-300", name: "Screw", qty: 12, reorderAt: 12 },
];
const low = inventory
  .filter((i) => i.qty <= i.reorderAt)
  .map((i) => ({ ...i, shortfall: i.reorderAt - i.qty, status: i.qty === 0 ? "OUT" : "LOW" }))
  .sort((a, b) => b.shortfall - a.shortfall);
for (const i of low) console.log(`${i.status.padEnd(4)} ${i.sku} ${i.name.padEnd(8)} qty=${i.qty} short=${i.shortfall}`);
return low;

// === join-two-tables-by-key
const users = [
  { id: 1, name: "Ann" },
  { id: 2, name: "Ben" },
  { id: 3, name: "Cat" },
];
const orders = [
  { orderId: "o1", userId: 1, amount: 20 },
  { orderId: "o2", userId: 3, amount: 15 },
  { orderId: "o3", userId: 1, amount: 5 },
  { orderId: "o4", userId: 9, amount: 99 },
];
const usersById = new Map(users.map((u) => [u.id, u]));
const joined = orders.map((o) => ({ ...o, user: usersById.get(o.userId)?.name ?? "(unknown)" }));
const leftJoin = users.map((u) => ({ name: u.name, orders: orders.filter((o) => o.userId === u.id).map((o) => o.orderId) }));
console.log(joined);
console.log(leftJoin);
return { joined, leftJoin };

// === histogram-buckets-ascii
const latencies = [12, 45, 67, 23, 89, 120, 340, 56, 78, 34, 15, 210, 99, 101, 49];
const buckets = [0, 50, 100, 200, 500];
const counts = new Array(buckets.length - 1).fill(0);
for (const l of latencies) {
  const idx = buckets.findIndex((b, i) => l >= b && l < buckets[i + 1]);
  if (idx >= 0) counts[idx]++;
}
counts.forEach((c, i) => {
  const label = `${buckets[i]}-${buckets[i + 1]}ms`.padStart(10);
  console.log(`${label} | ${"#".repeat(c)} ${c}`);
});
return counts;

// === top-k-words-frequency
const text = `the quick brown fox jumps over the lazy dog the fox barks and the dog runs quick quick`;
const freq = new Map<string, number>();
for (const w of text.split(/\s+/)) freq.set(w, (freq.get(w) ?? 0) + 1);
const top = [...freq].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
top.forEach(([w, n], i) => console.log(`${i + 1}. ${w} (${n})`));
return top;

// === running-balance-transactions
const txns = [
  { date: "2024-01-02", desc: "Opening", amount: 1000 },
  { date: "2024-01-05", desc: "Groceries", amount: -82.45 },
  { date: "2024-01-09", desc: "Salary", amount: 2500 },
  { date: "2024-01-12", desc: "Rent", amount: -1200 },
  { date: "2024-01-15", desc: "Coffee", amount: -4.5 },
];
let balance = 0;
const ledger = txns.map((t) => {
  balance = Math.round((balance + t.amount) * 100) / 100;
  return { ...t, balance };
});
for (const l of ledger) console.log(`${l.date}  ${l.desc.padEnd(10)} ${l.amount.toFixed(2).padStart(9)} ${l.balance.toFixed(2).padStart(9)}`);
return ledger;

// === sliding-window-moving-average
const prices = [10, 11, 12, 13, 12, 11, 15, 18, 17, 16];
const window = 3;
const ma: number[] = [];
for (let i = window - 1; i < prices.length; i++) {
  const slice = prices.slice(i - window + 1, i + 1);
  ma.push(+(slice.reduce((a, b) => a + b, 0) / window).toFixed(3));
}
console.log("MA3:", ma.join(", "));
const crossings = ma.map((m, i) => (prices[i + window - 1] > m ? "above" : "below"));
console.log(crossings);
return { ma, crossings };

// === array-chunk-and-batch-labels
const ids = Array.from({ length: 23 }, (_, i) => `id${String(i + 1).padStart(3, "0")}`);
const size = 5;
const batches: string[][] = [];
for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
batches.forEach((b, i) => console.log(`batch ${i + 1}/${batches.length}: ${b[0]}..${b.at(-1)} (${b.length})`));
return batches.map((b) => b.length);

// === merge-config-deep
type Obj = Record<string, any>;
function isPlain(v: unknown): v is Obj { return typeof v === "object" && v !== null && !Array.isArray(v); }
function deepMerge(a: Obj, b: Obj): Obj {
  const out: Obj = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isPlain(v) && isPlain(out[k]) ? deepMerge(out[k], v) : v;
  return out;
}
const defaults = { retries: 3, http: { timeout: 1000, headers: { accept: "json" } }, features: ["a"] };
const overrides = { http: { timeout: 5000, headers: { auth: "token" } }, features: ["b", "c"], debug: true };
const merged = deepMerge(defaults, overrides);
console.log(merged);
console.log(defaults.http.timeout, "unchanged");
return merged;

// === matrix-transpose-and-sum
const matrix = [
  [1, 2, 3, 4],
  [5, 6, 7, 8],
  [9, 10, 11, 12],
];
const transposed = matrix[0].map((_, c) => matrix.map((row) => row[c]));
const rowSums = matrix.map((r) => r.reduce((a, b) => a + b));
const colSums = transposed.map((r) => r.reduce((a, b) => a + b));
console.log(transposed);
console.log("rows", rowSums, "cols", colSums);
return { transposed, rowSums, colSums };

// === normalize-phone-numbers
const raw = ["(555) 123-4567", "555.987.6543", "+1 555 222 3333", "5551112222", "12345", "555-CALL-NOW"];
const normalized = raw.map((r) => {
  const digits = r.replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (ten.length !== 10) return { input: r, ok: false };
  return { input: r, ok: true, e164: `+1${ten}`, pretty: `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` };
});
console.table(normalized.filter((n) => n.ok));
console.log("invalid:", normalized.filter((n) => !n.ok).map((n) => n.input));
return normalized;

// === bucket-ages-into-ranges
const people = [
  { name: "a", age: 4 }, { name: "b", age: 17 }, { name: "c", age: 18 },
  { name: "d", age: 34 }, { name: "e", age: 65 }, { name: "f", age: 90 }, { name: "g", age: 41 },
];
const ranges: [string, number, number][] = [["child", 0, 12], ["teen", 13, 17], ["adult", 18, 64], ["senior", 65, 200]];
const bucketed: Record<string, string[]> = Object.fromEntries(ranges.map(([l]) => [l, []]));
for (const p of people) {
  const r = ranges.find(([, lo, hi]) => p.age >= lo && p.age <= hi)!;
  bucketed[r[0]].push(p.name);
}
console.log(bucketed);
return bucketed;
