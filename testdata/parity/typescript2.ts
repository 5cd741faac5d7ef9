// === ts2-enum-status-workflow
enum Status { Draft = "draft", Review = "review", Published = "published", Archived = "archived" }
const transitions: Record<Status, Status[]> = {
  [Status.Draft]: [Status.Review],
  [Status.Review]: [Status.Draft, Status.Published],
  [Status.Published]: [Status.Archived],
  [Status.Archived]: [],
};
function move(from: Status, to: Status): string {
  return transitions[from].includes(to) ? `${from} -> ${to}` : `illegal: ${from} -> ${to}`;
}
const log = [move(Status.Draft, Status.Review), move(Status.Review, Status.Published), move(Status.Published, Status.Draft)];
console.log(log);
console.log(Object.values(Status));
return log;

// === ts2-numeric-enum-bitflags
enum Perm { None = 0, Read = 1 << 0, Write = 1 << 1, Exec = 1 << 2, All = Read | Write | Exec }
const describe = (p: Perm) =>
  p === Perm.None ? "none" : [Perm.Read, Perm.Write, Perm.Exec].filter((f) => p & f).map((f) => Perm[f]).join("|");
const perms = [Perm.Read | Perm.Write, Perm.All, Perm.None, Perm.Exec];
const out = perms.map((p) => `${p.toString(2).padStart(3, "0")} ${describe(p)}`);
console.log(out);
console.log(Perm);
return out;

// === ts2-discriminated-union-shapes
type Shape =
  | { kind: "circle"; r: number }
  | { kind: "rect"; w: number; h: number }
  | { kind: "triangle"; a: number; b: number; c: number };
function area(s: Shape): number {
  switch (s.kind) {
    case "circle": return Math.PI * s.r ** 2;
    case "rect": return s.w * s.h;
    case "triangle": {
      const p = (s.a + s.b + s.c) / 2;
      return Math.sqrt(p * (p - s.a) * (p - s.b) * (p - s.c));
    }
    default: {
      const never: never = s;
      throw new Error(`unknown ${JSON.stringify(never)}`);
    }
  }
}
const shapes: Shape[] = [{ kind: "circle", r: 2 }, { kind: "rect", w: 3, h: 4.5 }, { kind: "triangle", a: 3, b: 4, c: 5 }];
const areas = shapes.map((s) => ({ kind: s.kind, area: Number(area(s).toFixed(3)) }));
console.log(areas);
return areas;

// === ts2-generic-repository-class
interface Entity { id: number }
class Repo<T extends Entity> {
  private items = new Map<number, T>();
  private nextId = 1;
  add(data: Omit<T, "id">): T {
    const item = { ...data, id: this.nextId++ } as T;
    this.items.set(item.id, item);
    return item;
  }
  find(pred: (t: T) => boolean): T[] { return [...this.items.values()].filter(pred); }
  update(id: number, patch: Partial<Omit<T, "id">>): T | undefined {
    const cur = this.items.get(id);
    if (!cur) return undefined;
    const next = { ...cur, ...patch };
    this.items.set(id, next);
    return next;
  }
  get size() { return this.items.size; }
}
interface Book extends Entity { title: string; year: number; tags: string[] }
const books = new Repo<Book>();
books.add({ title: "Dune", year: 1965, tags: ["scifi"] });
books.add({ title: "Emma", year: 1815, tags: ["classic"] });
books.add({ title: "Neuromancer", year: 1984, tags: ["scifi", "cyberpunk"] });
console.log(books.update(2, { year: 1816 }), books.update(99, { year: 1 }));
const scifi = books.find((b) => b.tags.includes("scifi")).map((b) => b.title);
console.log(scifi, books.size);
return scifi;

