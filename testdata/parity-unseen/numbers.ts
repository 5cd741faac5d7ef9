// === tofixed-rounding-edges
const vals = [1.005, 1.255, 2.5, 0.615, 10.235, 1e21, 123.456, -0.0001, 0.000001234];
for (const v of vals) console.log(String(v).padEnd(12), v.toFixed(2).padEnd(24), v.toPrecision(3).padEnd(10), v.toExponential(1));
const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;
console.log(vals.map(round2));
console.log((0.1 + 0.2).toFixed(20), 0.1 + 0.2, 0.1 * 3, 1 / 3, 2 / 3, 100 / 3);
return vals.map((v) => v.toFixed(1));

// === locale-string-numbers
const nums = [0, 1234.5, -9876543.21, 1e6, 0.000123, 12345678901234567890, NaN, Infinity];
for (const n of nums) console.log(n.toLocaleString("en-US"));
console.log((1234.5678).toLocaleString("en-US", { maximumFractionDigits: 2 }), (0.256).toLocaleString("en-US", { style: "percent" }));
console.log((1234.5).toLocaleString("en-US", { minimumFractionDigits: 2 }), (42).toLocaleString("en-US", { minimumIntegerDigits: 4, useGrouping: false }));
console.log((5).toLocaleString("en-US", { style: "currency", currency: "EUR" }), (-5.5).toLocaleString("en-US", { style: "currency", currency: "JPY" }));
return nums.slice(0, 4).map((n) => n.toLocaleString("en-US"));

// === intl-number-format-options
const cases: [number, Intl.NumberFormatOptions][] = [
  [1234567.891, { style: "currency", currency: "USD" }],
  [1234567.891, { notation: "compact" }],
  [1234567.891, { notation: "compact", compactDisplay: "long" }],
  [0.4567, { style: "percent", maximumFractionDigits: 1 }],
  [1234567.891, { notation: "scientific" }],
  [1234567.891, { notation: "engineering", maximumSignificantDigits: 4 }],
  [-42, { signDisplay: "always" }],
  [0, { signDisplay: "exceptZero" }],
  [3.5, { style: "unit", unit: "kilometer-per-hour" }],
  [2048, { style: "unit", unit: "megabyte", unitDisplay: "narrow" }],
  [-1234.5, { style: "currency", currency: "USD", currencySign: "accounting" }],
  [9.995, { maximumFractionDigits: 2 }],
];
const out = cases.map(([n, o]) => new Intl.NumberFormat("en-US", o).format(n));
out.forEach((s, i) => console.log(String(i).padStart(2), s));
return out;

// === parse-numbers-from-strings
const inputs = ["42", " 42 ", "42px", "3.14abc", "0x1F", "1e3", "", "  ", "abc", "-0", "1,234", "Infinity", "0b101", "12_000", null, undefined, "007"];
const rows = inputs.map((s) => [JSON.stringify(s) ?? "undefined", Number(s as any), parseInt(s as any), parseFloat(s as any), parseInt(s as any, 16)]);
for (const r of rows) console.log(r.map(String).map((c) => c.padEnd(10)).join(""));
const safe = (s: string) => { const n = Number(s.replace(/,/g, "")); return Number.isFinite(n) ? n : null; };
console.log(["1,234.5", "x", "1e400"].map(safe));
return rows.map((r) => String(r[1]));

// === integer-math-utilities
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : Math.abs(a));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;
const isPrime = (n: number) => { if (n < 2) return false; for (let i = 2; i * i <= n; i++) if (n % i === 0) return false; return true; };
const primes = Array.from({ length: 50 }, (_, i) => i).filter(isPrime);
const factorize = (n: number) => { const f: number[] = []; for (let d = 2; d * d <= n; d++) while (n % d === 0) { f.push(d); n /= d; } if (n > 1) f.push(n); return f; };
console.log(gcd(84, 36), lcm(4, 6), [12, 18, 24].reduce(gcd), primes);
console.log(factorize(360), factorize(97), factorize(2 ** 20 - 1));
console.log(-7 % 3, ((-7 % 3) + 3) % 3, Math.trunc(-7 / 3), Math.floor(-7 / 3), 7 / 0, -7 / 0, 0 / 0);
console.log(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, Number.isSafeInteger(2 ** 53), 2 ** 53 === 2 ** 53 + 1);
return { primes: primes.length, f: factorize(360) };

// === bigint-arithmetic
const fact = (n: bigint): bigint => (n <= 1n ? 1n : n * fact(n - 1n));
const f25 = fact(25n);
console.log(f25, f25.toString(), typeof f25, f25.toLocaleString("en-US"));
console.log(2n ** 64n - 1n, (2n ** 64n).toString(16), BigInt("12345678901234567890") % 97n, -7n / 2n, BigInt.asUintN(8, 257n));
console.log([3n, 1n, 2n].sort(), 10n > 9, 10n == 10 as any, 10n === (10 as any), BigInt(Number.MAX_SAFE_INTEGER) + 2n);
console.log({ big: 5n }, [1n, -2n], new Map([[1n, "one"]]));
try { BigInt(1.5); } catch (e) { console.log((e as Error).name + ": " + (e as Error).message); }
try { BigInt("1.5"); } catch (e) { console.log((e as Error).name + ": " + (e as Error).message); }
return f25.toString();

