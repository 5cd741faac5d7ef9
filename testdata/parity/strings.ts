// === split-join-basic
const csv = "name,age,city\nann,31,Oslo\nbo,27,Lima";
const [header, ...lines] = csv.split("\n");
const cols = header.split(",");
const recs = lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i], v])));
console.log(recs);
console.log("a,b,,c".split(","), "abc".split(""), "a b  c".split(" ", 2));
return recs.map((r) => r.name).join("|");

// === pad-start-end-table
const rows: [string, number][] = [["apples", 3], ["kiwi", 12], ["watermelon", 100]];
for (const [name, n] of rows) console.log(name.padEnd(12, ".") + String(n).padStart(5));
console.log("7".padStart(3, "0"), "abc".padStart(2), "x".padEnd(6, "ab"));
return rows.length;

// === regex-named-groups
const line = "2024-03-15 ERROR [db] connection refused";
const m = line.match(/^(?<date>\d{4}-\d{2}-\d{2}) (?<level>\w+) \[(?<mod>\w+)\] (?<msg>.*)$/);
console.log(m?.groups?.date, m?.groups?.level, m?.groups?.mod, m?.groups?.msg);
return { ...m!.groups };

// === regex-replace-with-named-backrefs
const s = "2024-03-15 and 1999-12-31";
console.log(s.replace(/(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})/g, "$<d>/$<m>/$<y>"));
console.log(s.replace(/(\d+)/g, (match, p1, offset) => `[${p1}@${offset}]`));
return s.replace(/\d{4}/, "$&!");

// === replace-all-strings
const tpl = "Hello {name}, your id is {id}. Bye {name}!";
const out = tpl.replaceAll("{name}", "Ana").replaceAll("{id}", "42");
console.log(out);
console.log("a.b.c".replaceAll(".", "/"), "aaa".replaceAll("a", "$&$&"));
return out;

// === match-all-iteration
const text = "x=1, y=22, z=333";
const found = [...text.matchAll(/(\w)=(\d+)/g)].map((m) => ({ key: m[1], val: Number(m[2]), at: m.index }));
console.log(found);
return found;

// === template-literals-nested
const items = [{ n: "a", q: 2 }, { n: "b", q: 0 }];
const report = `Items:\n${items.map((i) => `  - ${i.n}: ${i.q > 0 ? `${i.q} in stock` : "sold out"}`).join("\n")}\nTotal: ${items.reduce((s, i) => s + i.q, 0)}`;
console.log(report);
return report;

// === tagged-template
function tag(strings: TemplateStringsArray, ...vals: unknown[]) {
  return strings.raw.map((s, i) => s + (i < vals.length ? `<${String(vals[i])}>` : "")).join("");
}
const who = "world";
console.log(tag`hello ${who} and ${1 + 2}\n done`);
console.log(String.raw`a\tb${1}`);
return tag`x${null}y${undefined}z`;

// === unicode-normalize
const composed = "caf\u00e9";
const decomposed = "cafe\u0301";
console.log(composed === decomposed, composed.length, decomposed.length);
console.log(composed.normalize("NFD").length, decomposed.normalize("NFC") === composed);
console.log("\ufb01".normalize("NFKC"), "Å".normalize("NFD").length);
return [composed.normalize("NFD") === decomposed, "\u212b".normalize("NFC").codePointAt(0)];

// === code-point-at-emoji
const s = "a😀b";
console.log(s.length, [...s].length, s.codePointAt(1), s.charCodeAt(1), s.charCodeAt(2));
console.log(s.codePointAt(1)?.toString(16), String.fromCodePoint(0x1f600) === "😀");
return [...s].map((c) => c.codePointAt(0));

// === surrogate-pairs-slicing
const flag = "🇳🇴";
const family = "👨‍👩‍👧";
console.log(flag.length, [...flag].length, family.length, [...family].length);
console.log(JSON.stringify("😀".slice(0, 1)), "😀".split(""), Array.from("😀x"));
console.log("\ud83d".isWellFormed?.(), "ok".isWellFormed?.());
return [flag.length, [...family].length];

