// === async-retry-exponential-backoff-logged
let attempts = 0;
async function flaky(): Promise<string> {
  attempts++;
  if (attempts < 4) throw new Error(`attempt ${attempts} failed`);
  return "payload";
}
async function withRetry<T>(fn: () => Promise<T>, max = 5, base = 5): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i + 1 >= max) throw e;
      const delay = base * 2 ** i;
      console.log(`retry ${i + 1} after ${delay}ms: ${(e as Error).message}`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
const result = await withRetry(flaky);
console.log("got", result, "after", attempts, "attempts");
return { result, attempts };

// === async-retry-gives-up
class RetryError extends Error {
  constructor(message: string, public attempts: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RetryError";
  }
}
async function alwaysFails(): Promise<never> { throw new Error("service unavailable"); }
async function retry(n: number) {
  let last: unknown;
  for (let i = 1; i <= n; i++) {
    try { return await alwaysFails(); }
    catch (e) { last = e; await new Promise((r) => setTimeout(r, 1)); }
  }
  throw new RetryError(`failed after ${n} attempts`, n, { cause: last });
}
try {
  await retry(3);
} catch (e) {
  if (e instanceof RetryError) {
    console.log(e.name, e.message, e.attempts);
    console.log("cause:", (e.cause as Error).message);
    return { name: e.name, attempts: e.attempts, cause: (e.cause as Error).message };
  }
  throw e;
}

// === async-timeout-wrapper-race
class TimeoutError extends Error { name = "TimeoutError"; }
function withTimeout<T>(p: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${label} timed out after ${ms}ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
const sleep = (ms: number, v: string) => new Promise<string>((r) => setTimeout(() => r(v), ms));
const outcomes: string[] = [];
for (const [ms, limit] of [[5, 50], [60, 10]]) {
  try {
    outcomes.push(await withTimeout(sleep(ms, `done in ${ms}`), limit, `task${ms}`));
  } catch (e) {
    outcomes.push(`${(e as Error).name}: ${(e as Error).message}`);
  }
}
console.log(outcomes);
return outcomes;

// === async-all-settled-summary-table
const tasks = [
  { name: "users", ms: 5, fail: false },
  { name: "orders", ms: 15, fail: true },
  { name: "products", ms: 1, fail: false },
  { name: "reviews", ms: 10, fail: true },
];
const results = await Promise.allSettled(
  tasks.map((t) => new Promise<number>((resolve, reject) => setTimeout(() => (t.fail ? reject(new Error(`${t.name}: 503`)) : resolve(t.name.length * 10)), t.ms)))
);
const summary = results.map((r, i) => ({
  task: tasks[i].name,
  status: r.status,
  detail: r.status === "fulfilled" ? r.value : (r.reason as Error).message,
}));
console.table(summary);
const ok = summary.filter((s) => s.status === "fulfilled").length;
console.log(`${ok}/${tasks.length} succeeded`);
return summary;

// === async-completion-order-vs-input-order
const order: string[] = [];
const delays = { a: 30, b: 10, c: 20, d: 0 };
const vals = await Promise.all(
  Object.entries(delays).map(([k, ms]) =>
    new Promise<string>((r) => setTimeout(() => { order.push(k); r(k.toUpperCase()); }, ms))
  )
);
console.log("completion order:", order.join(""));
console.log("result order:", vals.join(""));
return { order, vals };

// === async-concurrency-pool-max-in-flight
async function pool<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
let inFlight = 0, maxInFlight = 0;
const log: string[] = [];
const out = await pool([8, 3, 5, 1, 6, 2, 4], 3, async (ms) => {
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  log.push(`start ${ms}`);
  await new Promise((r) => setTimeout(r, ms * 2));
  inFlight--;
  return ms * ms;
});
console.log(out, "max in flight:", maxInFlight);
console.log(log.slice(0, 3));
return { out, maxInFlight };

// === async-sequential-vs-parallel-order
const trace: string[] = [];
const job = (name: string, ms: number) => new Promise<string>((r) => setTimeout(() => { trace.push(name); r(name); }, ms));
for (const [n, ms] of [["s1", 10], ["s2", 1], ["s3", 5]] as const) await job(n, ms);
await Promise.all([job("p1", 10), job("p2", 1), job("p3", 5)]);
console.log(trace.join(" "));
return trace;

// === async-debounce-with-timers
function debounce<A extends unknown[]>(fn: (...a: A) => void, ms: number) {
  let t: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    if (t !== undefined) clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
}
const calls: string[] = [];
const save = debounce((v: string) => calls.push(v), 20);
save("a"); save("ab"); save("abc");
await new Promise((r) => setTimeout(r, 40));
save("abcd");
await new Promise((r) => setTimeout(r, 5));
save("abcde");
await new Promise((r) => setTimeout(r, 40));
console.log("saved:", calls);
return calls;

// === async-throttle-queue-drain
const processed: number[] = [];
const queue = [1, 2, 3, 4, 5, 6];
let ticks = 0;
await new Promise<void>((resolve) => {
  const id = setInterval(() => {
    ticks++;
    const batch = queue.splice(0, 2);
    processed.push(...batch.map((x) => x * 100));
    console.log(`tick ${ticks}: processed ${batch.join(",")} remaining ${queue.length}`);
    if (queue.length === 0) { clearInterval(id); resolve(); }
  }, 5);
});
return { ticks, processed };

// === async-promise-any-fastest-mirror
const mirrors = [
  { host: "eu.mirror", ms: 30, ok: true },
  { host: "us.mirror", ms: 10, ok: false },
  { host: "ap.mirror", ms: 20, ok: true },
];
const fetchFrom = (m: typeof mirrors[number]) =>
  new Promise<string>((res, rej) => setTimeout(() => (m.ok ? res(m.host) : rej(new Error(`${m.host} down`))), m.ms));
const winner = await Promise.any(mirrors.map(fetchFrom));
console.log("fastest healthy mirror:", winner);
try {
  await Promise.any(mirrors.filter((m) => !m.ok).map(fetchFrom));
} catch (e) {
  const agg = e as AggregateError;
  console.log(agg.constructor.name, agg.errors.length, agg.errors.map((x: Error) => x.message));
}
return winner;

// === async-generator-paginated-api
type Page = { items: number[]; next?: number };
async function getPage(cursor: number): Promise<Page> {
  await new Promise((r) => setTimeout(r, 1));
  const items = Array.from({ length: 3 }, (_, i) => cursor * 3 + i).filter((x) => x < 10);
  return { items, next: cursor * 3 + 3 < 10 ? cursor + 1 : undefined };
}
async function* allItems() {
  let cursor: number | undefined = 0;
  while (cursor !== undefined) {
    const page: Page = await getPage(cursor);
    console.log(`page ${cursor}: ${page.items.length} items`);
    yield* page.items;
    cursor = page.next;
  }
}
const collected: number[] = [];
for await (const item of allItems()) collected.push(item);
return collected;

// === async-event-loop-ordering-detailed
const log: string[] = [];
setTimeout(() => log.push("timeout 0"), 0);
queueMicrotask(() => log.push("microtask 1"));
Promise.resolve().then(() => log.push("then 1")).then(() => log.push("then 2"));
(async () => {
  log.push("async body sync");
  await null;
  log.push("after await");
})();
log.push("sync end");
await new Promise((r) => setTimeout(r, 5));
console.log(log);
return log;

// === async-cache-memoize-inflight
const calls: string[] = [];
const cache = new Map<string, Promise<string>>();
function load(key: string): Promise<string> {
  if (!cache.has(key)) {
    calls.push(key);
    cache.set(key, new Promise((r) => setTimeout(() => r(`value:${key}`), 5)));
  }
  return cache.get(key)!;
}
const results = await Promise.all(["a", "b", "a", "c", "b", "a"].map(load));
console.log("results:", results);
console.log("backend calls:", calls);
return { results, calls };

// === async-error-in-all-short-circuits
const finished: string[] = [];
const t = (name: string, ms: number, fail = false) =>
  new Promise<string>((res, rej) =>
    setTimeout(() => { finished.push(name); fail ? rej(new Error(`${name} broke`)) : res(name); }, ms)
  );
try {
  await Promise.all([t("a", 20), t("b", 5, true), t("c", 10)]);
} catch (e) {
  console.log("caught:", (e as Error).message, "finished so far:", [...finished]);
}
await new Promise((r) => setTimeout(r, 30));
console.log("eventually finished:", finished);
return finished;

// === async-await-in-loops-reduce
const prices: Record<string, number> = { apple: 1.25, pear: 2, plum: 0.75 };
const getPrice = async (name: string) => { await null; return prices[name] ?? 0; };
const cart = [{ item: "apple", qty: 4 }, { item: "plum", qty: 10 }, { item: "kiwi", qty: 1 }, { item: "pear", qty: 2 }];
const total = await cart.reduce(async (accP, line) => {
  const acc = await accP;
  const p = await getPrice(line.item);
  console.log(`${line.item.padEnd(6)} ${line.qty} x ${p.toFixed(2)}`);
  return acc + p * line.qty;
}, Promise.resolve(0));
console.log("total", total.toFixed(2));
return total;

// === async-abort-controller-cancel
const controller = new AbortController();
const { signal } = controller;
function work(ms: number, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => resolve(`finished ${ms}`), ms);
    signal.addEventListener("abort", () => { clearTimeout(t); reject(new Error(`aborted: ${signal.reason}`)); });
  });
}
setTimeout(() => controller.abort("user cancelled"), 10);
const results = await Promise.allSettled([work(2, signal), work(50, signal)]);
const summary = results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message));
console.log(summary, signal.aborted);
return summary;

