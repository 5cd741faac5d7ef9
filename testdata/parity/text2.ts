// === text-truncate-with-ellipsis
function truncate(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1).trimEnd() + "…";
}
const titles = ["Short", "A considerably longer title that goes on", "Exactly twenty chars", "Trailing space here   and more"];
const out = titles.map((t) => truncate(t, 20));
out.forEach((t) => console.log(`[${t}] ${t.length}`));
return out;

// === text-word-count-and-reading-time
const article = `Lorem ipsum dolor sit amet, consectetur adipiscing elit.
Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.

Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.`;
const words = article.split(/\s+/).filter(Boolean);
const sentences = article.split(/[.!?]+/).map((s) => s.trim()).filter(Boolean);
const paragraphs = article.split(/\n\s*\n/);
const minutes = Math.ceil(words.length / 200);
const avgWord = words.reduce((n, w) => n + w.replace(/[^\w]/g, "").length, 0) / words.length;
console.log({ words: words.length, sentences: sentences.length, paragraphs: paragraphs.length, minutes });
console.log(`average word length: ${avgWord.toFixed(2)}`);
return { words: words.length, sentences: sentences.length, avg: +avgWord.toFixed(2) };

// === text-title-case-with-small-words
const small = new Set(["a", "an", "the", "of", "and", "in", "on", "to", "for"]);
function titleCase(s: string) {
  return s.toLowerCase().split(" ").map((w, i, arr) =>
    i !== 0 && i !== arr.length - 1 && small.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)
  ).join(" ");
}
const inputs = ["the lord of the rings", "a tale OF two cities", "war and peace", "gone with the wind"];
const res = inputs.map(titleCase);
res.forEach((r) => console.log(r));
return res;

// === text-unicode-length-vs-graphemes
const samples = ["hello", "héllo", "😀👍", "e\u0301", "🇫🇷", "👨‍👩‍👧"];
const info = samples.map((s) => ({
  s,
  length: s.length,
  codePoints: [...s].length,
  nfc: s.normalize("NFC").length,
}));
console.log(info);
return info;

// === text-pad-center-helper
function center(s: string, width: number, fill = " ") {
  const total = Math.max(0, width - s.length);
  const left = Math.floor(total / 2);
  return fill.repeat(left) + s + fill.repeat(total - left);
}
const lines = ["Report", "Q3 2024", "Confidential"].map((s) => `|${center(s, 20, ".")}|`);
lines.forEach((l) => console.log(l));
console.log("|" + "=".repeat(20) + "|");
return lines;

// === text-extract-emails-and-urls
const body = `Contact us at support@example.com or sales@shop.example.org.
Docs: https://docs.example.com/guide?x=1#top and http://old.example.net/path.
Bad: foo@bar, @nobody, http//broken`;
const emails = body.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
const urls = [...body.matchAll(/https?:\/\/[^\s]+?(?=[.,]?(\s|$))/g)].map((m) => m[0]);
console.log("emails:", emails);
console.log("urls:", urls);
return { emails, urls };

