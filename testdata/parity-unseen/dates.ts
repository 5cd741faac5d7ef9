// === add-business-days
function addBusinessDays(start: Date, n: number): Date {
  const d = new Date(start.getTime());
  let added = 0;
  while (added < n) {
    d.setUTCDate(d.getUTCDate() + 1);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) added++;
  }
  return d;
}
const start = new Date("2024-03-08T09:00:00Z"); // a Friday
const results = [1, 3, 5, 10].map((n) => addBusinessDays(start, n).toISOString().slice(0, 10));
console.log(results);
return results;

// === days-between-and-age
const msPerDay = 24 * 60 * 60 * 1000;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / msPerDay);
console.log(daysBetween("2024-01-01", "2024-12-31"), daysBetween("2023-02-28", "2023-03-01"), daysBetween("2024-02-28", "2024-03-01"));
function ageOn(birth: string, on: string): number {
  const b = new Date(birth), o = new Date(on);
  let age = o.getUTCFullYear() - b.getUTCFullYear();
  if (o.getUTCMonth() < b.getUTCMonth() || (o.getUTCMonth() === b.getUTCMonth() && o.getUTCDate() < b.getUTCDate())) age--;
  return age;
}
const ages = [ageOn("1990-06-15", "2024-06-14"), ageOn("1990-06-15", "2024-06-15"), ageOn("2000-02-29", "2023-02-28")];
console.log(ages);
return ages;

// === month-end-rollover
const d = new Date(Date.UTC(2024, 0, 31));
const out: string[] = [];
for (let i = 0; i < 4; i++) {
  const x = new Date(d);
  x.setUTCMonth(d.getUTCMonth() + i);
  out.push(x.toISOString().slice(0, 10));
}
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
console.log(out);
console.log([2023, 2024, 1900, 2000].map((y) => `${y}: ${lastDay(y, 1)}`));
return out;

// === iso-week-number
function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const dayNum = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dayNum);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((d.getTime() - yearStart.getTime()) / 86400000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}
const dates = ["2021-01-03", "2021-01-04", "2024-12-30", "2026-06-15", "2020-12-31"];
const weeks = dates.map((s) => [s, isoWeek(new Date(s))]);
console.log(Object.fromEntries(weeks));
return weeks;

// === format-relative-durations
function humanize(ms: number): string {
  const units: [string, number][] = [["d", 86400000], ["h", 3600000], ["m", 60000], ["s", 1000]];
  const parts: string[] = [];
  let rest = Math.abs(ms);
  for (const [u, size] of units) {
    const q = Math.floor(rest / size);
    if (q) { parts.push(`${q}${u}`); rest -= q * size; }
  }
  if (rest || !parts.length) parts.push(`${rest}ms`);
  return (ms < 0 ? "-" : "") + parts.join(" ");
}
const samples = [0, 999, 61000, 3723004, 90061001, -45000];
for (const s of samples) console.log(String(s).padStart(9), humanize(s));
const rtf = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
console.log([-1, 0, 1, 3].map((n) => rtf.format(n, "day")), rtf.format(-2, "week"), rtf.format(5, "month"));
return samples.map(humanize);

// === intl-date-formats-utc
const d = new Date("2024-07-04T15:30:45.123Z");
const opts: Intl.DateTimeFormatOptions[] = [
  { timeZone: "UTC" },
  { timeZone: "UTC", dateStyle: "full" },
  { timeZone: "UTC", dateStyle: "long", timeStyle: "long" },
  { timeZone: "UTC", year: "numeric", month: "short", day: "2-digit" },
  { timeZone: "UTC", weekday: "long", hour: "numeric", minute: "2-digit", hour12: true },
  { timeZone: "UTC", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false },
  { timeZone: "UTC", month: "long", year: "numeric" },
];
const formatted = opts.map((o) => new Intl.DateTimeFormat("en-US", o).format(d));
formatted.forEach((f) => console.log(f));
console.log(d.toLocaleDateString("en-US", { timeZone: "UTC" }), d.toLocaleTimeString("en-US", { timeZone: "UTC" }));
console.log(d.toLocaleString("en-US", { timeZone: "UTC" }));
return formatted;

// === date-parts-format-to-parts
const d = new Date(Date.UTC(2023, 10, 5, 7, 8, 9));
const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false,
}).formatToParts(d);
const byType = Object.fromEntries(parts.filter((p) => p.type !== "literal").map((p) => [p.type, p.value]));
console.log(parts.map((p) => p.type).join(","));
console.log(byType);
const stamp = `${byType.year}${byType.month}${byType.day}-${byType.hour}${byType.minute}${byType.second}`;
return stamp;

// === group-events-by-day
const events = [
  { at: "2024-05-01T23:59:59Z", kind: "login" },
  { at: "2024-05-02T00:00:00Z", kind: "purchase" },
  { at: "2024-05-01T08:15:00Z", kind: "logout" },
  { at: "2024-05-03T12:00:00.500Z", kind: "login" },
  { at: "2024-05-02T18:45:10Z", kind: "login" },
];
const byDay = new Map<string, string[]>();
for (const e of [...events].sort((a, b) => a.at.localeCompare(b.at))) {
  const day = new Date(e.at).toISOString().slice(0, 10);
  if (!byDay.has(day)) byDay.set(day, []);
  byDay.get(day)!.push(e.kind);
}
console.log(byDay);
const summary = [...byDay].map(([day, kinds]) => `${day}: ${kinds.length} (${kinds.join(", ")})`);
console.log(summary);
return Object.fromEntries(byDay);

// === parse-various-date-strings
const inputs = ["2024-02-29", "2024-02-30", "2024-13-01", "2024-06-01T10:00:00+02:00", "2024-06-01T10:00:00.000Z", "June 1, 2024 UTC", "not a date", "2024-06-01T25:00:00Z"];
const results = inputs.map((s) => {
  const t = Date.parse(s);
  return { input: s, valid: !Number.isNaN(t), iso: Number.isNaN(t) ? null : new Date(t).toISOString() };
});
for (const r of results) console.log(r.input.padEnd(28), r.valid ? r.iso : "Invalid");
console.log(String(new Date("nope")), new Date(NaN).getTime());
try { new Date("x").toISOString(); } catch (e) { console.log((e as Error).name, (e as Error).message); }
return results;

// === schedule-next-runs
// every N minutes starting from an anchor, listing the next runs after a given moment
const anchor = Date.UTC(2024, 0, 1, 0, 0);
const every = 45 * 60 * 1000;
const after = Date.UTC(2024, 0, 1, 10, 20);
const first = anchor + Math.ceil((after - anchor) / every) * every;
const runs = Array.from({ length: 5 }, (_, i) => new Date(first + i * every).toISOString().replace(".000Z", "Z"));
console.log(runs);
const byHour = runs.reduce<Record<string, number>>((acc, r) => {
  const h = r.slice(11, 13);
  acc[h] = (acc[h] ?? 0) + 1;
  return acc;
}, {});
console.log(byHour);
return runs;

// === date-json-roundtrip
const record = { id: 7, created: new Date(Date.UTC(2022, 11, 25, 6, 30)), tags: ["x"] };
const json = JSON.stringify(record);
console.log(json);
const back = JSON.parse(json, (k, v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? new Date(v) : v));
console.log(back.created instanceof Date, back.created.getUTCHours(), back.created.valueOf());
console.log(record);
console.log([new Date(0), new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999))]);
return { json, hours: back.created.getUTCHours() };
