// === slugify-titles
function slugify(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
const titles = ["Hello, World!", "  Crème Brûlée Recipe ", "TypeScript 5.4 — What's New?", "___"];
const slugs = titles.map(slugify);
console.log(slugs);
return slugs;

// === ascii-table-render
type Row = { name: string; role: string; score: number };
const rows: Row[] = [
  { name: "Alice", role: "admin", score: 93.5 },
  { name: "Bob", role: "viewer", score: 7 },
  { name: "Charlotte", role: "editor", score: 81.25 },
];
const headers = ["name", "role", "score"] as const;
const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => String(r[h]).length)));
const line = "+" + widths.map((w) => "-".repeat(w + 2)).join("+") + "+";
const fmtRow = (cells: string[]) => "| " + cells.map((c, i) => (i === 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(" | ") + " |";
console.log(line);
console.log(fmtRow([...headers]));
console.log(line);
for (const r of rows) console.log(fmtRow(headers.map((h) => String(r[h]))));
console.log(line);
return widths;

// === template-placeholder-fill
const template = "Hi {{ name }}, your order #{{order.id}} of {{order.items}} item(s) ships {{ shipDate }}. {{missing}}";
const data: Record<string, any> = { name: "Dana", order: { id: 4521, items: 3 }, shipDate: "2024-06-03" };
const used: string[] = [];
const out = template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, path: string) => {
  const value = path.split(".").reduce((o: any, k) => o?.[k], data);
  used.push(path);
  return value === undefined ? match : String(value);
});
console.log(out);
console.log("placeholders:", used.join(", "));
return out;

// === word-wrap-paragraph
function wrap(text: string, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const w of words) {
    if (current && (current + " " + w).length > width) {
      lines.push(current);
      current = w;
    } else {
      current = current ? current + " " + w : w;
    }
  }
  if (current) lines.push(current);
  return lines;
}
const para = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs. Sphinx of black quartz, judge my vow.";
const lines = wrap(para, 28);
lines.forEach((l, i) => console.log(`${String(i + 1).padStart(2, "0")}: ${l}`));
return lines.map((l) => l.length);

// === case-conversions
const inputs = ["userId", "HTTPServerError", "first_name_last", "kebab-case-thing", "Already Title Case"];
const words = (s: string) =>
  s.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").split(/[\s_-]+/).map((w) => w.toLowerCase());
const toCamel = (s: string) => words(s).map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join("");
const toSnake = (s: string) => words(s).join("_");
const toKebab = (s: string) => words(s).join("-");
const toTitle = (s: string) => words(s).map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
const table = inputs.map((s) => ({ input: s, camel: toCamel(s), snake: toSnake(s), kebab: toKebab(s), title: toTitle(s) }));
console.table(table);
console.log(table[1]);
return table;

// === truncate-with-ellipsis-unicode
const strs = ["short", "exactly ten", "a much longer sentence here", "emoji 😀😀😀 party", "naïve café"];
const truncate = (s: string, n: number) => (s.length <= n ? s : s.slice(0, n - 1) + "…");
const truncateChars = (s: string, n: number) => {
  const chars = [...s];
  return chars.length <= n ? s : chars.slice(0, n - 1).join("") + "…";
};
for (const s of strs) console.log(JSON.stringify(truncate(s, 10)), JSON.stringify(truncateChars(s, 10)), s.length, [...s].length);
return strs.map((s) => truncateChars(s, 8));

// === csv-parse-quoted
const csv = `id,name,notes,amount
1,"Smith, John","said ""hi""",12.50
2,Jane,,7
3,"Multi
line",ok,0.5`;
function parseCSV(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') inQuotes = false;
      else field += c;
    } else if (c === '"') inQuotes = true;
    else if (c === ",") { row.push(field); field = ""; }
    else if (c === "\n") { row.push(field); rows.push(row); row = []; field = ""; }
    else field += c;
  }
  row.push(field);
  rows.push(row);
  return rows;
}
const [header, ...body] = parseCSV(csv);
const records = body.map((r) => Object.fromEntries(header.map((h, i) => [h, h === "amount" ? Number(r[i]) : r[i]])));
console.log(records);
console.log(records.reduce((s, r) => s + r.amount, 0).toFixed(2));
return records;

