// === rpt-markdown-table-from-objects
const rows = [
  { service: "auth", p50: 12.3, p99: 180.04, errors: 0 },
  { service: "billing", p50: 45.678, p99: 920.5, errors: 12 },
  { service: "search", p50: 8, p99: 60.25, errors: 3 },
];
const cols = Object.keys(rows[0]) as (keyof typeof rows[0])[];
const fmt = (v: unknown) => (typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : String(v));
const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => fmt(r[c]).length)));
const line = (cells: string[]) => "| " + cells.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
const md = [line(cols), "|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|", ...rows.map((r) => line(cols.map((c) => fmt(r[c]))))].join("\n");
console.log(md);
return md;

// === rpt-ascii-box-table-right-align
const data = [["Region", "Q1", "Q2", "Total"], ["North", 1200, 1350.5, 0], ["South", 980, 1010, 0], ["West", 15, 22000.75, 0]] as (string | number)[][];
for (const r of data.slice(1)) r[3] = (r[1] as number) + (r[2] as number);
const cells = data.map((r) => r.map((c) => (typeof c === "number" ? c.toFixed(2) : c)));
const w = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
const sep = "+" + w.map((n) => "-".repeat(n + 2)).join("+") + "+";
const out = [sep];
cells.forEach((r, ri) => {
  out.push("| " + r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(" | ") + " |");
  if (ri === 0) out.push(sep.replace(/-/g, "="));
});
out.push(sep);
console.log(out.join("\n"));
return out;

// === rpt-console-table-with-columns
const tasks = [
  { id: 1, title: "Write docs", owner: "ann", done: true, hours: 3 },
  { id: 2, title: "Fix bug #12", owner: "ben", done: false, hours: 5.5 },
  { id: 3, title: "Release", owner: "ann", done: false, hours: 1 },
];
console.table(tasks, ["title", "owner", "done"]);
console.table(tasks.filter((t) => !t.done));
return tasks.filter((t) => !t.done).map((t) => t.id);

// === rpt-console-table-object-of-objects
const byRegion = {
  north: { revenue: 1200, customers: 30 },
  south: { revenue: 800, customers: 12, churn: 0.1 },
  east: { revenue: 0, customers: 0 },
};
console.table(byRegion);
console.table([[1, 2], [3, 4, 5]]);
console.table(["a", "b"]);
return Object.keys(byRegion);

// === rpt-summary-stats-report
const scores = [72, 88, 95, 61, 79, 88, 100, 54, 83, 90];
const sorted = [...scores].sort((a, b) => a - b);
const n = scores.length;
const mean = scores.reduce((a, b) => a + b, 0) / n;
const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
const variance = scores.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
const std = Math.sqrt(variance);
const pct = (p: number) => sorted[Math.min(n - 1, Math.ceil((p / 100) * n) - 1)];
const mode = [...scores.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<number, number>())].sort((a, b) => b[1] - a[1])[0][0];
const report = { n, min: sorted[0], max: sorted[n - 1], mean: +mean.toFixed(2), median, std: +std.toFixed(3), p90: pct(90), mode };
for (const [k, v] of Object.entries(report)) console.log(`${k.padEnd(7, ".")} ${v}`);
return report;

// === rpt-grade-distribution-bars
const grades = { A: 12, B: 25, C: 18, D: 6, F: 3 };
const total = Object.values(grades).reduce((a, b) => a + b, 0);
const maxCount = Math.max(...Object.values(grades));
const lines = Object.entries(grades).map(([g, c]) => {
  const bar = "█".repeat(Math.round((c / maxCount) * 30));
  const pct = ((c / total) * 100).toFixed(1).padStart(5);
  return `${g} ${bar.padEnd(30)} ${String(c).padStart(3)} ${pct}%`;
});
console.log(lines.join("\n"));
return { total, lines };

// === rpt-invoice-plain-text
const items = [
  { desc: "Consulting (hours)", qty: 12, unit: 150 },
  { desc: "Hosting - monthly", qty: 1, unit: 49.99 },
  { desc: "Domain renewal", qty: 2, unit: 12.5 },
];
const taxRate = 0.0825;
const subtotal = items.reduce((s, i) => s + i.qty * i.unit, 0);
const tax = Math.round(subtotal * taxRate * 100) / 100;
const money = (n: number) => "$" + n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const lines = items.map((i) => `${i.desc.padEnd(22)}${String(i.qty).padStart(4)} x ${money(i.unit).padStart(9)} = ${money(i.qty * i.unit).padStart(10)}`);
lines.push("-".repeat(52));
lines.push(`${"Subtotal".padEnd(39)}${money(subtotal).padStart(13)}`);
lines.push(`${"Tax (8.25%)".padEnd(39)}${money(tax).padStart(13)}`);
lines.push(`${"TOTAL".padEnd(39)}${money(subtotal + tax).padStart(13)}`);
console.log(lines.join("\n"));
return { subtotal, tax, total: +(subtotal + tax).toFixed(2) };

