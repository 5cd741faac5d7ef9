// === date-utc-to-iso
const d = new Date(Date.UTC(2024, 1, 29, 13, 45, 30, 123));
console.log(d.toISOString(), d.getTime(), d.valueOf() === d.getTime());
return d.toISOString();

// === date-parse-iso-strings
const inputs = ["2024-03-15", "2024-03-15T10:20:30Z", "2024-03-15T10:20:30.5+02:00", "2024-03-15T10:20:30", "2024-13-01", "not a date"];
for (const s of inputs) {
  const t = Date.parse(s);
  console.log(s, "->", Number.isNaN(t) ? "invalid" : new Date(t).toISOString());
}
return inputs.map((s) => Date.parse(s));

// === date-get-utc-parts
const d = new Date("2023-12-31T23:59:59.999Z");
console.log(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
const next = new Date(d.getTime() + 1);
console.log(next.toISOString(), next.getUTCDay());
return [next.getUTCFullYear(), next.getUTCMonth()];

// === date-add-days-across-month
function addDays(iso: string, n: number) {
  const d = new Date(iso);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
console.log(addDays("2024-01-30", 3), addDays("2024-03-01", -1), addDays("2023-03-01", -1), addDays("2024-12-31", 1));
return addDays("2024-02-28", 1);

// === date-diff-in-days
const a = Date.UTC(2024, 0, 1);
const b = Date.UTC(2024, 11, 25);
const days = Math.round((b - a) / 86_400_000);
console.log(`${days} days until xmas`);
const weeks = Math.floor(days / 7);
return { days, weeks, rem: days % 7 };

// === date-add-months-clamp
function addMonths(d: Date, n: number): Date {
  const r = new Date(d.getTime());
  const day = r.getUTCDate();
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + n);
  const last = new Date(Date.UTC(r.getUTCFullYear(), r.getUTCMonth() + 1, 0)).getUTCDate();
  r.setUTCDate(Math.min(day, last));
  return r;
}
const start = new Date("2024-01-31T00:00:00Z");
console.log([1, 2, 13, -2].map((n) => addMonths(start, n).toISOString().slice(0, 10)));
return addMonths(start, 1).toISOString();

// === date-week-number-iso
function isoWeek(d: Date): number {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(t.getUTCFullYear(), 0, 1));
  return Math.ceil(((t.getTime() - yearStart.getTime()) / 86400000 + 1) / 7);
}
const ds = ["2021-01-03", "2021-01-04", "2024-12-30", "2026-06-15"];
console.log(ds.map((s) => `${s}: W${isoWeek(new Date(s))}`));
return ds.map((s) => isoWeek(new Date(s)));

// === date-json-serialization
const ev = { name: "launch", at: new Date(Date.UTC(2025, 6, 4, 9)) };
const json = JSON.stringify(ev);
console.log(json);
const back = JSON.parse(json, (k, v) => (k === "at" ? new Date(v) : v));
console.log(back.at instanceof Date, back.at.getUTCHours());
return JSON.parse(json);

// === date-invalid-handling
const bad = new Date("garbage");
console.log(bad.getTime(), String(bad), isNaN(+bad));
try {
  bad.toISOString();
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
console.log(JSON.stringify({ bad }));
return bad.toJSON();

// === date-to-string-utc-forms
const d = new Date(Date.UTC(2024, 6, 4, 5, 6, 7));
console.log(d.toUTCString());
console.log(d.toString());
console.log(d.toDateString(), "|", d.toTimeString());
return d.toUTCString();

// === date-console-log-format
const d = new Date(Date.UTC(2020, 0, 1, 0, 0, 0, 5));
console.log(d);
console.log([d], { when: d });
console.log(String(d));
return d;

// === date-sort-and-range
const stamps = ["2024-05-01T10:00:00Z", "2023-01-15T00:00:00Z", "2024-05-01T09:59:59Z"];
const sorted = stamps.map((s) => new Date(s)).sort((a, b) => a.getTime() - b.getTime());
console.log(sorted.map((d) => d.toISOString()));
const span = sorted.at(-1)!.getTime() - sorted[0].getTime();
return { first: sorted[0], last: sorted.at(-1), spanHours: Math.floor(span / 3_600_000) };

// === date-start-of-week-and-month
const d = new Date("2024-08-15T15:30:00Z");
const som = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const dow = (d.getUTCDay() + 6) % 7;
const sow = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - dow));
const eom = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0, 23, 59, 59, 999));
console.log(som.toISOString(), sow.toISOString(), eom.toISOString());
return [som, sow, eom].map((x) => x.toISOString().slice(0, 10));

// === date-format-manual
const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const fmt = (d: Date) => `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const d = new Date(Date.UTC(1999, 11, 31, 23, 5));
console.log(fmt(d), `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`);
return fmt(new Date(0));

// === date-extreme-values
console.log(new Date(8.64e15).toISOString(), new Date(-8.64e15).toISOString());
console.log(new Date(8.64e15 + 1).getTime(), new Date(Date.UTC(-1, 0, 1)).toISOString());
console.log(new Date(Date.UTC(99, 0, 1)).getUTCFullYear(), new Date(Date.UTC(10000, 0, 1)).toISOString());
return new Date(0).toISOString();

// === date-local-equals-utc
const d = new Date(2024, 2, 10, 2, 30);
console.log(d.toISOString(), d.getTimezoneOffset(), d.getHours() === d.getUTCHours());
return [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()];

// === date-setters-chain
const d = new Date(Date.UTC(2024, 0, 1));
d.setUTCFullYear(2025, 5, 20);
d.setUTCHours(25, 61, 61, 1001);
console.log(d.toISOString());
const ret = d.setUTCMonth(14);
console.log(ret, new Date(ret).toISOString());
return d.toISOString();

// === date-business-days
function businessDays(fromIso: string, toIso: string): number {
  let n = 0;
  for (let t = Date.parse(fromIso); t <= Date.parse(toIso); t += 86400000) {
    const dow = new Date(t).getUTCDay();
    if (dow !== 0 && dow !== 6) n++;
  }
  return n;
}
console.log(businessDays("2024-07-01", "2024-07-31"), businessDays("2024-07-06", "2024-07-07"));
return businessDays("2024-01-01", "2024-12-31");

// === date-parse-non-iso-forms
const forms = ["2024/03/15", "March 15, 2024", "15 Mar 2024 10:00 GMT", "Fri, 15 Mar 2024 10:00:00 GMT", "2024-03-15 10:00"];
for (const f of forms) {
  const t = Date.parse(f);
  console.log(JSON.stringify(f), isNaN(t) ? "NaN" : new Date(t).toISOString());
}
return forms.length;
