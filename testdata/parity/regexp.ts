// === re-named-groups-dates-reformat
const text = "Deadlines: 2024-03-15, 2024-12-01 and 2025-01-09 (tentative).";
const re = /(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})/g;
const us = text.replace(re, "$<m>/$<d>/$<y>");
const parts = [...text.matchAll(re)].map((m) => ({ ...m.groups, index: m.index }));
console.log(us);
console.log(parts);
return { us, parts };

// === re-named-groups-destructure-log
const line = '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326';
const m = line.match(/^(?<ip>\S+) \S+ (?<user>\S+) \[(?<time>[^\]]+)\] "(?<method>\w+) (?<path>\S+) (?<proto>[^"]+)" (?<status>\d{3}) (?<size>\d+|-)$/);
if (!m?.groups) throw new Error("no match");
const { ip, user, time, method, path, status, size } = m.groups;
console.log({ ip, user, time, method, path, status: +status, size: +size });
return m.groups;

// === re-replaceall-string-and-function
const s = "a.b.c a.b.c";
const r1 = s.replaceAll(".", "/");
const r2 = s.replaceAll(/b/g, (m, offset) => `${m.toUpperCase()}${offset}`);
const r3 = "x+y=z".replaceAll("+", "$&$&");
const r4 = "price: $5".replaceAll("$", "$$USD ");
let err = "";
try { s.replaceAll(/b/, "x"); } catch (e) { err = (e as Error).name; }
console.log(r1, "|", r2, "|", r3, "|", r4, "|", err);
return [r1, r2, r3, r4, err];

// === re-extract-hashtags-mentions
const tweet = "Loving #TypeScript and #wasm! Thanks @alice_dev & @bob. #TypeScript #2024 email@notamention.com";
const hashtags = [...new Set(tweet.match(/(?<!\w)#\w*[A-Za-z]\w*/g) ?? [])];
const mentions = [...tweet.matchAll(/(?<![\w.])@(\w+)/g)].map((m) => m[1]);
console.log("hashtags:", hashtags);
console.log("mentions:", mentions);
return { hashtags, mentions };

// === re-validate-inputs-table
const validators: Record<string, RegExp> = {
  email: /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/,
  zip: /^\d{5}(-\d{4})?$/,
  hexColor: /^#(?:[0-9a-f]{3}){1,2}$/i,
  semver: /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([\w.-]+))?$/,
  ipv4: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/,
};
const samples: [string, string][] = [
  ["email", "a.b+c@ex-ample.co.uk"], ["email", "bad@"], ["zip", "12345-6789"], ["zip", "1234"],
  ["hexColor", "#FfA"], ["hexColor", "#abcd"], ["semver", "1.20.3-beta.1"], ["semver", "01.2.3"],
  ["ipv4", "192.168.0.255"], ["ipv4", "256.1.1.1"],
];
const rows = samples.map(([kind, v]) => ({ kind, value: v, valid: validators[kind].test(v) }));
console.table(rows);
return rows;

// === re-sticky-tokenizer
type Tok = { type: string; value: string };
const rules: [string, RegExp][] = [
  ["ws", /\s+/y], ["num", /\d+(?:\.\d+)?/y], ["id", /[A-Za-z_]\w*/y], ["op", /[-+*/()=]/y], ["str", /"(?:[^"\\]|\\.)*"/y],
];
function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let pos = 0;
  scan: while (pos < src.length) {
    for (const [type, re] of rules) {
      re.lastIndex = pos;
      const m = re.exec(src);
      if (m) { pos = re.lastIndex; if (type !== "ws") out.push({ type, value: m[0] }); continue scan; }
    }
    throw new SyntaxError(`unexpected ${JSON.stringify(src[pos])} at ${pos}`);
  }
  return out;
}
const toks = tokenize('total = price * 1.08 + fee("x\\"y")');
console.log(toks.map((t) => `${t.type}:${t.value}`).join(" "));
let err = "";
try { tokenize("a = $b"); } catch (e) { err = (e as Error).message; }
console.log(err);
return { count: toks.length, err };

// === re-lookahead-password-rules
const rules = [
  { label: "8+ chars", re: /^.{8,}$/ },
  { label: "upper", re: /[A-Z]/ },
  { label: "lower", re: /[a-z]/ },
  { label: "digit", re: /\d/ },
  { label: "symbol", re: /[^\w\s]/ },
  { label: "no 3 repeats", re: /^(?!.*(.)\1\1)/ },
];
const strong = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^\w\s])(?!.*(.)\1\1).{8,}$/;
const pws = ["password", "Passw0rd!", "Aaa111!!!x", "Short1!", "C0rrect-Horse"];
const report = pws.map((p) => ({ p, strong: strong.test(p), failed: rules.filter((r) => !r.re.test(p)).map((r) => r.label) }));
console.log(report);
return report;

// === re-split-camel-and-acronyms
const ids = ["parseHTTPResponse", "getUserID", "XMLHttpRequest", "simple", "already_snake", "version2Update"];
const words = ids.map((id) => id.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|_/));
const snake = words.map((w) => w.join("_").toLowerCase());
console.log(words);
console.log(snake);
return snake;

// === re-unicode-property-escapes
const s = "Café Москва 東京 ١٢٣ 123 😀 Ωmega";
const letters = s.match(/\p{L}+/gu);
const nonLatin = s.match(/[\p{Script=Cyrillic}\p{Script=Han}]+/gu);
const digits = s.match(/\p{Nd}+/gu);
const emoji = s.match(/\p{Extended_Pictographic}/gu);
console.log({ letters, nonLatin, digits, emoji });
return { letters, nonLatin, digits, emoji };

