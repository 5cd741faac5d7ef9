// === dt2-add-business-days-skip-holidays
const holidays = new Set(["2024-12-25", "2024-12-26", "2025-01-01"]);
const iso = (d: Date) => d.toISOString().slice(0, 10);
function addBusinessDays(start: string, n: number): string {
  const d = new Date(start + "T00:00:00Z");
  while (n > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const dow = d.getUTCDay();
    if (dow !== 0 && dow !== 6 && !holidays.has(iso(d))) n--;
  }
  return iso(d);
}
const out = [["2024-12-20", 1], ["2024-12-20", 5], ["2024-12-31", 1], ["2024-12-27", 3]].map(([s, n]) => `${s} +${n} => ${addBusinessDays(s as string, n as number)}`);
console.log(out.join("\n"));
return out;

// === dt2-age-calculation
function age(birth: string, on: string): number {
  const b = new Date(birth + "T00:00:00Z"), o = new Date(on + "T00:00:00Z");
  let a = o.getUTCFullYear() - b.getUTCFullYear();
  if (o.getUTCMonth() < b.getUTCMonth() || (o.getUTCMonth() === b.getUTCMonth() && o.getUTCDate() < b.getUTCDate())) a--;
  return a;
}
const cases: [string, string][] = [["1990-06-15", "2024-06-14"], ["1990-06-15", "2024-06-15"], ["2000-02-29", "2023-02-28"], ["2000-02-29", "2024-02-29"]];
const out = cases.map(([b, o]) => ({ b, o, age: age(b, o) }));
console.log(out);
return out;

// === dt2-group-events-by-week
const events = ["2024-03-04T09:00:00Z", "2024-03-06T14:30:00Z", "2024-03-10T23:59:59Z", "2024-03-11T00:00:00Z", "2024-03-17T12:00:00Z", "2024-03-18T08:00:00Z"];
function mondayOf(s: string) {
  const d = new Date(s);
  const dow = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - dow)).toISOString().slice(0, 10);
}
const weeks = events.reduce<Record<string, number>>((acc, e) => { const k = mondayOf(e); acc[k] = (acc[k] ?? 0) + 1; return acc; }, {});
console.log(weeks);
return weeks;

// === dt2-duration-between-timestamps
const start = new Date("2024-02-28T22:15:30Z");
const end = new Date("2024-03-02T03:05:10.250Z");
let ms = end.getTime() - start.getTime();
const parts = { days: 0, hours: 0, minutes: 0, seconds: 0, ms: 0 };
for (const [k, size] of [["days", 864e5], ["hours", 36e5], ["minutes", 6e4], ["seconds", 1e3], ["ms", 1]] as const) {
  parts[k] = Math.floor(ms / size);
  ms %= size;
}
console.log(parts, `${(end.getTime() - start.getTime()) / 36e5}h total`);
return parts;

// === dt2-month-boundaries-and-lengths
const year = 2024;
const months = Array.from({ length: 12 }, (_, m) => {
  const first = new Date(Date.UTC(year, m, 1));
  const last = new Date(Date.UTC(year, m + 1, 0));
  return {
    month: first.toLocaleString("en-US", { month: "short", timeZone: "UTC" }),
    days: last.getUTCDate(),
    startsOn: first.toLocaleString("en-US", { weekday: "short", timeZone: "UTC" }),
  };
});
console.log(months.map((m) => `${m.month}:${m.days}:${m.startsOn}`).join(" "));
const leap = (y: number) => new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1;
console.log([1900, 2000, 2023, 2024, 2100].map((y) => `${y}:${leap(y)}`));
return months;

// === dt2-parse-various-formats-to-iso
const inputs = ["2024-05-06", "2024-05-06T07:08:09Z", "2024-05-06T07:08:09.123+02:00", "2024-05-06T07:08", "May 6, 2024 07:08:09 UTC", "Mon, 06 May 2024 07:08:09 GMT", "2024/05/06", "1715000000000"];
const rows = inputs.map((s) => {
  const d = /^\d+$/.test(s) ? new Date(Number(s)) : new Date(s);
  return { input: s, iso: isNaN(d.getTime()) ? "Invalid" : d.toISOString() };
});
console.table(rows);
return rows;

// === dt2-relative-time-labels
const now = Date.UTC(2024, 5, 15, 12, 0, 0);
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
function label(ts: number) {
  const diff = (ts - now) / 1000;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
  for (const [u, s] of units) if (Math.abs(diff) >= s || u === "second") return rtf.format(Math.round(diff / s), u);
  return "";
}
const offsets = [-30, -90, -7200, -86400, -86400 * 3, -86400 * 10, 86400 * 40, -86400 * 400, 45];
const out = offsets.map((o) => label(now + o * 1000));
console.log(out);
return out;

