// === sha256-hex-of-string
async function sha256(text: string): Promise<string> {
  const data = new TextEncoder().encode(text);
  const hash = await crypto.subtle.digest("SHA-256", data);
  return Array.from(new Uint8Array(hash)).map((b) => b.toString(16).padStart(2, "0")).join("");
}
const h = await sha256("hello world");
console.log(h);
return h;

// === digest-all-algorithms
const enc = new TextEncoder();
const out: Record<string, string> = {};
for (const alg of ["SHA-1", "SHA-256", "SHA-384", "SHA-512"]) {
  const buf = await crypto.subtle.digest(alg, enc.encode("The quick brown fox"));
  out[alg] = [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 24);
  console.log(alg, buf.byteLength, buf instanceof ArrayBuffer);
}
return out;

// === hmac-webhook-signature
const secret = "whsec_test_123";
const payload = JSON.stringify({ event: "order.created", id: 42 });
const enc = new TextEncoder();
const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
const sig = await crypto.subtle.sign("HMAC", key, enc.encode(payload));
const hex = Array.from(new Uint8Array(sig), (b) => b.toString(16).padStart(2, "0")).join("");
console.log(`sha256=${hex}`);
const valid = await crypto.subtle.verify("HMAC", key, sig, enc.encode(payload));
const tampered = await crypto.subtle.verify("HMAC", key, sig, enc.encode(payload + " "));
console.log(valid, tampered);
return { hex, valid, tampered };

// === hmac-base64-signature
const enc = new TextEncoder();
const key = await crypto.subtle.importKey("raw", enc.encode("key"), { name: "HMAC", hash: { name: "SHA-512" } }, true, ["sign"]);
const sig = new Uint8Array(await crypto.subtle.sign({ name: "HMAC" }, key, enc.encode("message")));
const b64 = btoa(String.fromCharCode(...sig));
console.log(b64.length, b64.slice(0, 20));
console.log(key.type, key.extractable, key.usages, JSON.stringify(key.algorithm));
return b64;

// === verify-hex-signature-from-header
const enc = new TextEncoder();
function fromHex(h: string) { return new Uint8Array(h.match(/../g)!.map((x) => parseInt(x, 16))); }
const key = await crypto.subtle.importKey("raw", enc.encode("s3cr3t"), { name: "HMAC", hash: "SHA-1" }, false, ["verify", "sign"]);
const body = "a=1&b=2";
const expected = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(body)));
const header = [...expected].map((b) => b.toString(16).padStart(2, "0")).join("");
const ok = await crypto.subtle.verify("HMAC", key, fromHex(header), enc.encode(body));
const bad = await crypto.subtle.verify("HMAC", key, fromHex("00".repeat(20)), enc.encode(body));
console.log(header, ok, bad);
return { ok, bad };

// === digest-arraybuffer-and-dataview
const bytes = new Uint8Array([1, 2, 3, 4, 5]);
const toHex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
const a = toHex(await crypto.subtle.digest("SHA-256", bytes.buffer));
const b = toHex(await crypto.subtle.digest("SHA-256", new DataView(bytes.buffer, 1, 3)));
const c = toHex(await crypto.subtle.digest("SHA-256", bytes.subarray(1, 4)));
const empty = toHex(await crypto.subtle.digest("SHA-256", new Uint8Array(0)));
console.log(a.slice(0, 16), b === c, empty);
return [a, b, c, empty];

// === content-hash-dedupe
const docs = ["alpha", "beta", "alpha", "gamma", "beta"];
const seen = new Map<string, number>();
for (const d of docs) {
  const buf = await crypto.subtle.digest("SHA-1", new TextEncoder().encode(d));
  const id = Array.from(new Uint8Array(buf)).map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 8);
  seen.set(id, (seen.get(id) ?? 0) + 1);
}
console.log([...seen.entries()]);
return Object.fromEntries(seen);

// === digest-unknown-algorithm
const data = new TextEncoder().encode("x");
try {
  await crypto.subtle.digest("MD5", data);
} catch (e: any) {
  console.log(e.name, e instanceof DOMException, e.message);
}
try {
  await crypto.subtle.digest("SHA-256", "plain string" as any);
} catch (e: any) {
  console.log(e.name, e.code);
}
return "done";

// === subtle-feature-detect
const hasSubtle = typeof crypto !== "undefined" && !!crypto.subtle && typeof crypto.subtle.digest === "function";
console.log(hasSubtle, Object.prototype.toString.call(crypto.subtle));
const uuid = crypto.randomUUID();
console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(uuid));
return hasSubtle;

// === hmac-key-wrong-usage
const enc = new TextEncoder();
const key = await crypto.subtle.importKey("raw", enc.encode("k"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
const sig = await crypto.subtle.sign("HMAC", key, enc.encode("m"));
try {
  await crypto.subtle.verify("HMAC", key, sig, enc.encode("m"));
} catch (e: any) {
  console.log(e.name, e.message);
}
return sig.byteLength;
