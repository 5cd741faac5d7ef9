// === date-style-combos-en-us
const d = new Date("2024-03-09T14:05:09Z");
const styles = ["full", "long", "medium", "short"] as const;
for (const dateStyle of styles) {
  for (const timeStyle of styles) {
    console.log(dateStyle, timeStyle, new Intl.DateTimeFormat("en-US", { dateStyle, timeStyle, timeZone: "UTC" }).format(d));
  }
}
// === date-style-only-locales
const d = new Date("2024-11-28T09:30:00Z");
const locales = ["en-US", "en-GB", "en-IN", "de-DE", "de-CH", "fr-FR", "fr-CA", "es-ES", "es-MX", "it-IT", "pt-BR", "pt-PT", "nl-NL"];
for (const loc of locales) {
  const fmt = (s: "full" | "long" | "medium" | "short") => new Intl.DateTimeFormat(loc, { dateStyle: s, timeZone: "UTC" }).format(d);
  console.log(loc, "|", fmt("full"), "|", fmt("long"), "|", fmt("medium"), "|", fmt("short"));
}
// === date-style-only-locales-nordic-east
const d = new Date("2024-02-29T23:59:59Z");
const locales = ["sv-SE", "da-DK", "nb-NO", "fi-FI", "pl-PL", "cs-CZ", "hu-HU", "ro-RO", "el-GR", "tr-TR", "ru-RU", "uk-UA"];
return locales.map((loc) => [loc, new Intl.DateTimeFormat(loc, { dateStyle: "full", timeZone: "UTC" }).format(d), new Intl.DateTimeFormat(loc, { dateStyle: "short", timeZone: "UTC" }).format(d)]);
// === date-style-only-locales-asia-mideast
const d = new Date("2024-07-04T06:07:08Z");
const locales = ["he-IL", "ar-EG", "ar-SA", "hi-IN", "bn-BD", "th-TH", "vi-VN", "id-ID", "ja-JP", "ko-KR", "zh-CN", "zh-TW", "zh-HK"];
for (const loc of locales) {
  console.log(loc, new Intl.DateTimeFormat(loc, { dateStyle: "long", timeZone: "UTC" }).format(d));
}
// === date-time-style-locales
const d = new Date("2024-07-04T18:07:08Z");
const locales = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "ja-JP", "ko-KR", "zh-CN", "zh-TW", "ru-RU", "pt-BR", "nl-NL", "sv-SE", "hi-IN", "vi-VN", "id-ID"];
return locales.map((loc) => loc + ": " + new Intl.DateTimeFormat(loc, { timeStyle: "medium", timeZone: "UTC" }).format(d) + " / " + new Intl.DateTimeFormat(loc, { timeStyle: "short", timeZone: "UTC" }).format(d));
// === date-time-style-full-with-zone
const d = new Date("2024-01-15T12:00:00Z");
for (const tz of ["America/New_York", "Europe/Berlin", "Asia/Tokyo", "UTC"]) {
  console.log(tz, new Intl.DateTimeFormat("en-US", { timeStyle: "full", timeZone: tz }).format(d));
  console.log(tz, new Intl.DateTimeFormat("en-US", { timeStyle: "long", timeZone: tz }).format(d));
}
// === date-components-weekday-month
const d = new Date("2024-09-01T00:00:00Z");
const variants: Intl.DateTimeFormatOptions[] = [
  { weekday: "long" }, { weekday: "short" }, { weekday: "narrow" },
  { month: "long" }, { month: "short" }, { month: "narrow" }, { month: "numeric" }, { month: "2-digit" },
  { year: "numeric" }, { year: "2-digit" }, { day: "numeric" }, { day: "2-digit" },
];
for (const v of variants) {
  console.log(JSON.stringify(v), new Intl.DateTimeFormat("en-US", { ...v, timeZone: "UTC" }).format(d));
}
// === date-components-combos
const d = new Date("2025-01-05T08:03:04Z");
const variants: Intl.DateTimeFormatOptions[] = [
  { year: "numeric", month: "long", day: "numeric" },
  { year: "numeric", month: "short", day: "numeric", weekday: "short" },
  { year: "2-digit", month: "2-digit", day: "2-digit" },
  { month: "long", year: "numeric" },
  { month: "short", day: "numeric" },
  { weekday: "long", month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  { hour: "2-digit", minute: "2-digit", second: "2-digit" },
  { hour: "numeric" },
  { minute: "2-digit", second: "2-digit" },
];
return variants.map((v) => new Intl.DateTimeFormat("en-US", { ...v, timeZone: "UTC" }).format(d));
// === date-components-combos-de-fr-ja
const d = new Date("2025-01-05T08:03:04Z");
const opts: Intl.DateTimeFormatOptions = { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC" };
for (const loc of ["de-DE", "fr-FR", "ja-JP", "es-MX", "it-IT", "pl-PL", "tr-TR", "ko-KR", "zh-HK", "ar-EG", "he-IL", "th-TH"]) {
  console.log(loc, new Intl.DateTimeFormat(loc, opts).format(d));
}
// === date-month-names-all-locales
const out: Record<string, string> = {};
for (const loc of ["en-US", "de-DE", "fr-FR", "es-ES", "ru-RU", "uk-UA", "pl-PL", "cs-CZ", "el-GR", "fi-FI"]) {
  const f = new Intl.DateTimeFormat(loc, { month: "long", timeZone: "UTC" });
  out[loc] = [0, 4, 7, 11].map((m) => f.format(new Date(Date.UTC(2024, m, 15)))).join(",");
}
return out;
// === date-month-genitive-vs-standalone
const d = new Date("2024-05-15T00:00:00Z");
for (const loc of ["ru-RU", "pl-PL", "cs-CZ", "uk-UA", "el-GR", "fi-FI"]) {
  const alone = new Intl.DateTimeFormat(loc, { month: "long", timeZone: "UTC" }).format(d);
  const withDay = new Intl.DateTimeFormat(loc, { month: "long", day: "numeric", timeZone: "UTC" }).format(d);
  console.log(loc, alone, "|", withDay);
}
// === date-weekday-names-week
const out: string[] = [];
for (let i = 0; i < 7; i++) {
  const d = new Date(Date.UTC(2024, 0, 1 + i));
  out.push(["en-US", "de-DE", "ja-JP", "ar-SA"].map((l) => d.toLocaleDateString(l, { weekday: "short", timeZone: "UTC" })).join(" "));
}
return out;
// === date-hour12-hourcycle
const d = new Date("2024-06-01T00:30:00Z");
const e = new Date("2024-06-01T13:45:00Z");
const variants: Intl.DateTimeFormatOptions[] = [
  { hour12: true }, { hour12: false }, { hourCycle: "h11" }, { hourCycle: "h12" }, { hourCycle: "h23" }, { hourCycle: "h24" },
];
for (const v of variants) {
  const f = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC", ...v });
  console.log(JSON.stringify(v), f.format(d), "|", f.format(e), "|", f.resolvedOptions().hourCycle);
}
// === date-hour12-locales
const d = new Date("2024-06-01T21:05:00Z");
return ["en-GB", "de-DE", "ja-JP", "ko-KR", "zh-CN", "ar-EG", "hi-IN", "fr-FR"].map((loc) => [
  loc,
  new Intl.DateTimeFormat(loc, { hour: "numeric", minute: "numeric", hour12: true, timeZone: "UTC" }).format(d),
  new Intl.DateTimeFormat(loc, { hour: "numeric", minute: "numeric", hour12: false, timeZone: "UTC" }).format(d),
]);
// === date-hour-cycle-extension
const d = new Date("2024-06-01T00:15:00Z");
const a = new Intl.DateTimeFormat("en-US-u-hc-h23", { hour: "numeric", minute: "numeric", timeZone: "UTC" });
const b = new Intl.DateTimeFormat("ja-JP-u-hc-h11", { hour: "numeric", minute: "numeric", timeZone: "UTC" });
console.log(a.format(d), a.resolvedOptions().locale, a.resolvedOptions().hourCycle);
console.log(b.format(d), b.resolvedOptions().locale, b.resolvedOptions().hourCycle);
// === date-timezones-summer-winter
const summer = new Date("2024-07-15T12:00:00Z");
const winter = new Date("2024-01-15T12:00:00Z");
const zones = [
  "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage",
  "Pacific/Honolulu", "America/Sao_Paulo", "America/Mexico_City", "Europe/London", "Europe/Paris", "Europe/Berlin",
  "Europe/Moscow", "Africa/Cairo", "Asia/Jerusalem", "Asia/Dubai", "Asia/Kolkata", "Asia/Kathmandu",
  "Asia/Shanghai", "Asia/Tokyo", "Australia/Sydney", "Australia/Adelaide", "Pacific/Auckland", "Pacific/Chatham",
];
for (const tz of zones) {
  const f = new Intl.DateTimeFormat("en-GB", { timeZone: tz, dateStyle: "short", timeStyle: "short" });
  console.log(tz.padEnd(20), f.format(winter), "|", f.format(summer));
}
// === date-timezone-name-variants
const d = new Date("2024-07-15T12:00:00Z");
const names = ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"] as const;
for (const timeZoneName of names) {
  const row = ["America/New_York", "Europe/London", "Asia/Kolkata", "Australia/Sydney"].map((tz) =>
    new Intl.DateTimeFormat("en-US", { timeZone: tz, hour: "numeric", minute: "2-digit", timeZoneName }).format(d));
  console.log(timeZoneName, "->", row.join(" | "));
}
// === date-timezone-name-winter
const d = new Date("2024-01-15T12:00:00Z");
const names = ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"] as const;
return names.map((timeZoneName) => ["America/Los_Angeles", "Europe/Paris", "Asia/Tokyo", "UTC"].map((tz) =>
  new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName }).format(d)));