// === ts2-type-guards-unknown-input
type Payload = { type: "user"; name: string } | { type: "event"; at: string; count: number };
function isRecord(x: unknown): x is Record<string, unknown> { return typeof x === "object" && x !== null && !Array.isArray(x); }
function isPayload(x: unknown): x is Payload {
  if (!isRecord(x)) return false;
  if (x.type === "user") return typeof x.name === "string";
  if (x.type === "event") return typeof x.at === "string" && typeof x.count === "number";
  return false;
}
const raw: unknown[] = [
  { type: "user", name: "ann" },
  { type: "event", at: "2024-01-01", count: "3" },
  { type: "event", at: "2024-01-02", count: 3 },
  ["type", "user"],
  null,
  "user",
];
const valid = raw.filter(isPayload);
const described = valid.map((p) => (p.type === "user" ? `user ${p.name}` : `event x${p.count} at ${p.at}`));
console.log(`${valid.length}/${raw.length} valid`, described);
return described;

// === ts2-satisfies-config-record
type Env = "dev" | "staging" | "prod";
type EnvConfig = { url: string; replicas: number; debug?: boolean };
const configs = {
  dev: { url: "http://localhost:3000", replicas: 1, debug: true },
  staging: { url: "https://staging.example.com", replicas: 2 },
  prod: { url: "https://example.com", replicas: 6 },
} satisfies Record<Env, EnvConfig>;
const totalReplicas = Object.values(configs).reduce((n, c) => n + c.replicas, 0);
const debugEnvs = (Object.keys(configs) as Env[]).filter((e) => (configs[e] as EnvConfig).debug);
console.log(configs.dev.debug, totalReplicas, debugEnvs);
return { totalReplicas, debugEnvs };

// === ts2-abstract-class-template-method
abstract class Exporter<T> {
  export(rows: T[]): string {
    return [this.header(), ...rows.map((r) => this.row(r)), this.footer(rows.length)].filter((x) => x !== "").join("\n");
  }
  protected abstract header(): string;
  protected abstract row(r: T): string;
  protected footer(n: number): string { return `# ${n} rows`; }
}
type P = { name: string; qty: number };
class CsvExporter extends Exporter<P> {
  protected header() { return "name,qty"; }
  protected row(r: P) { return `${r.name},${r.qty}`; }
}
class MdExporter extends Exporter<P> {
  protected header() { return "| name | qty |\n|---|---|"; }
  protected row(r: P) { return `| ${r.name} | ${r.qty} |`; }
  protected footer() { return ""; }
}
const rows = [{ name: "a", qty: 1 }, { name: "b", qty: 22 }];
for (const ex of [new CsvExporter(), new MdExporter()]) console.log(`${ex.constructor.name}:\n${ex.export(rows)}`);
return new MdExporter().export(rows);

// === ts2-interface-merging-and-optional-methods
interface Plugin {
  name: string;
  setup?(ctx: { log: (s: string) => void }): void;
  teardown?: () => void;
}
const out: string[] = [];
const plugins: Plugin[] = [
  { name: "a", setup: (ctx) => ctx.log("a ready") },
  { name: "b" },
  { name: "c", setup(ctx) { ctx.log(`${this.name} ready`); }, teardown: () => out.push("c bye") },
];
for (const p of plugins) p.setup?.({ log: (s) => out.push(s) });
for (const p of [...plugins].reverse()) p.teardown?.();
console.log(out);
return out;

// === ts2-generic-pipe-compose
const pipe = <T,>(...fns: Array<(x: T) => T>) => (x: T) => fns.reduce((acc, f) => f(acc), x);
const compose = <T,>(...fns: Array<(x: T) => T>) => (x: T) => fns.reduceRight((acc, f) => f(acc), x);
const trim = (s: string) => s.trim();
const upper = (s: string) => s.toUpperCase();
const exclaim = (s: string) => `${s}!`;
const bracket = (s: string) => `[${s}]`;
const a = pipe(trim, upper, exclaim, bracket)("  hello ");
const b = compose(trim, upper, exclaim, bracket)("  hello ");
console.log(a, b);
return [a, b];

