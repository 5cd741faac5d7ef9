// === plural-cardinal-english
const pr = new Intl.PluralRules("en-US");
return [0, 1, 2, 1.5, -1, 1.0, 100].map((n) => n + ":" + pr.select(n));
// === plural-cardinal-many-languages
const nums = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1.5];
for (const loc of ["en", "fr", "de", "ru", "uk", "pl", "cs", "ar", "he", "ja", "ro", "lt"]) {
  const pr = new Intl.PluralRules(loc);
  console.log(loc.padEnd(3), nums.map((n) => pr.select(n)).join(" "));
}
// === plural-ordinal-english-suffixes
const pr = new Intl.PluralRules("en-US", { type: "ordinal" });
const suffixes: Record<string, string> = { one: "st", two: "nd", few: "rd", other: "th" };
const ord = (n: number) => n + suffixes[pr.select(n)];
return [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1000].map(ord).join(" ");
// === plural-ordinal-other-languages
for (const loc of ["fr", "it", "sv", "hu", "cy", "ca"]) {
  const pr = new Intl.PluralRules(loc, { type: "ordinal" });
  console.log(loc, [1, 2, 3, 4, 5, 6, 10, 11].map((n) => pr.select(n)).join(","));
}
// === plural-fraction-digits-affect-category
const a = new Intl.PluralRules("en", { minimumFractionDigits: 1 });
const b = new Intl.PluralRules("en");
return [a.select(1), b.select(1), a.select(0), new Intl.PluralRules("fr").select(1.5), new Intl.PluralRules("pt-PT").select(1.5)];
// === plural-resolved-options
const r = new Intl.PluralRules("pl-PL").resolvedOptions();
const o = new Intl.PluralRules("en", { type: "ordinal" }).resolvedOptions();
return { pl: r.pluralCategories, plType: r.type, plLocale: r.locale, en: o.pluralCategories, ar: new Intl.PluralRules("ar").resolvedOptions().pluralCategories };
// === plural-resolved-options-rounding
const opts: any[] = [
  {},
  { minimumSignificantDigits: 2 },
  { maximumSignificantDigits: 1, maximumFractionDigits: 3, roundingPriority: "morePrecision" },
  { minimumFractionDigits: 2, roundingMode: "floor", trailingZeroDisplay: "stripIfInteger" },
];
for (const o of opts) console.log(JSON.stringify(new Intl.PluralRules("en", o).resolvedOptions()));
return [new Intl.PluralRules("en", { maximumSignificantDigits: 1, maximumFractionDigits: 3, roundingPriority: "morePrecision" } as any).select(1.2),
  new Intl.PluralRules("en", { maximumSignificantDigits: 1, maximumFractionDigits: 3, roundingPriority: "lessPrecision" } as any).select(1.2)];
