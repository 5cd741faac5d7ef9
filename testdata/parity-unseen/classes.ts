// === shopping-cart-class
class Cart {
  #items = new Map<string, { price: number; qty: number }>();
  static TAX = 0.08;
  add(name: string, price: number, qty = 1) {
    const cur = this.#items.get(name);
    this.#items.set(name, { price, qty: (cur?.qty ?? 0) + qty });
    return this;
  }
  remove(name: string) {
    if (!this.#items.delete(name)) throw new Error(`No item named "${name}" in cart`);
  }
  get subtotal() { return [...this.#items.values()].reduce((s, i) => s + i.price * i.qty, 0); }
  get total() { return Math.round(this.subtotal * (1 + Cart.TAX) * 100) / 100; }
  get count() { return this.#items.size; }
  toJSON() { return { items: Object.fromEntries(this.#items), total: this.total }; }
}
const cart = new Cart().add("apple", 0.5, 6).add("bread", 2.25).add("apple", 0.5, 2);
try { cart.remove("milk"); } catch (e) { console.log((e as Error).message); }
console.log(cart.count, cart.subtotal, cart.total);
console.log(cart);
console.log(JSON.stringify(cart));
return cart.toJSON();

// === inheritance-and-super
abstract class Shape {
  constructor(public readonly name: string) {}
  abstract area(): number;
  describe() { return `${this.name} with area ${this.area().toFixed(2)}`; }
  toString() { return `[Shape ${this.name}]`; }
}
class Circle extends Shape {
  constructor(private r: number) { super("circle"); }
  area() { return Math.PI * this.r ** 2; }
}
class Rect extends Shape {
  constructor(protected w: number, protected h: number) { super("rect"); }
  area() { return this.w * this.h; }
}
class Square extends Rect {
  constructor(s: number) { super(s, s); }
  describe() { return super.describe() + " (square)"; }
}
const shapes: Shape[] = [new Circle(1.5), new Rect(2, 3.5), new Square(4)];
for (const s of shapes) console.log(s.describe());
console.log(shapes);
console.log(`${shapes[0]}`, String(shapes[2]), shapes[2] instanceof Rect, Object.getPrototypeOf(Square).name);
return shapes.map((s) => s.constructor.name);

// === static-factory-and-counter
class Id {
  static #next = 1;
  static readonly prefix = "ID";
  readonly value: string;
  private constructor(n: number) { this.value = `${Id.prefix}-${String(n).padStart(4, "0")}`; }
  static create() { return new Id(Id.#next++); }
  static reset() { Id.#next = 1; }
  equals(other: Id) { return other.value === this.value; }
}
const ids = Array.from({ length: 3 }, () => Id.create());
console.log(ids.map((i) => i.value), ids[0].equals(ids[1]));
Id.reset();
const again = Id.create();
console.log(again.equals(ids[0]), again);
console.log(Object.keys(Id), typeof Id, Id.name);
return ids.map((i) => i.value);

// === getter-setter-validation
class Temperature {
  #celsius = 0;
  get celsius() { return this.#celsius; }
  set celsius(v: number) {
    if (typeof v !== "number" || Number.isNaN(v)) throw new TypeError(`celsius must be a number, got ${typeof v}`);
    if (v < -273.15) throw new RangeError(`${v}°C is below absolute zero`);
    this.#celsius = v;
  }
  get fahrenheit() { return this.#celsius * 9 / 5 + 32; }
  set fahrenheit(f: number) { this.celsius = (f - 32) * 5 / 9; }
}
const t = new Temperature();
const log: string[] = [];
for (const v of [25, -300, NaN, "hot" as any, 100]) {
  try { t.celsius = v; log.push(`ok ${t.celsius}C = ${t.fahrenheit}F`); } catch (e) { log.push(`${(e as Error).name}: ${(e as Error).message}`); }
}
t.fahrenheit = 212;
console.log(log.join("\n"));
console.log(t, t.celsius, Object.getOwnPropertyNames(Temperature.prototype));
return log;

// === mixins-and-interfaces
type Ctor<T = {}> = new (...args: any[]) => T;
function Timestamped<B extends Ctor>(Base: B) {
  return class extends Base { createdAt = "2024-01-01T00:00:00.000Z"; };
}
function Tagged<B extends Ctor>(Base: B) {
  return class extends Base {
    tags: string[] = [];
    tag(...t: string[]) { this.tags.push(...t); return this; }
  };
}
class Note { constructor(public text: string) {} }
const RichNote = Tagged(Timestamped(Note));
const n = new RichNote("buy milk").tag("home", "todo");
console.log(n);
console.log(n instanceof Note, Object.keys(n), RichNote.name);
return { text: n.text, tags: n.tags, createdAt: n.createdAt };

// === event-emitter-typed
type Listener<T> = (payload: T) => void;
class Emitter<Events extends Record<string, unknown>> {
  private listeners: { [K in keyof Events]?: Listener<Events[K]>[] } = {};
  on<K extends keyof Events>(ev: K, fn: Listener<Events[K]>) {
    (this.listeners[ev] ??= []).push(fn);
    return () => this.off(ev, fn);
  }
  off<K extends keyof Events>(ev: K, fn: Listener<Events[K]>) {
    this.listeners[ev] = this.listeners[ev]?.filter((f) => f !== fn);
  }
  emit<K extends keyof Events>(ev: K, payload: Events[K]) {
    const ls = this.listeners[ev] ?? [];
    ls.forEach((f) => f(payload));
    return ls.length;
  }
}
const em = new Emitter<{ data: number[]; close: { code: number } }>();
const seen: string[] = [];
const unsub = em.on("data", (d) => seen.push(`data:${d.join(",")}`));
em.on("close", ({ code }) => seen.push(`close:${code}`));
console.log(em.emit("data", [1, 2]), em.emit("close", { code: 0 }));
unsub();
console.log(em.emit("data", [3]));
console.log(seen, em);
return seen;

// === class-instance-inspect
class Point { constructor(public x: number, public y: number) {} }
class Named { name = "n"; #secret = 1; static count = 0; get upper() { return this.name.toUpperCase(); } }
class Empty {}
class WithSym { [Symbol.toStringTag] = "Custom"; v = 1; }
const nullProto = Object.create(null);
nullProto.a = 1;
console.log(new Point(1, 2), [new Point(0, 0)], { p: new Point(3, 4) });
console.log(new Named(), new Empty(), new WithSym(), nullProto);
console.log(Point, Named, class {}, Empty.prototype);
console.log(String(new Point(1, 2)), `${new Empty()}`, Object.prototype.toString.call(new WithSym()));
const anon = new (class { z = 9 })();
console.log(anon, typeof Point, Point.length);
return JSON.parse(JSON.stringify({ p: new Point(5, 6), n: new Named() }));

// === state-machine-class
type State = "idle" | "loading" | "success" | "error";
class Fetcher {
  state: State = "idle";
  history: string[] = [];
  private static transitions: Record<State, State[]> = {
    idle: ["loading"], loading: ["success", "error"], success: ["idle"], error: ["idle", "loading"],
  };
  go(next: State) {
    if (!Fetcher.transitions[this.state].includes(next)) {
      throw new Error(`Invalid transition: ${this.state} -> ${next}`);
    }
    this.history.push(`${this.state}->${next}`);
    this.state = next;
  }
}
const f = new Fetcher();
const errs: string[] = [];
for (const s of ["loading", "success", "error", "idle", "loading", "error", "loading"] as State[]) {
  try { f.go(s); } catch (e) { errs.push((e as Error).message); }
}
console.log(f.history, errs);
console.log(f);
return { state: f.state, history: f.history, errs };

// === symbol-iterator-class
class Range implements Iterable<number> {
  constructor(private start: number, private end: number, private step = 1) {}
  *[Symbol.iterator]() {
    for (let i = this.start; this.step > 0 ? i < this.end : i > this.end; i += this.step) yield i;
  }
  get length() { return Math.max(0, Math.ceil((this.end - this.start) / this.step)); }
}
const r = new Range(0, 10, 3);
console.log([...r], r.length, Array.from(new Range(5, 0, -2)), Math.max(...new Range(1, 4)));
const [first, , third] = new Range(10, 20, 2);
console.log(first, third, r);
const it = new Range(0, 2)[Symbol.iterator]();
console.log(it.next(), it.next(), it.next(), Object.prototype.toString.call(it));
return [...r];

// === private-methods-and-in-check
class Vault {
  #data = new Map<string, string>();
  #audit: string[] = [];
  #log(msg: string) { this.#audit.push(msg); }
  static isVault(o: unknown) { return typeof o === "object" && o !== null && #data in o; }
  put(k: string, v: string) { this.#log(`put ${k}`); this.#data.set(k, v); }
  get(k: string) { this.#log(`get ${k}`); return this.#data.get(k) ?? null; }
  get auditTrail() { return [...this.#audit]; }
}
const v = new Vault();
v.put("api", "s3cr3t");
console.log(v.get("api"), v.get("nope"), v.auditTrail);
console.log(Vault.isVault(v), Vault.isVault({}), Vault.isVault(null));
console.log(v, Object.keys(v), JSON.stringify(v));
try { (Vault.prototype as any).put.call({}, "x", "y"); } catch (e) { console.log((e as Error).constructor.name); }
return v.auditTrail;

// === accessors-defineproperty
const obj: any = {};
Object.defineProperty(obj, "hidden", { value: 42, enumerable: false });
Object.defineProperty(obj, "computed", { get() { return this.hidden * 2; }, enumerable: true });
obj.visible = "yes";
console.log(obj, Object.keys(obj), JSON.stringify(obj), obj.hidden);
const desc = Object.getOwnPropertyDescriptor(obj, "hidden");
console.log(desc, Object.getOwnPropertyDescriptors({ get x() { return 1; }, y: 2 }));
const sealed = Object.seal({ a: 1 });
(sealed as any).b = 2;
sealed.a = 5;
console.log(sealed, Object.isSealed(sealed), Object.isFrozen(Object.freeze({})));
return Object.entries(obj);