// === ts2-readonly-tuple-and-as-const
const ROLES = ["admin", "editor", "viewer"] as const;
type Role = (typeof ROLES)[number];
const isRole = (s: string): s is Role => (ROLES as readonly string[]).includes(s);
const rank: Record<Role, number> = { admin: 3, editor: 2, viewer: 1 };
const inputs = ["editor", "owner", "viewer", "ADMIN"];
const checked = inputs.map((s) => (isRole(s) ? { role: s, rank: rank[s] } : { invalid: s }));
const point = [3, 4] as const;
console.log(checked, Math.hypot(...point));
return checked;

// === ts2-class-implements-multiple
interface Comparable<T> { compareTo(o: T): number }
interface Printable { print(): string }
class Version implements Comparable<Version>, Printable {
  readonly parts: number[];
  constructor(s: string) { this.parts = s.split(".").map(Number); }
  compareTo(o: Version) {
    for (let i = 0; i < 3; i++) { const d = (this.parts[i] ?? 0) - (o.parts[i] ?? 0); if (d) return Math.sign(d); }
    return 0;
  }
  print() { return `v${this.parts.join(".")}`; }
}
const versions = ["1.10.0", "1.2.3", "1.2", "2.0.0", "1.2.10", "0.9.9"].map((s) => new Version(s));
versions.sort((a, b) => a.compareTo(b));
const printed = versions.map((v) => v.print());
console.log(printed.join(" < "));
console.log(versions[0]);
return printed;

// === ts2-mapped-type-runtime-validation
type Schema<T> = { [K in keyof T]: (v: unknown) => v is T[K] };
const isString = (v: unknown): v is string => typeof v === "string";
const isNumber = (v: unknown): v is number => typeof v === "number" && !Number.isNaN(v);
const isBool = (v: unknown): v is boolean => typeof v === "boolean";
type User = { name: string; age: number; admin: boolean };
const schema: Schema<User> = { name: isString, age: isNumber, admin: isBool };
function check<T>(s: Schema<T>, v: Record<string, unknown>): string[] {
  return (Object.keys(s) as (keyof T)[]).filter((k) => !s[k](v[k as string])).map((k) => String(k));
}
const results = [
  { name: "a", age: 1, admin: false },
  { name: 5, age: "x", admin: true },
  { name: "b" },
].map((v) => check(schema, v));
console.log(results);
return results;

// === ts2-function-overloads-format
function fmt(v: number): string;
function fmt(v: Date): string;
function fmt(v: string[]): string;
function fmt(v: number | Date | string[]): string {
  if (typeof v === "number") return v.toFixed(2);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return v.join(" / ");
}
const out = [fmt(3.14159), fmt(new Date(Date.UTC(2024, 1, 29))), fmt(["a", "b"])];
console.log(out);
return out;

// === ts2-keyof-typeof-lookup
const HTTP = { OK: 200, CREATED: 201, BAD_REQUEST: 400, NOT_FOUND: 404, SERVER_ERROR: 500 } as const;
type Code = (typeof HTTP)[keyof typeof HTTP];
const byCode = Object.fromEntries(Object.entries(HTTP).map(([k, v]) => [v, k])) as Record<Code, keyof typeof HTTP>;
const describe = (c: number) => (c in byCode ? byCode[c as Code].toLowerCase().replace(/_/g, " ") : "unknown");
const out = [200, 404, 418, 500].map((c) => `${c} ${describe(c)}`);
console.log(out);
return out;

