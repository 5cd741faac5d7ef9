// === fmt-tofixed-rounding-cases
const values = [1.005, 1.255, 2.5, -2.5, 0.125, 10.235, 1e21, 123.456, -0.0001, 0.000001];
const rows = values.map((v) => ({ v, f0: v.toFixed(0), f2: v.toFixed(2), f4: v.toFixed(4) }));
console.table(rows);
return rows.map((r) => [r.f0, r.f2, r.f4]);

// === fmt-toprecision-and-exponential
const nums = [0, 1, 123.456, 0.00012345, 98765.4321, 1e-7, 5e20, -42.195];
const out = nums.map((n) => ({
  n: String(n),
  p3: n.toPrecision(3),
  p6: n.toPrecision(6),
  e2: n.toExponential(2),
  e: n.toExponential(),
}));
console.log(out);
return out;

// === fmt-number-tostring-shortest
const xs = [0.1 + 0.2, 1 / 3, 2 / 3, 100, 1e21, 1e-7, 123e-20, 2 ** 53, 2 ** 53 + 1, 0.000001, 1.5e300 * 1e10, -1e-324, 5e-324];
const strs = xs.map(String);
console.log(strs);
console.log(xs);
return strs;

// === fmt-tolocalestring-defaults
const nums = [1234567.891, 0.5, -9876.5, 1e21, 1000, 12.3456789];
const out = nums.map((n) => n.toLocaleString());
const withOpts = nums.map((n) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
console.log(out);
console.log(withOpts);
return { out, withOpts };

// === fmt-currency-helper-various
const fmtUSD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const fmtEUR = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
const fmtJPY = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" });
const amounts = [0, 9.99, 1234.5, -42.1, 1e6];
const rows = amounts.map((a) => ({ a, usd: fmtUSD.format(a), eur: fmtEUR.format(a), jpy: fmtJPY.format(a) }));
rows.forEach((r) => console.log(`${String(r.a).padStart(8)} ${r.usd.padStart(14)} ${r.eur.padStart(14)} ${r.jpy.padStart(12)}`));
return rows;

// === fmt-percent-and-compact
const ratios = [0.1234, 0.5, 1, 0.0005, 2.345];
const pct = ratios.map((r) => r.toLocaleString("en-US", { style: "percent", maximumFractionDigits: 1 }));
const big = [999, 1200, 15300, 2_500_000, 7_890_000_000];
const compact = big.map((n) => new Intl.NumberFormat("en", { notation: "compact" }).format(n));
const manual = big.map((n) => {
  const units = ["", "K", "M", "B"];
  let i = 0, v = n;
  while (v >= 1000 && i < units.length - 1) { v /= 1000; i++; }
  return `${v >= 10 || i === 0 ? Math.round(v) : v.toFixed(1).replace(/\.0$/, "")}${units[i]}`;
});
console.log(pct, compact, manual);
return { pct, compact, manual };

// === fmt-thousands-separator-manual
const nums = [0, 7, 1234, -1234567.891, 1000000, 999.999, 12345.6];
const sep = (n: number, d = 2) => {
  const [int, frac] = Math.abs(n).toFixed(d).split(".");
  return (n < 0 ? "-" : "") + int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (frac ? "." + frac : "");
};
const out = nums.map((n) => sep(n));
const out0 = nums.map((n) => sep(n, 0));
console.log(out.join(" | "));
console.log(out0.join(" | "));
return { out, out0 };

// === fmt-duration-human-readable
function human(ms: number): string {
  const parts: string[] = [];
  const units: [string, number][] = [["d", 86400000], ["h", 3600000], ["m", 60000], ["s", 1000]];
  for (const [u, size] of units) {
    const q = Math.floor(ms / size);
    if (q) { parts.push(`${q}${u}`); ms -= q * size; }
  }
  if (ms || !parts.length) parts.push(`${ms}ms`);
  return parts.join(" ");
}
const inputs = [0, 999, 1000, 61_001, 3_600_000, 90_061_500, 172_800_000];
const out = inputs.map(human);
console.log(out);
const clock = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((x) => String(x).padStart(2, "0")).join(":");
console.log([59, 3599, 3600, 86399].map(clock));
return out;

// === fmt-padding-fixed-width-columns
const rows: [string, number, number][] = [["apples", 3, 0.5], ["kiwis", 12, 0.25], ["watermelons", 1, 4.999], ["figs", 100, 0.1]];
const lines = rows.map(([name, qty, price]) =>
  `${name.padEnd(12, ".")}${String(qty).padStart(5)}${price.toFixed(2).padStart(8)}${(qty * price).toFixed(2).padStart(9)}`
);
lines.unshift(`${"item".padEnd(12)}${"qty".padStart(5)}${"price".padStart(8)}${"total".padStart(9)}`);
console.log(lines.join("\n"));
console.log("x".padStart(0), "|", "abc".padStart(6, "12345"), "|", "abc".padEnd(2), "|", "".padEnd(3, "ab"));
return lines;

// === fmt-ordinal-suffixes
const ordinal = (n: number) => {
  const s = ["th", "st", "nd", "rd"], v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
};
const nums = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1000];
const out = nums.map(ordinal);
const pr = new Intl.PluralRules("en-US", { type: "ordinal" });
const suf: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };
const viaIntl = nums.map((n) => `${n}${suf[pr.select(n)]}`);
console.log(out.join(" "));
console.log(out.every((o, i) => o === viaIntl[i]));
return out;