// === plural-message-helper
const pr = new Intl.PluralRules("ru-RU");
const forms: Record<string, string> = { one: "файл", few: "файла", many: "файлов", other: "файла" };
return [0, 1, 2, 5, 21, 24, 111, 1.5].map((n) => `${n} ${forms[pr.select(n)]}`);
// === plural-select-range
const pr = new Intl.PluralRules("en");
try {
  console.log(pr.selectRange(1, 5), pr.selectRange(1, 1));
} catch (e: any) {
  console.log(e.name);
}
// === relative-time-numeric-always
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "always" });
const units = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
for (const u of units) console.log(u.padEnd(8), rtf.format(-1, u), "|", rtf.format(3, u), "|", rtf.format(0, u));
// === relative-time-numeric-auto
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
return [rtf.format(-1, "day"), rtf.format(0, "day"), rtf.format(1, "day"), rtf.format(-1, "week"), rtf.format(1, "month"), rtf.format(0, "year"), rtf.format(-2, "day"), rtf.format(0, "second"), rtf.format(-1, "quarter")];
// === relative-time-styles
for (const style of ["long", "short", "narrow"] as const) {
  const rtf = new Intl.RelativeTimeFormat("en", { style });
  console.log(style, rtf.format(-3, "month"), "|", rtf.format(2, "hours"), "|", rtf.format(-45, "seconds"), "|", rtf.format(1, "year"));
}
// === relative-time-locales
const locales = ["de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "ru-RU", "pl-PL", "ja-JP", "zh-CN", "ko-KR", "ar-EG", "he-IL", "tr-TR", "nl-NL", "sv-SE"];
for (const loc of locales) {
  const auto = new Intl.RelativeTimeFormat(loc, { numeric: "auto" });
  const always = new Intl.RelativeTimeFormat(loc);
  console.log(loc, "|", auto.format(-1, "day"), "|", auto.format(2, "day"), "|", always.format(-5, "minute"), "|", always.format(3, "week"));
}
// === relative-time-format-to-parts
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
return { a: rtf.formatToParts(-1234.5, "day"), b: rtf.formatToParts(-1, "day"), c: new Intl.RelativeTimeFormat("de").formatToParts(1500, "year") };
// === relative-time-resolved-and-fractional
const rtf = new Intl.RelativeTimeFormat("fr-FR", { style: "short" });
console.log(JSON.stringify(rtf.resolvedOptions()));
console.log(rtf.format(1.5, "hour"), "|", rtf.format(-0, "day"), "|", rtf.format(0, "day"));
// === relative-time-invalid-unit
const rtf = new Intl.RelativeTimeFormat("en");
for (const u of ["fortnight", "days", "decade"]) {
  try {
    console.log(rtf.format(1, u as any));
  } catch (e: any) {
    console.log(e.name, e.message);
  }
}
// === list-format-conjunction-locales
const items = ["apples", "pears", "plums"];
for (const loc of ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "ru-RU", "ja-JP", "zh-CN", "ko-KR", "ar-EG", "he-IL", "hi-IN", "el-GR"]) {
  console.log(loc, new Intl.ListFormat(loc, { type: "conjunction" }).format(items));
}
// === list-format-types-styles
const items = ["red", "green", "blue"];
const out: string[] = [];
for (const type of ["conjunction", "disjunction", "unit"] as const) {
  for (const style of ["long", "short", "narrow"] as const) {
    out.push(`${type}/${style}: ${new Intl.ListFormat("en", { type, style }).format(items)}`);
  }
}
return out;
// === list-format-lengths
const lf = new Intl.ListFormat("en", { style: "long", type: "conjunction" });
const es = new Intl.ListFormat("es", { type: "disjunction" });
return [[], ["one"], ["one", "two"], ["one", "two", "three", "four"]].map((xs) => lf.format(xs) + " / " + es.format(xs));
// === list-format-spanish-y-e
const lf = new Intl.ListFormat("es-ES");
const of = new Intl.ListFormat("es-ES", { type: "disjunction" });
return [lf.format(["agua", "hielo"]), lf.format(["padres", "hijos"]), of.format(["siete", "ocho"]), of.format(["uno", "otro"])];
// === list-format-to-parts
return new Intl.ListFormat("de-DE", { type: "disjunction" }).formatToParts(["Bern", "Basel", "Zürich"]);
// === list-format-errors
const lf = new Intl.ListFormat("en");
try {
  lf.format(["a", 1 as any, "c"]);
} catch (e: any) {
  console.log(e.name, e.message);
}
console.log(JSON.stringify(lf.resolvedOptions()));
// === case-turkish-i
const s = "istanbul IĞDIR Iİıi";
return [s.toUpperCase(), s.toLocaleUpperCase("tr-TR"), s.toLowerCase(), s.toLocaleLowerCase("tr-TR"), s.toLocaleUpperCase("en-US"), s.toLocaleLowerCase("az")];
// === case-lithuanian-dot
const s = "Ì Í Ĩ i̇̀ Į";
return [s.toLocaleLowerCase("lt"), s.toLowerCase(), "i̇̀".toLocaleUpperCase("lt"), "i̇̀".toUpperCase()].map((x) => [...x].map((c) => c.codePointAt(0)!.toString(16)).join(" "));
// === case-german-sharp-s-greek
return ["straße".toLocaleUpperCase("de-DE"), "ΌΣΟΣ".toLocaleLowerCase("el-GR"), "όσος".toLocaleUpperCase("el-GR"), "ǅ".toLocaleLowerCase(), "ﬁ".toLocaleUpperCase()];
// === case-locale-array-and-errors
console.log("iı".toLocaleUpperCase(["tr", "en"]), "iı".toLocaleUpperCase([]));
try {
  "x".toLocaleUpperCase("not a locale!");
} catch (e: any) {
  console.log(e.name, e.message);
}
// === canonical-locales
console.log(JSON.stringify(Intl.getCanonicalLocales(["EN-us", "zh-hant-tw", "de-de-u-co-phonebk", "sr-latn-rs", "en-US", "ja-JP-u-ca-japanese"])));
for (const tag of ["iw", "in", "und", "en-gb-oed", "zh-cmn", "sgn-GR", "art-lojban", "de-DE-1996", "en-u-kn-true-ca-gregory"]) {
  try {
    console.log(tag, "->", JSON.stringify(Intl.getCanonicalLocales(tag)));
  } catch (e: any) {
    console.log(tag, "->", e.name, e.message);
  }
}
// === canonical-locales-string-and-invalid
console.log(JSON.stringify(Intl.getCanonicalLocales("PT-br")));
console.log(JSON.stringify(Intl.getCanonicalLocales([])));
for (const bad of ["en_US", "", "a", "123", "en-", "toolongsubtag-x"]) {
  try {
    console.log(JSON.stringify(Intl.getCanonicalLocales(bad)));
  } catch (e: any) {
    console.log(JSON.stringify(bad), e.name, e.message);
  }
}
// === supported-locales-of-all-constructors
const wanted = ["de-CH", "fr-CA", "ar-EG", "zh-HK"];
return [Intl.NumberFormat, Intl.DateTimeFormat, Intl.Collator, Intl.PluralRules, Intl.RelativeTimeFormat, Intl.ListFormat].map((C) => C.supportedLocalesOf(wanted));
// === supported-locales-of-unknown-tag
const out: string[][] = [];
for (const list of [["en-US", "xx-YY"], ["qaa"], ["en-US-u-nu-thai"], ["i-klingon"]]) {
  try {
    out.push(Intl.NumberFormat.supportedLocalesOf(list));
  } catch (e: any) {
    out.push([e.name]);
  }
}
return out;
// === invalid-locale-tag-errors
const bad = ["en_US", "en-US-", "12-34", "english", "", "de-DE-u-", "x-private-only"];
for (const tag of bad) {
  try {
    const f = new Intl.NumberFormat(tag);
    console.log(JSON.stringify(tag), "ok", f.resolvedOptions().locale);
  } catch (e: any) {
    console.log(JSON.stringify(tag), e.name, e.message);
  }
}
// === invalid-locale-type-errors
for (const arg of [42, null, [1], { length: 1, 0: "de" }]) {
  try {
    const r = new Intl.DateTimeFormat(arg as any).resolvedOptions().locale;
    console.log("ok", r);
  } catch (e: any) {
    console.log(e.name, e.message);
  }
}
// === intl-tostringtag-and-typeof
return [
  Object.prototype.toString.call(Intl),
  Object.prototype.toString.call(new Intl.NumberFormat()),
  Object.prototype.toString.call(new Intl.DateTimeFormat()),
  Object.prototype.toString.call(new Intl.Collator()),
  Object.prototype.toString.call(new Intl.PluralRules()),
  Object.prototype.toString.call(new Intl.RelativeTimeFormat()),
  Object.prototype.toString.call(new Intl.ListFormat()),
  typeof new Intl.NumberFormat().format,
];
// === intl-constructors-without-new
const a = (Intl.NumberFormat as any)("de-DE").format(1234.5);
const b = (Intl.DateTimeFormat as any)("en-GB", { timeZone: "UTC" }).format(new Date("2024-02-03T00:00:00Z"));
const c = (Intl.Collator as any)("en").compare("a", "b");
let d = "";
try {
  (Intl.PluralRules as any)("en");
} catch (e: any) {
  d = e.name;
}
return [a, b, c, d];
// === intl-supported-values-of
try {
  const cur = Intl.supportedValuesOf("currency");
  console.log(cur.includes("EUR"), cur.includes("JPY"), cur.length > 100);
  const tz = Intl.supportedValuesOf("timeZone");
  console.log(tz.includes("Europe/Paris"), tz.includes("Asia/Kolkata"), tz.includes("UTC"));
} catch (e: any) {
  console.log(e.name, e.message);
}
// === segmenter-graphemes-count
const text = "naïve café 👨‍👩‍👧 🇯🇵 e\u0301";
const graphemes = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)];
console.log(text.length, graphemes.length, graphemes.map(g => g.segment).join("|"));
return graphemes.slice(0, 3).map(g => [g.segment, g.index]);
// === segmenter-word-count-report
const review = "The product arrived late, but it's great! Would buy again: 5/5 stars.";
const words = [...new Intl.Segmenter("en-US", { granularity: "word" }).segment(review)].filter(s => s.isWordLike);
console.log(words.length, words.map(w => w.segment).join(" "));
return words.length;
// === segmenter-sentences-and-containing
const seg = new Intl.Segmenter("en", { granularity: "sentence" });
const doc = "Mr. Smith went home. It rained! Did it stop? No.";
const segs = seg.segment(doc);
console.log([...segs].map(s => s.segment.trim()));
console.log(segs.containing(22), segs.containing(100), seg.resolvedOptions());
// === segmenter-truncate-by-graphemes
function truncate(s: string, n: number): string {
  const parts = [...new Intl.Segmenter().segment(s)].map(p => p.segment);
  return parts.length <= n ? s : parts.slice(0, n).join("") + "…";
}
return [truncate("Hello 👋🏽 world", 7), truncate("abc", 5), truncate("🇫🇷🇩🇪🇮🇹", 2)];
// === display-names-country-report
const regions = new Intl.DisplayNames(["en"], { type: "region" });
const sales = [{ country: "US", total: 1200 }, { country: "DE", total: 830 }, { country: "JP", total: 410 }, { country: "BR", total: 95 }];
for (const s of sales) console.log(`${regions.of(s.country)}: ${s.total}`);
return sales.map(s => new Intl.DisplayNames(["fr"], { type: "region" }).of(s.country));
// === display-names-languages-and-scripts
const langs = new Intl.DisplayNames("en", { type: "language" });
console.log(["en-US", "en-GB", "pt-BR", "zh-Hans", "zh-Hant-HK", "es-419", "sr-Latn", "fil", "yue"].map(l => langs.of(l)));
console.log(new Intl.DisplayNames("de", { type: "language", languageDisplay: "standard" }).of("en-US"));
console.log(new Intl.DisplayNames("en", { type: "script" }).of("Cyrl"), new Intl.DisplayNames("ja", { type: "language" }).of("ko"));
// === display-names-currency-and-fallback
const cur = new Intl.DisplayNames("en", { type: "currency" });
console.log(["USD", "EUR", "JPY", "gbp", "CHF"].map(c => cur.of(c)));
const none = new Intl.DisplayNames("en", { type: "region", fallback: "none" });
console.log(none.of("QO"), none.of("AQ"), new Intl.DisplayNames("en", { type: "region", style: "short" }).of("GB"));
try { cur.of("DOLLAR") } catch (e) { console.log(e.name, e.message) }
try { new Intl.DisplayNames("en", {}) } catch (e) { console.log(e.name) }
// === intl-locale-basics
const loc = new Intl.Locale("en-Latn-US", { hourCycle: "h23", calendar: "gregory" });
console.log(String(loc), loc.baseName, loc.language, loc.script, loc.region, loc.hourCycle, loc.calendar, loc.numeric);
console.log(new Intl.Locale("zh-TW").maximize().toString(), new Intl.Locale("en-Latn-US").minimize().toString(), new Intl.Locale("fr").maximize().region);
console.log(new Intl.DateTimeFormat(new Intl.Locale("en-GB"), { dateStyle: "medium", timeZone: "UTC" }).format(0));
try { new Intl.Locale("not a tag") } catch (e) { console.log(e.name, e.message) }
// === intl-locale-week-and-direction
for (const tag of ["en-US", "de-DE", "ar-EG", "he-IL", "fr-FR", "ja-JP"]) {
  const l = new Intl.Locale(tag);
  console.log(tag, l.weekInfo.firstDay, l.weekInfo.weekend.join("+"), l.textInfo.direction, l.hourCycles[0], l.timeZones?.length);
}
// === plural-select-range-languages
const pairs: [number, number][] = [[0, 1], [1, 1], [1, 2], [1, 5], [2, 5], [2, 21], [5, 11], [0, 3], [1.5, 2]];
for (const loc of ["en", "fr", "ru", "pl", "ar", "cs", "he", "ja", "lt", "sl"]) {
  const pr = new Intl.PluralRules(loc);
  console.log(loc, pairs.map(([a, b]) => pr.selectRange(a, b)).join(" "));
}
const ord = new Intl.PluralRules("en", { type: "ordinal" });
const frac = new Intl.PluralRules("en", { minimumFractionDigits: 1 });
return [ord.selectRange(1, 2), ord.selectRange(2, 3), frac.selectRange(1, 1), frac.selectRange(0, 1)];
// === plural-select-range-arguments
const pr = new Intl.PluralRules("en");
const out: string[] = [pr.selectRange(5, 1), pr.selectRange("1" as any, "2" as any)];
for (const args of [[undefined, 1], [1, undefined], [NaN, 1], [1, "x"], [1n, 2]]) {
  try {
    out.push(pr.selectRange(args[0] as any, args[1] as any));
  } catch (e: any) {
    out.push(e.name + ": " + e.message);
  }
}
return out;
// === canonical-locales-language-aliases
const tags = ["sgn-GR", "sgn-US", "sgn-DE", "mo", "cmn", "cmn-Hant-TW", "zh-guoyu", "sh", "sh-ME", "hy-arevela", "iw-IL", "in", "aar", "heb-IL", "tl"];
console.log(tags.map((t) => Intl.getCanonicalLocales(t)[0]).join(" "));
return [new Intl.Locale("sgn-GR").toString(), new Intl.NumberFormat("mo").resolvedOptions().locale, Intl.getCanonicalLocales(["sh", "sr-Latn"])];
