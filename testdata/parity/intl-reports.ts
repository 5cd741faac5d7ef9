// === report-invoice-usd
const lines = [
  { item: "Consulting (hours)", qty: 12.5, unit: 150 },
  { item: "Hosting", qty: 1, unit: 49.99 },
  { item: "Domain renewal", qty: 3, unit: 12.0 },
];
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
let subtotal = 0;
for (const l of lines) {
  const total = l.qty * l.unit;
  subtotal += total;
  console.log(l.item.padEnd(20), String(l.qty).padStart(5), usd.format(l.unit).padStart(10), usd.format(total).padStart(12));
}
const tax = subtotal * 0.0825;
console.log("Subtotal".padEnd(37), usd.format(subtotal).padStart(12));
console.log("Tax (8.25%)".padEnd(37), usd.format(tax).padStart(12));
return { total: usd.format(subtotal + tax) };
// === report-invoice-multi-currency-totals
const orders = [
  { id: "A-1", currency: "EUR", amount: 1299.9 }, { id: "A-2", currency: "USD", amount: 45 },
  { id: "A-3", currency: "EUR", amount: 15.5 }, { id: "A-4", currency: "JPY", amount: 128000 },
  { id: "A-5", currency: "GBP", amount: 999.99 }, { id: "A-6", currency: "USD", amount: 1000000.5 },
];
const totals: Record<string, number> = {};
for (const o of orders) totals[o.currency] = (totals[o.currency] ?? 0) + o.amount;
const localeFor: Record<string, string> = { EUR: "de-DE", USD: "en-US", JPY: "ja-JP", GBP: "en-GB" };
return Object.keys(totals).sort().map((c) => `${c}: ${new Intl.NumberFormat(localeFor[c], { style: "currency", currency: c }).format(totals[c])}`);
// === report-invoice-localized-de
const items: [string, number, number][] = [["Schrauben M4", 250, 0.12], ["Bohrmaschine", 1, 189.0], ["Dübel 8mm", 100, 0.08]];
const eur = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" });
const qty = new Intl.NumberFormat("de-DE");
const date = new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeZone: "Europe/Berlin" }).format(new Date("2024-12-31T23:30:00Z"));
console.log(`Rechnung vom ${date}`);
let sum = 0;
for (const [name, n, price] of items) {
  sum += n * price;
  console.log(`${name}: ${qty.format(n)} × ${eur.format(price)} = ${eur.format(n * price)}`);
}
console.log(`Netto ${eur.format(sum)}, MwSt. 19 % ${eur.format(sum * 0.19)}, Brutto ${eur.format(sum * 1.19)}`);
// === report-sales-by-region-percent
const sales: Record<string, number> = { North: 125000, South: 98000.5, East: 143250.75, West: 33749.25 };
const total = Object.values(sales).reduce((a, b) => a + b, 0);
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat("en-US", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const rows = Object.entries(sales).sort((a, b) => b[1] - a[1]).map(([region, v]) => `${region.padEnd(6)} ${money.format(v).padStart(10)} ${pct.format(v / total).padStart(7)}`);
rows.push(`${"Total".padEnd(6)} ${money.format(total).padStart(10)}`);
return rows;
// === report-kpi-dashboard-compact
const kpis = { visitors: 1284567, signups: 45213, revenue: 9876543.21, churn: -0.0234, growth: 0.187 };
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact" });
const change = new Intl.NumberFormat("en-US", { style: "percent", signDisplay: "always", maximumFractionDigits: 1 });
console.log(`Visitors: ${compact.format(kpis.visitors)}`);
console.log(`Signups: ${compact.format(kpis.signups)}`);
console.log(`Revenue: ${money.format(kpis.revenue)}`);
console.log(`Churn: ${change.format(kpis.churn)} | Growth: ${change.format(kpis.growth)}`);
// === report-meeting-times-per-zone
const meeting = new Date("2024-10-15T15:00:00Z");
const offices: [string, string, string][] = [
  ["San Francisco", "America/Los_Angeles", "en-US"], ["New York", "America/New_York", "en-US"], ["São Paulo", "America/Sao_Paulo", "pt-BR"],
  ["London", "Europe/London", "en-GB"], ["Berlin", "Europe/Berlin", "de-DE"], ["Bangalore", "Asia/Kolkata", "en-IN"],
  ["Tokyo", "Asia/Tokyo", "ja-JP"], ["Sydney", "Australia/Sydney", "en-AU"],
];
for (const [city, tz, loc] of offices) {
  const f = new Intl.DateTimeFormat(loc, { timeZone: tz, weekday: "short", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
  console.log(city.padEnd(14), f.format(meeting));
}
// === report-date-table-zones-across-year
const instants = ["2024-01-01T00:00:00Z", "2024-04-01T00:00:00Z", "2024-07-01T00:00:00Z", "2024-10-01T00:00:00Z"];
const zones = ["America/Denver", "Europe/Dublin", "Asia/Tehran", "Australia/Lord_Howe", "America/Havana"];
const table: Record<string, string[]> = {};
for (const tz of zones) {
  const f = new Intl.DateTimeFormat("en-US", { timeZone: tz, month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false, timeZoneName: "shortOffset" });
  table[tz] = instants.map((s) => f.format(new Date(s)));
}
return table;
// === report-sorted-customer-list
const customers = [
  { name: "Ólafsson, Björk", balance: 1200.5 }, { name: "Olsen, Ole", balance: -45.1 }, { name: "Çakır, Emre", balance: 0 },
  { name: "Cabrera, Luis", balance: 310 }, { name: "Łukasz, Nowak", balance: 12.75 }, { name: "Lopez, Ana", balance: 9999.99 },
  { name: "de Vries, Jan", balance: 42 }, { name: "Dubois, Élodie", balance: 87.3 }, { name: "van Dijk, Sanne", balance: -1 },
];
const c = new Intl.Collator("en", { sensitivity: "base" });
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", currencySign: "accounting" });
customers.sort((a, b) => c.compare(a.name, b.name));
for (const cu of customers) console.log(cu.name.padEnd(18), money.format(cu.balance).padStart(11));
// === report-sorted-customer-list-sv
const names = ["Åsa Berg", "Anders Ek", "Örjan Lind", "Olle Holm", "Ärla Sund", "Zara Nilsson", "Östen Falk", "Ebba Åberg"];
const byLast = (s: string) => s.split(" ")[1];
const c = new Intl.Collator("sv-SE");
return [...names].sort((a, b) => c.compare(byLast(a), byLast(b)) || c.compare(a, b));
// === report-relative-time-labels
const now = Date.parse("2024-06-15T12:00:00Z");
const events = ["2024-06-15T11:59:30Z", "2024-06-15T11:15:00Z", "2024-06-15T03:00:00Z", "2024-06-14T12:00:00Z", "2024-06-12T09:00:00Z", "2024-05-20T00:00:00Z", "2023-12-01T00:00:00Z", "2024-06-20T00:00:00Z", "2024-06-16T12:00:00Z"];
const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const units: [Intl.RelativeTimeFormatUnit, number][] = [["year", 31536000], ["month", 2592000], ["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
function ago(iso: string): string {
  const secs = (Date.parse(iso) - now) / 1000;
  for (const [u, s] of units) if (Math.abs(secs) >= s || u === "second") return rtf.format(Math.round(secs / s), u);
  return "";
}
return events.map((e) => `${e} -> ${ago(e)}`);
// === report-relative-time-labels-localized
const now = Date.parse("2024-06-15T12:00:00Z");
const diffsDays = [-3, -1, 0, 1, 7];
const out: string[] = [];
for (const loc of ["de-DE", "fr-FR", "es-ES", "ja-JP", "pt-BR", "ru-RU"]) {
  const rtf = new Intl.RelativeTimeFormat(loc, { numeric: "auto" });
  out.push(loc + ": " + diffsDays.map((d) => rtf.format(Math.round((now + d * 86400000 - now) / 86400000), "day")).join(" | "));
}
return out;
// === report-list-of-missing-fields
const required = ["name", "email", "phone", "address"];
const record: Record<string, string> = { name: "Ana" };
const missing = required.filter((f) => !(f in record));
const en = new Intl.ListFormat("en", { type: "conjunction" });
const pr = new Intl.PluralRules("en");
console.log(`Missing ${missing.length} ${pr.select(missing.length) === "one" ? "field" : "fields"}: ${en.format(missing)}`);
console.log(`Provide ${new Intl.ListFormat("en", { type: "disjunction" }).format(["email", "phone"])}.`);
// === report-monthly-calendar-header
const out: string[] = [];
for (const loc of ["en-US", "fr-FR", "de-DE", "es-MX", "zh-CN"]) {
  const mf = new Intl.DateTimeFormat(loc, { month: "long", year: "numeric", timeZone: "UTC" });
  const wf = new Intl.DateTimeFormat(loc, { weekday: "narrow", timeZone: "UTC" });
  const days = Array.from({ length: 7 }, (_, i) => wf.format(new Date(Date.UTC(2024, 8, 1 + i))));
  out.push(`${mf.format(new Date("2024-09-10T00:00:00Z"))}: ${days.join(" ")}`);
}
return out;
// === report-csv-export-iso-and-local
const rows = [
  { id: 1, at: "2024-02-29T08:00:00Z", amount: 1234.5 },
  { id: 2, at: "2024-03-31T22:45:00Z", amount: -99.99 },
  { id: 3, at: "2024-12-25T00:00:00Z", amount: 0.5 },
];
const d = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", year: "numeric", month: "2-digit", day: "2-digit" });
const t = new Intl.DateTimeFormat("en-GB", { timeZone: "America/Toronto", hour: "2-digit", minute: "2-digit" });
const n = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, useGrouping: false });
console.log("id,date,time,amount");
for (const r of rows) console.log([r.id, d.format(new Date(r.at)), t.format(new Date(r.at)), n.format(r.amount)].join(","));
// === report-stats-table-mixed-locales
const stats = { mean: 1234.5678, median: 1000, p95: 98765.4321, count: 1234567 };
const out: Record<string, string[]> = {};
for (const loc of ["en-US", "de-DE", "fr-CH", "hi-IN", "ar-EG", "pt-PT"]) {
  const f = new Intl.NumberFormat(loc, { maximumFractionDigits: 2 });
  out[loc] = Object.values(stats).map((v) => f.format(v));
}
return out;
// === report-order-confirmation-ja
const order = { placed: "2024-08-01T03:15:00Z", total: 15800, items: ["りんご", "みかん", "ぶどう"] };
const date = new Intl.DateTimeFormat("ja-JP", { dateStyle: "full", timeStyle: "short", timeZone: "Asia/Tokyo" }).format(new Date(order.placed));
const yen = new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" }).format(order.total);
const list = new Intl.ListFormat("ja-JP").format(order.items);
return `ご注文日時: ${date} / 合計: ${yen} / 商品: ${list}`;
// === report-payroll-br
const staff = [{ nome: "João", salario: 5432.1 }, { nome: "Ângela", salario: 12000 }, { nome: "Bruno", salario: 3100.55 }];
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const c = new Intl.Collator("pt-BR");
staff.sort((a, b) => c.compare(a.nome, b.nome));
const mes = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "America/Sao_Paulo" }).format(new Date("2024-03-01T12:00:00Z"));
console.log(`Folha de pagamento — ${mes}`);
for (const s of staff) console.log(`${s.nome}: ${brl.format(s.salario)}`);
console.log(`Total: ${brl.format(staff.reduce((t, s) => t + s.salario, 0))}`);
// === report-durations-human
function human(ms: number): string {
  const parts: string[] = [];
  const units: [string, number][] = [["day", 86400000], ["hour", 3600000], ["minute", 60000], ["second", 1000]];
  const pr = new Intl.PluralRules("en");
  for (const [u, size] of units) {
    const n = Math.floor(ms / size);
    ms -= n * size;
    if (n) parts.push(`${new Intl.NumberFormat("en").format(n)} ${u}${pr.select(n) === "one" ? "" : "s"}`);
  }
  return new Intl.ListFormat("en", { style: "long" }).format(parts);
}
return [human(1000), human(3723000), human(90061000), human(1234567890)];
// === report-temperature-and-signs
const temps = [-12.345, 0, 3.1, 27.95];
const f = new Intl.NumberFormat("de-DE", { maximumFractionDigits: 1, signDisplay: "exceptZero" });
const g = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
return temps.map((t) => `${f.format(t)} °C / ${g.format(t * 9 / 5 + 32)} °F`);
// === report-age-in-years-plural
const birthdays = ["1990-02-28", "2000-02-29", "2023-06-15", "2024-06-14"];
const ref = new Date("2024-06-15T00:00:00Z");
const pr = new Intl.PluralRules("en-US");
return birthdays.map((b) => {
  const d = new Date(b + "T00:00:00Z");
  let age = ref.getUTCFullYear() - d.getUTCFullYear();
  if (ref.getUTCMonth() < d.getUTCMonth() || (ref.getUTCMonth() === d.getUTCMonth() && ref.getUTCDate() < d.getUTCDate())) age--;
  return `${d.toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "medium" })}: ${age} ${pr.select(age) === "one" ? "year" : "years"}`;
});
// === report-weekly-schedule-hi-ar
const start = Date.UTC(2024, 10, 4, 9, 0);
for (const loc of ["hi-IN", "ar-EG", "th-TH", "bn-BD"]) {
  const f = new Intl.DateTimeFormat(loc, { weekday: "long", day: "numeric", month: "short", hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  console.log(loc, [0, 2, 4].map((i) => f.format(new Date(start + i * 86400000))).join(" ; "));
}
