// === web2-url-build-api-request
const base = new URL("https://api.example.com/v2/");
const url = new URL("search/items", base);
url.searchParams.set("q", "coffee & tea");
url.searchParams.append("tag", "hot");
url.searchParams.append("tag", "organic");
url.searchParams.set("limit", String(25));
console.log(url.href);
console.log(url.pathname, url.search, url.searchParams.getAll("tag"));
return url.toString();

// === web2-url-parse-components-table
const inputs = [
  "https://user:pa%20ss@sub.example.co.uk:8443/a/b/../c/./d.html?x=1&y=%20z#frag",
  "http://EXAMPLE.com:80/",
  "https://example.com/path with spaces/ü?q=ä",
  "file:///home/user/doc.txt",
  "mailto:someone@example.com?subject=Hi",
];
const rows = inputs.map((s) => {
  const u = new URL(s);
  return { protocol: u.protocol, host: u.host, hostname: u.hostname, port: u.port, pathname: u.pathname, search: u.search, hash: u.hash, origin: u.origin };
});
console.log(rows);
return rows;

// === web2-url-invalid-and-canparse
const candidates = ["https://ok.example", "not a url", "/relative/path", "http://", "https://exa mple.com", "ftp://files.example.com/x"];
const results = candidates.map((c) => {
  try { return { c, ok: true, href: new URL(c).href }; }
  catch (e) { return { c, ok: false, error: (e as Error).name }; }
});
const withBase = new URL("/relative/path?x=1", "https://example.com/base/");
console.log(results);
console.log(withBase.href);
return results;

// === web2-searchparams-iterate-sort-delete
const p = new URLSearchParams("b=2&a=1&c=3&a=0&empty=&flag");
p.sort();
const entries = [...p];
p.delete("c");
const keys = [...p.keys()];
const has = [p.has("flag"), p.has("missing"), p.get("empty"), p.get("missing")];
const fromObj = new URLSearchParams({ name: "Zoë Smith", city: "São Paulo", plus: "a+b" });
const fromPairs = new URLSearchParams([["x", "1"], ["x", "2"]]);
console.log(entries, keys, has);
console.log(fromObj.toString(), fromPairs.toString(), p.size);
return { entries, str: fromObj.toString() };

// === web2-searchparams-to-object-grouping
const qs = "?category=books&sort=price&tag=new&tag=sale&tag=new&page=2&debug";
const params = new URLSearchParams(qs);
const obj: Record<string, string | string[]> = {};
for (const [k, v] of params) {
  if (k in obj) obj[k] = ([] as string[]).concat(obj[k], v);
  else obj[k] = v;
}
const page = Number(params.get("page") ?? 1);
console.log(obj, page);
console.log(Object.fromEntries(params));
return obj;

// === web2-encode-uri-component-variants
const samples = ["hello world", "a&b=c", "ümlaut", "emoji 😀", "/path?q#h", "~!*()'"];
const rows = samples.map((s) => ({
  s,
  component: encodeURIComponent(s),
  uri: encodeURI(s),
  form: new URLSearchParams({ s }).toString().slice(2),
}));
console.table(rows);
let err = "";
try { decodeURIComponent("%E0%A4%A"); } catch (e) { err = (e as Error).name; }
console.log(err, decodeURIComponent("caf%C3%A9"));
return rows;

// === web2-text-encoder-byte-lengths
const enc = new TextEncoder();
const strs = ["ascii", "café", "日本語", "😀", "a\u0000b", ""];
const rows = strs.map((s) => {
  const b = enc.encode(s);
  return { s, chars: s.length, bytes: b.length, hex: Array.from(b, (x) => x.toString(16).padStart(2, "0")).join(" ") };
});
console.log(rows);
return rows;

// === web2-text-decoder-chunks-and-fatal
const bytes = new TextEncoder().encode("Grüße 👋!");
const dec = new TextDecoder();
let out = "";
for (let i = 0; i < bytes.length; i += 3) out += dec.decode(bytes.subarray(i, i + 3), { stream: true });
out += dec.decode();
const lossy = new TextDecoder().decode(new Uint8Array([0x61, 0xff, 0x62, 0xc3]));
let fatalErr = "";
try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff])); } catch (e) { fatalErr = (e as Error).name; }
console.log(out, JSON.stringify(lossy), fatalErr, dec.encoding);
return { out, lossy, fatalErr };

