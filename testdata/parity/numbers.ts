// === number-to-fixed
const vals = [0, 1.005, 1.5, 2.5, -1.5, 1234.5678, 0.000001, 1e21, -0];
console.log(vals.map((v) => v.toFixed(2)));
console.log((1.45).toFixed(1), (8.345).toFixed(2), (0.5).toFixed(0), (123.456).toFixed(10));
return vals.map((v) => v.toFixed(0));

// === number-to-precision-exponential
const vals = [123.456, 0.00012345, 1e21, 5, -987654.321];
console.log(vals.map((v) => v.toPrecision(3)));
console.log(vals.map((v) => v.toExponential(2)));
console.log((0).toPrecision(1), (1e-7).toPrecision(2), (255).toExponential());
return (Math.PI).toPrecision(10);

// === number-to-string-radix
const n = 255;
console.log(n.toString(2), n.toString(8), n.toString(16), n.toString(36), (-255).toString(2));
console.log((0.5).toString(2), (0.1).toString(3), (3.75).toString(16), (2 ** 60).toString(32));
console.log(parseInt("ff", 16), parseInt("11111111", 2), parseInt("z", 36), Number("0x1f"), Number("0b101"), Number("0o17"));
return [n.toString(2).padStart(16, "0")];

// === number-parsing-edge-cases
const inputs = ["42", " 42 ", "4.2e1", "42px", "", "abc", "0x10", "1_000", "-0", "Infinity", ".5", "5.", null, undefined, true, [], [7], "1e1000"];
for (const i of inputs) console.log(JSON.stringify(i) ?? "undefined", Number(i), parseFloat(i as any), parseInt(i as any));
return inputs.map((i) => Number.isNaN(Number(i)));

// === number-integer-checks
const xs = [1, 1.5, -0, 2 ** 53, 2 ** 53 + 1, NaN, Infinity, "3" as any];
console.log(xs.map((x) => [Number.isInteger(x), Number.isSafeInteger(x), Number.isFinite(x)].map(Number).join("")));
console.log(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.EPSILON, Number.MAX_VALUE, Number.MIN_VALUE);
return [isFinite("12" as any), Number.isFinite("12" as any), isNaN("x" as any), Number.isNaN("x" as any)];

// === math-functions-table
const x = 2.5;
console.log(Math.round(x), Math.round(-x), Math.floor(-x), Math.ceil(-x), Math.trunc(-x), Math.sign(-x));
console.log(Math.sqrt(2), Math.cbrt(27), Math.hypot(3, 4, 12), Math.pow(2, 0.5), 2 ** -1);
console.log(Math.log(Math.E), Math.log2(1024), Math.log10(0.001), Math.log1p(0), Math.expm1(0), Math.exp(1));
console.log(Math.sin(0), Math.cos(Math.PI), Math.atan2(1, 1), Math.tan(0), Math.asin(1), Math.sinh(1));
console.log(Math.max(), Math.min(), Math.max(1, NaN), Math.abs(-7), Math.fround(5.5), Math.fround(0.1), Math.clz32(1), Math.imul(3, 4));
return [Math.round(0.5), Math.round(-0.5), Math.round(1.4999999999999999)];

// === math-rounding-helpers
const roundTo = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
const roundEps = (n: number, d: number) => Math.round((n + Number.EPSILON) * 10 ** d) / 10 ** d;
console.log(roundTo(1.005, 2), roundEps(1.005, 2), roundTo(123.4567, -1), roundTo(-2.345, 2));
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
console.log(clamp(15, 0, 10), clamp(-3, 0, 10), clamp(5, 0, 10));
return [roundTo(2.675, 2), roundEps(2.675, 2)];

// === bigint-arithmetic
const a = 2n ** 100n;
const b = 12345678901234567890n;
console.log(a, a * b, a / b, a % b, -a, a - a);
console.log(BigInt(2 ** 53) + 1n, BigInt("0xff"), BigInt.asUintN(8, 257n), BigInt.asIntN(8, 255n));
console.log(typeof a, 5n / 2n, -5n / 2n, 10n > 9, 10n == 10 as any, 2n ** 64n - 1n);
return [a.toString(), b.toString(16), (a >> 90n).toString()];

// === bigint-factorial-and-fib
const fact = (n: bigint): bigint => (n <= 1n ? 1n : n * fact(n - 1n));
let [x, y] = [0n, 1n];
for (let i = 0; i < 100; i++) [x, y] = [y, x + y];
console.log(fact(30n), x);
console.log(fact(25n).toString().length, x.toString(36));
return { f20: fact(20n).toString(), fib100: x.toString() };

