// === ts-interfaces-and-aliases
interface User { id: number; name: string; email?: string; readonly tags: string[] }
type Summary = Pick<User, "id" | "name"> & { hasEmail: boolean };
const users: User[] = [
  { id: 1, name: "ann", email: "a@x.io", tags: ["admin"] },
  { id: 2, name: "bob", tags: [] },
];
const summaries: Summary[] = users.map(({ id, name, email }) => ({ id, name, hasEmail: email !== undefined }));
console.log(summaries);
return summaries;

// === ts-generics-functions
function firstOr<T>(xs: readonly T[], fallback: T): T { return xs.length ? xs[0] : fallback; }
function mapValues<K extends string, V, W>(o: Record<K, V>, f: (v: V, k: K) => W): Record<K, W> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v as V, k as K)])) as Record<K, W>;
}
class Box<T> { constructor(public value: T) {} map<U>(f: (x: T) => U): Box<U> { return new Box(f(this.value)); } }
console.log(firstOr([], "none"), firstOr([5, 6], 0));
console.log(mapValues({ a: 1, b: 2 }, (v, k) => `${k}=${v * 2}`));
console.log(new Box(3).map((x) => x + 1).map(String));
return new Box([1, 2]).map((xs) => xs.length).value;

// === ts-enums-numeric-and-string
enum Direction { Up, Down, Left = 10, Right }
enum Level { Debug = "debug", Info = "info", Error = "error" }
console.log(Direction.Up, Direction.Right, Direction[10], Direction[Direction.Down]);
console.log(Level.Info, Object.values(Level), Object.keys(Direction));
const isError = (l: Level) => l === Level.Error;
return [isError(Level.Error), Direction.Left];

// === ts-const-enum-and-flags
enum Perm { None = 0, Read = 1 << 0, Write = 1 << 1, Exec = 1 << 2, All = Read | Write | Exec }
const p = Perm.Read | Perm.Exec;
const names = Object.keys(Perm).filter((k) => isNaN(Number(k)) && (Perm as any)[k] && (p & (Perm as any)[k]) === (Perm as any)[k]);
console.log(p, names, Perm.All, (p & Perm.Write) !== 0);
return names;

// === ts-as-casts-and-non-null
const raw: unknown = JSON.parse('{"items":[{"id":"a","qty":2},{"id":"b"}]}');
const data = raw as { items: { id: string; qty?: number }[] };
const total = data.items.reduce((s, i) => s + (i.qty ?? 1), 0);
const firstId = data.items[0]!.id;
const el = (data.items.find((i) => i.id === "b") as { id: string }).id;
console.log(total, firstId, el, (<any>data).items.length);
return { total, firstId };

// === ts-optional-chaining
type Cfg = { server?: { host?: string; ports?: number[]; tls?: { cert(): string } } };
const cfgs: Cfg[] = [{}, { server: {} }, { server: { host: "h", ports: [80, 443], tls: { cert: () => "pem" } } }];
for (const c of cfgs) {
  console.log(c.server?.host ?? "default", c.server?.ports?.[1] ?? -1, c.server?.tls?.cert?.() ?? "no-cert");
}
const fn: ((x: number) => number) | undefined = undefined;
return [fn?.(1) ?? null, cfgs[2].server?.ports?.length];

// === ts-satisfies-operator
type Route = { path: string; method: "GET" | "POST" };
const routes = {
  list: { path: "/items", method: "GET" },
  create: { path: "/items", method: "POST" },
} satisfies Record<string, Route>;
const keys = Object.keys(routes) as (keyof typeof routes)[];
console.log(keys, routes.create.method);
return keys.map((k) => `${routes[k].method} ${routes[k].path}`);

// === ts-abstract-classes
abstract class Shape {
  abstract area(): number;
  abstract readonly kind: string;
  describe(): string { return `${this.kind} with area ${this.area().toFixed(2)}`; }
}
class Circle extends Shape { readonly kind = "circle"; constructor(private r: number) { super(); } area() { return Math.PI * this.r ** 2; } }
class Rect extends Shape { readonly kind = "rect"; constructor(private w: number, private h: number) { super(); } area() { return this.w * this.h; } }
const shapes: Shape[] = [new Circle(1), new Rect(2, 3.5)];
shapes.forEach((s) => console.log(s.describe()));
return shapes.map((s) => s.kind);

// === ts-access-modifiers-param-props
class Account {
  private static nextId = 1;
  public readonly id: number;
  protected balance = 0;
  constructor(public owner: string, private readonly currency: string = "USD") { this.id = Account.nextId++; }
  deposit(n: number): this { this.balance += n; return this; }
  toString() { return `#${this.id} ${this.owner}: ${this.balance} ${this.currency}`; }
}
const a = new Account("ann").deposit(50).deposit(25);
const b = new Account("bo", "EUR");
console.log(String(a), String(b));
console.log(a);
return JSON.parse(JSON.stringify(a));

// === ts-namespaces
namespace Geometry {
  export const ORIGIN = { x: 0, y: 0 };
  export function dist(a: { x: number; y: number }, b = ORIGIN) { return Math.hypot(a.x - b.x, a.y - b.y); }
  export namespace Units { export const toCm = (m: number) => m * 100; }
}
namespace Geometry { export const version = 2; }
console.log(Geometry.dist({ x: 3, y: 4 }), Geometry.Units.toCm(1.5), Geometry.version);
return Object.keys(Geometry).sort();

