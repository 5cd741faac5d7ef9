// compare: node
// structuredClone: supported types, identity, cycles, errors, failures.
const o = { d: new Date(5), r: /x/gi, m: new Map([[1, {}]]), s: new Set([1, 'a']), n: new Number(2), str: new String('s'),
  b: new Boolean(true), big: 5n, bigBox: Object(7n), u: undefined, nul: null, neg: -0, nan: NaN };
o.self = o;
o.m.set('o', o);
const co = structuredClone(o);
console.log(co, co !== o, co.self === co, co.m.get('o') === co, co.d instanceof Date, co.d !== o.d, co.r !== o.r);
const shared = { x: 1 };
const sc = structuredClone({ a: shared, b: shared, c: [shared] });
console.log(sc.a === sc.b, sc.c[0] === sc.a, sc.a !== shared);
const arr = [1, , 3];
arr.p = 'x';
const ca = structuredClone(arr);
console.log(ca, ca.length, 1 in ca, Array.isArray(ca));
const buf = new ArrayBuffer(8);
const v1 = new Uint8Array(buf, 2, 3);
v1[0] = 7;
const v2 = new DataView(buf);
const cb = structuredClone({ v1, v2, f: new Float64Array([1.5, -0]), bi: new BigInt64Array([-1n]) });
console.log(cb, cb.v1.buffer === cb.v2.buffer, cb.v1.buffer !== buf, cb.v1.byteOffset);
const tb = new ArrayBuffer(4);
const moved = structuredClone({ tb }, { transfer: [tb] });
console.log(tb.byteLength, moved.tb.byteLength);
class Point { constructor() { this.x = 1; this.y = 2; } norm() { return 0; } get len() { return 3; } }
const cp = structuredClone(new Point());
console.log(cp, cp instanceof Point, Object.getPrototypeOf(cp) === Object.prototype);
console.log(structuredClone({ get g() { return 'got'; } }), structuredClone(Object.assign(Object.create(null), { z: 1 })));
console.log(structuredClone(JSON.parse('{"__proto__": 1, "k": 2}')), Object.keys(structuredClone(JSON.parse('{"__proto__": 1}'))));
const re = /a/g;
re.lastIndex = 3;
console.log(structuredClone(re).lastIndex, structuredClone(undefined), structuredClone(null), structuredClone('s'), structuredClone(-0), structuredClone(1n));
const e = new TypeError('te', { cause: { c: 1 } });
e.extra = 5;
const ce = structuredClone(e);
console.log(ce instanceof TypeError, ce.name, ce.message, ce.cause, ce.extra, Object.getOwnPropertyNames(ce).sort(), typeof ce.stack);
class MyE extends Error { constructor(m) { super(m); this.name = 'MyE'; } }
const cm = structuredClone(new MyE('x'));
console.log(cm.name, cm.constructor.name, cm instanceof MyE, cm.message);
const rangeE = structuredClone(new RangeError('r'));
console.log(rangeE instanceof RangeError, structuredClone([new Error('in array')])[0].message);
const bad = {
  fn: () => 1, named: function named() {}, sym: Symbol('x'), objfn: { a: 1, f() {} }, wm: new WeakMap(), ws: new WeakSet(),
  pr: Promise.resolve(), wr: new WeakRef({}), arrfn: [function () {}], args: (function () { return arguments; })(1),
};
for (const [k, v] of Object.entries(bad)) {
  try { structuredClone(v); console.log(k, 'cloned?!'); } catch (err) {
    console.log(k, err.name, err.message, err.code, err instanceof DOMException);
  }
}
try { structuredClone(); } catch (err) { console.log(err.name, err.code, err.message); }
try { structuredClone(1, { transfer: [1] }); } catch (err) { console.log(err.name, err.message); }