// === string-reverse-unicode-safe
const rev = (s: string) => [...s].reverse().join("");
console.log(rev("hello"), rev("añb😀c"));
return rev("abc😀");

// === case-and-trim
const raw = "   Mixed Case Input \t\n";
console.log(JSON.stringify(raw.trim()), JSON.stringify(raw.trimStart()), JSON.stringify(raw.trimEnd()));
console.log("straße".toUpperCase(), "İ".toLowerCase().length, "ǅ".toLowerCase());
return raw.trim().toLowerCase().split(/\s+/).join("-");

// === slugify
const slug = (s: string) =>
  s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
const titles = ["Héllo Wörld!", "  Café au lait ", "C++ & Go: 2024"];
console.log(titles.map(slug));
return titles.map(slug);

// === regex-flags-sticky-unicode
const re = /\d+/y;
re.lastIndex = 3;
console.log(re.exec("abc123def")?.[0], re.lastIndex);
console.log(/^.$/u.test("😀"), /^.$/.test("😀"), /\p{L}+/u.exec("123héllo!")?.[0]);
const dotAll = /a.b/s;
console.log(dotAll.test("a\nb"), dotAll.flags, /x/gimsuy.flags);
return re.source;

// === regex-lookbehind
const price = "cost: $42.50, tax: $3.10, EUR 7";
console.log(price.match(/(?<=\$)\d+(\.\d+)?/g));
console.log(price.match(/(?<!\$)\b\d+\b/g));
return price.split(/(?=,)/);

// === string-includes-starts-ends
const path = "/api/v2/users/42/profile.json";
console.log(path.startsWith("/api"), path.endsWith(".json"), path.includes("users"), path.indexOf("/", 1), path.lastIndexOf("/"));
console.log(path.substring(5, 7), path.slice(-12), path.substr?.(1, 3));
return path.split("/").filter(Boolean);

// === string-repeat-and-at
const bar = (n: number, w = 10) => "#".repeat(n) + "-".repeat(w - n);
console.log([0, 3, 10].map((n) => bar(n)));
console.log("hello".at(-1), "hello".at(10), "abc".charAt(5) === "");
return bar(4);

// === word-wrap
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let cur = "";
  for (const w of text.split(/\s+/)) {
    if (cur && (cur + " " + w).length > width) { out.push(cur); cur = w; }
    else cur = cur ? cur + " " + w : w;
  }
  if (cur) out.push(cur);
  return out;
}
const lines = wrap("The quick brown fox jumps over the lazy dog and keeps running far away", 20);
console.log(lines.join("\n"));
return lines;

// === escape-html
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const html = `<a href="x?a=1&b=2">Tom's</a>`;
console.log(esc(html));
return esc(html);

// === locale-free-compare
const words = ["banana", "Apple", "cherry", "apple", "Banana"];
console.log([...words].sort());
console.log([...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
console.log("a".localeCompare("b"), "b".localeCompare("a"), "a".localeCompare("a"));
return [...words].sort((a, b) => a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

// === string-raw-escapes-json
const s = 'quote " backslash \\ newline \n tab \t bell \u0007 null \u0000 emoji 😀 lone \ud800';
console.log(JSON.stringify(s));
console.log(s.length);
return s;

// === camel-snake-kebab
const toSnake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
const toCamel = (s: string) => s.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());
console.log(toSnake("userIdValue"), toSnake("HTTPServer2Go"), toCamel("user_id_value"), toCamel("kebab-case-here"));
return ["getHTTPResponse", "simple"].map(toSnake);

// === regex-split-with-captures
console.log("a1b22c333d".split(/(\d+)/));
console.log("one  two\tthree".split(/\s+/));
console.log("".split(","), "".split(""));
return "k1=v1;k2=v2".split(";").map((kv) => kv.split("="));

// === locale-compare-mixed-case-sort
const names = ["bob", "Alice", "carol", "Dave", "éclair", "Zed", "adam"];
console.log([...names].sort((a, b) => a.localeCompare(b)));
console.log("a".localeCompare("B"), "B".localeCompare("a"), "é".localeCompare("f"), "a".localeCompare("A"));
return [...names].sort((a, b) => a.localeCompare(b));