// === ts-discriminated-unions
type Event =
  | { type: "click"; x: number; y: number }
  | { type: "key"; key: string }
  | { type: "scroll"; delta: number };
function describe(e: Event): string {
  switch (e.type) {
    case "click": return `click at ${e.x},${e.y}`;
    case "key": return `key ${e.key}`;
    case "scroll": return `scroll ${e.delta > 0 ? "down" : "up"}`;
  }
}
const evs: Event[] = [{ type: "click", x: 1, y: 2 }, { type: "key", key: "Enter" }, { type: "scroll", delta: -3 }];
console.log(evs.map(describe));
return evs.map(describe);

// === ts-type-guards
interface Fish { swim(): string }
interface Bird { fly(): string }
const isFish = (a: Fish | Bird): a is Fish => "swim" in a;
const zoo: (Fish | Bird)[] = [{ swim: () => "splash" }, { fly: () => "flap" }];
console.log(zoo.map((a) => (isFish(a) ? a.swim() : a.fly())));
function assertString(v: unknown): asserts v is string { if (typeof v !== "string") throw new TypeError("not a string"); }
const v: unknown = "hi";
assertString(v);
return v.toUpperCase();

// === ts-utility-types-runtime
type Todo = { title: string; done: boolean; due?: string };
const patch: Partial<Todo> = { done: true };
const base: Required<Todo> = { title: "write tests", done: false, due: "2024-06-01" };
const merged: Readonly<Todo> = { ...base, ...patch };
const counts: Record<"open" | "closed", number> = { open: 0, closed: 0 };
counts[merged.done ? "closed" : "open"]++;
console.log(merged, counts);
return { merged, counts };

// === ts-function-overloads
function format(x: number): string;
function format(x: Date): string;
function format(x: string[]): string;
function format(x: number | Date | string[]): string {
  if (typeof x === "number") return x.toFixed(1);
  if (x instanceof Date) return x.toISOString().slice(0, 10);
  return x.join("+");
}
console.log(format(3.14159), format(new Date(Date.UTC(2024, 4, 5))), format(["a", "b"]));
return format(2);

// === ts-tuples-and-readonly
type Pair = readonly [string, number];
const pairs: Pair[] = [["a", 1], ["b", 2]];
const labeled: [name: string, age?: number] = ["x"];
const swap = <A, B>([a, b]: [A, B]): [B, A] => [b, a];
console.log(pairs, labeled, labeled.length, swap(["k", 9]));
const [[k0, v0]] = pairs;
return { k0, v0, swapped: swap([true, "t"]) };

// === ts-keyof-and-mapped
const defaults = { color: "red", size: 10, visible: true };
type Keys = keyof typeof defaults;
type Flags = { [K in Keys]: boolean };
const changed: Flags = Object.fromEntries((Object.keys(defaults) as Keys[]).map((k) => [k, k !== "size"])) as Flags;
function get<T, K extends keyof T>(o: T, k: K): T[K] { return o[k]; }
console.log(changed, get(defaults, "size"));
return changed;

// === ts-decorator-free-class-with-index-signature
class Registry {
  [key: string]: unknown;
  register(name: string, value: unknown) { this[name] = value; return this; }
}
const r = new Registry().register("alpha", 1).register("beta", [2]);
console.log(r, Object.keys(r));
return { ...r };

// === ts-generic-constraints-class
interface HasId { id: string }
class Repo<T extends HasId> {
  private items = new Map<string, T>();
  upsert(...xs: T[]) { for (const x of xs) this.items.set(x.id, { ...this.items.get(x.id), ...x }); return this; }
  get(id: string): T | undefined { return this.items.get(id); }
  all(): T[] { return [...this.items.values()]; }
}
const repo = new Repo<{ id: string; n?: number; label?: string }>();
repo.upsert({ id: "a", n: 1 }, { id: "b", n: 2 }).upsert({ id: "a", label: "first" });
console.log(repo.get("a"), repo.get("zz"), repo.all().length);
return repo.all();

// === ts-definite-assignment-and-declare
let late!: number;
function init() { late = 42; }
init();
declare const maybeGlobal: string | undefined;
const check = typeof maybeGlobal;
console.log(late, check);
return late;

// === ts-unique-symbols-and-bigint-types
const TAG: unique symbol = Symbol("tag");
type Tagged = { [TAG]: string; amount: bigint };
const t: Tagged = { [TAG]: "money", amount: 10n ** 20n };
console.log(t[TAG], t.amount, typeof t.amount, t.amount.toString().length);
return { tag: t[TAG], amount: t.amount.toString() };

// === ts-enum-reverse-mapping-loop
enum Status { Pending, Active, Closed }
const byName: Record<string, number> = {};
for (const k in Status) if (isNaN(Number(k))) byName[k] = (Status as any)[k];
console.log(byName, Status[1], Status);
return byName;

// === ts-this-parameter-and-arrow
class Clicker {
  count = 0;
  handle = () => { this.count++; return this.count; };
  method(this: Clicker) { return this.count; }
}
const c = new Clicker();
const detached = c.handle;
detached(); detached();
console.log(c.count, c.method());
const unbound = c.method;
let msg = "";
try { unbound.call(undefined as any); } catch (e) { msg = (e as Error).constructor.name; }
console.log(msg);
return c.count;
