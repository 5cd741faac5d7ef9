// === class-private-fields
class Counter {
  #count = 0;
  static #instances = 0;
  constructor() { Counter.#instances++; }
  inc() { return ++this.#count; }
  get value() { return this.#count; }
  static get instances() { return Counter.#instances; }
  static isCounter(o: unknown) { return #count in (o as object); }
}
const c = new Counter();
c.inc(); c.inc();
new Counter();
console.log(c.value, Counter.instances, Counter.isCounter(c), Counter.isCounter({}));
console.log(c, Object.keys(c), JSON.stringify(c));
return c.value;

// === class-static-block
class Config {
  static readonly defaults: Record<string, number>;
  static names: string[] = [];
  static {
    (this as any).defaults = { retries: 3, timeout: 1000 };
    this.names = Object.keys(this.defaults).sort();
  }
}
console.log(Config.defaults, Config.names);
return Config.names;

// === class-getters-setters
class Temperature {
  private celsius = 0;
  get fahrenheit() { return this.celsius * 9 / 5 + 32; }
  set fahrenheit(f: number) { this.celsius = (f - 32) * 5 / 9; }
  get kelvin() { return +(this.celsius + 273.15).toFixed(2); }
}
const t = new Temperature();
t.fahrenheit = 212;
console.log(t.fahrenheit, t.kelvin, t);
t.fahrenheit = -40;
return [t.fahrenheit, t.kelvin];

// === class-inheritance-super
class Animal {
  constructor(public name: string) {}
  speak() { return `${this.name} makes a sound`; }
  toString() { return `Animal(${this.name})`; }
}
class Dog extends Animal {
  speak() { return `${super.speak()} — woof`; }
}
class Puppy extends Dog {
  constructor(name: string, public age: number) { super(name); }
  speak() { return super.speak().toUpperCase(); }
}
const p = new Puppy("rex", 1);
console.log(p.speak(), String(p), p instanceof Animal, Object.getPrototypeOf(Puppy) === Dog);
console.log(p);
return [p.name, p.age, p.constructor.name];

// === class-symbol-iterator
class Range {
  constructor(private start: number, private end: number, private step = 1) {}
  *[Symbol.iterator]() {
    for (let i = this.start; i < this.end; i += this.step) yield i;
  }
}
const r = new Range(0, 10, 3);
console.log([...r], Array.from(new Range(1, 4)), Math.max(...r));
const [first, ...rest] = r;
return { first, rest };

// === class-to-json
class Money {
  constructor(private cents: number, private currency: string) {}
  toJSON() { return { amount: (this.cents / 100).toFixed(2), currency: this.currency }; }
}
const order = { id: 1, total: new Money(12345, "EUR"), items: [new Money(5, "EUR")] };
console.log(JSON.stringify(order));
console.log(order);
return JSON.parse(JSON.stringify(order));

// === class-static-factory-and-cache
class Color {
  private static cache = new Map<string, Color>();
  private constructor(readonly r: number, readonly g: number, readonly b: number) {}
  static fromHex(hex: string): Color {
    let c = Color.cache.get(hex);
    if (!c) {
      const n = parseInt(hex.replace("#", ""), 16);
      c = new Color((n >> 16) & 255, (n >> 8) & 255, n & 255);
      Color.cache.set(hex, c);
    }
    return c;
  }
  toHex() { return "#" + [this.r, this.g, this.b].map((x) => x.toString(16).padStart(2, "0")).join(""); }
}
const a = Color.fromHex("#ff8000");
console.log(a, a === Color.fromHex("#ff8000"), a.toHex());
return { r: a.r, g: a.g, b: a.b };

// === class-console-log-shapes
class Point { constructor(public x: number, public y: number) {} }
class Empty {}
class WithAccessor { #secret = 1; get visible() { return 2; } field = "f"; }
console.log(new Point(1, 2), new Empty(), new WithAccessor());
console.log([new Point(0, 0)], { p: new Point(3, 4) });
console.log(Point, Empty, class {}, class Named {});
return String(new Point(1, 2));

// === class-mixins
type Ctor<T = {}> = new (...args: any[]) => T;
function Timestamped<B extends Ctor>(Base: B) {
  return class extends Base { created = "2024-01-01"; };
}
function Tagged<B extends Ctor>(Base: B) {
  return class extends Base { tags: string[] = []; tag(t: string) { this.tags.push(t); return this; } };
}
class Doc { constructor(public title: string) {} }
const SuperDoc = Tagged(Timestamped(Doc));
const d = new SuperDoc("readme").tag("a").tag("b");
console.log(d.title, d.created, d.tags, d instanceof Doc);
return { ...d };

// === class-instanceof-symbol-hasinstance
class Even {
  static [Symbol.hasInstance](n: unknown) { return typeof n === "number" && n % 2 === 0; }
}
console.log(2 instanceof (Even as any), 3 instanceof (Even as any));
class Tagged { get [Symbol.toStringTag]() { return "TaggedThing"; } }
console.log(Object.prototype.toString.call(new Tagged()), String(new Tagged()));
return Object.prototype.toString.call(new Tagged());

// === class-accessor-inheritance-override
class Base {
  protected _v = 1;
  get v() { return this._v; }
  describe() { return `${this.constructor.name}:${this.v}`; }
}
class Derived extends Base {
  get v() { return super.v * 100; }
}
console.log(new Base().describe(), new Derived().describe());
return [new Base().v, new Derived().v];

// === class-fields-init-order
const log: string[] = [];
class A {
  a = (log.push("A field"), 1);
  constructor() { log.push("A ctor"); this.init(); }
  init() { log.push("A init"); }
}
class B extends A {
  b = (log.push("B field"), 2);
  constructor() { super(); log.push("B ctor"); }
  init() { log.push(`B init b=${(this as any).b}`); }
}
new B();
console.log(log);
return log;

// === class-event-emitter
type Handler = (...args: any[]) => void;
class Emitter {
  #handlers = new Map<string, Handler[]>();
  on(ev: string, h: Handler) { this.#handlers.set(ev, [...(this.#handlers.get(ev) ?? []), h]); return this; }
  off(ev: string, h: Handler) { this.#handlers.set(ev, (this.#handlers.get(ev) ?? []).filter((x) => x !== h)); return this; }
  emit(ev: string, ...args: any[]) { for (const h of this.#handlers.get(ev) ?? []) h(...args); return (this.#handlers.get(ev) ?? []).length; }
}
const e = new Emitter();
const seen: string[] = [];
const h1 = (x: string) => seen.push("h1:" + x);
e.on("msg", h1).on("msg", (x: string) => seen.push("h2:" + x));
e.emit("msg", "a");
e.off("msg", h1);
const n = e.emit("msg", "b");
console.log(seen, n);
return seen;

// === class-private-methods
class Parser {
  #pos = 0;
  constructor(private readonly src: string) {}
  #peek() { return this.src[this.#pos]; }
  #next() { return this.src[this.#pos++]; }
  numbers(): number[] {
    const out: number[] = [];
    let cur = "";
    while (this.#pos <= this.src.length) {
      const ch = this.#peek();
      if (ch !== undefined && /\d/.test(ch)) cur += this.#next();
      else { if (cur) out.push(+cur); cur = ""; this.#next(); }
    }
    return out;
  }
}
const nums = new Parser("a12b3,45 6").numbers();
console.log(nums);
return nums;

// === class-iterator-protocol-manual
class LinkedList<T> {
  private head: { v: T; next: any } | null = null;
  push(v: T) { this.head = { v, next: this.head }; return this; }
  [Symbol.iterator](): Iterator<T> {
    let node = this.head;
    return { next: () => { if (!node) return { done: true, value: undefined }; const v = node.v; node = node.next; return { done: false, value: v }; } };
  }
}
const l = new LinkedList<number>().push(1).push(2).push(3);
console.log([...l], Array.from(l, (x) => x * 2));
return [...l];

// === class-static-inheritance
class Model {
  static table = "models";
  static describe() { return `${this.name} -> ${this.table}`; }
}
class User extends Model { static table = "users"; }
class Admin extends User {}
console.log(Model.describe(), User.describe(), Admin.describe());
return Object.getOwnPropertyNames(Admin).sort();

// === object-define-property-and-freeze
const o: any = {};
Object.defineProperty(o, "hidden", { value: 1, enumerable: false });
Object.defineProperty(o, "ro", { value: 2, enumerable: true, writable: false });
o.ro = 99;
const frozen = Object.freeze({ a: 1, nested: { b: 2 } });
(frozen as any).a = 5;
frozen.nested.b = 3;
console.log(o, Object.keys(o), o.hidden, o.ro, frozen, Object.isFrozen(frozen), Object.isFrozen(frozen.nested));
return { keys: Object.keys(o), frozen };

// === proxy-and-reflect
const target = { a: 1, b: 2 };
const seen: string[] = [];
const proxy = new Proxy(target, {
  get(t, k, r) { seen.push(`get ${String(k)}`); return Reflect.get(t, k, r); },
  set(t, k, v, r) { seen.push(`set ${String(k)}=${v}`); return Reflect.set(t, k, v * 10, r); },
  has(t, k) { return k === "magic" || Reflect.has(t, k); },
});
proxy.a; (proxy as any).c = 3;
console.log(seen, "magic" in proxy, target, Reflect.ownKeys(target));
return target;
