// === extract-emails-and-urls
const text = `Contact jane.doe+work@example.co.uk or admin@test.io.
Docs: https://docs.example.com/v2/guide?lang=en#intro and http://old.example.org/path.
Bad: foo@bar, @nobody.com`;
const emails = text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g);
const urls = [...text.matchAll(/https?:\/\/[^\s)]+?(?=[.,]?(\s|$))/g)].map((m) => m[0]);
const domains = urls.map((u) => new URL(u).hostname);
console.log(emails);
console.log(urls);
console.log(domains);
return { emails, urls, domains };

// === named-groups-parse-log
const lines = [
  '127.0.0.1 - - [10/Oct/2023:13:55:36 +0000] "GET /api/users?id=7 HTTP/1.1" 200 2326',
  '10.0.0.5 - bob [10/Oct/2023:13:56:01 +0000] "POST /api/login HTTP/1.1" 401 53',
  "garbage line",
  '10.0.0.9 - - [10/Oct/2023:13:57:12 +0000] "DELETE /api/users/7 HTTP/2.0" 204 0',
];
const re = /^(?<ip>[\d.]+) - (?<user>\S+) \[(?<time>[^\]]+)\] "(?<method>[A-Z]+) (?<path>\S+) HTTP\/[\d.]+" (?<status>\d{3}) (?<bytes>\d+)$/;
const parsed = lines.map((l) => l.match(re)?.groups).filter(Boolean).map((g) => ({ ...g!, status: +g!.status, bytes: +g!.bytes }));
console.log(parsed);
const m = lines[0].match(re)!;
console.log(m.index, m.length, Object.keys(m.groups!));
return parsed.filter((p) => p.status >= 400).map((p) => `${p.method} ${p.path}`);

// === replace-with-callback-units
const input = "Download 1536 bytes, then 3145728 bytes and 12 bytes; total 987654321 bytes.";
const human = (n: number) => {
  const units = ["B", "KB", "MB", "GB"];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) { n /= 1024; i++; }
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
};
const out = input.replace(/(\d+) bytes/g, (_, n) => human(Number(n)));
console.log(out);
const swapped = "John Smith, Jane Doe".replace(/(\w+)\s(\w+)/g, "$2 $1");
const dollars = "cost: 5".replace(/(\d)/, "$$$1.00");
const withOffset = "aXbXc".replace(/X/g, (m, offset, whole) => `[${offset}/${whole.length}]`);
console.log(swapped, dollars, withOffset);
console.log("a.b.c".replace(".", "-"), "a.b.c".replaceAll(".", "-"), "x".replace(/(?<n>x)/, "$<n>$<n>"), "abc".replace(/b/, "$&$`$'"));
return out;

// === validate-inputs-regex
const checks: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  phoneUS: /^\(?\d{3}\)?[-.\s]?\d{3}[-.\s]?\d{4}$/,
  zip: /^\d{5}(-\d{4})?$/,
  hexColor: /^#(?:[0-9a-f]{3}){1,2}$/i,
  semver: /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([\w.-]+))?$/,
  strongPassword: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^\w\s]).{8,}$/,
};
const samples: [string, string][] = [
  ["email", "a@b.co"], ["email", "a@b"], ["phoneUS", "(555) 123-4567"], ["phoneUS", "555-1234"],
  ["zip", "12345-6789"], ["zip", "1234"], ["hexColor", "#FfA"], ["hexColor", "#abcd"],
  ["semver", "1.20.3-beta.1"], ["semver", "01.2.3"], ["strongPassword", "Passw0rd!"], ["strongPassword", "password"],
];
const res = samples.map(([k, v]) => `${k.padEnd(15)} ${JSON.stringify(v).padEnd(18)} ${checks[k].test(v) ? "✓" : "✗"}`);
console.log(res.join("\n"));
console.log(checks.semver.exec("2.0.0-rc.1"));
return samples.map(([k, v]) => checks[k].test(v));

// === sticky-and-lastindex
const re = /\d+/g;
const s = "a1b22c333";
const found: string[] = [];
let m: RegExpExecArray | null;
while ((m = re.exec(s)) !== null) found.push(`${m[0]}@${m.index}->${re.lastIndex}`);
console.log(found, re.lastIndex);
const sticky = /foo/y;
sticky.lastIndex = 3;
console.log(sticky.test("barfoo"), sticky.lastIndex, sticky.test("barfoo"), sticky.lastIndex);
const g = /o/g;
console.log(g.test("foo"), g.test("foo"), g.test("foo"), g.lastIndex);
console.log(/a/gimsuy.flags, new RegExp("a+", "g").source, String(/x\/y/), new RegExp("/", "g").toString(), RegExp("[.]").test("a"));
return found;