// === async-deferred-resolve-externally
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}
const ready = deferred<string>();
const events: string[] = [];
ready.promise.then((v) => events.push(`ready: ${v}`));
setTimeout(() => { events.push("timer fired"); ready.resolve("ok"); }, 5);
events.push("waiting");
const v = await ready.promise;
await null;
console.log(events);
return { v, events };

// === async-polling-until-condition
let status = "pending";
let checks = 0;
setTimeout(() => (status = "running"), 8);
setTimeout(() => (status = "done"), 20);
async function waitFor(pred: () => boolean, interval: number, max: number) {
  for (let i = 0; i < max; i++) {
    checks++;
    if (pred()) return true;
    await new Promise((r) => setTimeout(r, interval));
  }
  return false;
}
const ok = await waitFor(() => status === "done", 3, 50);
// How many checks it took depends on how late the timers fire on a busy
// machine; that it took more than one does not.
console.log(`status=${status} ok=${ok} checked more than once: ${checks > 1}`);
return { ok, status };

// === async-iterator-class-with-delay
class Countdown {
  constructor(private from: number) {}
  async *[Symbol.asyncIterator]() {
    for (let i = this.from; i > 0; i--) {
      await new Promise((r) => setTimeout(r, 1));
      yield i;
    }
  }
}
const seen: number[] = [];
for await (const n of new Countdown(5)) {
  seen.push(n);
  if (n === 2) break;
}
console.log("countdown:", seen.join("... "));
return seen;

