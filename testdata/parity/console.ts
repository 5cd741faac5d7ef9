// === console-log-primitives
console.log(1, -0, 0, 1.5, NaN, Infinity, -Infinity, 10n, true, null, undefined);
console.log("str", "", " ", "multi\nline");
console.log(Symbol("s"), Symbol(), Symbol.iterator);
return null;

// === console-log-strings-in-containers
console.log(["a", "it's", 'say "hi"', `both ' and "`, "back`tick", "new\nline", "tab\t"]);
console.log({ s: "x", e: "", u: "ü", emoji: "😀" });
return "ok";

// === console-log-nested-objects
const deep = { level1: { level2: { level3: { level4: { level5: "deep" } } }, arr: [[1, [2, [3, [4]]]]] } };
console.log(deep);
console.log({ a: { b: { c: {} } }, e: [], o: {} });
return 1;

// === console-log-long-arrays
console.log(Array.from({ length: 120 }, (_, i) => i));
console.log(Array.from({ length: 30 }, (_, i) => `item-${i}`));
return 120;

// === console-log-wide-object-breaks
const wide = { alpha: "aaaaaaaaaa", beta: "bbbbbbbbbb", gamma: "cccccccccc", delta: "dddddddddd", epsilon: "eeeeeeeeee", zeta: 1 };
console.log(wide);
console.log({ short: 1, b: 2 });
console.log([{ id: 1, name: "first item", tags: ["a", "b"] }, { id: 2, name: "second item", tags: [] }]);
return Object.keys(wide).length;

// === console-log-maps-and-sets
const m = new Map<any, any>([["a", 1], [{ k: 1 }, [1, 2]], [3, new Map([["inner", true]])]]);
const s = new Set([1, "two", [3], { four: 4 }]);
console.log(m);
console.log(s);
console.log(new Map(), new Set(), new WeakMap(), new WeakSet());
console.log({ m, s });
return m.size + s.size;

// === console-log-class-instances
class User { constructor(public name: string, public roles: string[]) {} }
class Admin extends User { level = 3; }
class NoFields {}
console.log(new User("ann", ["r"]), new Admin("root", []), new NoFields());
console.log([new User("x", [])], Object.create(null), Object.assign(Object.create(null), { a: 1 }));
return "done";

// === console-log-functions
function named() {}
const arrow = () => 1;
async function asyncFn() {}
function* gen() {}
class K {}
console.log(named, arrow, asyncFn, gen, K, Math.max, (() => {}));
console.log({ named, arrow, method() {} });
return typeof named;

// === console-log-format-specifiers
console.log("%s is %d years and %i days", "Ann", 42.9, 3.7);
console.log("%s|%s|%s", 1.5, { a: 1 }, [1, 2]);
console.log("%j is json?", { a: 1 });
console.log("%o", { a: [1, 2], b: "x" });
console.log("%O", { a: { b: { c: { d: 1 } } } });
console.log("100%% sure", "extra", 1);
console.log("%d %d", 1);
console.log("%f and %c styled", "3.25", "color: red");
return "fmt";

// === console-log-format-s-variants
console.log("%s", null, undefined);
console.log("%s", 10n, Symbol("q"), -0);
console.log("%s", new Error("in format").message);
console.log("%d", "42abc", "%i", "x");
console.log("a%sb%sc", "X");
return 0;

// === console-table-array-of-objects
console.table([{ name: "ann", age: 31 }, { name: "bob", age: 27, city: "Lima" }]);
return "table";

// === console-table-variants
console.table([[1, 2], [3, 4, 5]]);
console.table({ r1: { a: 1 }, r2: { b: "x" } });
console.table([{ a: 1, b: 2 }, { a: 3, b: 4 }], ["b"]);
console.table(["x", "y"]);
console.table("not tabular");
return "tables";

// === console-error-warn-info-debug
console.error("error:", { code: 500 });
console.warn("warn:", [1, 2]);
console.info("info:", "text");
console.debug("debug:", 3);
console.log("log");
return "levels";

