// === text-encoder-decoder-roundtrip
const enc = new TextEncoder();
const bytes = enc.encode("héllo 😀");
console.log(bytes.length, Array.from(bytes).map((b) => b.toString(16)).join(" "));
const dec = new TextDecoder();
console.log(dec.decode(bytes), dec.encoding, enc.encoding);
return dec.decode(bytes.subarray(0, 6));

// === text-decoder-invalid-and-bom
const d = new TextDecoder();
console.log(JSON.stringify(d.decode(new Uint8Array([0xff, 0x41, 0xc3]))));
console.log(JSON.stringify(d.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]))));
console.log(JSON.stringify(new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x68]))));
let fatal = "no error";
try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff])); } catch (e) { fatal = (e as Error).name; }
console.log(fatal);
return d.decode(new Uint8Array([]));

// === text-encoder-encode-into-and-streaming
const enc = new TextEncoder();
const buf = new Uint8Array(5);
const r = enc.encodeInto("a😀b", buf);
console.log(r, Array.from(buf));
const dec = new TextDecoder();
const euro = enc.encode("€");
const part1 = dec.decode(euro.subarray(0, 1), { stream: true });
const part2 = dec.decode(euro.subarray(1));
console.log(JSON.stringify(part1), part2);
return enc.encode("\u0000\u007f\u0080").length;

// === url-parse-components
const u = new URL("https://user:pa%20ss@Example.COM:8443/a/b/../c/./d.html?q=1&q=2&x=%20y#frag");
console.log(u.href);
console.log(u.protocol, u.username, u.password, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin);
return { host: u.host, path: u.pathname, search: u.search };

// === url-relative-resolution
const base = "https://api.example.com/v1/users/";
const rels = ["42", "../teams", "/root", "?page=2", "#top", "//cdn.example.com/x.js", "https://other.org/"];
for (const r of rels) console.log(r.padEnd(24), new URL(r, base).href);
return new URL("./a/../b", base).pathname;

// === url-search-params-build
const p = new URLSearchParams({ q: "hello world", lang: "en" });
p.append("tag", "a&b");
p.append("tag", "c=d");
p.set("page", "2");
p.delete("lang");
console.log(p.toString());
console.log(p.getAll("tag"), p.get("missing"), p.has("page"), [...p.keys()]);
p.sort();
return p.toString();

// === url-search-params-parse
const p = new URLSearchParams("?a=1&b=two+words&c=%E2%9C%93&a=3&empty=&flag");
console.log([...p]);
console.log(Object.fromEntries(p), p.get("b"), p.get("c"), p.getAll("a"));
const u = new URL("https://x.io/search?q=1");
u.searchParams.set("q", "a b/c");
u.searchParams.append("n", "ü");
console.log(u.href, u.search);
return u.searchParams.toString();

// === url-mutation-and-errors
const u = new URL("http://localhost/api");
u.port = "3000";
u.pathname = "/v2/items list";
u.hash = "section 1";
u.protocol = "https:";
console.log(u.toString(), JSON.stringify(u));
let err = "";
try { new URL("not a url"); } catch (e) { err = (e as Error).name; }
console.log(err, typeof (URL as any).canParse === "function" ? (URL as any).canParse("x:") : "n/a");
return u.href;

// === url-encode-uri-functions
const s = "a b&c=d/é?😀";
console.log(encodeURIComponent(s));
console.log(encodeURI("https://x.io/a b?q=é&r=1#h"));
console.log(decodeURIComponent("%F0%9F%98%80%20ok"), decodeURI("%41%2F"));
console.log(escape?.("ä b"), unescape?.("%E4%20b"));
return encodeURIComponent("!'()*-._~");

// === base64-atob-btoa
const text = "Hello, World!";
const b64 = btoa(text);
console.log(b64, atob(b64), btoa(""), atob("YQ"), btoa("\xff\xfe"));
let err = "";
try { btoa("😀"); } catch (e) { err = (e as Error).name; }
console.log(err);
return b64;

// === base64-unicode-via-textencoder
const toB64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));
const fromB64 = (b: string) => new TextDecoder().decode(Uint8Array.from(atob(b), (c) => c.charCodeAt(0)));
const enc = toB64("héllo wörld 😀");
console.log(enc, fromB64(enc));
const b64url = enc.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
return { enc, b64url, back: fromB64(enc) };

// === base64-decode-jwt-payload
const header = btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "");
const payload = btoa(JSON.stringify({ sub: "123", name: "Ann", iat: 1700000000 })).replace(/=+$/, "");
const jwt = `${header}.${payload}.`;
const decoded = JSON.parse(atob(jwt.split(".")[1]));
console.log(jwt);
console.log(decoded, new Date(decoded.iat * 1000).toISOString());
return decoded;

// === hex-encoding-helpers
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (hex: string) => new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
const h = toHex(new TextEncoder().encode("coderun"));
console.log(h, new TextDecoder().decode(fromHex(h)));
let hash = 0x811c9dc5;
for (const b of new TextEncoder().encode("hello")) { hash ^= b; hash = Math.imul(hash, 0x01000193) >>> 0; }
console.log("fnv1a", hash.toString(16));
return h;

// === global-this-and-typeof-web-apis
const names = ["TextEncoder", "TextDecoder", "URL", "URLSearchParams", "atob", "btoa", "structuredClone", "queueMicrotask", "setTimeout", "clearTimeout", "console", "JSON", "Math", "Promise", "Symbol", "WeakRef", "FinalizationRegistry"];
const types = Object.fromEntries(names.map((n) => [n, typeof (globalThis as any)[n]]));
console.log(types);
return types;

// === crypto-random-uuid-shape
const id = crypto.randomUUID();
console.log(typeof id, id.length, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id));
const buf = crypto.getRandomValues(new Uint8Array(8));
console.log(buf.length, buf instanceof Uint8Array);
return id.split("-").map((p) => p.length);

// === feature-typeof-process-require
console.log(typeof process, typeof require);
return [typeof process, typeof require];

// === feature-typeof-fetch-buffer
console.log(typeof fetch, typeof Buffer);
return [typeof fetch, typeof Buffer];

// === feature-detect-node-env
const isNode = typeof process !== "undefined" && !!(process as any).versions?.node;
console.log("running in node?", isNode);
return isNode;

// === feature-module-globals
console.log(typeof module, typeof exports, typeof __dirname, typeof globalThis.navigator);
return typeof module;
