// === cls2-extends-array-collection
class Stack<T> extends Array<T> {
  peek(): T | undefined { return this[this.length - 1]; }
  get isEmpty() { return this.length === 0; }
}
const s = new Stack<number>();
s.push(1, 2, 3);
const doubled = s.map((x) => x * 2);
console.log(s, s.peek(), s.isEmpty);
console.log(doubled, doubled instanceof Stack, Array.isArray(s));
console.log(Stack.from([9, 8]), Stack.of(7));
return { peek: s.peek(), doubledIsStack: doubled instanceof Stack, arr: [...s] };

// === cls2-extends-map-and-set-console
class Registry extends Map<string, number> {
  register(k: string) { this.set(k, (this.get(k) ?? 0) + 1); return this; }
}
class TagSet extends Set<string> {
  addAll(...xs: string[]) { xs.forEach((x) => this.add(x.toLowerCase())); return this; }
}
const r = new Registry().register("a").register("b").register("a");
const t = new TagSet().addAll("X", "y", "x");
console.log(r);
console.log(t);
console.log({ r, t });
return { r: [...r], t: [...t] };

// === cls2-extends-error-with-fields-logged-fields
class ApiError extends Error {
  readonly status: number;
  readonly endpoint: string;
  constructor(status: number, endpoint: string, message?: string) {
    super(message ?? `request to ${endpoint} failed with ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.endpoint = endpoint;
    Object.setPrototypeOf(this, ApiError.prototype);
  }
  toSummary() { return { name: this.name, status: this.status, endpoint: this.endpoint, message: this.message }; }
}
const errs = [new ApiError(500, "/orders"), new ApiError(404, "/users/9", "user 9 does not exist")];
for (const e of errs) console.log(e.toSummary());
console.log(errs[0] instanceof ApiError, errs[0] instanceof Error, Object.keys(errs[0]));
return errs.map((e) => e.toSummary());

// === cls2-static-members-and-counters
class IdGen {
  static #next = 1;
  static prefix = "ID";
  static create() { return `${this.prefix}-${String(IdGen.#next++).padStart(4, "0")}`; }
  static reset() { IdGen.#next = 1; }
}
class OrderId extends IdGen { static prefix = "ORD"; }
const ids = [IdGen.create(), IdGen.create(), OrderId.create(), IdGen.create()];
IdGen.reset();
ids.push(OrderId.create());
console.log(ids, Object.keys(IdGen), OrderId.prefix, IdGen.prefix);
return ids;

// === cls2-mixin-timestamps-serializable
type Ctor<T = {}> = new (...args: any[]) => T;
function Serializable<B extends Ctor>(Base: B) {
  return class extends Base { serialize() { return JSON.stringify(this); } };
}
function Versioned<B extends Ctor>(Base: B) {
  return class extends Base { version = 1; bump() { this.version++; return this; } };
}
class Doc { constructor(public title: string) {} }
const VDoc = Serializable(Versioned(Doc));
const d = new VDoc("spec");
d.bump().bump();
console.log(d.serialize(), d instanceof Doc, d);
return JSON.parse(d.serialize());

// === cls2-state-machine-class
type State = "idle" | "loading" | "success" | "error";
class Fetcher {
  state: State = "idle";
  history: string[] = [];
  private static transitions: Record<State, State[]> = { idle: ["loading"], loading: ["success", "error"], success: ["idle"], error: ["idle", "loading"] };
  go(next: State) {
    if (!Fetcher.transitions[this.state].includes(next)) throw new Error(`invalid transition ${this.state} -> ${next}`);
    this.history.push(`${this.state}->${next}`);
    this.state = next;
    return this;
  }
}
const f = new Fetcher();
f.go("loading").go("error").go("loading").go("success");
let err = "";
try { f.go("error"); } catch (e) { err = (e as Error).message; }
console.log(f, err);
return { history: f.history, err };

// === cls2-accessor-properties-defineproperty
class Point {
  constructor(public x: number, public y: number) {
    Object.defineProperty(this, "id", { value: `${x},${y}`, enumerable: false });
  }
  get length() { return Math.hypot(this.x, this.y); }
}
const p = new Point(3, 4);
const desc = Object.getOwnPropertyDescriptor(Point.prototype, "length");
console.log(p, (p as any).id, p.length, Object.keys(p), JSON.stringify(p));
console.log(typeof desc?.get, desc?.enumerable, "length" in p, Object.hasOwn(p, "length"));
return { keys: Object.keys(p), id: (p as any).id, len: p.length };

// === cls2-comparable-sort-objects
class Employee {
  constructor(public name: string, public dept: string, public salary: number) {}
  static compare(a: Employee, b: Employee) { return a.dept.localeCompare(b.dept) || b.salary - a.salary || a.name.localeCompare(b.name); }
  toString() { return `${this.name}(${this.dept}, ${this.salary})`; }
}
const staff = [
  new Employee("Zed", "eng", 120), new Employee("Amy", "ops", 90), new Employee("Bob", "eng", 120),
  new Employee("Cal", "eng", 150), new Employee("Dee", "ops", 95),
];
staff.sort(Employee.compare);
console.log(staff.join("; "));
console.log(staff.slice(0, 2));
return staff.map(String);

// === cls2-symbol-iterator-linked-list
class ListNode<T> { constructor(public value: T, public next: ListNode<T> | null = null) {} }
class LinkedList<T> {
  head: ListNode<T> | null = null;
  size = 0;
  push(v: T) {
    const n = new ListNode(v);
    if (!this.head) this.head = n; else { let c = this.head; while (c.next) c = c.next; c.next = n; }
    this.size++;
    return this;
  }
  reverse() { let prev: ListNode<T> | null = null, cur = this.head; while (cur) { [cur.next, prev, cur] = [prev, cur, cur.next]; } this.head = prev; return this; }
  *[Symbol.iterator]() { for (let c = this.head; c; c = c.next) yield c.value; }
}
const list = new LinkedList<string>().push("a").push("b").push("c");
console.log([...list], list.size);
console.log(list);
list.reverse();
console.log([...list].join(" -> "));
return [...list];

// === cls2-observable-store-subscribers
class Store<S extends object> {
  private listeners = new Set<(s: S, prev: S) => void>();
  constructor(private state: S) {}
  get() { return this.state; }
  set(patch: Partial<S>) {
    const prev = this.state;
    this.state = { ...prev, ...patch };
    this.listeners.forEach((l) => l(this.state, prev));
  }
  subscribe(l: (s: S, prev: S) => void) { this.listeners.add(l); return () => this.listeners.delete(l); }
}
const store = new Store({ count: 0, user: "anon" });
const log: string[] = [];
const unsub = store.subscribe((s, p) => log.push(`count ${p.count} -> ${s.count}`));
store.subscribe((s, p) => { if (s.user !== p.user) log.push(`user ${s.user}`); });
store.set({ count: 1 });
store.set({ user: "kim" });
unsub();
store.set({ count: 2 });
console.log(log, store.get());
return log;

// === cls2-tojson-and-tostring-override
class Temperature {
  constructor(private celsius: number) {}
  toJSON() { return { c: this.celsius, f: +(this.celsius * 1.8 + 32).toFixed(1) }; }
  toString() { return `${this.celsius}°C`; }
  valueOf() { return this.celsius; }
}
const temps = [new Temperature(21.5), new Temperature(-4), new Temperature(37)];
console.log(`${temps[0]}`, temps[0] + 0, temps[1] < temps[0], String(temps[2]));
console.log(JSON.stringify(temps));
console.log(temps);
return JSON.parse(JSON.stringify({ temps, max: Math.max(...temps) }));

// === cls2-private-methods-and-in-check
class Vault {
  #items = new Map<string, string>();
  #audit: string[] = [];
  #log(action: string) { this.#audit.push(action); }
  put(k: string, v: string) { this.#log(`put ${k}`); this.#items.set(k, v); }
  take(k: string) { this.#log(`take ${k}`); const v = this.#items.get(k); this.#items.delete(k); return v; }
  get audit() { return [...this.#audit]; }
  static is(o: unknown) { return typeof o === "object" && o !== null && #items in o; }
}
const v = new Vault();
v.put("a", "1"); v.put("b", "2");
const got = [v.take("a"), v.take("zzz")];
console.log(got, v.audit, Vault.is(v), Vault.is({}), Object.keys(v), v);
return { got: got.map((g) => g ?? null), audit: v.audit };

// === cls2-abstract-shape-polymorphism
abstract class Shape {
  abstract area(): number;
  abstract get name(): string;
  describe() { return `${this.name} with area ${this.area().toFixed(2)}`; }
}
class Circle extends Shape { constructor(private r: number) { super(); } area() { return Math.PI * this.r ** 2; } get name() { return "circle"; } }
class Square extends Shape { constructor(private s: number) { super(); } area() { return this.s ** 2; } get name() { return "square"; } }
const shapes: Shape[] = [new Circle(1), new Square(2.5), new Circle(0.5)];
const total = shapes.reduce((s, x) => s + x.area(), 0);
shapes.sort((a, b) => b.area() - a.area()).forEach((s) => console.log(s.describe()));
console.log(shapes);
return { total: +total.toFixed(3), order: shapes.map((s) => s.name) };

// === cls2-builder-pattern-fluent
class QueryBuilder {
  private parts: { table?: string; fields: string[]; where: string[]; order?: string; limit?: number } = { fields: [], where: [] };
  from(t: string) { this.parts.table = t; return this; }
  select(...f: string[]) { this.parts.fields.push(...f); return this; }
  where(cond: string) { this.parts.where.push(cond); return this; }
  orderBy(f: string, dir: "ASC" | "DESC" = "ASC") { this.parts.order = `${f} ${dir}`; return this; }
  take(n: number) { this.parts.limit = n; return this; }
  build() {
    const p = this.parts;
    if (!p.table) throw new Error("table is required");
    return [`SELECT ${p.fields.join(", ") || "*"}`, `FROM ${p.table}`, p.where.length ? `WHERE ${p.where.join(" AND ")}` : "", p.order ? `ORDER BY ${p.order}` : "", p.limit ? `LIMIT ${p.limit}` : ""].filter(Boolean).join(" ");
  }
}
const q1 = new QueryBuilder().from("users").select("id", "email").where("active = 1").where("age > 18").orderBy("created_at", "DESC").take(10).build();
const q2 = new QueryBuilder().from("logs").build();
let err = "";
try { new QueryBuilder().select("x").build(); } catch (e) { err = (e as Error).message; }
console.log(q1);
console.log(q2, "|", err);
return [q1, q2, err];

// === cls2-instanceof-and-prototype-chain
class A {}
class B extends A {}
class C extends B {}
const c = new C();
const chain: string[] = [];
for (let p = Object.getPrototypeOf(c); p; p = Object.getPrototypeOf(p)) chain.push(p.constructor.name);
console.log(chain, c instanceof A, A.prototype.isPrototypeOf(c), Object.getPrototypeOf(C) === B);
console.log(typeof C, C.name, C.length, String(Object.getPrototypeOf(A) === Function.prototype));
return chain;

// === cls2-class-expression-and-anonymous
const Named = class Inner { who() { return Inner.name; } };
const Anon = class {};
const made = [new Named(), new Anon()];
const factories = { widget: class { kind = "widget"; } };
console.log(Named.name, Anon.name, new Named().who(), made, new factories.widget());
return [Named.name, Anon.name];

// === cls2-getter-caching-lazy
class Report {
  private _summary?: string;
  computeCount = 0;
  constructor(private rows: number[]) {}
  get summary() {
    if (this._summary === undefined) {
      this.computeCount++;
      const total = this.rows.reduce((a, b) => a + b, 0);
      this._summary = `${this.rows.length} rows, total ${total}, mean ${(total / this.rows.length).toFixed(2)}`;
    }
    return this._summary;
  }
}
const r = new Report([3, 5, 8, 13]);
console.log(r.summary);
console.log(r.summary, r.computeCount);
console.log(r);
return { summary: r.summary, computeCount: r.computeCount };