// === tokenize-expression
const src = "total = price * (1 + tax_rate) - 3.5e2 / qty >= 10 && name != 'x y'";
const tokenRe = /\s*(?:(?<num>\d+(?:\.\d+)?(?:e[+-]?\d+)?)|(?<id>[A-Za-z_]\w*)|(?<str>'[^']*')|(?<op>>=|<=|==|!=|&&|\|\||[-+*/()=<>]))/gy;
const tokens: { type: string; value: string }[] = [];
let mm: RegExpExecArray | null;
while ((mm = tokenRe.exec(src))) {
  const [type, value] = Object.entries(mm.groups!).find(([, v]) => v !== undefined)!;
  tokens.push({ type, value });
}
console.log(tokens.length, tokenRe.lastIndex, src.length);
console.log(tokens.map((t) => `${t.type}:${t.value}`).join(" "));
return tokens.filter((t) => t.type === "id").map((t) => t.value);

// === split-with-regex-and-limits
console.log("a1b2c3".split(/\d/), "a1b2c3".split(/(\d)/), "one  two   three".split(/\s+/), " lead".split(/\s/));
console.log("2024-05-06T07:08:09".split(/[-T:]/).map(Number), "a,b;c d".split(/[,; ]/, 2), "".split(","), "".split(""));
console.log("camelCaseStringHere".split(/(?=[A-Z])/), "abc".split(/(?:)/u), "😀a😀".split(""), [..."😀a😀"]);
const kv = "a=1; b = 2 ;c=three;;d";
const pairs = kv.split(/\s*;\s*/).filter(Boolean).map((p) => p.split(/\s*=\s*/));
console.log(pairs, Object.fromEntries(pairs.filter((p) => p.length === 2)));
return pairs;

// === unicode-regex-props
const s = "Héllo Wörld — Привет мир! 123 ٤٥٦ 🎉🎉";
console.log(s.match(/\p{L}+/gu));
console.log(s.match(/\p{Nd}+/gu), s.match(/\p{Emoji_Presentation}/gu)?.length, s.match(/\p{Script=Cyrillic}+/gu));
console.log(/^\p{Lu}/u.test("Émile"), s.replace(/[^\p{L}\p{N}\s]/gu, "").replace(/\s+/g, " ").trim());
console.log("🎉".length, /^.$/.test("🎉"), /^.$/u.test("🎉"), "\u{1F600}".codePointAt(0)?.toString(16));
return s.match(/\p{L}+/gu)?.length;

// === markdown-links-to-html
const md = `# Title
See [the docs](https://example.com/docs) and [FAQ](/faq "Frequently asked").
**Bold** and _italic_ and \`code\` here.
- item one
- item [two](#two)`;
const html = md
  .replace(/^# (.*)$/gm, "<h1>$1</h1>")
  .replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)/g, (_, text, href, title) => `<a href="${href}"${title ? ` title="${title}"` : ""}>${text}</a>`)
  .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
  .replace(/_(.+?)_/g, "<em>$1</em>")
  .replace(/`([^`]+)`/g, "<code>$1</code>")
  .replace(/^- (.*)$/gm, "<li>$1</li>");
console.log(html);
const links = [...md.matchAll(/\[([^\]]+)\]\(([^)\s]+)/g)].map(([, t, h]) => ({ t, h }));
console.log(links);
return links.length;

// === regex-escape-user-input
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const terms = ["a.b", "c++", "(x)", "$5", "[tag]", "back\\slash"];
const haystack = "find a.b and c++ with (x) costing $5 in [tag] or back\\slash; not axb";
const results = terms.map((t) => {
  const re = new RegExp(escapeRe(t), "g");
  return { t, source: re.source, count: (haystack.match(re) || []).length };
});
console.log(results);
try { new RegExp("(unclosed"); } catch (e) { console.log((e as Error).name, (e as Error).message); }
try { new RegExp("a", "gg"); } catch (e) { console.log((e as Error).name, (e as Error).message); }
try { new RegExp("[z-a]"); } catch (e) { console.log((e as Error).name, (e as Error).message); }
return results.map((r) => r.count);

// === parse-key-value-config
const ini = `
; comment
[server]
host = example.com
port=8080
debug = true

[db]
url = "postgres://u:p@h:5432/db"
pool = 10
# another comment
timeout_ms = 2500
`;
const config: Record<string, Record<string, string | number | boolean>> = {};
let section = "default";
for (const raw of ini.split(/\r?\n/)) {
  const line = raw.trim();
  if (!line || /^[;#]/.test(line)) continue;
  const sec = line.match(/^\[(.+)\]$/);
  if (sec) { section = sec[1]; config[section] = {}; continue; }
  const kv = line.match(/^([\w.]+)\s*=\s*(.*)$/);
  if (!kv) continue;
  let [, k, v] = kv;
  const value = /^".*"$/.test(v) ? v.slice(1, -1) : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v === "true" ? true : v === "false" ? false : v;
  (config[section] ??= {})[k] = value;
}
console.log(config);
return config;
