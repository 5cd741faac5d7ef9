// === numbering-extension-and-option
// Native digits asked for through the locale or the option.
const out: string[] = [];
for (const loc of ["en-US-u-nu-arab", "de-DE-u-nu-arabext", "en-US-u-nu-deva", "fr-FR-u-nu-thai", "ja-JP-u-nu-hanidec", "ar-EG-u-nu-latn", "fa-IR-u-nu-latn", "hi-IN-u-nu-deva"]) {
  const f = new Intl.NumberFormat(loc);
  out.push(`${loc} ${f.format(-1234567.891)} ${f.resolvedOptions().locale} ${f.resolvedOptions().numberingSystem}`);
}
for (const ns of ["arab", "beng", "tamldec", "fullwide", "mymr", "latn"]) {
  const f = new Intl.NumberFormat("en-IN", { numberingSystem: ns });
  out.push(`${ns} ${f.format(9876543.21)} ${f.resolvedOptions().locale}`);
}
return out;
// === numbering-styles-with-native-digits
const lines: string[] = [];
for (const loc of ["en-u-nu-arab", "ar-u-nu-arab", "ur-PK-u-nu-arabext", "th-TH-u-nu-thai", "bn-u-nu-latn", "mr-IN"]) {
  lines.push([
    new Intl.NumberFormat(loc, { style: "percent", maximumFractionDigits: 1 }).format(0.4567),
    new Intl.NumberFormat(loc, { style: "currency", currency: "USD" }).format(-1234.5),
    new Intl.NumberFormat(loc, { style: "currency", currency: "EUR", currencyDisplay: "code" }).format(99),
    new Intl.NumberFormat(loc, { notation: "compact" }).format(1234567),
    new Intl.NumberFormat(loc, { notation: "scientific" }).format(0.000123),
    new Intl.NumberFormat(loc, { style: "unit", unit: "kilometer-per-hour" }).format(88),
    new Intl.NumberFormat(loc, { signDisplay: "always" }).format(42),
  ].join(" | "));
}
return lines;
// === numbering-unknown-and-algorithmic
// Algorithmic systems and unknown names give the locale's default.
const res: string[] = [];
for (const [loc, ns] of [["en", "roman"], ["zh-CN", "hans"], ["el-GR", "grek"], ["en", "native"], ["en", "ARAB"], ["fa", "abcd-efgh"], ["en-u-nu-thai", "roman"], ["en-u-nu-thai", "thai"], ["en-u-nu-arab", "deva"]] as const) {
  const f = new Intl.NumberFormat(loc, { numberingSystem: ns });
  res.push(`${loc}/${ns}: ${f.format(1234.5)} ${f.resolvedOptions().locale} ${f.resolvedOptions().numberingSystem}`);
}
for (const loc of ["en-u-nu-roman", "ja-u-nu-jpan", "en-u-nu-thai-latn", "ar-EG-u-nu-foo"]) {
  const f = new Intl.NumberFormat(loc);
  res.push(`${loc}: ${f.format(1234.5)} ${f.resolvedOptions().locale} ${f.resolvedOptions().numberingSystem}`);
}
return res;
// === numbering-invalid-option
for (const ns of ["ab", "", "abc_def", "toolongname", "abc-de"]) {
  try {
    new Intl.NumberFormat("en", { numberingSystem: ns });
    console.log("accepted", ns);
  } catch (e) {
    console.log((e as Error).name, (e as Error).message);
  }
}
try {
  (5).toLocaleString("en-u-nu-a");
} catch (e) {
  console.log((e as Error).name);
}
// === numbering-to-locale-string
const n = 1234567.891;
console.log(n.toLocaleString("en-u-nu-arab"), n.toLocaleString("ar", { numberingSystem: "arab" }));
console.log(n.toLocaleString("zh-u-nu-hanidec", { maximumFractionDigits: 1 }), (42n).toLocaleString("hi-u-nu-deva"));
return [n.toLocaleString("th", { numberingSystem: "thai", style: "currency", currency: "THB" }), (0.5).toLocaleString("ar-EG-u-nu-latn", { style: "percent" })];
// === numbering-format-to-parts
const f = new Intl.NumberFormat("ar-u-nu-arab", { style: "currency", currency: "SAR" });
console.log(JSON.stringify(f.formatToParts(-1234.56)));
const g = new Intl.NumberFormat("en-u-nu-arabext", { notation: "scientific" });
return g.formatToParts(123456);
// === numbering-format-range
const pairs: [string, Record<string, string>][] = [["en-u-nu-thai", {}], ["fa", { numberingSystem: "latn" }], ["fa-u-nu-latn", {}], ["ar-EG", { numberingSystem: "latn" }], ["hi", { numberingSystem: "deva" }], ["en", { numberingSystem: "arab", style: "percent" }]];
return pairs.map(([loc, o]) => {
  const f = new Intl.NumberFormat(loc, o);
  return [f.format(3), f.formatRange(3, 5), f.formatRange(7, 7), f.resolvedOptions().numberingSystem];
});
// === numbering-date-and-relative-time
const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));
const out: string[] = [];
for (const [loc, o] of [["en-u-nu-arab", {}], ["en", { numberingSystem: "thai", dateStyle: "full", timeStyle: "short" }], ["de-u-nu-deva", { dateStyle: "medium", timeStyle: "medium" }], ["ar-EG", { numberingSystem: "latn", dateStyle: "long" }], ["en-u-hc-h23-nu-beng", { hour: "numeric", minute: "2-digit" }], ["ja-u-nu-fullwide", { year: "numeric", month: "long", day: "numeric" }], ["en-u-nu-roman", {}]] as const) {
  const f = new Intl.DateTimeFormat(loc, { timeZone: "UTC", ...o });
  out.push(`${f.format(d)} | ${f.resolvedOptions().locale} ${f.resolvedOptions().numberingSystem}`);
}
out.push(d.toLocaleDateString("en-u-nu-arab", { timeZone: "UTC" }), d.toLocaleTimeString("hi-u-nu-deva", { timeZone: "Asia/Kolkata", timeZoneName: "short" }));
const r = new Intl.RelativeTimeFormat("en-u-nu-arab", { numeric: "auto" });
out.push(r.format(-12, "day"), r.format(1, "day"), r.resolvedOptions().locale, r.resolvedOptions().numberingSystem);
const r2 = new Intl.RelativeTimeFormat("fa", { numberingSystem: "latn" });
out.push(r2.format(1234.5, "hour"), r2.resolvedOptions().locale, new Intl.RelativeTimeFormat("es", { numberingSystem: "deva" }).format(-3, "month"));
return out;
// === numbering-locale-keeps-extension
return [
  new Intl.NumberFormat("en-u-nu-thai-kn").resolvedOptions().locale,
  new Intl.Collator("en-u-nu-thai").resolvedOptions().locale,
  new Intl.PluralRules("en-u-nu-thai").resolvedOptions().locale,
  new Intl.DateTimeFormat("en-u-nu-thai-ca-gregory").resolvedOptions().locale,
  new Intl.NumberFormat("en-u-nu-arab", { numberingSystem: "thai" }).resolvedOptions().locale,
  new Intl.PluralRules("en-u-nu-thai").select(1),
];
// === numbering-date-fractional-seconds
const d = new Date(Date.UTC(2024, 2, 5, 14, 7, 9, 120));
return ["de-u-nu-arab", "en-u-nu-thai", "ar-EG", "ar-EG-u-nu-latn", "fa-u-ca-gregory-nu-latn", "en-u-nu-arabext"].map((l) =>
  new Intl.DateTimeFormat(l, { timeZone: "UTC", hour: "numeric", minute: "numeric", second: "numeric", fractionalSecondDigits: 3 }).format(d));
// === numbering-supported-values
const systems = Intl.supportedValuesOf("numberingSystem");
console.log(systems.length, systems.includes("arab"), systems.includes("roman"));
return systems.filter((ns) => new Intl.NumberFormat("en", { numberingSystem: ns }).resolvedOptions().numberingSystem === ns).length;
