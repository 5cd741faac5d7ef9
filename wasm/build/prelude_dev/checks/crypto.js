// compare: node
// crypto.getRandomValues / randomUUID.
const uuids = new Set();
for (let i = 0; i < 200; i++) {
  const u = crypto.randomUUID();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u)) console.log('bad uuid', u);
  uuids.add(u);
}
console.log('uuids unique:', uuids.size);
const a = new Uint8Array(64);
const r = crypto.getRandomValues(a);
console.log(r === a, a.some((b) => b !== 0));
for (const ta of [new Int8Array(3), new Uint8ClampedArray(3), new Int16Array(3), new Uint16Array(3), new Int32Array(3),
  new Uint32Array(3), new BigInt64Array(3), new BigUint64Array(3), new Uint8Array(65536), new Uint8Array(0)]) {
  console.log(crypto.getRandomValues(ta) === ta, ta.constructor.name, ta.length);
}
const big = new Uint32Array(8);
crypto.getRandomValues(big.subarray(2, 4));
console.log(big[0] === 0 && big[1] === 0 && big[4] === 0, big[2] !== 0 || big[3] !== 0);
for (const v of [new Float32Array(1), new Float64Array(1), new DataView(new ArrayBuffer(1)), [], {}, null, undefined, new Uint8Array(65537), new Uint32Array(16385)]) {
  try { crypto.getRandomValues(v); console.log('no error?'); } catch (e) {
    console.log(e.name, e.message, e.code, e instanceof DOMException);
  }
}
try { crypto.getRandomValues(); } catch (e) { console.log(e.name, e.code); }
console.log(typeof crypto.getRandomValues, typeof crypto.randomUUID, Object.prototype.toString.call(crypto));
const { getRandomValues } = crypto;
try { console.log(getRandomValues.call(crypto, new Uint8Array(2)).length); } catch (e) { console.log(e.name); }
