// === con2-log-api-response-shape
const response = {
  status: 200,
  headers: { "content-type": "application/json", "x-request-id": "abc-123" },
  data: {
    items: [
      { id: 1, name: "Widget", price: 9.99, tags: ["new", "sale"], stock: { warehouse: 12, store: 3 } },
      { id: 2, name: "Gadget", price: 24.5, tags: [], stock: { warehouse: 0, store: 0 } },
    ],
    page: { current: 1, total: 7, hasNext: true },
  },
};
console.log(response);
console.log("items:", response.data.items);
return response.data.page;

// === con2-log-class-with-getters-and-statics
class Order {
  static count = 0;
  #secret = "hidden";
  items: { sku: string; qty: number }[] = [];
  constructor(public id: string, public customer: { name: string; vip: boolean }) { Order.count++; }
  get total() { return this.items.reduce((s, i) => s + i.qty, 0); }
  add(sku: string, qty: number) { this.items.push({ sku, qty }); return this; }
}
const o = new Order("A-1", { name: "Ann", vip: true }).add("x", 2).add("y", 1);
console.log(o);
console.log([o, new Order("A-2", { name: "Bo", vip: false })]);
console.log(Order.count, o.total, Object.keys(o));
return { total: o.total, keys: Object.keys(o) };

// === con2-log-multiline-strings-in-objects
const record = {
  title: "Report",
  body: "line one\nline two\n\tindented",
  quote: "it's \"quoted\"",
  path: "C:\\Users\\me",
  unicode: "naïve — ✓",
  empty: "",
};
console.log(record);
console.log([record.body, record.quote]);
console.log(record.body);
return record;

// === con2-log-numbers-in-containers
console.log([0, -0, 1.5, -2.25, 1e21, 1e-7, 2 ** 53, NaN, Infinity]);
console.log({ big: 12345678901234567890n, neg: -5n, zero: 0n, float: 0.1 + 0.2 });
console.log([1, 2, 3].map((x) => x / 3));
console.log(new Set([1.0, 1.50, -0]), new Map([[0.5, -0]]));
return [1, 2, 3].map((x) => +(x / 3).toFixed(4));

// === con2-log-many-short-items-grouping
const codes = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
const nums = Array.from({ length: 30 }, (_, i) => i * 7);
const mixed = Array.from({ length: 12 }, (_, i) => (i % 2 ? `s${i}` : i));
console.log(codes);
console.log(nums);
console.log(mixed);
return codes.length + nums.length;

// === con2-log-array-of-arrays-matrix
const board = [
  ["X", "O", "X"],
  [" ", "X", "O"],
  ["O", " ", "X"],
];
const grid = Array.from({ length: 6 }, (_, r) => Array.from({ length: 8 }, (_, c) => (r * 8 + c) % 10));
console.log(board);
console.log(grid);
console.log(board.map((r) => r.join("|")).join("\n-+-+-\n"));
return board;

// === con2-log-deep-nesting-truncation
const deep = { a: { b: { c: { d: { e: { f: "too deep" } } } } }, list: [[[[["x"]]]]] };
const mapInObj = { m: new Map([["k", { inner: { deeper: { deepest: 1 } } }]]) };
console.log(deep);
console.log(mapInObj);
console.log(JSON.stringify(deep));
return JSON.parse(JSON.stringify(deep));

// === con2-log-long-strings-in-arrays
const sentences = [
  "The quick brown fox jumps over the lazy dog near the riverbank.",
  "Pack my box with five dozen liquor jugs.",
  "How vexingly quick daft zebras jump!",
];
console.log(sentences);
console.log({ summary: sentences.join(" "), count: sentences.length });
const long = "x".repeat(120);
console.log([long]);
return sentences.map((s) => s.length);

// === con2-log-mixed-args-and-templates
const user = { name: "Ann", id: 7 };
const list = [1, 2];
console.log("user:", user, "list:", list, "count:", 2, "ok:", true, null, undefined);
console.log(`template: ${user} ${list} ${[]} ${{}}`);
console.log("" + user, String(list), `${null} ${undefined}`);
console.log(user.name, "-", user.id);
return "done";

// === con2-error-warn-info-with-objects
console.error("failed to load", { file: "cfg.json", line: 3 });
console.warn("deprecated:", ["oldApi", "legacyFlag"]);
console.info("info %s", "formatted", 42);
console.debug({ debug: true });
console.log();
console.log("");
return null;

// === con2-log-objects-with-special-keys
const weird = {
  "with space": 1,
  "kebab-case": 2,
  snake_case: 3,
  $dollar: 4,
  _under: 5,
  "123": 6,
  "1abc": 7,
  "": 8,
  "ünï": 9,
  "quote'key": 10,
  [Symbol("sym")]: 11,
};
console.log(weird);
return Object.keys(weird);

// === con2-log-null-proto-and-dictionaries
const dict = Object.create(null) as Record<string, number>;
dict.apples = 3;
dict.pears = 0;
const registry = Object.assign(Object.create(null), { handlers: ["a"], nested: Object.create(null) });
console.log(dict);
console.log(registry);
console.log({ dict });
return { ...dict };

