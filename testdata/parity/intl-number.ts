// === number-decimal-basic-locales
const locales = ["en-US", "en-GB", "en-IN", "de-DE", "de-CH", "fr-FR", "fr-CA", "es-ES", "es-MX", "it-IT"];
for (const loc of locales) {
  console.log(loc, new Intl.NumberFormat(loc).format(1234567.891));
}
// === number-decimal-more-locales
const locales = ["pt-BR", "pt-PT", "nl-NL", "sv-SE", "da-DK", "nb-NO", "fi-FI", "pl-PL", "cs-CZ", "hu-HU", "ro-RO", "el-GR", "tr-TR", "ru-RU", "uk-UA"];
const out: string[] = [];
for (const loc of locales) out.push(loc + " " + new Intl.NumberFormat(loc).format(-9876543.21));
return out;
// === number-decimal-native-digits
const locales = ["he-IL", "ar-EG", "ar-SA", "hi-IN", "bn-BD", "th-TH", "vi-VN", "id-ID", "ja-JP", "ko-KR", "zh-CN", "zh-TW", "zh-HK"];
return locales.map((l) => [l, new Intl.NumberFormat(l).format(1234567.5)]);
// === number-four-digit-grouping
// Spanish and Polish do not group four-digit numbers by default.
for (const loc of ["es-ES", "pl-PL", "pt-PT", "en-US", "de-DE"]) {
  console.log(loc, new Intl.NumberFormat(loc).format(4321), new Intl.NumberFormat(loc).format(54321));
}
// === number-percent-basic
const fmt = new Intl.NumberFormat("en-US", { style: "percent" });
console.log(fmt.format(0.256), fmt.format(1), fmt.format(-0.005), fmt.format(12.3456));
const fmt2 = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 2 });
return [fmt2.format(0.256), fmt2.format(0.12345), fmt2.format(0.1)];
// === number-percent-locales
const values = [0.075, 0.5, 1.25];
for (const loc of ["de-DE", "fr-FR", "tr-TR", "ar-EG", "he-IL", "sv-SE", "da-DK"]) {
  const f = new Intl.NumberFormat(loc, { style: "percent", maximumFractionDigits: 1 });
  console.log(loc, values.map((v) => f.format(v)).join(" | "));
}
// === number-currency-usd-eur-gbp
const amount = 1234.5;
console.log(new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount));
console.log(new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(amount));
console.log(new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(amount));
console.log(new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(amount));
console.log(new Intl.NumberFormat("en-US", { style: "currency", currency: "EUR" }).format(amount));
// === number-currency-zero-decimal
// JPY and KRW have no minor units; KWD/BHD have three.
const pairs: string[][] = [["ja-JP", "JPY"], ["ko-KR", "KRW"], ["en-US", "JPY"], ["ar-EG", "EGP"], ["en-US", "KWD"], ["en-US", "BHD"], ["vi-VN", "VND"], ["id-ID", "IDR"]];
return pairs.map(([loc, cur]) => new Intl.NumberFormat(loc, { style: "currency", currency: cur }).format(98765.4321));
// === number-currency-many-locales
const rows: string[][] = [
  ["en-IN", "INR"], ["hi-IN", "INR"], ["de-CH", "CHF"], ["fr-CA", "CAD"], ["es-MX", "MXN"], ["pt-BR", "BRL"],
  ["sv-SE", "SEK"], ["da-DK", "DKK"], ["nb-NO", "NOK"], ["pl-PL", "PLN"], ["cs-CZ", "CZK"], ["hu-HU", "HUF"],
  ["ro-RO", "RON"], ["tr-TR", "TRY"], ["ru-RU", "RUB"], ["uk-UA", "UAH"], ["he-IL", "ILS"], ["ar-SA", "SAR"],
  ["th-TH", "THB"], ["zh-CN", "CNY"], ["zh-TW", "TWD"], ["zh-HK", "HKD"], ["bn-BD", "BDT"], ["el-GR", "EUR"],
];
for (const [loc, cur] of rows) {
  console.log(loc.padEnd(6), cur, new Intl.NumberFormat(loc, { style: "currency", currency: cur }).format(-1234567.891));
}
// === number-currency-display-code-name
const opts = ["symbol", "narrowSymbol", "code", "name"] as const;
for (const currencyDisplay of opts) {
  const f = new Intl.NumberFormat("en-US", { style: "currency", currency: "CAD", currencyDisplay });
  console.log(currencyDisplay, f.format(1), f.format(2500.75));
}
// === number-currency-display-name-locales
const out: string[] = [];
for (const [loc, cur] of [["de-DE", "USD"], ["fr-FR", "GBP"], ["es-ES", "JPY"], ["ja-JP", "EUR"], ["ru-RU", "USD"], ["pl-PL", "EUR"]]) {
  const f = new Intl.NumberFormat(loc, { style: "currency", currency: cur, currencyDisplay: "name" });
  out.push(f.format(1), f.format(2), f.format(5), f.format(22.5));
}
return out;
// === number-currency-narrow-symbol
const curs = ["USD", "AUD", "CAD", "HKD", "TWD", "BRL", "MXN", "INR", "KRW", "ILS", "PHP", "NGN"];
return curs.map((c) => ({
  c,
  symbol: new Intl.NumberFormat("en-GB", { style: "currency", currency: c }).format(10),
  narrow: new Intl.NumberFormat("en-GB", { style: "currency", currency: c, currencyDisplay: "narrowSymbol" }).format(10),
}));
// === number-currency-accounting
for (const loc of ["en-US", "en-GB", "de-DE", "ja-JP", "fr-FR"]) {
  const f = new Intl.NumberFormat(loc, { style: "currency", currency: "USD", currencySign: "accounting" });
  console.log(loc, f.format(-42.5), f.format(42.5), f.format(0));
}
// === number-currency-lowercase-code
const f = new Intl.NumberFormat("en-US", { style: "currency", currency: "eur" });
console.log(f.format(3.5));
return f.resolvedOptions().currency;
// === number-compact-short
const f = new Intl.NumberFormat("en-US", { notation: "compact" });
return [0, 999, 1000, 1499, 1500, 15300, 999999, 1000000, 2.5e9, 7.1e12, -48200].map((n) => f.format(n));
// === number-compact-long
const f = new Intl.NumberFormat("en-US", { notation: "compact", compactDisplay: "long" });
console.log([1234, 56000, 1.2e6, 3.45e9, 1e12].map((n) => f.format(n)).join(", "));
// === number-compact-locales
const values = [1234, 45678, 1234567, 9.8e9];
for (const loc of ["de-DE", "fr-FR", "es-ES", "ja-JP", "zh-CN", "ko-KR", "hi-IN", "en-IN", "ru-RU", "pt-BR"]) {
  const s = new Intl.NumberFormat(loc, { notation: "compact" });
  const l = new Intl.NumberFormat(loc, { notation: "compact", compactDisplay: "long" });
  console.log(loc, values.map((v) => s.format(v)).join(" / "), "||", values.map((v) => l.format(v)).join(" / "));
}
// === number-compact-currency
const f = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact" });
const g = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR", notation: "compact" });
return [f.format(1234567), f.format(950), f.format(42000), g.format(1234567), g.format(42000)];
// === number-scientific-engineering
const sci = new Intl.NumberFormat("en-US", { notation: "scientific" });
const eng = new Intl.NumberFormat("en-US", { notation: "engineering" });
for (const n of [123456, 0.000123, 6.02214076e23, -42, 1]) {
  console.log(n, sci.format(n), eng.format(n));
}
// === number-scientific-locales
const out: string[] = [];
for (const loc of ["de-DE", "fr-FR", "ar-EG", "sv-SE"]) {
  out.push(new Intl.NumberFormat(loc, { notation: "scientific", maximumFractionDigits: 3 }).format(123456.789));
}
return out;
// === number-sign-display
const modes = ["auto", "always", "exceptZero", "never", "negative"] as const;
for (const signDisplay of modes) {
  const f = new Intl.NumberFormat("en-US", { signDisplay });
  console.log(signDisplay.padEnd(10), [-5, 0, -0, 5, 0.0001].map((n) => f.format(n)).join(" "));
}
// === number-sign-display-percent-change
const f = new Intl.NumberFormat("en-US", { style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 1 });
const changes = [0.153, -0.042, 0, 0.00001];
return changes.map((c) => f.format(c));
// === number-sign-display-currency-accounting
const f = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", currencySign: "accounting", signDisplay: "always" });
console.log(f.format(-10), f.format(10), f.format(0));
// === number-fraction-digits
const a = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const b = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const c = new Intl.NumberFormat("en-US", { minimumFractionDigits: 3 });
return [a.format(1), a.format(1.005), a.format(2.675), b.format(2.5), b.format(3.5), b.format(-2.5), c.format(1.23456789)];
// === number-significant-digits
const f = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3 });
const g = new Intl.NumberFormat("en-US", { minimumSignificantDigits: 5 });
console.log([123456, 0.00123456, 98.765, 1].map((n) => f.format(n)).join(" "));
console.log([1, 12.3, 0.5].map((n) => g.format(n)).join(" "));
// === number-significant-and-fraction-priority
const a = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, maximumSignificantDigits: 2, roundingPriority: "lessPrecision" });
const b = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, maximumSignificantDigits: 2, roundingPriority: "morePrecision" });
return [a.format(1.23456), b.format(1.23456), a.format(123.456), b.format(123.456)];
// === number-rounding-modes
const modes = ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"] as const;
for (const roundingMode of modes) {
  const f = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0, roundingMode });
  console.log(roundingMode.padEnd(10), [2.5, -2.5, 1.5, 1.4, -1.6].map((n) => f.format(n)).join(" "));
}
// === number-trailing-zero-display
const f = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, trailingZeroDisplay: "stripIfInteger" });
return [f.format(5), f.format(5.1), f.format(5.125)];
// === number-use-grouping
const values = [1234, 12345678.9];
for (const useGrouping of [true, false, "always", "auto", "min2"] as const) {
  const f = new Intl.NumberFormat("en-US", { useGrouping: useGrouping as any });
  console.log(String(useGrouping), values.map((v) => f.format(v)).join(" "));
}
// === number-use-grouping-false-locales
return ["de-DE", "fr-FR", "hi-IN", "ar-EG"].map((l) => new Intl.NumberFormat(l, { useGrouping: false }).format(1234567.25));
// === number-min-integer-digits
const f = new Intl.NumberFormat("en-US", { minimumIntegerDigits: 3 });
const g = new Intl.NumberFormat("de-DE", { minimumIntegerDigits: 2, minimumFractionDigits: 1 });
return [f.format(7), f.format(42), f.format(1234), g.format(5), g.format(0.25)];
// === number-format-to-parts-currency
const parts = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).formatToParts(-1234567.891);
for (const p of parts) console.log(p.type, JSON.stringify(p.value));
// === number-format-to-parts-compact-percent
const a = new Intl.NumberFormat("en-US", { notation: "compact" }).formatToParts(12345);
const b = new Intl.NumberFormat("fr-FR", { style: "percent" }).formatToParts(0.42);
const c = new Intl.NumberFormat("en-US", { notation: "scientific" }).formatToParts(-0.00045);
return { a, b, c };
// === number-format-to-parts-grouping-chars
const out: string[] = [];
for (const loc of ["fr-FR", "de-CH", "ru-RU", "en-IN", "ar-EG"]) {
  const parts = new Intl.NumberFormat(loc).formatToParts(1234567.8);
  const group = parts.find((p) => p.type === "group");
  const dec = parts.find((p) => p.type === "decimal");
  out.push(loc + " group=" + JSON.stringify(group && group.value) + " U+" + (group ? group.value.charCodeAt(0).toString(16) : "") + " decimal=" + JSON.stringify(dec && dec.value));
}
return out;
// === number-resolved-options-default
return new Intl.NumberFormat("en-US").resolvedOptions();
// === number-resolved-options-currency
const r = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" }).resolvedOptions();
console.log(r.locale, r.style, r.currency, r.minimumFractionDigits, r.maximumFractionDigits, r.currencyDisplay, r.currencySign);
const q = new Intl.NumberFormat("en", { notation: "compact", compactDisplay: "long", maximumSignificantDigits: 3 }).resolvedOptions();
return q;
// === number-resolved-options-locale-fallback
const fmts = ["de-AT", "en-150", "es-419", "pt", "zh-Hant-TW", "sr-Latn"].map((l) => new Intl.NumberFormat(l).resolvedOptions().locale);
return fmts;
// === number-resolved-options-numbering-system
const a = new Intl.NumberFormat("ar-EG").resolvedOptions().numberingSystem;
const b = new Intl.NumberFormat("ar-SA").resolvedOptions().numberingSystem;
const c = new Intl.NumberFormat("hi-IN").resolvedOptions().numberingSystem;
const d = new Intl.NumberFormat("th-TH").resolvedOptions().numberingSystem;
const e = new Intl.NumberFormat("bn-BD").resolvedOptions().numberingSystem;
return [a, b, c, d, e];
// === number-numbering-system-extension
const a = new Intl.NumberFormat("en-US-u-nu-arab").format(1234.5);
const b = new Intl.NumberFormat("ar-EG-u-nu-latn").format(1234.5);
const c = new Intl.NumberFormat("th-TH", { numberingSystem: "thai" }).format(1234.5);
const d = new Intl.NumberFormat("hi-IN", { numberingSystem: "deva" }).format(1234.5);
return [a, b, c, d];
// === number-special-values
const f = new Intl.NumberFormat("en-US");
const g = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
return [f.format(NaN), f.format(Infinity), f.format(-Infinity), f.format(-0), g.format(NaN), g.format(-Infinity)];
// === number-format-strings-and-bigints
const f = new Intl.NumberFormat("en-US");
console.log(f.format("1234.5" as any), f.format(12345678901234567890n as any), f.format("1e3" as any));
console.log(f.format("12345678901234567890.123456" as any));
// === number-format-bigint-currency
const f = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
return f.format(9007199254740993n as any);
// === number-format-range
const f = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
console.log(f.formatRange(3, 5), "|", f.formatRange(2.9, 3.1), "|", f.formatRange(100, 2500));
const g = new Intl.NumberFormat("de-DE");
return g.formatRange(1000, 5000);
// === number-tolocalestring-no-args
const n = 1234567.891;
console.log(n.toLocaleString());
console.log((0.5).toLocaleString(), (-1e21).toLocaleString(), (123).toLocaleString());
return [n.toLocaleString(undefined, { maximumFractionDigits: 1 }), (1e-7).toLocaleString()];
// === number-tolocalestring-locales
const n = 9876543.21;
return ["en-US", "de-DE", "fr-FR", "de-CH", "en-IN", "ar-EG", "ja-JP", "ru-RU"].map((l) => n.toLocaleString(l));
// === number-tolocalestring-options
const price = 19.9;
console.log(price.toLocaleString("en-US", { style: "currency", currency: "USD" }));
console.log(price.toLocaleString("de-DE", { minimumFractionDigits: 2 }));
console.log((0.3333).toLocaleString("en-GB", { style: "percent", maximumFractionDigits: 1 }));
console.log((1500000).toLocaleString("en", { notation: "compact" }));
// === number-tolocalestring-locale-array
return [
  (1234.5).toLocaleString(["xx-invalid-but-ok", "de-DE"].slice(1)),
  (1234.5).toLocaleString(["fr-FR", "en-US"]),
  (1234.5).toLocaleString([]),
];
// === bigint-tolocalestring
const big = 123456789012345678901234567890n;
console.log(big.toLocaleString());
console.log(big.toLocaleString("de-DE"));
console.log(big.toLocaleString("en-IN"));
console.log((-42n).toLocaleString("en-US", { style: "currency", currency: "EUR" }));
return (10n ** 12n).toLocaleString("en-US", { notation: "compact" });
// === number-format-function-bound
const fmt = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }).format;
return [1.26, 2.34, 1000.05].map(fmt);
// === number-supported-locales-of
return Intl.NumberFormat.supportedLocalesOf(["en-US", "de-DE", "fr", "zz-ZZ", "ja-JP"]);
// === number-unit-style-unsupported
try {
  const f = new Intl.NumberFormat("en-US", { style: "unit", unit: "kilometer-per-hour" });
  console.log(f.format(88));
} catch (e: any) {
  console.log(e.name, e.message);
}
// === number-rounding-increment-nickel
try {
  const f = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, minimumFractionDigits: 2, roundingIncrement: 5 } as any);
  console.log(f.format(1.23));
} catch (e: any) {
  console.log(e.name, e.message);
}
// === number-rounding-increment-modes
const modes = ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"] as const;
for (const roundingMode of modes) {
  const nickel = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", roundingIncrement: 5, roundingMode } as any);
  const quarter = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2, roundingIncrement: 25, roundingMode } as any);
  console.log(roundingMode, [1.025, 1.075, -1.025, 2.01].map((x) => nickel.format(x)).join(" "), [1.125, 1.375, -0.6].map((x) => quarter.format(x)).join(" "));
}
const r = new Intl.NumberFormat("en-US", { roundingIncrement: 50, maximumFractionDigits: 1, minimumFractionDigits: 1 } as any).resolvedOptions();
return [r.roundingIncrement, r.minimumFractionDigits, r.maximumFractionDigits, new Intl.NumberFormat("de-DE", { roundingIncrement: 500 } as any).format(123456.7)];
// === number-rounding-increment-errors
const attempts: any[] = [
  { roundingIncrement: 3 },
  { roundingIncrement: 5, maximumFractionDigits: 2 },
  { roundingIncrement: 5, maximumSignificantDigits: 3 },
  { roundingIncrement: 10, notation: "compact" },
  { roundingIncrement: 10, roundingPriority: "lessPrecision", minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { roundingIncrement: 5000.9 },
  { roundingPriority: "fastest" },
];
for (const o of attempts) {
  try {
    console.log("ok", new Intl.NumberFormat("en-US", o).format(12345.678));
  } catch (e: any) {
    console.log(e.name, e.message);
  }
}
// === number-invalid-currency-error
try {
  new Intl.NumberFormat("en-US", { style: "currency", currency: "DOLLARS" });
} catch (e: any) {
  console.log(e.name, e.message);
}
try {
  new Intl.NumberFormat("en-US", { style: "currency" } as any);
} catch (e: any) {
  console.log(e.name, e.message);
}
// === number-invalid-options-errors
const attempts: any[] = [
  { maximumFractionDigits: 101 },
  { minimumFractionDigits: 3, maximumFractionDigits: 1 },
  { style: "bogus" },
  { notation: "weird" },
];
for (const opts of attempts) {
  try {
    new Intl.NumberFormat("en-US", opts);
    console.log("ok", JSON.stringify(opts));
  } catch (e: any) {
    console.log(e.name);
  }
}
// === number-locale-extension-currency-data
const prices = [4.99, 129, 1049.5];
const f = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" });
const g = new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD" });
return prices.map((p) => f.format(p) + " / " + g.format(p));
// === number-unit-style-report
const speed = new Intl.NumberFormat("en-US", { style: "unit", unit: "kilometer-per-hour" });
const size = new Intl.NumberFormat("en-US", { style: "unit", unit: "megabyte", unitDisplay: "long", maximumFractionDigits: 1 });
console.log(speed.format(88), size.format(1), size.format(1536.25), speed.formatToParts(-5));
const temps = [21.5, -3, 0].map(t => t.toLocaleString("de-DE", { style: "unit", unit: "celsius" }));
console.log(temps.join(" | "), (0.5).toLocaleString("fr-FR", { style: "unit", unit: "liter", unitDisplay: "long" }));
return [new Intl.NumberFormat("ja-JP", { style: "unit", unit: "kilogram", unitDisplay: "narrow" }).format(70), new Intl.NumberFormat("en", { style: "unit", unit: "gigabyte-per-second", unitDisplay: "long" }).format(2)];
// === number-unit-durations-and-errors
const f = (u: string, d: "long" | "short" | "narrow") => new Intl.NumberFormat("en", { style: "unit", unit: u, unitDisplay: d }).format(3);
console.log(["second", "minute", "hour", "day", "week", "month", "year"].map(u => f(u, "long")).join(", "));
console.log(["millisecond", "percent", "byte", "mile-per-hour", "foot"].map(u => f(u, "short")).join(", "));
for (const unit of ["meters", "", "kilometer-per-lightyear"]) {
  try { new Intl.NumberFormat("en", { style: "unit", unit }) } catch (e) { console.log(e.name, e.message) }
}
try { new Intl.NumberFormat("en", { style: "unit" }) } catch (e) { console.log(e.name, e.message) }
// === number-format-range-locales
const out: string[] = [];
for (const loc of ["en-US", "de-DE", "fr-FR", "es-ES", "ja-JP", "ko-KR", "he-IL", "ar-EG", "pt-BR", "tr-TR", "zh-TW", "hi-IN"]) {
  const cur = new Intl.NumberFormat(loc, { style: "currency", currency: "EUR" });
  const pct = new Intl.NumberFormat(loc, { style: "percent" });
  out.push([loc, new Intl.NumberFormat(loc).formatRange(1000, 5000), cur.formatRange(3, 5), cur.formatRange(3, 3.001), pct.formatRange(0.03, 0.05)].join(" | "));
}
return out;
// === number-format-range-units-compact
const cases: [Intl.NumberFormatOptions, number, number][] = [
  [{ style: "unit", unit: "kilometer", unitDisplay: "long" }, 1, 5],
  [{ style: "unit", unit: "kilometer", unitDisplay: "long" }, 1, 1],
  [{ style: "unit", unit: "kilometer-per-hour" }, 50, 120],
  [{ style: "unit", unit: "celsius" }, -5, 5],
  [{ style: "unit", unit: "percent" }, 1, 5],
  [{ style: "currency", currency: "USD", currencyDisplay: "name" }, 1, 5],
  [{ style: "currency", currency: "USD", currencySign: "accounting" }, -5, -3],
  [{ notation: "compact" }, 3000, 5000],
  [{ notation: "compact", compactDisplay: "long" }, 3000, 5000],
  [{ notation: "compact", compactDisplay: "long" }, 3000, 5000000],
  [{ notation: "scientific" }, 3000, 50000],
  [{ signDisplay: "always" }, 3, 5],
  [{ signDisplay: "exceptZero" }, 0, 0],
  [{ maximumSignificantDigits: 2 }, 1234, 1240],
];
for (const loc of ["en-US", "ru-RU", "fr-FR"]) {
  console.log(loc, cases.map(([o, x, y]) => new Intl.NumberFormat(loc, o).formatRange(x, y)).join(" | "));
}
// === number-format-range-to-parts
const f = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
console.log(JSON.stringify(f.formatRangeToParts(3, 5)));
console.log(JSON.stringify(f.formatRangeToParts(-5, -5)));
console.log(JSON.stringify(new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).formatRangeToParts(3, 5)));
console.log(JSON.stringify(new Intl.NumberFormat("en-US", { notation: "compact", compactDisplay: "long" }).formatRangeToParts(3000, 5000000)));
return new Intl.NumberFormat("ar-EG", { style: "percent" }).formatRangeToParts(0.03, 0.05);
// === number-format-range-arguments
const f = new Intl.NumberFormat("en-US");
const out: string[] = [f.formatRange(5, 3), f.formatRange(-5, 3), f.formatRange(-Infinity, Infinity), f.formatRange(1n, 5n), f.formatRange("1e3", " 2000 "), f.formatRange(null as any, 1)];
for (const args of [[undefined, 1], [1, undefined], [NaN, 1], [1, NaN], ["abc", 1], [{}, 1]]) {
  try {
    out.push(f.formatRange(args[0] as any, args[1] as any));
  } catch (e: any) {
    out.push(e.name + ": " + e.message);
  }
}
return out;