// === stats-mean-median-stddev
const data = [12, 45, 7, 23, 56, 89, 34, 23, 12, 9, 23, 67];
const sum = data.reduce((a, b) => a + b, 0);
const mean = sum / data.length;
const sorted = [...data].sort((a, b) => a - b);
const mid = Math.floor(sorted.length / 2);
const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
const variance = data.reduce((s, x) => s + (x - mean) ** 2, 0) / (data.length - 1);
const std = Math.sqrt(variance);
const counts = data.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<number, number>());
const mode = [...counts].sort((a, b) => b[1] - a[1])[0][0];
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = { n: data.length, sum, mean, median, mode, std, p90: pct(90), min: Math.min(...data), max: Math.max(...data) };
console.log(stats);
console.log(Object.entries(stats).map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toFixed(3)}`).join(", "));
return { mean: +mean.toFixed(4), std: +std.toFixed(4), median, mode };

// === math-functions-values
const xs = [0.5, 1, 2, Math.E, 10];
console.log(xs.map(Math.log), xs.map(Math.log10), xs.map(Math.log2));
console.log(Math.hypot(3, 4), Math.cbrt(27), Math.sign(-3), Math.fround(5.5), Math.fround(5.05), Math.clz32(1), Math.expm1(1e-10));
console.log(Math.round(-0.5), Math.round(2.5), Math.round(-2.5), Math.max(), Math.min(), Math.atan2(1, 1) * 4);
console.log(Math.sin(Math.PI), Math.cos(Math.PI), Math.tan(Math.PI / 4), Math.sqrt(2), Math.pow(2, 0.5), 2 ** -1);
console.log(Number.EPSILON, Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE * 2, 5e-324 / 2);
return xs.map((x) => +Math.exp(x).toFixed(6));

// === number-to-string-radix
const n = 255;
console.log(n.toString(2), n.toString(8), n.toString(16), n.toString(36), (-255).toString(16), (0.5).toString(2), (3.75).toString(16));
console.log(parseInt("ff", 16), parseInt("zz", 36), parseInt("777", 8), Number("0o17"), Number("0b1111"), Number("0xff"));
console.log((123.456).toString(36), (1e21).toString(), (1e-7).toString(), (123e-20).toString(), 1e21 + 1, 2 ** 70);
const toHex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
const rgb = (hex: string) => hex.replace("#", "").match(/../g)!.map((h) => parseInt(h, 16));
console.log(toHex([0, 15, 16, 255]), rgb("#1e90ff"), `#${rgb("#1e90ff").map((c) => c.toString(16).padStart(2, "0")).join("")}`);
return [n.toString(2), toHex([1, 171, 205])];

// === money-cents-arithmetic
const lineItems = [{ name: "A", cents: 1999, qty: 3 }, { name: "B", cents: 250, qty: 7 }, { name: "C", cents: 99, qty: 1 }];
const subtotal = lineItems.reduce((s, i) => s + i.cents * i.qty, 0);
const discount = Math.round(subtotal * 0.15);
const tax = Math.round((subtotal - discount) * 0.0825);
const total = subtotal - discount + tax;
const fmt = (c: number) => (c < 0 ? "-" : "") + "$" + (Math.abs(c) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
console.log([["Subtotal", subtotal], ["Discount", -discount], ["Tax", tax], ["Total", total]].map(([l, c]) => `${String(l).padEnd(10)}${fmt(c as number).padStart(10)}`).join("\n"));
const split = (c: number, n: number) => Array.from({ length: n }, (_, i) => Math.floor(c / n) + (i < c % n ? 1 : 0));
console.log(split(total, 3), split(total, 3).reduce((a, b) => a + b) === total);
return { subtotal, discount, tax, total };

// === typed-arrays-and-dataview
const buf = new ArrayBuffer(16);
const view = new DataView(buf);
view.setUint32(0, 0xdeadbeef);
view.setUint32(4, 0xdeadbeef, true);
view.setFloat32(8, 1.5);
view.setInt16(12, -2, true);
const bytes = new Uint8Array(buf);
console.log(bytes, Array.from(bytes).map((b) => b.toString(16).padStart(2, "0")).join(" "));
console.log(view.getUint16(0), view.getInt8(0), view.getFloat32(8), view.getInt16(12, true), view.getUint16(12, true));
const f64 = new Float64Array([1.1, 2.2, 3.3]);
const i32 = Int32Array.from([1.9, -1.9, 2 ** 31]);
console.log(f64, i32, new Uint8ClampedArray([300, -5, 127.5]), f64.map((x) => x * 2).reduce((a, b) => a + b));
console.log(bytes.subarray(0, 4), bytes.slice(4, 8).reverse(), new Uint16Array(buf, 0, 2), buf.byteLength, buf);
return Array.from(bytes.slice(0, 8));