// === con2-log-functions-and-classes-in-objects
class Service { run() { return 1; } }
const api = {
  name: "svc",
  handler: function handleRequest() {},
  arrow: () => null,
  asyncFn: async () => 1,
  method() {},
  klass: Service,
  bound: function f() {}.bind(null),
  anon: (() => function () {})(),
};
console.log(api);
console.log([Service, new Service()]);
console.log(typeof api.klass, api.handler.name, api.bound.name, api.anon.name);
return Object.keys(api);

// === con2-log-date-objects
const d = new Date(Date.UTC(2024, 0, 15, 8, 30));
console.log(d);
console.log({ created: d, list: [d] });
console.log(String(d));
console.log(`${d.toISOString()} ${JSON.stringify({ d })}`);
console.log(new Date(NaN));
return d.toISOString();

// === con2-log-errors-message-and-cause-fields
const e = new TypeError("bad input");
console.log(e.message, "|", e.name, "|", String(e));
console.log({ error: e.message, type: e.constructor.name });
const wrapped = { ok: false, errors: [new Error("a").message, new RangeError("b").toString()] };
console.log(wrapped);
return wrapped;

// === con2-table-mixed-value-types
console.table([
  { name: "a", value: 1, flag: true, nested: { x: 1 }, list: [1, 2] },
  { name: "b", value: null, flag: false, extra: "only here" },
  { name: "c", value: undefined, fn: () => 1 },
]);
return 3;

// === con2-table-primitive-and-map
console.table([1, "two", true, null]);
console.table(new Map([["a", { x: 1 }], ["b", { x: 2, y: 3 }]]));
console.table({ a: 1, b: "str" });
console.table("not tabular");
return "ok";

// === con2-group-nested-report
console.group("Build");
console.log("compiling 12 files");
console.group("Warnings");
console.warn("unused variable x");
console.log({ file: "a.ts", line: 10 });
console.groupEnd();
console.log("bundle size:", "42 KB");
console.groupEnd();
console.log("done");
return null;

// === con2-count-and-assert
const words = ["a", "b", "a", "c", "a"];
for (const w of words) console.count(w);
console.countReset("a");
console.count("a");
console.count();
console.assert(1 + 1 === 2, "never printed");
console.assert(words.length > 10, "too few words:", words.length);
console.assert(false);
return words.length;

// === con2-log-class-hierarchy-instances
class Animal { constructor(public name: string) {} speak() { return "..."; } }
class Dog extends Animal { tricks: string[] = []; speak() { return "woof"; } }
class Puppy extends Dog { readonly age = 0.5; }
const pets: Animal[] = [new Animal("generic"), new Dog("rex"), new Puppy("bit")];
(pets[1] as Dog).tricks.push("sit");
console.log(pets);
console.log(pets.map((p) => `${p.constructor.name}(${p.name}): ${p.speak()}`));
console.log(Object.getPrototypeOf(Puppy) === Dog, pets[2] instanceof Animal);
return pets.map((p) => p.speak());

// === con2-log-symbol-tostringtag-and-custom-inspect-free
class Money {
  constructor(public amount: number, public currency: string) {}
  get [Symbol.toStringTag]() { return "Money"; }
  toString() { return `${this.amount.toFixed(2)} ${this.currency}`; }
}
const m = new Money(12.5, "EUR");
console.log(m);
console.log(String(m), `${m}`, Object.prototype.toString.call(m));
console.log([m], { price: m });
return String(m);

// === con2-log-array-with-props-and-negative-index
const arr: any = [1, 2, 3];
arr.label = "nums";
arr[-1] = "neg";
console.log(arr, arr.length);
const out = Object.assign([10, 20], { total: 30 });
console.log(out);
return { len: arr.length, keys: Object.keys(arr) };

// === con2-log-boxed-and-wrappers
console.log([new Number(3), new String("str"), new Boolean(false)]);
console.log(Object(1n), Object(Symbol("x")));
console.log(typeof new String("a"), new String("ab").length);
return "ok";

// === con2-log-getters-setters-plain-object
const obj = {
  _v: 1,
  get value() { return this._v; },
  set value(x: number) { this._v = x; },
  get readOnly() { return "ro"; },
  set writeOnly(x: number) {},
};
console.log(obj);
obj.value = 5;
console.log(obj.value, JSON.stringify(obj));
return JSON.parse(JSON.stringify(obj));

// === con2-log-circular-structures
type Node = { name: string; parent?: Node; children: Node[] };
const root: Node = { name: "root", children: [] };
const child: Node = { name: "child", parent: root, children: [] };
root.children.push(child);
console.log(root);
const arr: any[] = [1];
arr.push(arr);
console.log(arr);
let err = "";
try { JSON.stringify(root); } catch (e) { err = (e as Error).name; }
console.log(err);
return err;

// === con2-log-typed-and-buffers-realistic
const bytes = new TextEncoder().encode("Hi ✓");
console.log(bytes);
console.log(new Uint16Array([1, 65535]), new Float32Array([0.5, 1.1]));
console.log(bytes.buffer);
console.log({ payload: bytes.slice(0, 2) });
return Array.from(bytes);
