// === sleep-sequence-order
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const order: string[] = [];
async function task(name: string, ms: number) {
  order.push(`start ${name}`);
  await sleep(ms);
  order.push(`end ${name}`);
  return name.toUpperCase();
}
const results = await Promise.all([task("a", 150), task("b", 50), task("c", 100)]);
console.log(order);
console.log(results);
return { order, results };

// === retry-with-backoff
let attempts = 0;
async function flaky(): Promise<string> {
  attempts++;
  if (attempts < 3) throw new Error(`attempt ${attempts} failed: ECONNRESET`);
  return "ok after " + attempts;
}
async function retry<T>(fn: () => Promise<T>, tries: number, baseMs: number): Promise<T> {
  let lastErr: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      return await fn();
    } catch (e) {
      lastErr = e;
      console.log(`retry ${i + 1}/${tries}: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, baseMs * 2 ** i));
    }
  }
  throw lastErr;
}
const v = await retry(flaky, 5, 10);
console.log(v);
return v;

// === promise-race-timeout-wins
function withTimeout<T>(p: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} timed out after ${ms}ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
const slow = new Promise<string>((r) => setTimeout(() => r("slow done"), 300));
const fast = new Promise<string>((r) => setTimeout(() => r("fast done"), 50));
const out: string[] = [];
try { out.push(await withTimeout(fast, 200, "fast")); } catch (e) { out.push((e as Error).message); }
try { out.push(await withTimeout(slow, 100, "slow")); } catch (e) { out.push((e as Error).message); }
console.log(out);
return out;

// === all-settled-report
const jobs = [
  () => Promise.resolve({ id: 1 }),
  () => Promise.reject(new TypeError("bad input")),
  async () => { await new Promise((r) => setTimeout(r, 50)); return [1, 2]; },
  async () => { throw new RangeError("out of range"); },
  () => Promise.reject("plain string reason"),
];
const settled = await Promise.allSettled(jobs.map((j) => j()));
console.log(settled);
const report = settled.map((s, i) => s.status === "fulfilled" ? `#${i} ok` : `#${i} ${s.reason instanceof Error ? s.reason.name + ": " + s.reason.message : String(s.reason)}`);
console.log(report.join("\n"));
return report;

// === concurrency-limited-map
async function mapLimit<T, R>(items: T[], limit: number, fn: (t: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let active = 0, maxActive = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      active++;
      maxActive = Math.max(maxActive, active);
      results[i] = await fn(items[i], i);
      active--;
    }
  }
  await Promise.all(Array.from({ length: limit }, worker));
  console.log("max concurrent:", maxActive);
  return results;
}
const delays = [400, 50, 100, 50, 400, 50];
const log: number[] = [];
const out = await mapLimit(delays, 2, async (ms, i) => {
  await new Promise((r) => setTimeout(r, ms));
  log.push(i);
  return ms / 50;
});
console.log(out, log);
return { out, log };

// === async-generator-pages
async function* pages(total: number, size: number) {
  for (let offset = 0; offset < total; offset += size) {
    await new Promise((r) => setTimeout(r, 1));
    yield Array.from({ length: Math.min(size, total - offset) }, (_, i) => offset + i);
  }
}
const collected: number[] = [];
let pageCount = 0;
for await (const page of pages(11, 4)) {
  pageCount++;
  console.log(`page ${pageCount}:`, page);
  collected.push(...page);
}
return { pageCount, sum: collected.reduce((a, b) => a + b, 0) };

// === microtask-vs-timer-order
const seq: string[] = [];
setTimeout(() => seq.push("timeout 0"), 0);
queueMicrotask(() => seq.push("microtask"));
Promise.resolve().then(() => seq.push("then 1")).then(() => seq.push("then 2"));
(async () => { seq.push("async body"); await null; seq.push("after await"); })();
seq.push("sync end");
await new Promise((r) => setTimeout(r, 50));
console.log(seq);
return seq;

// === promise-any-first-success
const delay = <T,>(ms: number, v: T, fail = false) =>
  new Promise<T>((res, rej) => setTimeout(() => (fail ? rej(new Error(`mirror ${v} down`)) : res(v)), ms));
const first = await Promise.any([delay(50, "eu", true), delay(150, "us"), delay(250, "ap")]);
console.log("first healthy:", first);
try {
  await Promise.any([delay(50, "x", true), delay(100, "y", true)]);
} catch (e) {
  const agg = e as AggregateError;
  console.log(agg.constructor.name, agg.message, agg.errors.map((x: Error) => x.message));
}
return first;

// === debounce-calls
function debounce<A extends unknown[]>(fn: (...a: A) => void, ms: number) {
  let t: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (t) clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
}
const calls: string[] = [];
const save = debounce((v: string) => calls.push(v), 100);
save("a"); save("ab"); save("abc");
await new Promise((r) => setTimeout(r, 250));
save("abcd");
await new Promise((r) => setTimeout(r, 250));
console.log(calls);
return calls;

// === async-error-stack-of-awaits
class HttpError extends Error {
  constructor(public status: number, message: string) {
    super(message);
    this.name = "HttpError";
  }
}
async function fetchUser(id: number) {
  await new Promise((r) => setTimeout(r, 50));
  if (id > 2) throw new HttpError(404, `user ${id} not found`);
  return { id, name: `user${id}` };
}
const found: unknown[] = [];
const errors: string[] = [];
for (const id of [1, 3, 2]) {
  try {
    found.push(await fetchUser(id));
  } catch (e) {
    if (e instanceof HttpError) errors.push(`${e.name} ${e.status}: ${e.message}`);
    else throw e;
  }
}
console.log(found, errors);
const last = await fetchUser(9).catch((e) => e);
console.log(last instanceof HttpError, last.status, Object.keys(last));
return { found, errors };

// === polling-until-ready
let readyAt = 3;
let polls = 0;
async function checkStatus() {
  polls++;
  return polls >= readyAt ? "ready" : "pending";
}
async function waitFor(pred: () => Promise<boolean>, intervalMs: number, maxPolls: number) {
  for (let i = 0; i < maxPolls; i++) {
    if (await pred()) return i + 1;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`condition not met after ${maxPolls} polls`);
}
const n = await waitFor(async () => (await checkStatus()) === "ready", 50, 10);
console.log(`ready after ${n} polls`);
polls = 0; readyAt = 100;
const msg = await waitFor(async () => (await checkStatus()) === "ready", 50, 2).catch((e: Error) => e.message);
console.log(msg);
return [n, msg];

// === promise-chain-transform
const result = await Promise.resolve([3, 1, 2])
  .then((xs) => xs.map((x) => x * 10))
  .then((xs) => { if (xs.length > 5) throw new Error("too many"); return xs; })
  .then((xs) => xs.sort((a, b) => a - b))
  .catch(() => [] as number[])
  .finally(() => console.log("chain done"));
const p = Promise.reject(new Error("boom"));
const recovered = await p.then(() => "never", (e: Error) => `recovered from ${e.message}`);
console.log(result, recovered);
console.log(Promise.resolve(1), Promise.reject(new Error("x")).catch(() => {}) instanceof Promise);
return { result, recovered };
