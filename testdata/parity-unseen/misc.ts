// === group-orders-by-status
const orders = [
  { id: 1, status: "paid", total: 30.5 }, { id: 2, status: "pending", total: 12 },
  { id: 3, status: "paid", total: 8.25 }, { id: 4, status: "refunded", total: 40 },
];
const byStatus = orders.reduce<Record<string, { count: number; total: number }>>((acc, o) => {
  acc[o.status] ??= { count: 0, total: 0 };
  acc[o.status].count++;
  acc[o.status].total += o.total;
  return acc;
}, {});
console.log(byStatus);
return byStatus;

// === format-currency-table
const rows = [{ item: "Widget", qty: 3, price: 9.99 }, { item: "Gadget", qty: 1, price: 124.5 }];
const fmt = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
for (const r of rows) console.log(`${r.item.padEnd(8)} x${String(r.qty).padStart(2)} ${fmt.format(r.qty * r.price).padStart(10)}`);
const total = rows.reduce((s, r) => s + r.qty * r.price, 0);
console.log("Total:", fmt.format(total));
return fmt.format(total);

// === class-with-private-fields-and-getters
class Account {
  #balance = 0;
  constructor(public owner: string) {}
  deposit(n: number) { if (n <= 0) throw new RangeError(`Invalid amount: ${n}`); this.#balance += n; return this; }
  get balance() { return this.#balance; }
}
const acct = new Account("ana").deposit(50).deposit(25);
try { acct.deposit(-5); } catch (e) { console.log(`${(e as Error).name}: ${(e as Error).message}`); }
console.log(acct, acct.balance);
return { owner: acct.owner, balance: acct.balance };

// === async-pool-with-failures
async function work(n: number): Promise<number> {
  await new Promise((r) => setTimeout(r, 10 * (5 - n)));
  if (n % 3 === 0) throw new Error(`job ${n} failed`);
  return n * n;
}
const settled = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(work));
const summary = settled.map((s) => (s.status === "fulfilled" ? `ok ${s.value}` : `err ${(s.reason as Error).message}`));
summary.forEach((s) => console.log(s));
return summary;

// === date-utc-formatting
const d = new Date(Date.UTC(2024, 0, 31, 23, 5, 9));
console.log(d.toISOString(), d.getUTCDay(), d.toUTCString());
const next = new Date(d);
next.setUTCMonth(next.getUTCMonth() + 1);
console.log(next.toISOString());
const fmt = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" });
console.log(fmt.format(d));
return d.toISOString().slice(0, 10);

// === regex-log-parsing
const logs = `2024-05-01 12:00:01 ERROR db timeout after 3000ms
2024-05-01 12:00:02 INFO request ok
2024-05-01 12:00:05 WARN slow query 1200ms
2024-05-01 12:01:00 ERROR cache miss storm`;
const re = /^(\S+) (\S+) (ERROR|WARN|INFO) (.*)$/gm;
const counts: Record<string, number> = {};
const errors: string[] = [];
for (const m of logs.matchAll(re)) {
  counts[m[3]] = (counts[m[3]] ?? 0) + 1;
  if (m[3] === "ERROR") errors.push(m[4]);
}
console.log(counts, errors);
return { counts, errors };

// === map-set-dedupe-and-count
const words = "the quick brown fox jumps over the lazy dog the end".split(" ");
const freq = new Map<string, number>();
for (const w of words) freq.set(w, (freq.get(w) ?? 0) + 1);
const top = [...freq].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3);
console.log(top, new Set(words).size);
console.log(freq);
return top;

// === deep-merge-objects
function isObj(x: unknown): x is Record<string, unknown> { return typeof x === "object" && x !== null && !Array.isArray(x); }
function merge(a: any, b: any): any {
  const out: any = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObj(v) && isObj(out[k]) ? merge(out[k], v) : v;
  return out;
}
const merged = merge({ a: 1, nested: { x: 1, y: [1] } }, { b: 2, nested: { y: [2], z: true } });
console.log(JSON.stringify(merged));
console.dir(merged, { depth: null });
return merged;

// === string-utilities
const slug = (s: string) => s.toLowerCase().trim().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const titles = ["Hello, World!", "  Déjà vu  ", "TypeScript 5.4 — What's New?"];
const out = titles.map((t) => ({ t, slug: slug(t), words: t.trim().split(/\s+/).length }));
console.table(out);
console.log("abc".at(-1), "a-b-c".replaceAll("-", "+"), " x ".trimStart() + "|");
return out;

// === sort-stable-multi-key
const people = [
  { name: "Bo", age: 30, city: "Oslo" }, { name: "Al", age: 25, city: "Rome" },
  { name: "Cy", age: 30, city: "Lima" }, { name: "Di", age: 25, city: "Oslo" },
];
const sorted = [...people].sort((a, b) => b.age - a.age || a.city.localeCompare(b.city));
sorted.forEach((p) => console.log(`${p.name} ${p.age} ${p.city}`));
return sorted.map((p) => p.name);