// === web2-base64-roundtrip-unicode
const toB64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
const fromB64 = (b: string) => new TextDecoder().decode(Uint8Array.from(atob(b), (c) => c.charCodeAt(0)));
const texts = ["hello", "héllo wörld", "🚀 launch", ""];
const encoded = texts.map(toB64);
const roundtrip = encoded.map(fromB64);
const urlSafe = encoded.map((b) => b.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
let err = "";
try { btoa("✓"); } catch (e) { err = (e as Error).name; }
console.log(encoded, urlSafe, roundtrip.every((r, i) => r === texts[i]), err);
return { encoded, urlSafe };

// === web2-structured-clone-edge-types
const src = {
  date: new Date(Date.UTC(2020, 0, 1)),
  re: /ab+c/gi,
  map: new Map([[1, { a: 1 }]]),
  set: new Set(["x"]),
  bytes: new Uint8Array([1, 2, 3]),
  big: 10n,
  nested: { arr: [1, [2, [3]]] },
};
const c = structuredClone(src);
const checks = {
  dateIsDate: c.date instanceof Date && c.date.getTime() === src.date.getTime(),
  reSame: c.re.source === "ab+c" && c.re.flags === "gi",
  mapDeep: c.map.get(1) !== src.map.get(1) && c.map.get(1)!.a === 1,
  bytes: Array.from(c.bytes),
  big: typeof c.big,
};
const errs: string[] = [];
for (const bad of [() => 1, Symbol("s"), { f() {} }]) {
  try { structuredClone(bad); errs.push("cloned"); } catch (e) { errs.push((e as Error).name); }
}
console.log(checks, errs);
return { checks, errs };

// === web2-hex-and-bytes-helpers
const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
const fromHex = (h: string) => new Uint8Array(h.match(/../g)!.map((x) => parseInt(x, 16)));
const data = new TextEncoder().encode("Code Mode");
const hex = toHex(data);
const back = new TextDecoder().decode(fromHex(hex));
const dv = new DataView(new ArrayBuffer(8));
dv.setUint32(0, 0xdeadbeef);
dv.setUint16(4, 0x1234, true);
dv.setInt8(6, -1);
const view = toHex(new Uint8Array(dv.buffer));
console.log(hex, back, view, dv.getUint32(0).toString(16), dv.getUint16(4), dv.getUint16(4, true).toString(16));
return { hex, back, view };

// === web2-jwt-like-token-decode
const b64url = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const header = b64url(JSON.stringify({ alg: "none", typ: "JWT" }));
const payload = b64url(JSON.stringify({ sub: "user-42", scope: ["read", "write"], exp: 1700000000 }));
const token = `${header}.${payload}.`;
function decodePart(part: string) {
  const padded = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
  return JSON.parse(atob(padded));
}
const [h, p] = token.split(".").map((x, i) => (i < 2 ? decodePart(x) : x));
const expired = p.exp * 1000 < Date.UTC(2024, 0, 1);
console.log(token.length, h, p, { expired });
return { h, p, expired };

// === web2-crypto-uuid-format-only
const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
const valid = ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id));
const unique = new Set(ids).size === ids.length;
const bytes = crypto.getRandomValues(new Uint8Array(16));
console.log(valid, unique, bytes.length, bytes.constructor.name);
return { valid, unique };

// === web2-performance-now-elapsed-shape
const t0 = performance.now();
let acc = 0;
for (let i = 0; i < 10000; i++) acc += i;
await new Promise((r) => setTimeout(r, 5));
const elapsed = performance.now() - t0;
console.log(typeof t0, elapsed >= 0, acc);
return { acc, nonNegative: elapsed >= 0 };

// === web2-global-feature-detection
const features = {
  structuredClone: typeof structuredClone,
  TextEncoder: typeof TextEncoder,
  URL: typeof URL,
  atob: typeof atob,
  queueMicrotask: typeof queueMicrotask,
  setTimeout: typeof setTimeout,
  WeakRef: typeof WeakRef,
  Intl: typeof Intl,
  globalThis: typeof globalThis,
  window: typeof (globalThis as any).window,
  document: typeof (globalThis as any).document,
};
console.log(features);
return features;