// === rpt-changelog-from-commits
const commits = [
  "feat(api): add pagination to /items",
  "fix: handle empty CSV files",
  "chore: bump deps",
  "feat(ui): dark mode toggle",
  "fix(api)!: reject negative limits",
  "docs: update README",
  "refactor(core): extract parser",
];
const sections: Record<string, string[]> = { Features: [], "Bug Fixes": [], Other: [] };
const breaking: string[] = [];
for (const c of commits) {
  const m = c.match(/^(?<type>\w+)(?:\((?<scope>[^)]+)\))?(?<bang>!)?: (?<subject>.+)$/);
  if (!m?.groups) continue;
  const { type, scope, bang, subject } = m.groups;
  const entry = scope ? `**${scope}:** ${subject}` : subject;
  const key = type === "feat" ? "Features" : type === "fix" ? "Bug Fixes" : "Other";
  sections[key].push(entry);
  if (bang) breaking.push(entry);
}
let md = "## v1.2.0\n";
for (const [title, entries] of Object.entries(sections)) {
  if (!entries.length) continue;
  md += `\n### ${title}\n` + entries.map((e) => `- ${e}`).join("\n") + "\n";
}
if (breaking.length) md += `\n### ⚠ BREAKING\n` + breaking.map((b) => `- ${b}`).join("\n") + "\n";
console.log(md);
return sections;