// === re-exec-loop-lastindex
const re = /(\w+)=(\d+)/g;
const src = "a=1, bb=22, ccc=333, bad=x, d=4";
const found: string[] = [];
let m: RegExpExecArray | null;
while ((m = re.exec(src)) !== null) found.push(`${m[1]}@${m.index}..${re.lastIndex}`);
console.log(found, re.lastIndex);
const once = /(\w+)=(\d+)/.exec(src);
console.log(once?.[0], once?.index, once?.input === src);
return found;

// === re-replace-callback-groups-offset
const tpl = "Total: {price:currency} for {qty:int} items ({note})";
const values: Record<string, number | string> = { price: 1234.5, qty: 3, note: "gift" };
const out = tpl.replace(/\{(\w+)(?::(\w+))?\}/g, (match, key: string, type: string | undefined, offset: number) => {
  const v = values[key];
  if (v === undefined) return match;
  if (type === "currency") return `$${Number(v).toFixed(2)}`;
  if (type === "int") return String(Math.trunc(Number(v)));
  return `${v}@${offset}`;
});
console.log(out);
return out;

// === re-flags-and-source-props
const r = /ab+c/gimsuy;
const info = {
  source: r.source,
  flags: r.flags,
  global: r.global,
  sticky: r.sticky,
  dotAll: r.dotAll,
  str: String(r),
  fromCtor: new RegExp("a/b", "g").toString(),
  escaped: new RegExp("[.*+?^${}()|[\\]\\\\]", "g").source,
  hasIndices: /x/d.hasIndices,
};
console.log(info);
console.log(r, [/x/g, /y/i]);
return info;

// === re-escape-user-input
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const haystack = "cost is $5.00 (approx) or 5x00 [maybe] a+b";
const needles = ["$5.00", "(approx)", "[maybe]", "a+b", "5.00"];
const res = needles.map((n) => ({ n, escaped: escapeRe(n), count: (haystack.match(new RegExp(escapeRe(n), "g")) ?? []).length }));
console.log(res);
return res;

// === re-match-indices-d-flag
const m = /(?<key>\w+):\s*(?<val>\w+)/d.exec("config -> mode: fast");
const idx = m!.indices!;
const info = { whole: idx[0], key: idx.groups!.key, val: idx.groups!.val, groupKeys: Object.keys(m!.groups!) };
console.log(info);
return info;

// === re-multiline-anchors
const text = `# Title
key1: value one
  indented: no
key2: value two
# comment
key3:`;
const keys = [...text.matchAll(/^(\w+):[ \t]*(.*)$/gm)].map((m) => [m[1], m[2]]);
const comments = text.match(/^#.*$/gm);
const withoutM = text.match(/^(\w+):/g);
console.log(keys, comments, withoutM);
return { keys, comments };

// === re-dotall-and-lazy
const html = `<div class="a">first
line</div><div class="b">second</div><p>skip</p>`;
const greedy = html.match(/<div[^>]*>(.*)<\/div>/s)?.[1];
const lazy = [...html.matchAll(/<div class="(\w)">(.*?)<\/div>/gs)].map((m) => ({ cls: m[1], text: m[2].replace(/\n/g, "\\n") }));
const noDotAll = /<div[^>]*>(.*?)<\/div>/.exec(html)?.[1] ?? null;
console.log(greedy?.length, lazy, noDotAll);
return { lazy, noDotAll };

// === re-backreference-duplicates
const text = "This is is a test test of the the regex, not not a a drill.";
const dups = [...text.matchAll(/\b(\w+)\s+\1\b/gi)].map((m) => m[1]);
const fixed = text.replace(/\b(\w+)(\s+\1\b)+/gi, "$1");
const quoted = `she said "hi" and 'bye' and "mixed'`.match(/(["'])(.*?)\1/g);
console.log(dups, fixed, quoted);
return { dups, fixed, quoted };

// === re-search-and-test-lastindex-gotcha
const re = /a/g;
const results = [re.test("banana"), re.lastIndex, re.test("banana"), re.lastIndex, re.test("banana"), re.lastIndex, re.test("banana"), re.lastIndex];
const search = ["banana".search(/n/), "banana".search(/x/), "banana".indexOf("an", 2)];
console.log(results, search);
return { results, search };

// === re-parse-duration-strings
function parseDuration(s: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  const re = /(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)/g;
  let total = 0, consumed = 0;
  for (const m of s.matchAll(re)) { total += parseFloat(m[1]) * units[m[2]]; consumed += m[0].length; }
  if (consumed !== s.replace(/\s+/g, "").length && consumed !== s.length) throw new Error(`bad duration: ${s}`);
  return total;
}
const inputs = ["1h30m", "2d", "1.5s", "500ms", "1h 2m 3s", "3 x"];
const out = inputs.map((s) => { try { return `${s} = ${parseDuration(s)}ms`; } catch (e) { return (e as Error).message; } });
console.log(out.join("\n"));
return out;

// === re-url-query-extract-manual
const urls = [
  "https://shop.example.com/p/123?ref=home&utm_source=mail&utm_medium=email",
  "http://example.org/search?q=typescript+regex&page=2",
  "https://x.io/",
];
const parsed = urls.map((u) => {
  const m = u.match(/^(?<scheme>https?):\/\/(?<host>[^/?#]+)(?<path>[^?#]*)(?:\?(?<query>[^#]*))?/);
  const g = m!.groups!;
  const params = Object.fromEntries((g.query ?? "").split("&").filter(Boolean).map((kv) => kv.split("=").map((x) => decodeURIComponent(x.replace(/\+/g, " ")))));
  return { host: g.host, path: g.path || "/", params };
});
console.log(parsed);
return parsed;