// === date-timezone-name-locales
const d = new Date("2024-07-15T12:00:00Z");
for (const loc of ["de-DE", "fr-FR", "ja-JP", "es-ES", "pt-BR", "zh-CN", "ru-RU"]) {
  const s = new Intl.DateTimeFormat(loc, { timeZone: "Europe/Berlin", timeStyle: "long" }).format(d);
  const l = new Intl.DateTimeFormat(loc, { timeZone: "America/New_York", timeZoneName: "long" }).format(d);
  const o = new Intl.DateTimeFormat(loc, { timeZone: "Asia/Kolkata", timeZoneName: "shortOffset" }).format(d);
  console.log(loc, "|", s, "|", l, "|", o);
}
// === date-timezone-generic-location-locales
const d = new Date("2024-07-15T12:00:00Z");
const zones = ["Europe/London", "Europe/Paris", "Asia/Kolkata", "Australia/Sydney", "America/Sao_Paulo", "Asia/Shanghai", "Europe/Dublin", "UTC"];
for (const loc of ["en-US", "de-DE", "fr-FR", "ja-JP", "es-MX", "ru-RU", "zh-CN", "hi-IN"]) {
  const row = zones.map((timeZone) => new Intl.DateTimeFormat(loc, { timeZone, timeZoneName: "shortGeneric" }).formatToParts(d).find((p) => p.type === "timeZoneName")?.value);
  console.log(loc, row.join(" | "));
}
// === date-timezone-generic-out-of-step
// Egypt's summer time ends after the EU's: for those days its generic name
// says which country it is.
const f = new Intl.DateTimeFormat("en-US", { timeZone: "Africa/Cairo", timeZoneName: "longGeneric", dateStyle: "short" });
return ["2024-07-29T12:00:00Z", "2024-10-29T12:00:00Z", "2024-12-01T12:00:00Z"].map((s) => f.format(new Date(s)));
// === date-timezone-lmt-offsets
const zones = ["America/New_York", "Asia/Tokyo", "Europe/Paris", "Australia/Sydney"];
return zones.map((timeZone) => ["shortOffset", "longOffset"].map((timeZoneName) =>
  new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: timeZoneName as "shortOffset" | "longOffset", year: "numeric" }).format(new Date("1870-06-01T00:00:00Z"))));