// === rpt-test-results-summary
const results = [
  { suite: "auth", name: "login ok", status: "pass", ms: 12 },
  { suite: "auth", name: "login bad pw", status: "pass", ms: 8 },
  { suite: "cart", name: "add item", status: "fail", ms: 40, error: "expected 2 got 1" },
  { suite: "cart", name: "remove item", status: "skip", ms: 0 },
  { suite: "cart", name: "checkout", status: "pass", ms: 130 },
];
const bySuite = new Map<string, typeof results>();
for (const r of results) bySuite.set(r.suite, [...(bySuite.get(r.suite) ?? []), r]);
const icons: Record<string, string> = { pass: "✓", fail: "✗", skip: "-" };
for (const [suite, rs] of bySuite) {
  console.log(suite);
  for (const r of rs) console.log(`  ${icons[r.status]} ${r.name} (${r.ms}ms)${r.error ? " — " + r.error : ""}`);
}
const tally = results.reduce((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {} as Record<string, number>);
const totalMs = results.reduce((s, r) => s + r.ms, 0);
console.log(`\n${tally.pass} passed, ${tally.fail} failed, ${tally.skip} skipped in ${(totalMs / 1000).toFixed(2)}s`);
return tally;

// === rpt-json-pretty-nested-report
const report = {
  generatedFor: "2024-06-30",
  totals: { users: 1520, active: 1201, ratio: 1201 / 1520 },
  topPages: [{ path: "/", views: 9000 }, { path: "/pricing", views: 2300 }],
  flags: { beta: true, legacy: null },
};
report.totals.ratio = Math.round(report.totals.ratio * 1000) / 1000;
const text = JSON.stringify(report, null, 2);
console.log(text);
console.log(JSON.stringify(report, null, "\t").split("\n").length, "lines with tabs");
return report;

// === rpt-csv-export-escaping
const rows = [
  { name: "Widget, large", price: 9.5, note: 'He said "wow"' },
  { name: "Gadget", price: 12, note: "line1\nline2" },
  { name: "Plain", price: 0.1 + 0.2, note: "" },
];
const esc = (v: unknown) => {
  const s = typeof v === "number" ? String(Math.round(v * 100) / 100) : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const header = Object.keys(rows[0]);
const csv = [header.join(","), ...rows.map((r) => header.map((h) => esc((r as any)[h])).join(","))].join("\r\n");
console.log(JSON.stringify(csv));
console.log(csv.split("\r\n").length, "records");
return csv;

// === rpt-leaderboard-with-ranks-ties
const players = [
  { name: "kim", score: 980 }, { name: "lee", score: 1200 }, { name: "max", score: 980 },
  { name: "ned", score: 1500 }, { name: "oli", score: 700 }, { name: "pam", score: 1200 },
];
const sorted = [...players].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
let rank = 0, prev = -1;
const ranked = sorted.map((p, i) => {
  if (p.score !== prev) { rank = i + 1; prev = p.score; }
  return { rank, ...p };
});
const medal = (r: number) => ["🥇", "🥈", "🥉"][r - 1] ?? "  ";
ranked.forEach((p) => console.log(`${medal(p.rank)} ${String(p.rank).padStart(2)}. ${p.name.padEnd(5)} ${p.score.toLocaleString()}`));
return ranked;

// === rpt-disk-usage-human-sizes
const files = [
  { path: "/var/log/app.log", bytes: 5_368_709_120 },
  { path: "/home/u/photo.jpg", bytes: 3_145_728 },
  { path: "/etc/hosts", bytes: 412 },
  { path: "/tmp/cache.bin", bytes: 1_048_576 },
  { path: "/opt/db.sqlite", bytes: 734_003_200 },
];
function human(bytes: number): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let i = 0, n = bytes;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return `${n.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}
const total = files.reduce((s, f) => s + f.bytes, 0);
for (const f of [...files].sort((a, b) => b.bytes - a.bytes)) {
  console.log(`${human(f.bytes).padStart(10)}  ${((f.bytes / total) * 100).toFixed(1).padStart(5)}%  ${f.path}`);
}
console.log(`${human(total).padStart(10)}  total`);
return files.map((f) => human(f.bytes));

// === rpt-calendar-month-grid
function calendar(year: number, month: number): string[] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lines = [first.toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).padStart(14), "Su Mo Tu We Th Fr Sa"];
  let row = "   ".repeat(first.getUTCDay());
  for (let d = 1; d <= days; d++) {
    row += String(d).padStart(2) + " ";
    if ((first.getUTCDay() + d) % 7 === 0) { lines.push(row.trimEnd()); row = ""; }
  }
  if (row) lines.push(row.trimEnd());
  return lines;
}
const feb = calendar(2024, 2);
console.log(feb.join("\n"));
return feb;

// === rpt-tree-view-from-paths
const paths = ["src/index.ts", "src/lib/util.ts", "src/lib/math.ts", "README.md", "src/cli/main.ts", "test/util.test.ts"];
type Node = Map<string, Node>;
const root: Node = new Map();
for (const p of paths) {
  let n = root;
  for (const part of p.split("/")) {
    if (!n.has(part)) n.set(part, new Map());
    n = n.get(part)!;
  }
}
const lines: string[] = [];
function walk(n: Node, prefix: string) {
  const entries = [...n.entries()].sort(([a, an], [b, bn]) => (bn.size > 0 ? 1 : 0) - (an.size > 0 ? 1 : 0) || a.localeCompare(b));
  entries.forEach(([name, child], i) => {
    const last = i === entries.length - 1;
    lines.push(prefix + (last ? "└── " : "├── ") + name);
    walk(child, prefix + (last ? "    " : "│   "));
  });
}
walk(root, "");
console.log(lines.join("\n"));
return lines.length;

// === rpt-key-value-aligned
const info = { hostname: "web-01", uptime: "12d 4h", load: [0.42, 0.38, 0.31], memory: "3.2/8.0 GiB", "disk /": "71%" };
const width = Math.max(...Object.keys(info).map((k) => k.length));
const lines = Object.entries(info).map(([k, v]) => `${k.padStart(width)} : ${Array.isArray(v) ? v.join(" ") : v}`);
console.log(lines.join("\n"));
return lines;

// === rpt-percent-change-table
const metrics = [
  { name: "Revenue", prev: 120000, curr: 138500 },
  { name: "Users", prev: 5400, curr: 5150 },
  { name: "Churn", prev: 0.052, curr: 0.047 },
  { name: "NPS", prev: 0, curr: 31 },
];
const rows = metrics.map((m) => {
  const change = m.prev === 0 ? null : ((m.curr - m.prev) / m.prev) * 100;
  const arrow = change === null ? "n/a" : change > 0 ? "▲" : change < 0 ? "▼" : "=";
  return { metric: m.name, prev: m.prev, curr: m.curr, change: change === null ? "n/a" : `${arrow} ${change > 0 ? "+" : ""}${change.toFixed(1)}%` };
});
console.table(rows);
return rows;

// === rpt-gantt-ascii
const tasks = [
  { name: "Design", start: 0, days: 4 },
  { name: "Build", start: 3, days: 8 },
  { name: "Test", start: 9, days: 4 },
  { name: "Ship", start: 13, days: 1 },
];
const span = Math.max(...tasks.map((t) => t.start + t.days));
const header = "".padEnd(8) + Array.from({ length: span }, (_, i) => (i % 5 === 0 ? String(i).padEnd(5) : "")).join("");
console.log(header);
for (const t of tasks) console.log(t.name.padEnd(8) + " ".repeat(t.start) + "▇".repeat(t.days) + " ".repeat(span - t.start - t.days) + "|");
return span;