// === async-then-chain-transform
const result = await Promise.resolve({ users: [{ n: "a", age: 30 }, { n: "b", age: 17 }, { n: "c", age: 45 }] })
  .then((r) => r.users)
  .then((us) => us.filter((u) => u.age >= 18))
  .then((us) => us.map((u) => u.n.toUpperCase()))
  .catch(() => [] as string[])
  .finally(() => console.log("chain complete"));
console.log(result);
return result;

// === async-settled-retry-failed-only
const attempts: Record<string, number> = {};
async function fetchItem(id: string): Promise<string> {
  attempts[id] = (attempts[id] ?? 0) + 1;
  await new Promise((r) => setTimeout(r, 1));
  if (id.startsWith("x") && attempts[id] < 2) throw new Error(`transient ${id}`);
  return `item-${id}`;
}
let pending = ["a", "x1", "b", "x2"];
const done: Record<string, string> = {};
for (let round = 1; pending.length && round <= 3; round++) {
  const rs = await Promise.allSettled(pending.map(fetchItem));
  const failed: string[] = [];
  rs.forEach((r, i) => (r.status === "fulfilled" ? (done[pending[i]] = r.value) : failed.push(pending[i])));
  console.log(`round ${round}: ok=${rs.length - failed.length} failed=${failed.join(",") || "-"}`);
  pending = failed;
}
return { done, attempts };

// === async-rejection-non-error-values
const reasons = await Promise.allSettled([
  Promise.reject("plain string"),
  Promise.reject(42),
  Promise.reject({ code: "E_BAD", retry: false }),
  Promise.reject(null),
]);
for (const r of reasons) if (r.status === "rejected") console.log(typeof r.reason, r.reason);
return reasons.map((r) => (r.status === "rejected" ? r.reason : "ok"));