// === console-log-typed-arrays-and-buffers
console.log(new Uint8Array([1, 2, 255]), new Int16Array(2), new Float64Array([1.5, -0]));
console.log(new ArrayBuffer(4), new DataView(new ArrayBuffer(2)));
console.log(new Uint8Array(0), new BigInt64Array([1n, -1n]));
return 3;

// === console-log-special-objects
console.log(/ab+c/gi, new Date(Date.UTC(2024, 0, 1)), new Error("msg").message);
console.log([undefined, null, , 3], [, ,], { u: undefined, n: null });
console.log(Object(1), Object("s"), Object(true), Object(1n));
console.log([1, 2, 3].keys(), new Map([[1, 2]]).entries());
return "special";

// === console-log-circular
const a: any = { name: "a", list: [] };
a.self = a;
a.list.push(a, { back: a });
console.log(a);
const arr: any[] = [1];
arr.push(arr);
console.log(arr);
return "circular";

// === console-log-symbol-keys-and-getters
const sym = Symbol("secret");
const o = { visible: 1, [sym]: "hidden?", get computed() { return 42; }, set only(v: number) {} };
console.log(o);
Object.defineProperty(o, "nonEnum", { value: 5, enumerable: false });
console.log(o, Object.keys(o));
return Object.keys(o);

// === console-log-quoted-keys
console.log({ "key with space": 1, "dash-key": 2, valid_id: 3, $dollar: 4, "123": 5, "": 6, "ünï": 7 });
return "keys";

// === console-log-many-args-and-empty
console.log();
console.log("");
console.log("a", "b", 1, { c: 2 }, ["d"]);
console.log(...[1, 2, 3]);
return "args";

// === console-log-number-formatting
console.log(0.1 + 0.2, 1e21, 1e-7, 123456789012345680000, -1e-300, 2 ** 53, 5e-324);
console.log([0.1 + 0.2, 1e21, -0], { x: -0 });
console.log(100 / 3, 1 / 3 * 3, 0.000001, 0.0000001);
return 0.1 + 0.2;

// === console-log-depth-limit
const mk = (n: number): any => (n === 0 ? "bottom" : { n, child: mk(n - 1) });
console.log(mk(5));
console.log([[[[["deep"]]]]]);
console.log(JSON.stringify(mk(3)));
return "depth";

// === console-log-large-map-set
console.log(new Set(Array.from({ length: 120 }, (_, i) => i)));
console.log(new Map(Array.from({ length: 5 }, (_, i) => [`key${i}`, { index: i, label: `value number ${i}` }])));
return "big";

// === console-log-array-extra-props
const arr: any = [1, 2];
arr.extra = "x";
arr[5] = 6;
console.log(arr, arr.length);
return arr.length;

// === console-assert-count-time-free
console.assert(1 === 1, "never shown");
console.assert(false, "assertion message", 42);
console.count();
console.count("x");
console.count("x");
console.countReset("x");
console.count("x");
return "misc";

// === console-group-indent
console.log("top");
console.group("Group A");
console.log("inside A");
console.group();
console.log({ nested: true });
console.groupEnd();
console.groupEnd();
console.log("back to top");
return "groups";

// === console-dir-object
console.dir({ a: 1, b: { c: [1, 2, 3] } });
console.dir([1, "x"], { depth: 0 });
return "dir";

// === console-log-promises-and-proxies
console.log(Promise.resolve(1), Promise.reject(new Error("r")).catch(() => 0) && "caught");
const pending = new Promise(() => {});
console.log(pending);
console.log(new Proxy({ a: 1 }, {}), new Proxy([1, 2], {}));
return "p";

// === console-log-boxed-and-null-proto-class
class Tagged { get [Symbol.toStringTag]() { return "Custom"; } x = 1; }
console.log(new Tagged());
console.log(Object.create({ inherited: 1 }));
console.log([new Number(3), new String("ab")]);
return "boxed";

// === console-log-weird-numbers-keys
console.log({ 1: "a", 0.5: "b", [-1]: "c", NaN: "d" });
console.log([1.0, 2.50, -3.125, 1e100, 2e-7]);
return "nums";