// === bigint-errors-and-conversion
const out: string[] = [];
try { BigInt(1.5); } catch (e) { out.push((e as Error).name); }
try { BigInt("abc"); } catch (e) { out.push((e as Error).name); }
try { Math.max(1n as any); } catch (e) { out.push((e as Error).name); }
console.log(out, Number(2n ** 64n), parseInt("123n"), BigInt(true as any), String(-0n));
return out;

// === typed-arrays-basics
const u8 = new Uint8Array([250, 5, 300, -1]);
const i8 = Int8Array.from([127, 128, -129]);
const u8c = new Uint8ClampedArray([300, -5, 1.5, 2.5]);
const f32 = new Float32Array([0.1, 1 / 3]);
console.log(u8, i8, u8c, f32);
console.log(Array.from(u8), [...f32].map((v) => v.toFixed(7)));
return [Array.from(u8), Array.from(i8), Array.from(u8c)];

// === typed-arrays-views-and-dataview
const buf = new ArrayBuffer(8);
const dv = new DataView(buf);
dv.setUint16(0, 0x1234);
dv.setUint16(2, 0x1234, true);
dv.setFloat32(4, 1.5);
const bytes = new Uint8Array(buf);
console.log(Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" "));
console.log(dv.getUint16(0), dv.getUint16(2), dv.getUint16(2, true), dv.getFloat32(4), new Uint32Array(buf, 4, 1)[0]);
const sub = bytes.subarray(2, 4);
sub[0] = 0xff;
return [bytes[2], sub.length, buf.byteLength, bytes.slice(0, 2).buffer === buf];

// === typed-arrays-methods
const a = new Int32Array([5, -3, 10, 0, 7]);
const sorted = a.slice().sort();
console.log(sorted, a.map((x) => x * 2), a.filter((x) => x > 0), a.reduce((s, x) => s + x, 0));
console.log(a.indexOf(10), a.includes(7), a.join("|"), a.subarray(1, 3), a.at(-1));
const f = new Float64Array(3).fill(0.5);
f.set([1, 2], 1);
return { sorted: Array.from(sorted), f: Array.from(f), len: a.length, bpe: Int32Array.BYTES_PER_ELEMENT };

// === number-arithmetic-quirks
console.log(0.1 + 0.2 === 0.3, Math.abs(0.1 + 0.2 - 0.3) < Number.EPSILON, 9007199254740993, 1 / 0, -1 / 0, 0 / 0);
console.log(7 % 3, -7 % 3, 7 % -3, 5.5 % 2, 2 ** 10, (-8) ** (1 / 3));
console.log(Object.is(-0, 0), -0 === 0, 1 / -0, [-0].includes(0), [NaN].includes(NaN), [NaN].indexOf(NaN));
console.log(~~3.7, 3.7 | 0, -3.7 | 0, 2 ** 31 | 0, 1 << 31, -1 >>> 0, 5 >> 1, -5 >> 1);
return [0.1 * 3, 1e16 + 1, 123e-20];

// === number-format-manual
const fmtBytes = (n: number) => {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
};
const withCommas = (n: number) => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}%`;
console.log([0, 1023, 1024, 1536000, 5e12].map(fmtBytes));
console.log(withCommas(1234567.891), withCommas(-999.5), pct(1, 3), pct(2, 2));
return fmtBytes(123456789);

// === number-stats
const xs = [2, 4, 4, 4, 5, 5, 7, 9];
const mean = xs.reduce((a, b) => a + b) / xs.length;
const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
const sorted = [...xs].sort((a, b) => a - b);
const median = (sorted[3] + sorted[4]) / 2;
const pctl = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
console.log({ mean, variance, sd: Math.sqrt(variance), median, p90: pctl(0.9) });
return { mean, sd: Math.sqrt(variance) };

// === number-string-conversions
console.log(String(1e21), String(1e-7), String(123456789.123456789), (1e21).toString(), `${-1e-7}`);
console.log(0.1 * 0.2, 1 / 7, 100 * 1.1, 3 * 1.1, 4.35 * 100);
console.log(Number.parseFloat("3.14abc"), +"3.14abc", +"  12\n", +"1,000");
return [1e21, 1e-7, 2 ** 70, -1.5e-10];