// === ts2-private-hash-vs-ts-private
class Account {
  #balance = 0;
  private history: number[] = [];
  constructor(public readonly owner: string) {}
  deposit(n: number) { if (n <= 0) throw new RangeError("deposit must be positive"); this.#balance += n; this.history.push(n); return this; }
  withdraw(n: number) { if (n > this.#balance) throw new Error("insufficient funds"); this.#balance -= n; this.history.push(-n); return this; }
  get balance() { return this.#balance; }
  static isAccount(x: unknown): x is Account { return typeof x === "object" && x !== null && #balance in x; }
}
const acc = new Account("zoe").deposit(100).withdraw(30).deposit(5);
let err = "";
try { acc.withdraw(1000); } catch (e) { err = (e as Error).message; }
console.log(acc.balance, err, Object.keys(acc), Account.isAccount(acc), Account.isAccount({ balance: 1 }));
console.log(acc);
return { balance: acc.balance, keys: Object.keys(acc) };

// === ts2-generic-event-bus-typed
type Events = { login: { user: string }; logout: { user: string; reason: string }; tick: number };
class Bus<E extends Record<string, unknown>> {
  private handlers: { [K in keyof E]?: ((p: E[K]) => void)[] } = {};
  on<K extends keyof E>(k: K, h: (p: E[K]) => void) { (this.handlers[k] ??= []).push(h); return () => this.off(k, h); }
  off<K extends keyof E>(k: K, h: (p: E[K]) => void) { this.handlers[k] = this.handlers[k]?.filter((x) => x !== h); }
  emit<K extends keyof E>(k: K, p: E[K]) { this.handlers[k]?.forEach((h) => h(p)); }
}
const bus = new Bus<Events>();
const log: string[] = [];
bus.on("login", ({ user }) => log.push(`hello ${user}`));
const unsub = bus.on("tick", (n) => log.push(`tick ${n}`));
bus.on("logout", (p) => log.push(`bye ${p.user} (${p.reason})`));
bus.emit("tick", 1);
bus.emit("login", { user: "kai" });
unsub();
bus.emit("tick", 2);
bus.emit("logout", { user: "kai", reason: "idle" });
console.log(log);
return log;

// === ts2-index-signature-and-record-counts
interface Counter { [key: string]: number }
const counter: Counter = {};
const events = ["click", "view", "click", "scroll", "view", "click"];
for (const e of events) counter[e] = (counter[e] ?? 0) + 1;
const entries: [string, number][] = Object.entries(counter);
const partial: Partial<Record<"click" | "view" | "purchase", number>> = { click: counter.click };
console.log(counter, entries.length, partial, "purchase" in partial);
return counter;

// === ts2-non-null-and-definite
class Lazy<T> {
  private value!: T;
  private loaded = false;
  constructor(private factory: () => T) {}
  get(): T {
    if (!this.loaded) { this.value = this.factory(); this.loaded = true; }
    return this.value;
  }
}
let calls = 0;
const lazy = new Lazy(() => { calls++; return { computed: 42 }; });
const map = new Map<string, number[]>([["a", [1, 2]]]);
const first = map.get("a")![0];
console.log(lazy.get().computed, lazy.get().computed, calls, first);
return { calls, first };

// === ts2-enum-iteration-numeric
enum Weekday { Mon = 1, Tue, Wed, Thu, Fri, Sat, Sun }
const names = Object.keys(Weekday).filter((k) => isNaN(Number(k)));
const values = Object.values(Weekday).filter((v): v is Weekday => typeof v === "number");
const weekend = values.filter((v) => v >= Weekday.Sat).map((v) => Weekday[v]);
console.log(names, values, weekend, Weekday[3], Weekday.Fri);
return { names, values, weekend };

// === ts2-class-getter-setter-validation
class Temperature {
  private _c = 0;
  static readonly ABS_ZERO = -273.15;
  get celsius() { return this._c; }
  set celsius(v: number) {
    if (v < Temperature.ABS_ZERO) throw new RangeError(`below absolute zero: ${v}`);
    this._c = v;
  }
  get fahrenheit() { return +(this._c * 9 / 5 + 32).toFixed(2); }
  set fahrenheit(f: number) { this.celsius = (f - 32) * 5 / 9; }
}
const t = new Temperature();
t.celsius = 25;
const a = t.fahrenheit;
t.fahrenheit = 212;
const b = t.celsius;
let err = "";
try { t.celsius = -300; } catch (e) { err = `${(e as Error).name}: ${(e as Error).message}`; }
console.log(a, b, err, t);
return { a, b, err };