// === text-template-interpolation
const tpl = "Hello {{ name }}, you have {{count}} new {{ count_label }}. {{missing}}";
const vars: Record<string, string | number> = { name: "Dana", count: 3, count_label: "messages" };
const rendered = tpl.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key) => (key in vars ? String(vars[key]) : whole));
const used = [...tpl.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
console.log(rendered);
console.log("placeholders:", used);
return { rendered, used };

// === text-levenshtein-suggestions
function lev(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) dp[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      dp[i][j] = Math.min(dp[i - 1][j] + 1, dp[i][j - 1] + 1, dp[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return dp[a.length][b.length];
}
const commands = ["install", "uninstall", "list", "search", "update", "upgrade"];
const typo = "upgarde";
const ranked = commands.map((c) => ({ c, d: lev(typo, c) })).sort((x, y) => x.d - y.d);
console.log(`Unknown command "${typo}". Did you mean "${ranked[0].c}"?`);
console.log(ranked.slice(0, 3));
return ranked;

// === text-wrap-paragraph-at-width
const para = "Code Mode lets a model write a short program that calls several tools, filters their results and returns only what matters, instead of one tool call per turn.";
function wrap(s: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of s.split(" ")) {
    if (line && (line + " " + word).length > width) { out.push(line); line = word; }
    else line = line ? line + " " + word : word;
  }
  if (line) out.push(line);
  return out;
}
const wrapped = wrap(para, 32);
wrapped.forEach((l) => console.log(`> ${l.padEnd(32)} <`));
return wrapped;

// === text-indent-and-dedent
const code = `
    function greet() {
      console.log("hi");
    }
`;
const lines = code.split("\n").filter((l) => l.trim() !== "");
const indent = Math.min(...lines.map((l) => l.match(/^ */)![0].length));
const dedented = lines.map((l) => l.slice(indent));
console.log(dedented.join("\n"));
const reindented = dedented.map((l) => "  " + l).join("\n");
console.log(reindented);
return { indent, dedented };

// === text-count-chars-by-class
const s = "Hello, World! 123 — ÇA VA? naïve café 42";
const classes = { upper: 0, lower: 0, digit: 0, space: 0, punct: 0, other: 0 };
for (const ch of s) {
  if (/\p{Lu}/u.test(ch)) classes.upper++;
  else if (/\p{Ll}/u.test(ch)) classes.lower++;
  else if (/\d/.test(ch)) classes.digit++;
  else if (/\s/.test(ch)) classes.space++;
  else if (/\p{P}/u.test(ch)) classes.punct++;
  else classes.other++;
}
console.log(classes);
return classes;

// === text-strip-accents-for-search
const names = ["José", "Zoë", "François", "Łukasz", "Ångström", "Müller"];
const strip = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
const stripped = names.map(strip);
console.log(stripped);
const query = "zoe";
const hits = names.filter((n) => strip(n).toLowerCase().includes(query));
console.log(`search "${query}":`, hits);
return { stripped, hits };

// === text-palindromes-and-anagrams
const candidates = ["Racecar", "A man, a plan, a canal: Panama", "hello", "Was it a car or a cat I saw?"];
const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
const pals = candidates.map((c) => ({ c, pal: clean(c) === [...clean(c)].reverse().join("") }));
console.log(pals);
const words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"];
const groups = new Map<string, string[]>();
for (const w of words) {
  const key = [...w].sort().join("");
  groups.set(key, [...(groups.get(key) ?? []), w]);
}
const anagrams = [...groups.values()].filter((g) => g.length > 1);
console.log(anagrams);
return { pals, anagrams };

// === text-markdown-headings-toc
const md = `# Intro
Some text.
## Install
### From source
## Usage
### CLI flags
### Config file
# FAQ`;
const toc = md.split("\n")
  .map((l) => l.match(/^(#{1,6})\s+(.*)$/))
  .filter((m): m is RegExpMatchArray => m !== null)
  .map((m) => {
    const level = m[1].length;
    const slug = m[2].toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    return `${"  ".repeat(level - 1)}- [${m[2]}](#${slug})`;
  });
console.log(toc.join("\n"));
return toc;

// === text-string-compare-sort-variants
const words = ["banana", "Apple", "cherry", "apple", "Banana", "10", "9", "_x"];
const codeUnit = [...words].sort();
const ci = [...words].sort((a, b) => a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
const numericAware = [...words].sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: "base" }));
console.log(codeUnit);
console.log(ci);
console.log(numericAware);
return { codeUnit, ci };

// === text-mask-sensitive-data
const records = [
  "card=4111111111111111 user=ann",
  "ssn=123-45-6789 note=ok",
  "email=someone@example.com token=abcd1234efgh5678",
];
const masked = records.map((r) =>
  r
    .replace(/\b(\d{4})\d{8}(\d{4})\b/g, "$1********$2")
    .replace(/\b\d{3}-\d{2}-(\d{4})\b/g, "***-**-$1")
    .replace(/([\w.])[\w.]*@/g, "$1***@")
    .replace(/(token=)\w+/g, (_m, p1) => p1 + "[REDACTED]")
);
masked.forEach((m) => console.log(m));
return masked;

// === text-at-and-slice-negative
const s = "abcdefghij";
const results = {
  at0: s.at(0),
  atNeg1: s.at(-1),
  atOut: s.at(20) ?? "(none)",
  sliceNeg: s.slice(-3),
  sliceMid: s.slice(2, -2),
  substringSwap: s.substring(5, 2),
  substr: s.substr(1, 3),
  lastIndex: s.lastIndexOf("e"),
};
console.log(results);
return results;

// === text-parse-key-value-config
const ini = `
; comment
[server]
host = example.com
port=8080

[database]
user = admin
password = "p@ss = word"
# another comment
timeout = 30
`;
const cfg: Record<string, Record<string, string | number>> = {};
let section = "default";
for (const raw of ini.split("\n")) {
  const line = raw.trim();
  if (!line || line.startsWith(";") || line.startsWith("#")) continue;
  const sec = line.match(/^\[(.+)\]$/);
  if (sec) { section = sec[1]; cfg[section] = {}; continue; }
  const eq = line.indexOf("=");
  const key = line.slice(0, eq).trim();
  let val: string | number = line.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
  if (/^\d+$/.test(val)) val = Number(val);
  (cfg[section] ??= {})[key] = val;
}
console.log(cfg);
return cfg;

// === text-rot13-and-caesar
const rot = (s: string, n: number) =>
  s.replace(/[a-z]/gi, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + n + 26) % 26) + base);
  });
const msg = "Hello, World! Zebra-xylophone.";
const r13 = rot(msg, 13);
console.log(r13);
console.log(rot(r13, 13) === msg);
console.log(rot(msg, 3), "|", rot(rot(msg, 3), -3));
return r13;

// === text-string-builder-report
const parts: string[] = [];
const sections = { Summary: ["3 passed", "1 failed"], Failures: ["test_login: expected 200, got 500"], Notes: [] as string[] };
for (const [title, items] of Object.entries(sections)) {
  parts.push(`## ${title}`);
  if (items.length === 0) parts.push("_none_");
  else items.forEach((i) => parts.push(`- ${i}`));
  parts.push("");
}
const report = parts.join("\n").trimEnd();
console.log(report);
return report;

// === text-split-limit-and-edge-cases
const results = {
  limit: "a,b,c,d".split(",", 2),
  emptySep: "abc".split(""),
  noMatch: "abc".split("x"),
  emptyStr: "".split(","),
  trailing: "a,b,".split(","),
  regexCapture: "one1two22three".split(/(\d+)/),
  whitespace: "  lots   of   space  ".trim().split(/\s+/),
};
console.log(results);
return results;

// === text-char-codes-table
const chars = ["A", "z", "0", " ", "é", "€", "😀"];
const rows = chars.map((c) => ({
  char: c,
  code: c.charCodeAt(0),
  point: c.codePointAt(0),
  hex: "U+" + c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0"),
}));
console.table(rows);
return rows;