// === fmt-pluralize-messages
const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`;
const msgs = [0, 1, 2].flatMap((n) => [plural(n, "file"), plural(n, "child", "children"), plural(n, "box", "boxes")]);
console.log(msgs.join(", "));
const summary = (counts: Record<string, number>) =>
  Object.entries(counts).filter(([, n]) => n > 0).map(([w, n]) => plural(n, w)).join(", ").replace(/, ([^,]*)$/, " and $1");
console.log(summary({ error: 2, warning: 1, note: 0, hint: 5 }));
return msgs;

// === fmt-bytes-si-vs-iec
const sizes = [0, 999, 1000, 1024, 1_500_000, 1_073_741_824, 5.5e12];
function fmt(n: number, base: 1000 | 1024) {
  const units = base === 1000 ? ["B", "kB", "MB", "GB", "TB"] : ["B", "KiB", "MiB", "GiB", "TiB"];
  if (n === 0) return "0 B";
  const i = Math.min(units.length - 1, Math.floor(Math.log(n) / Math.log(base)));
  return `${parseFloat((n / base ** i).toPrecision(3))} ${units[i]}`;
}
const rows = sizes.map((n) => ({ n, si: fmt(n, 1000), iec: fmt(n, 1024) }));
console.table(rows);
return rows;

// === fmt-rounding-helpers-epsilon
const round = (n: number, d: number) => Math.round((n + Number.EPSILON) * 10 ** d) / 10 ** d;
const cases = [1.005, 2.675, 1.45, -1.005, 0.615, 10.075];
const out = cases.map((c) => ({ c, naive: Math.round(c * 100) / 100, eps: round(c, 2), fixed: +c.toFixed(2) }));
console.log(out);
const floorTo = (n: number, step: number) => Math.floor(n / step) * step;
console.log([17, 23, 99.5, -3].map((n) => floorTo(n, 5)), Math.trunc(-4.7), Math.sign(-3), Math.ceil(-0.5) === 0);
return out;

// === fmt-int-parse-and-number-coercion
const inputs = ["42", "  7 ", "3.14abc", "0x1F", "1e3", "", "abc", "08", "-0012", "1_000", "Infinity", " \n12\t"];
const rows = inputs.map((s) => ({ s: JSON.stringify(s), Number: String(Number(s)), parseInt: String(parseInt(s)), parseFloat: String(parseFloat(s)), plus: String(+s) }));
console.table(rows);
return rows;

// === fmt-template-table-with-unicode-width
const rows = [["Name", "City", "Score"], ["Zoë", "Zürich", "9.5"], ["Ana", "São Paulo", "10"], ["Li", "北京", "8.25"]];
const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const lines = rows.map((r) => r.map((c, i) => c.padEnd(w[i])).join("  "));
console.log(lines.join("\n"));
return lines;

// === fmt-number-to-words
const ones = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
function words(n: number): string {
  if (n === 0) return "zero";
  if (n < 20) return ones[n];
  if (n < 100) return tens[Math.floor(n / 10)] + (n % 10 ? "-" + ones[n % 10] : "");
  if (n < 1000) return ones[Math.floor(n / 100)] + " hundred" + (n % 100 ? " and " + words(n % 100) : "");
  for (const [size, name] of [[1e9, "billion"], [1e6, "million"], [1e3, "thousand"]] as const)
    if (n >= size) return words(Math.floor(n / size)) + " " + name + (n % size ? (n % size < 100 ? " and " : " ") + words(n % size) : "");
  return "";
}
const out = [0, 7, 13, 45, 100, 101, 999, 1001, 12345, 1_000_000, 2_000_017].map((n) => `${n}: ${words(n)}`);
console.log(out.join("\n"));
return out;

// === fmt-string-format-specifiers-mixed
console.log("%s has %d items costing %f total", "cart", 3, 59.97);
console.log("%o and %O", { a: [1, { b: 2 }] }, { a: [1, { b: 2 }] });
console.log("%i%%", 45.9, "extra", { x: 1 });
console.log("%c styled %c text", "color: red", "font-weight: bold");
console.log("no specifiers", 1, "two", [3]);
console.log("%s", Symbol("sym"), "%d", null);
return "ok";

// === fmt-date-iso-parts-manual
const d = new Date(Date.UTC(2024, 6, 4, 9, 5, 3, 7));
const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
const human = `${["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][d.getUTCDay()]}, ${d.getUTCDate()} ${d.toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${d.getUTCFullYear()}`;
console.log(stamp, "|", human, "|", d.toISOString(), "|", d.toUTCString());
return { stamp, human };

// === fmt-significant-figures-table
const constants = { pi: Math.PI, e: Math.E, sqrt2: Math.SQRT2, avogadro: 6.02214076e23, planck: 6.62607015e-34, c: 299792458 };
const rows = Object.entries(constants).map(([name, v]) => ({
  name,
  sig3: Number(v.toPrecision(3)),
  sig3str: v.toPrecision(3),
  locale: v.toLocaleString("en-US", { maximumSignificantDigits: 4 }),
}));
console.table(rows);
return rows;
