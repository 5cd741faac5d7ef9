// === collate-sort-accented-names-default
const names = ["Zoë", "zoe", "Émile", "Emil", "émile", "Ångström", "Andersson", "Øster", "Oscar", "Ödön", "Ólafur", "Çelik", "Cem"];
return [...names].sort(new Intl.Collator().compare);
// === collate-sort-vs-code-unit
const names = ["banana", "Apple", "cherry", "apple", "Éclair", "eclair", "Zebra", "ábaco"];
const byCodeUnit = [...names].sort();
const byLocale = [...names].sort((a, b) => a.localeCompare(b));
console.log(byCodeUnit.join(", "));
console.log(byLocale.join(", "));
// === collate-swedish-vs-german
const words = ["ö", "z", "å", "ä", "a", "o"];
const sv = [...words].sort(new Intl.Collator("sv-SE").compare);
const de = [...words].sort(new Intl.Collator("de-DE").compare);
const fi = [...words].sort(new Intl.Collator("fi-FI").compare);
const da = [...words].sort(new Intl.Collator("da-DK").compare);
return { sv, de, fi, da };
// === collate-spanish-enye
const words = ["nube", "ñandú", "nada", "oso", "Ñu", "mano"];
return [...words].sort(new Intl.Collator("es-ES").compare).join(" ");
// === collate-german-phonebook-extension
const words = ["Müller", "Mueller", "Muller", "Mädchen", "Maedchen", "Madrid"];
console.log([...words].sort(new Intl.Collator("de-DE").compare).join(" "));
console.log([...words].sort(new Intl.Collator("de-DE-u-co-phonebk").compare).join(" "));
// === collate-czech-polish-turkish
const cz = ["chata", "cibule", "hrad", "čaj", "řeka", "rum", "ž", "z"];
const pl = ["łódź", "lody", "ósemka", "osa", "źle", "żaba", "zebra"];
const tr = ["ılık", "ilaç", "ısı", "iğne", "çam", "cam", "şeker", "su"];
console.log(cz.sort(new Intl.Collator("cs-CZ").compare).join(" "));
console.log(pl.sort(new Intl.Collator("pl-PL").compare).join(" "));
console.log(tr.sort(new Intl.Collator("tr-TR").compare).join(" "));
// === collate-numeric-option
const files = ["file10.txt", "file2.txt", "File1.txt", "file1.txt", "file20.txt", "file3.txt", "file100.txt"];
const plain = [...files].sort(new Intl.Collator("en").compare);
const numeric = [...files].sort(new Intl.Collator("en", { numeric: true }).compare);
const ext = [...files].sort(new Intl.Collator("en-u-kn-true").compare);
return { plain, numeric, ext };
// === collate-localecompare-numeric-versions
const versions = ["1.10.0", "1.2.0", "1.2.10", "1.2.9", "10.0.0", "2.0.0"];
versions.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
return versions;
// === collate-sensitivity-levels
const pairs = [["a", "A"], ["a", "á"], ["a", "b"], ["résumé", "Resume"], ["ß", "ss"], ["e", "é"]];
for (const sensitivity of ["base", "accent", "case", "variant"] as const) {
  const c = new Intl.Collator("en", { sensitivity });
  console.log(sensitivity.padEnd(8), pairs.map(([x, y]) => x + "/" + y + "=" + c.compare(x, y)).join(" "));
}
// === collate-case-insensitive-search
const customers = ["José Álvarez", "jose alvarez", "JOSÉ ÁLVAREZ", "Josefina Alba", "Joao Silva"];
const query = "jose alvarez";
const c = new Intl.Collator("es", { sensitivity: "base" });
return customers.filter((n) => c.compare(n, query) === 0);
// === collate-ignore-punctuation
const c = new Intl.Collator("en", { ignorePunctuation: true });
const d = new Intl.Collator("en");
console.log(c.compare("co-op", "coop"), d.compare("co-op", "coop"));
console.log(c.compare("O'Brien", "OBrien"), c.compare("e.g.", "eg"));
return ["de-la Cruz", "De La Cruz", "delacruz", "Dela Cruz"].sort(c.compare);
// === collate-case-first-lower
const words = ["a", "B", "b", "A", "c", "C"];
const lower = [...words].sort(new Intl.Collator("en", { caseFirst: "lower" }).compare);
const off = [...words].sort(new Intl.Collator("en", { caseFirst: "false" }).compare);
return { lower, off };
// === collate-case-first-upper-unsupported
try {
  const c = new Intl.Collator("en", { caseFirst: "upper" });
  console.log(["a", "B", "b", "A"].sort(c.compare).join(""));
} catch (e: any) {
  console.log(e.name, e.message);
}
// === collate-resolved-options
const a = new Intl.Collator("de-DE").resolvedOptions();
const b = new Intl.Collator("sv", { sensitivity: "base", numeric: true }).resolvedOptions();
const c = new Intl.Collator("en", { usage: "search" }).resolvedOptions();
return { a, b, c };
// === collate-localecompare-return-signs
const pairs = [["a", "b"], ["b", "a"], ["a", "a"], ["a", "ä"], ["ä", "b"], ["", "a"], ["10", "9"], ["Z", "a"]];
return pairs.map(([x, y]) => Math.sign(x.localeCompare(y)));
// === collate-localecompare-with-locale-arg
return [
  "ä".localeCompare("z", "de"),
  "ä".localeCompare("z", "sv"),
  "a".localeCompare("A", "en", { sensitivity: "base" }),
  "a".localeCompare("á", "en", { sensitivity: "accent" }),
  "ch".localeCompare("cz", "cs"),
  "ch".localeCompare("cz", "en"),
];
// === collate-sort-objects-multi-key
type Row = { last: string; first: string; city: string };
const rows: Row[] = [
  { last: "Østergaard", first: "Mette", city: "Århus" },
  { last: "Ostergaard", first: "Anna", city: "Odense" },
  { last: "Åkesson", first: "Lars", city: "Malmö" },
  { last: "Akesson", first: "Björn", city: "Göteborg" },
  { last: "Zetterberg", first: "Eva", city: "Uppsala" },
];
const c = new Intl.Collator("da-DK");
rows.sort((a, b) => c.compare(a.last, b.last) || c.compare(a.first, b.first));
for (const r of rows) console.log(r.last.padEnd(12), r.first.padEnd(6), r.city);
// === collate-cjk-sorting
const zh = ["北京", "上海", "广州", "深圳", "杭州"];
const ja = ["さくら", "アイ", "かな", "カナ", "あい"];
const ko = ["하나", "가방", "나무", "다리", "마음"];
return {
  zh: [...zh].sort(new Intl.Collator("zh-CN").compare),
  ja: [...ja].sort(new Intl.Collator("ja-JP").compare),
  ko: [...ko].sort(new Intl.Collator("ko-KR").compare),
};
// === collate-greek-cyrillic-mixed
const words = ["Яблоко", "арбуз", "Ёлка", "ель", "Ωμέγα", "άλφα", "Βήτα", "apple", "Zebra"];
return [...words].sort(new Intl.Collator("ru-RU").compare);
// === collate-supported-locales
return Intl.Collator.supportedLocalesOf(["sv-SE", "de-DE-u-co-phonebk", "en"]);
// === collate-unique-with-base-sensitivity
const tags = ["Café", "cafe", "CAFE", "café", "Tea", "tea", "Thé"];
const c = new Intl.Collator("fr", { sensitivity: "base" });
const unique: string[] = [];
for (const t of tags) if (!unique.some((u) => c.compare(u, t) === 0)) unique.push(t);
return unique;
// === collate-nul-and-brackets
const c = new Intl.Collator("en");
return ["a\u0000b".localeCompare("a\u0000c"), "".localeCompare("[x"), c.compare("[", ""), c.compare("a\u0000", "a"), ["b\u0000", "a", "[c"].sort(c.compare)];
// === collate-case-first-upper-sort
const names = ["smith", "Smith", "SMITH", "mcdonald", "McDonald", "MacDonald", "o'neil", "O'Neil", "ödegaard", "Ödegaard", "van Dijk", "Van Dijk"];
const upper = [...names].sort(new Intl.Collator("en", { caseFirst: "upper" }).compare);
const viaTag = [...names].sort(new Intl.Collator("en-u-kf-upper").compare);
console.log(upper.join(", "));
return { same: upper.join() === viaTag.join(), first: upper[0], localeCompare: "a".localeCompare("A", "en", { caseFirst: "upper" }) };
// === collate-danish-upper-first-default
const c = new Intl.Collator("da-DK");
console.log(JSON.stringify(c.resolvedOptions()));
return ["aa", "Aa", "AA", "å", "Å", "æble", "Æble", "zebra", "Zebra", "øl", "Øl"].sort(c.compare);
// === collate-case-sensitivity-upper-first
const c = new Intl.Collator("de", { sensitivity: "case", caseFirst: "upper" });
const d = new Intl.Collator("de", { sensitivity: "case" });
return [c.compare("a", "A"), d.compare("a", "A"), c.compare("ä", "A"), c.compare("Straße", "STRASSE"), ["b", "B", "a", "A", "ä", "Ä"].sort(c.compare).join("")];
// === collate-case-first-with-numeric
const files = ["file10.txt", "File2.txt", "file2.txt", "FILE1.txt", "file1.txt", "File10.txt"];
return [
  [...files].sort(new Intl.Collator("en", { numeric: true, caseFirst: "upper" }).compare),
  [...files].sort(new Intl.Collator("en-u-kn-kf-lower").compare),
  new Intl.Collator("en-u-kn-kf-upper", { caseFirst: "lower", numeric: false }).resolvedOptions(),
];
// === collate-ignore-punctuation-names
const c = new Intl.Collator("en", { ignorePunctuation: true, sensitivity: "base" });
const pairs = [["e-mail", "email"], ["re-enter", "reenter"], ["it's", "its"], ["a.b.c", "abc"], ["hello world", "helloworld"], ["x_y", "xy"], ["10,000", "10000"], ["#tag", "tag"]];
console.log(pairs.map(([a, b]) => c.compare(a, b)).join(" "));
const t = new Intl.Collator("th");
return [t.resolvedOptions().ignorePunctuation, t.compare("ก-ข", "กข"), t.compare("ก", "ข"), ["b.c", "a-c", "a b", "ab"].sort(new Intl.Collator("en", { ignorePunctuation: true }).compare)];
// === collate-mixed-script-cyrillic-greek-first
const words = ["Zebra", "арбуз", "apple", "Ωμέγα", "Яблоко", "άλφα", "10", "-x", "ёж", "Βήτα", "mango", "Москва"];
const ru = [...words].sort(new Intl.Collator("ru").compare);
const uk = [...words].sort((a, b) => a.localeCompare(b, "uk"));
const el = [...words].sort(new Intl.Collator("el-GR").compare);
const en = [...words].sort(new Intl.Collator("en").compare);
return { ru, uk, el, en, signs: [Math.sign("я".localeCompare("a", "ru")), Math.sign("я".localeCompare("a", "en")), Math.sign("ω".localeCompare("a", "el"))] };
// === collate-mixed-script-thai-hebrew-arabic-hindi
const words = ["กา", "ข้าว", "apple", "Zebra", "אבא", "שלום", "بيت", "كتاب", "कमल", "नमस्ते", "арбуз", "42", "!x"];
const out: Record<string, string> = {};
for (const loc of ["th", "he", "ar", "fa", "hi", "en"]) out[loc] = [...words].sort(new Intl.Collator(loc).compare).join(" ");
return out;
// === collate-mixed-script-cjk
const words = ["北京", "上海", "東京", "さくら", "カナ", "ひらがな", "가방", "하나", "ㄅㄆ", "apple", "Zebra", "арбуз", "αβγ", "7"];
const out: Record<string, string[]> = {};
for (const loc of ["ja", "zh", "zh-TW", "ko", "en"]) out[loc] = [...words].sort(new Intl.Collator(loc).compare);
return out;
// === collate-mixed-script-options
const words = ["file10", "file2", "Файл10", "файл2", "Файл", "ФАЙЛ", "report", "отчёт", "Отчет", "отчет"];
const numeric = [...words].sort(new Intl.Collator("ru", { numeric: true }).compare);
const upper = [...words].sort(new Intl.Collator("ru", { caseFirst: "upper" }).compare);
const base = new Intl.Collator("ru", { sensitivity: "base" });
const search = [...words].sort(new Intl.Collator("ru", { usage: "search" }).compare);
return { numeric, upper, equal: base.compare("отчёт", "Отчет"), search, viaLocaleCompare: [...words].sort((a, b) => a.localeCompare(b, "ru", { numeric: true })).join() === numeric.join() };