// === timeout-race-helper
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, rej) => setTimeout(() => rej(new Error(`Timed out after ${ms}ms`)), ms))]);
}
const slow = new Promise<string>((r) => setTimeout(() => r("slow done"), 300));
const fast = new Promise<string>((r) => setTimeout(() => r("fast done"), 50));
const results: string[] = [];
for (const p of [fast, slow]) {
  try { results.push(await withTimeout(p, 150)); } catch (e) { results.push((e as Error).message); }
}
console.log(results);
return results;

// === url-and-search-params
const u = new URL("https://api.example.com/v1/items?page=2&tag=a&tag=b");
u.searchParams.set("page", "3");
u.searchParams.append("sort", "desc");
console.log(u.toString(), u.searchParams.getAll("tag"), u.pathname);
const qs = new URLSearchParams({ q: "hello world", lang: "en" }).toString();
console.log(qs);
try { new URL("not a url"); } catch (e) { console.log((e as Error).name, (e as Error).message); }
return { href: u.href, qs };

// === chunk-and-zip-arrays
const chunk = <T,>(a: T[], n: number) => Array.from({ length: Math.ceil(a.length / n) }, (_, i) => a.slice(i * n, i * n + n));
const zip = <A, B>(a: A[], b: B[]) => a.map((x, i) => [x, b[i]] as const);
const c = chunk([1, 2, 3, 4, 5, 6, 7], 3);
const z = zip(["a", "b", "c"], [1, 2]);
console.log(c, z);
return { c, z };

// === text-encoder-base64
const text = "héllo wörld ✓";
const bytes = new TextEncoder().encode(text);
const b64 = btoa(String.fromCharCode(...bytes));
const back = new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
console.log(bytes.length, b64, back === text);
try { atob("###"); } catch (e) { console.log((e as Error).name); }
return b64;

// === structured-clone-and-compare
const original = { when: new Date(0), tags: new Set(["a"]), meta: new Map([["k", 1]]), list: [1, { n: 2 }] };
const copy = structuredClone(original);
console.log(copy.when instanceof Date, copy.tags.has("a"), copy.meta.get("k"), copy.list[1] !== original.list[1]);
try { structuredClone({ fn: () => 1 }); } catch (e) { console.log((e as Error).name); }
return copy.list;

// === generator-pagination
function* pages(total: number, size: number) {
  for (let start = 0; start < total; start += size) yield { start, end: Math.min(start + size, total) };
}
const ps = [...pages(23, 10)];
console.log(ps);
return ps.length;

// === number-formatting-misc
const values = [0.1 + 0.2, 1234567.891, -0.005, 1e21, 2 ** 53 + 1];
for (const v of values) console.log(v, v.toFixed(2), Number(v.toPrecision(3)), v.toLocaleString("en-US"));
console.log((0.000001234).toExponential(2), (255).toString(2), parseFloat("3.14abc"), Number("12px"));
return values.map((v) => Math.round(v * 100) / 100);

// === event-emitter-like
type Handler = (payload: any) => void;
class Emitter {
  private handlers = new Map<string, Handler[]>();
  on(evt: string, h: Handler) { this.handlers.set(evt, [...(this.handlers.get(evt) ?? []), h]); return this; }
  emit(evt: string, payload?: any) {
    const hs = this.handlers.get(evt) ?? [];
    const errors: string[] = [];
    for (const h of hs) { try { h(payload); } catch (e) { errors.push((e as Error).message); } }
    return errors;
  }
}
const em = new Emitter().on("data", (p) => console.log("got", p.value)).on("data", (p) => p.missing.field);
const errs = em.emit("data", { value: 1 });
console.log(errs);
return errs;

// === abort-controller-cancel
const ac = new AbortController();
const task = new Promise((resolve, reject) => {
  const t = setTimeout(() => resolve("finished"), 100);
  ac.signal.addEventListener("abort", () => { clearTimeout(t); reject(ac.signal.reason); });
});
setTimeout(() => ac.abort(), 10);
try {
  await task;
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
return ac.signal.aborted;

// === optional-chaining-defaults
const users: any[] = [{ profile: { email: "a@x.io", prefs: { theme: "dark" } } }, { profile: null }, {}];
const out = users.map((u) => ({
  email: u.profile?.email ?? "n/a",
  theme: u.profile?.prefs?.theme ?? "light",
  len: u.profile?.email?.length ?? 0,
}));
console.log(out);
try { users[1].profile.email; } catch (e) { console.log((e as Error).message); }
return out;