// === string-diff-lines
const before = ["alpha", "beta", "gamma", "delta"];
const after = ["alpha", "gamma", "delta", "epsilon"];
const removed = before.filter((l) => !after.includes(l));
const added = after.filter((l) => !before.includes(l));
const diff = [...removed.map((l) => `- ${l}`), ...added.map((l) => `+ ${l}`)];
console.log(diff.join("\n"));
console.log(`${added.length} insertion(s)(+), ${removed.length} deletion(s)(-)`);
return { added, removed };

// === count-chars-and-words
const text = `It was the best of times, it was the worst of times; it was the age of wisdom...`;
const wordList = text.toLowerCase().match(/\b[a-z']+\b/g) ?? [];
const vowels = (text.match(/[aeiou]/gi) || []).length;
const freq = wordList.reduce((m, w) => m.set(w, (m.get(w) || 0) + 1), new Map<string, number>());
const repeated = [...freq.entries()].filter(([, n]) => n > 1).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
console.log({ chars: text.length, words: wordList.length, vowels, unique: freq.size });
console.log(repeated);
console.log(text.split(/[,;.]+/).map((s) => s.trim()).filter(Boolean));
return repeated.map(([w, n]) => `${w}=${n}`).join(" ");

// === pad-and-align-report
const items = [
  { sku: "A-1", desc: "Bolt", qty: 1200, unit: 0.05 },
  { sku: "B-22", desc: "Nut (hex)", qty: 950, unit: 0.032 },
  { sku: "C-333", desc: "Washer, steel", qty: 48, unit: 1.1 },
];
let total = 0;
const out: string[] = [];
out.push(`${"SKU".padEnd(6)}${"Description".padEnd(15)}${"Qty".padStart(6)}${"Unit".padStart(8)}${"Line".padStart(10)}`);
out.push("=".repeat(45));
for (const it of items) {
  const lineTotal = it.qty * it.unit;
  total += lineTotal;
  out.push(`${it.sku.padEnd(6)}${it.desc.padEnd(15)}${it.qty.toLocaleString("en-US").padStart(6)}${it.unit.toFixed(3).padStart(8)}${lineTotal.toFixed(2).padStart(10)}`);
}
out.push("-".repeat(45));
out.push(`${"TOTAL".padEnd(35)}${total.toFixed(2).padStart(10)}`);
console.log(out.join("\n"));
return total;

// === string-methods-grab-bag
const s = "  Hello, TypeScript World!  ";
console.log([s.trim(), s.trimStart(), s.trimEnd()]);
console.log(s.trim().split(", "), s.indexOf("o"), s.lastIndexOf("o"), s.includes("Script"));
console.log(s.trim().at(-1), s.trim().charCodeAt(0), s.trim().codePointAt(1), "abc".localeCompare("abd"));
console.log("ab".repeat(3), "a-b-c".replaceAll("-", "+"), "x".concat("y", "z"), "Hello".startsWith("He"), "Hello".endsWith("lo"));
console.log("tEsT".toUpperCase(), "ÀÉÎ".toLowerCase(), "straße".toUpperCase(), "İ".toLowerCase().length);
console.log(String.raw`a\nb${1 + 1}`, "abc".split(""), "a,b,,c".split(",", 3));
console.log("%s is %d years and %i days, %o", "Tom", 42.5, 7.9, { a: 1 });
return s.trim().replace(/(\w+)/g, (w) => w.split("").reverse().join(""));

// === html-escape-and-strip
const raw = `<p class="x">Tom & Jerry's "show" <b>rocks</b></p><script>alert(1)</script>`;
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const strip = (s: string) => s.replace(/<script[\s\S]*?<\/script>/gi, "").replace(/<[^>]+>/g, "");
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" } as Record<string, string>)[e]);
const escaped = escape(raw);
console.log(escaped);
console.log(strip(raw));
console.log(unescape(escaped) === raw);
return { escaped: escaped.length, stripped: strip(raw) };