// === dt2-iso-week-and-quarter
function isoWeek(d: Date): [number, number] {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return [t.getUTCFullYear(), Math.ceil(((t.getTime() - yearStart) / 864e5 + 1) / 7)];
}
const dates = ["2020-12-31", "2021-01-03", "2021-01-04", "2024-12-30", "2026-06-15"];
const out = dates.map((s) => {
  const d = new Date(s);
  const [y, w] = isoWeek(d);
  return `${s} -> ${y}-W${String(w).padStart(2, "0")} Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
});
console.log(out);
return out;

// === dt2-schedule-recurring-meetings
const start = new Date("2024-01-31T15:00:00Z");
const monthly: string[] = [];
for (let i = 0; i < 5; i++) {
  const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1, start.getUTCHours()));
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  monthly.push(d.toISOString());
}
const biweekly = Array.from({ length: 4 }, (_, i) => new Date(start.getTime() + i * 14 * 864e5).toISOString().slice(0, 10));
console.log(monthly);
console.log(biweekly);
return { monthly, biweekly };

// === dt2-date-methods-overflow
const d = new Date(Date.UTC(2024, 0, 31));
d.setUTCMonth(1);
const a = d.toISOString();
const e = new Date(Date.UTC(2024, 11, 31, 23, 59, 59));
e.setUTCSeconds(e.getUTCSeconds() + 1);
const f = new Date(Date.UTC(2024, 0, 1));
f.setUTCDate(0);
const g = new Date(Date.UTC(2024, 13, 1));
const h = new Date(Date.UTC(99, 0, 1));
console.log([a, e.toISOString(), f.toISOString(), g.toISOString(), h.getUTCFullYear()]);
return [a, e.toISOString(), f.toISOString(), g.toISOString(), h.getUTCFullYear()];

// === dt2-format-dates-in-zones
const instant = new Date("2024-07-01T18:30:00Z");
const zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Sydney", "Pacific/Honolulu"];
const rows = zones.map((tz) => ({
  tz,
  local: instant.toLocaleString("en-US", { timeZone: tz, dateStyle: "medium", timeStyle: "short" }),
  day: instant.toLocaleDateString("en-CA", { timeZone: tz }),
}));
console.table(rows);
return rows;

// === dt2-sort-and-bucket-timestamps
const stamps = ["2024-03-01T10:15:00Z", "2024-02-28T23:00:00Z", "2024-03-01T09:59:59Z", "2024-03-02T00:00:00Z", "2024-02-29T12:00:00Z"];
const sorted = stamps.map((s) => new Date(s)).sort((a, b) => a.getTime() - b.getTime()).map((d) => d.toISOString());
const byDay = new Map<string, number>();
for (const s of sorted) byDay.set(s.slice(0, 10), (byDay.get(s.slice(0, 10)) ?? 0) + 1);
const newest = sorted.at(-1), oldest = sorted[0];
const spanHours = (Date.parse(newest!) - Date.parse(oldest)) / 36e5;
console.log(sorted, byDay, spanHours);
return { sorted, byDay: Object.fromEntries(byDay), spanHours };

// === dt2-unix-timestamps-conversions
const secs = [0, 1_000_000_000, 1_700_000_000, 2_147_483_647, -86_400];
const rows = secs.map((s) => ({ s, iso: new Date(s * 1000).toISOString(), backToSecs: Math.floor(new Date(s * 1000).getTime() / 1000) }));
console.log(rows);
console.log(Date.UTC(2038, 0, 19, 3, 14, 7) / 1000, new Date(8.64e15).toISOString());
return rows;

// === dt2-tojson-and-revive
const payload = { id: 1, createdAt: new Date(Date.UTC(2024, 4, 1, 12)), meta: { updatedAt: new Date(Date.UTC(2024, 4, 2)) } };
const text = JSON.stringify(payload);
const isoRe = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const revived = JSON.parse(text, (_k, v) => (typeof v === "string" && isoRe.test(v) ? new Date(v) : v));
console.log(text);
console.log(revived.createdAt instanceof Date, revived.meta.updatedAt.getUTCDate());
console.log(revived);
return JSON.parse(text);

// === dt2-locale-date-strings-common
const d = new Date(Date.UTC(2024, 10, 5, 14, 7, 9));
const out = {
  dateString: d.toDateString(),
  utc: d.toUTCString(),
  iso: d.toISOString(),
  localeDefault: d.toLocaleDateString(),
  localeTime: d.toLocaleTimeString(),
  enGB: d.toLocaleDateString("en-GB"),
  deDE: d.toLocaleString("de-DE"),
  long: d.toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" }),
  time24: d.toLocaleTimeString("en-US", { hour12: false }),
};
console.log(out);
return out;