// === date-hour-width-24-hour-locales
// Hour "numeric" with 2-digit minutes takes the locale's short time with a
// one-digit hour; numeric minutes match CLDR's "Hm" entry as written.
const d = new Date(Date.UTC(2024, 10, 4, 9, 5, 7));
const opts: Intl.DateTimeFormatOptions[] = [
  { hour: "numeric", minute: "2-digit" },
  { hour: "numeric", minute: "numeric" },
  { hour: "numeric", minute: "2-digit", second: "2-digit" },
  { hour: "numeric", minute: "2-digit", second: "2-digit", timeZoneName: "short" },
  { hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  { hour: "numeric", minute: "2-digit", second: "2-digit", timeZoneName: "shortOffset" },
  { hour: "numeric", minute: "2-digit", second: "2-digit", fractionalSecondDigits: 2 },
  { minute: "2-digit", second: "2-digit" },
  { weekday: "short", hour: "numeric", minute: "2-digit" },
];
for (const loc of ["en-GB", "de-DE", "fr-FR", "fr-CA", "ja-JP", "zh-CN", "zh-TW", "ko-KR", "ru-RU", "fi-FI", "da-DK", "th-TH", "ar-EG", "bn-BD", "vi-VN"]) {
  console.log(loc, opts.map((o) => new Intl.DateTimeFormat(loc, { ...o, timeZone: "UTC" }).format(d)).join(" | "));
}
// === date-timezone-en-gb-bst
const d = new Date("2024-07-15T12:00:00Z");
const w = new Date("2024-12-15T12:00:00Z");
const f = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeStyle: "full" });
return [f.format(d), f.format(w)];
// === date-dst-transition-us
// 2024-03-10 02:00 local: clocks jump forward in the US.
const instants = ["2024-03-10T06:30:00Z", "2024-03-10T07:30:00Z", "2024-11-03T05:30:00Z", "2024-11-03T06:30:00Z"];
const f = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "long" });
return instants.map((s) => f.format(new Date(s)));
// === date-dst-transition-eu
const instants = ["2024-03-31T00:59:59Z", "2024-03-31T01:00:00Z", "2024-10-27T00:59:59Z", "2024-10-27T01:00:00Z"];
for (const tz of ["Europe/Berlin", "Europe/London", "Europe/Helsinki"]) {
  const f = new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "short" });
  console.log(tz, instants.map((s) => f.format(new Date(s))).join(" ; "));
}
// === date-dst-southern-hemisphere
const dates = ["2024-01-15T00:00:00Z", "2024-04-07T12:00:00Z", "2024-07-15T00:00:00Z", "2024-10-06T12:00:00Z"];
for (const tz of ["Australia/Sydney", "America/Santiago", "Pacific/Auckland"]) {
  const f = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "shortOffset", hour: "numeric" });
  console.log(tz, dates.map((s) => f.format(new Date(s))).join(", "));
}
// === date-timezone-aliases-and-case
const d = new Date("2024-05-01T12:00:00Z");
const zones = ["utc", "Etc/UTC", "Etc/GMT", "GMT", "Asia/Calcutta", "US/Eastern", "europe/paris", "Etc/GMT+5", "Etc/GMT-14"];
for (const tz of zones) {
  const f = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeStyle: "short" });
  console.log(tz, "->", f.resolvedOptions().timeZone, f.format(d));
}
// === date-timezone-offset-strings
const d = new Date("2024-05-01T12:00:00Z");
const out: string[] = [];
for (const tz of ["+05:30", "-08:00", "+00:00", "+14:00"]) {
  try {
    const f = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeStyle: "long" });
    out.push(tz + " " + f.format(d) + " " + f.resolvedOptions().timeZone);
  } catch (e: any) {
    out.push(tz + " " + e.name);
  }
}
return out;
// === date-fractional-seconds
const d = new Date("2024-05-01T12:34:56.789Z");
for (const fractionalSecondDigits of [1, 2, 3] as const) {
  const f = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", second: "2-digit", fractionalSecondDigits, hour12: false, timeZone: "UTC" });
  console.log(fractionalSecondDigits, f.format(d));
}
console.log(new Intl.DateTimeFormat("de-DE", { second: "numeric", fractionalSecondDigits: 3, timeZone: "UTC" }).format(d));
// === date-era
const d = new Date("2024-05-01T00:00:00Z");
const bc = new Date(Date.UTC(-43, 2, 15));
const out: string[] = [];
for (const era of ["long", "short", "narrow"] as const) {
  const f = new Intl.DateTimeFormat("en-US", { era, year: "numeric", timeZone: "UTC" });
  out.push(f.format(d) + " / " + f.format(bc));
}
out.push(new Intl.DateTimeFormat("de-DE", { era: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(bc));
return out;
// === date-format-to-parts-en
const parts = new Intl.DateTimeFormat("en-US", {
  weekday: "short", year: "numeric", month: "short", day: "2-digit", hour: "numeric", minute: "2-digit", second: "2-digit", timeZone: "America/Chicago", timeZoneName: "short",
}).formatToParts(new Date("2024-12-24T23:05:00Z"));
for (const p of parts) console.log(p.type.padEnd(12), JSON.stringify(p.value));
// === date-format-to-parts-build-iso
// A common trick: extract Y-M-D h:m in a zone via formatToParts.
function inZone(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get("year")}-${get("month")}-${get("day")} ${get("hour")}:${get("minute")}`;
}
return ["Asia/Tokyo", "America/Los_Angeles", "Europe/Madrid", "Asia/Kathmandu"].map((tz) => tz + " " + inZone("2024-12-31T23:30:00Z", tz));
// === date-format-to-parts-locales
const d = new Date("2024-08-09T10:11:12Z");
const out: Record<string, string[]> = {};
for (const loc of ["de-DE", "ja-JP", "ar-EG", "ko-KR", "fr-CA", "hu-HU"]) {
  out[loc] = new Intl.DateTimeFormat(loc, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).formatToParts(d).map((p) => p.type + "=" + p.value);
}
return out;
// === date-resolved-options
const a = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).resolvedOptions();
const b = new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Berlin" }).resolvedOptions();
const c = new Intl.DateTimeFormat("ja-JP", { weekday: "long", hour: "numeric", timeZone: "Asia/Tokyo" }).resolvedOptions();
return { a, b, c };
// === date-resolved-options-default-zone
const r = new Intl.DateTimeFormat().resolvedOptions();
return [r.timeZone, r.calendar, r.numberingSystem, r.locale];
// === date-resolved-options-locale-fallback
return ["en-AU", "es-AR", "fr-BE", "de-AT", "zh-Hant", "pt"].map((l) => {
  const r = new Intl.DateTimeFormat(l, { timeZone: "UTC" }).resolvedOptions();
  return l + "=>" + r.locale + " " + new Intl.DateTimeFormat(l, { timeZone: "UTC" }).format(new Date("2024-03-04T00:00:00Z"));
});
// === date-default-format-no-options
const d = new Date("2024-03-04T05:06:07Z");
for (const loc of ["en-US", "en-GB", "de-DE", "fr-FR", "ja-JP", "ko-KR", "zh-CN", "ar-EG", "nl-NL", "hu-HU", "fi-FI"]) {
  console.log(loc, new Intl.DateTimeFormat(loc).format(d));
}
// === date-tolocalestring-no-args
const d = new Date("2024-03-04T15:06:07Z");
console.log(d.toLocaleString());
console.log(d.toLocaleDateString());
console.log(d.toLocaleTimeString());
return [new Date(0).toLocaleString(), new Date(Date.UTC(1999, 11, 31, 23, 59, 59)).toLocaleString()];
// === date-tolocalestring-locales
const d = new Date("2024-10-31T19:45:00Z");
const locales = ["en-US", "en-GB", "en-IN", "de-DE", "de-CH", "fr-FR", "fr-CA", "es-ES", "it-IT", "pt-BR", "ru-RU", "ja-JP", "zh-CN", "zh-TW", "ko-KR", "ar-SA", "he-IL", "th-TH", "vi-VN"];
for (const loc of locales) console.log(loc.padEnd(6), d.toLocaleString(loc));
// === date-tolocaledatestring-options
const d = new Date("2024-10-31T19:45:00Z");
return [
  d.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" }),
  d.toLocaleDateString("de-DE", { year: "numeric", month: "2-digit", day: "2-digit" }),
  d.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }),
  d.toLocaleDateString("sv-SE"),
  d.toLocaleDateString("en-CA"),
  d.toLocaleDateString("fr-FR", { month: "long", year: "numeric" }),
  d.toLocaleDateString(undefined, { dateStyle: "medium" }),
  d.toLocaleDateString("ja-JP", { era: "long", year: "numeric" }),
];
// === date-tolocaletimestring-options
const d = new Date("2024-10-31T19:45:30Z");
console.log(d.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit" }));
console.log(d.toLocaleTimeString("en-US", { timeZone: "Asia/Tokyo", timeZoneName: "short" }));
console.log(d.toLocaleTimeString("de-DE", { timeZone: "Europe/Berlin" }));
console.log(d.toLocaleTimeString("en-GB", { hour12: true }));
console.log(d.toLocaleTimeString([], { hour: "numeric" }));
console.log(d.toLocaleTimeString("ko-KR", { timeStyle: "short" }));
// === date-tolocalestring-timezone
const d = new Date("2024-06-30T22:15:00Z");
return ["America/New_York", "Europe/Lisbon", "Asia/Singapore", "Australia/Perth", "America/St_Johns", "Asia/Tehran"].map((tz) =>
  tz + " " + d.toLocaleString("en-US", { timeZone: tz }));
// === date-invalid-date-format
const bad = new Date("not a date");
console.log(bad.toLocaleString(), bad.toLocaleDateString("de-DE"), bad.toLocaleTimeString("ja-JP"));
try {
  new Intl.DateTimeFormat("en-US").format(bad);
} catch (e: any) {
  console.log(e.name, e.message);
}
// === date-extreme-dates
const f = new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" });
return [f.format(new Date(8.64e15)), f.format(new Date(-8.64e15)), f.format(new Date("0001-01-01T00:00:00Z")), f.format(new Date("1900-02-28T00:00:00Z"))];
// === date-historical-timezone-offsets
// LMT and historical offsets before standard time zones.
const f = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", timeZoneName: "longOffset", year: "numeric", hour: "numeric", minute: "numeric" });
const g = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata", timeZoneName: "longOffset", year: "numeric" });
return [f.format(new Date("1850-01-01T12:00:00Z")), f.format(new Date("1945-08-15T12:00:00Z")), g.format(new Date("1940-01-01T12:00:00Z"))];
// === date-format-range
const f = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const a = new Date("2024-01-10T00:00:00Z"), b = new Date("2024-01-20T00:00:00Z"), c = new Date("2024-03-05T00:00:00Z");
console.log(f.formatRange(a, b));
console.log(f.formatRange(a, c));
const g = new Intl.DateTimeFormat("en-GB", { hour: "numeric", minute: "numeric", timeZone: "UTC" });
console.log(g.formatRange(new Date("2024-01-10T09:00:00Z"), new Date("2024-01-10T17:30:00Z")));
// === date-format-range-to-parts
const f = new Intl.DateTimeFormat("de-DE", { day: "numeric", month: "long", timeZone: "UTC" });
return f.formatRangeToParts(new Date("2024-05-01T00:00:00Z"), new Date("2024-05-07T00:00:00Z"));
// === date-numeric-2-digit-mixing
const d = new Date("2024-02-03T04:05:06Z");
const f = new Intl.DateTimeFormat("en-US", { year: "2-digit", month: "numeric", day: "2-digit", hour: "2-digit", minute: "numeric", second: "numeric", timeZone: "UTC" });
const g = new Intl.DateTimeFormat("en-GB", { month: "2-digit", day: "numeric", hour: "numeric", timeZone: "UTC" });
return [f.format(d), g.format(d)];
// === date-calendar-extension-unsupported
try {
  const f = new Intl.DateTimeFormat("ja-JP-u-ca-japanese", { era: "long", year: "numeric", timeZone: "UTC" });
  console.log(f.format(new Date("2024-05-01T00:00:00Z")));
} catch (e: any) {
  console.log(e.name, e.message);
}
// === date-day-period-unsupported
try {
  const f = new Intl.DateTimeFormat("en-US", { hour: "numeric", dayPeriod: "long", timeZone: "UTC" });
  console.log(f.format(new Date("2024-05-01T15:00:00Z")));
} catch (e: any) {
  console.log(e.name, e.message);
}
// === date-invalid-timezone-error
for (const tz of ["Mars/Olympus_Mons", "America/NewYork", "EST5EDT", ""]) {
  try {
    const f = new Intl.DateTimeFormat("en-US", { timeZone: tz });
    console.log("ok", tz, f.resolvedOptions().timeZone);
  } catch (e: any) {
    console.log(e.name, e.message);
  }
}
// === date-invalid-option-errors
const attempts: any[] = [
  { dateStyle: "huge" },
  { dateStyle: "short", year: "numeric" },
  { hourCycle: "h25", hour: "numeric" },
  { fractionalSecondDigits: 4 },
  { month: "tiny" },
];
for (const o of attempts) {
  try {
    new Intl.DateTimeFormat("en-US", o);
    console.log("ok");
  } catch (e: any) {
    console.log(e.name);
  }
}
// === date-supported-locales-of
return Intl.DateTimeFormat.supportedLocalesOf(["ja-JP", "en-GB", "de", "tlh"], { localeMatcher: "lookup" });
// === date-day-period-flexible
const hours = [0, 5, 9, 12, 13, 17, 19, 22];
for (const h of hours) {
  const t = new Date(Date.UTC(2024, 4, 1, h, 0));
  console.log(h, t.toLocaleTimeString("en-US", { hour: "numeric", dayPeriod: "long" }), "|", t.toLocaleTimeString("zh-TW", { timeStyle: "short" }), "|", t.toLocaleTimeString("fr-FR", { hour: "numeric", dayPeriod: "short", hour12: true }));
}
return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", dayPeriod: "narrow" }).resolvedOptions();
// === date-chinese-traditional-and-simplified
const d = new Date("2024-10-31T19:45:00Z");
for (const l of ["zh-TW", "zh-HK", "zh-Hant", "zh-CN", "zh"]) {
  console.log(JSON.stringify([d.toLocaleString(l, { dateStyle: "short", timeStyle: "short" }), d.toLocaleString(l, { dateStyle: "long", timeStyle: "short" }), d.toLocaleString(l, { dateStyle: "full", timeStyle: "full" }), d.toLocaleString(l), d.toLocaleString(l, { month: "long", day: "numeric", hour: "numeric" })]));
}
// === date-buddhist-calendar
const d = new Date("2024-11-05T15:30:00Z");
console.log(d.toLocaleString("th-TH"), "|", d.toLocaleDateString("th-TH", { dateStyle: "full" }), "|", d.toLocaleDateString("en-US-u-ca-buddhist"));
console.log(d.toLocaleDateString("th-TH", { era: "short", year: "numeric" }), "|", d.toLocaleString("th-TH", { dateStyle: "long", timeStyle: "short" }), "|", d.toLocaleDateString("th-TH", { calendar: "gregory" }));
return [new Intl.DateTimeFormat("th-TH").resolvedOptions().calendar, new Intl.DateTimeFormat("en-u-ca-buddhist").resolvedOptions().locale];
// === date-format-range-styles
const start = Date.UTC(2024, 0, 10, 9, 0);
const ends = [Date.UTC(2024, 0, 10, 9, 40), Date.UTC(2024, 0, 10, 17, 30), Date.UTC(2024, 0, 11, 17, 0), Date.UTC(2024, 2, 5), Date.UTC(2025, 1, 1)];
for (const loc of ["en-US", "en-GB", "de-DE", "fr-FR", "ja-JP", "zh-CN", "ru-RU", "es-ES"]) {
  for (const style of ["full", "long", "medium", "short"] as const) {
    const f = new Intl.DateTimeFormat(loc, { dateStyle: style, timeZone: "UTC" });
    console.log(loc, style, ends.map((e) => f.formatRange(start, e)).join(" | "));
  }
}
// === date-format-range-components
const start = Date.UTC(2024, 0, 10, 9, 0);
const ends = [start, Date.UTC(2024, 0, 10, 9, 40), Date.UTC(2024, 0, 10, 17, 30), Date.UTC(2024, 0, 11, 17, 0), Date.UTC(2024, 2, 5), Date.UTC(2025, 1, 1)];
const options: Intl.DateTimeFormatOptions[] = [
  { hour: "numeric", minute: "numeric" },
  { hour: "numeric", minute: "2-digit", hour12: false },
  { hour: "numeric", minute: "numeric", second: "numeric" },
  { month: "long" },
  { month: "short", day: "numeric" },
  { year: "numeric", month: "long" },
  { weekday: "long", month: "long", day: "numeric" },
  { dateStyle: "medium", timeStyle: "short" },
  { dateStyle: "long", timeStyle: "short" },
  { hour: "numeric", minute: "numeric", timeZoneName: "short" },
];
for (const loc of ["en-US", "de-DE", "ko-KR"]) {
  for (const o of options) {
    const f = new Intl.DateTimeFormat(loc, { ...o, timeZone: "UTC" });
    console.log(loc, JSON.stringify(o), ends.map((e) => f.formatRange(start, e)).join(" | "));
  }
}
// === date-format-range-parts-more
const f = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
console.log(JSON.stringify(f.formatRangeToParts(Date.UTC(2024, 0, 10, 9), Date.UTC(2024, 0, 10, 17, 30))));
console.log(JSON.stringify(f.formatRangeToParts(Date.UTC(2024, 0, 10, 9), Date.UTC(2024, 0, 12, 9))));
console.log(JSON.stringify(f.formatRangeToParts(Date.UTC(2024, 0, 10, 9), Date.UTC(2024, 0, 10, 9))));
return new Intl.DateTimeFormat("ja-JP", { dateStyle: "long", timeZone: "UTC" }).formatRangeToParts(new Date("2024-01-10"), new Date("2024-02-11"));
// === date-format-range-arguments
const f = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" });
const out: string[] = [f.formatRange(2, 1), f.formatRange(new Date("2024-05-01"), new Date("2024-04-01"))];
for (const args of [[undefined, 1], [1, undefined], [NaN, 1], [1, new Date(NaN)], ["x", 1]]) {
  try {
    out.push(f.formatRange(args[0] as any, args[1] as any));
  } catch (e: any) {
    out.push(e.name + ": " + e.message);
  }
}
return out;
