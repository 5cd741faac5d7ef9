// === promise-all-resolved
const fetchUser = async (id: number) => ({ id, name: `user${id}` });
const users = await Promise.all([1, 2, 3].map(fetchUser));
console.log(users);
return users.map((u) => u.name);

// === promise-all-mixed-values
const r = await Promise.all([1, Promise.resolve("two"), (async () => [3])(), { then: (res: (v: number) => void) => res(4) }]);
console.log(r);
return r;

// === promise-all-rejects-first
try {
  await Promise.all([Promise.resolve(1), Promise.reject(new Error("nope")), Promise.reject(new Error("later"))]);
} catch (e) {
  console.log("caught:", (e as Error).message);
}
return "done";

// === promise-all-settled-report
const tasks = [
  Promise.resolve(10),
  Promise.reject(new TypeError("bad input")),
  (async () => { throw new RangeError("out of range"); })(),
  Promise.resolve({ ok: true }),
];
const settled = await Promise.allSettled(tasks);
for (const s of settled) console.log(s.status, s.status === "fulfilled" ? s.value : `${s.reason.name}: ${s.reason.message}`);
return settled.map((s) => s.status);

// === promise-race-resolved
const winner = await Promise.race([new Promise((r) => setTimeout(() => r("slow"), 20)), Promise.resolve("fast"), "plain"]);
console.log(winner);
return winner;

// === promise-any-and-aggregate
const first = await Promise.any([Promise.reject(new Error("a")), Promise.resolve("b"), Promise.resolve("c")]);
console.log(first);
try {
  await Promise.any([Promise.reject(new Error("x")), Promise.reject(new Error("y"))]);
} catch (e) {
  const agg = e as AggregateError;
  console.log(agg instanceof AggregateError, agg.name, agg.errors.map((x: Error) => x.message));
}
return first;

// === async-generator-for-await
async function* pages(n: number) {
  for (let i = 1; i <= n; i++) {
    await null;
    yield { page: i, items: Array.from({ length: 2 }, (_, j) => i * 10 + j) };
  }
}
const all: number[] = [];
for await (const p of pages(3)) {
  console.log("page", p.page, p.items);
  all.push(...p.items);
}
return all;

// === for-await-over-promise-array
const ps = [Promise.resolve(1), new Promise((r) => setTimeout(() => r(2), 5)), 3];
const got: unknown[] = [];
for await (const v of ps) got.push(v);
console.log(got);
return got;

// === microtask-ordering
const order: string[] = [];
setTimeout(() => order.push("timeout"), 0);
queueMicrotask(() => order.push("micro1"));
Promise.resolve().then(() => order.push("then1")).then(() => order.push("then2"));
queueMicrotask(() => order.push("micro2"));
order.push("sync");
await new Promise((r) => setTimeout(r, 10));
console.log(order.join(" > "));
return order;

// === set-timeout-distinct-delays
const seen: number[] = [];
await new Promise<void>((done) => {
  for (const ms of [90, 30, 60, 0]) setTimeout(() => { seen.push(ms); if (seen.length === 4) done(); }, ms);
});
console.log(seen);
return seen;

// === timeout-args-and-clear
const out: string[] = [];
const t1 = setTimeout((a: string, b: string) => out.push(a + b), 5, "x", "y");
const t2 = setTimeout(() => out.push("cancelled"), 1);
clearTimeout(t2);
await new Promise((r) => setTimeout(r, 20));
console.log(out);
return out;

// === set-interval-count
let n = 0;
await new Promise<void>((resolve) => {
  const id = setInterval(() => {
    n++;
    if (n === 3) { clearInterval(id); resolve(); }
  }, 5);
});
console.log("ticks", n);
return n;

// === sleep-helper-sequence
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log: string[] = [];
async function worker(name: string, delay: number) {
  await sleep(delay);
  log.push(name);
  return name.toUpperCase();
}
const res = await Promise.all([worker("c", 90), worker("a", 30), worker("b", 60)]);
console.log(log, res);
return { log, res };

// === async-error-propagation
async function level3() { throw new Error("deep failure"); }
async function level2() { return await level3(); }
async function level1() {
  try { return await level2(); } catch (e) { throw new Error("wrapped", { cause: e }); }
}
try { await level1(); } catch (e: any) {
  console.log(e.message, "<-", e.cause.message);
}
return "ok";

// === concurrency-limited-map
async function mapLimit<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) { const i = next++; out[i] = await fn(items[i]); }
  });
  await Promise.all(workers);
  return out;
}
let active = 0, peak = 0;
const r = await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (x) => {
  active++; peak = Math.max(peak, active);
  await new Promise((res) => setTimeout(res, x));
  active--;
  return x * x;
});
console.log(r, "peak", peak);
return r;

// === retry-with-backoff
let attempts = 0;
async function flaky(): Promise<string> {
  attempts++;
  if (attempts < 3) throw new Error(`attempt ${attempts} failed`);
  return "success";
}
async function retry<T>(fn: () => Promise<T>, tries: number): Promise<T> {
  for (let i = 0; ; i++) {
    try { return await fn(); } catch (e) {
      console.log("retry:", (e as Error).message);
      if (i + 1 >= tries) throw e;
      await new Promise((r) => setTimeout(r, 2 ** i));
    }
  }
}
const v = await retry(flaky, 5);
return { v, attempts };

// === timeout-race-pattern
function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, rej) => setTimeout(() => rej(new Error(`timeout after ${ms}ms`)), ms))]);
}
const slow = new Promise((r) => setTimeout(() => r("slow result"), 300));
const fast = new Promise((r) => setTimeout(() => r("fast result"), 5));
console.log(await withTimeout(fast, 60));
try { await withTimeout(slow, 60); } catch (e) { console.log((e as Error).message); }
return "end";

// === async-iterator-protocol-manual
const source = {
  data: ["a", "b", "c"],
  [Symbol.asyncIterator]() {
    let i = 0;
    return { next: async () => (i < this.data.length ? { value: this.data[i++], done: false } : { value: undefined, done: true }) };
  },
};
const collected: string[] = [];
for await (const x of source) collected.push(x);
console.log(collected);
return collected.join("");

// === await-thenable-and-nested
const thenable = { then(resolve: (v: string) => void) { resolve("from thenable"); } };
const v1 = await thenable;
const v2 = await Promise.resolve(Promise.resolve(42));
const v3 = await (async () => Promise.resolve("nested async"))();
console.log(v1, v2, v3);
return [v1, v2, v3];

// === async-generator-return-early
async function* counter() {
  try {
    for (let i = 0; ; i++) yield i;
  } finally {
    console.log("cleanup ran");
  }
}
const got: number[] = [];
for await (const i of counter()) { if (i > 2) break; got.push(i); }
return got;

// === promise-with-resolvers-check
const has = typeof (Promise as any).withResolvers;
console.log("withResolvers:", has);
let resolve!: (v: number) => void;
const p = new Promise<number>((r) => (resolve = r));
setTimeout(() => resolve(7), 1);
return await p;

// === promise-finally-ordering
const steps: string[] = [];
const r = await Promise.resolve(1)
  .then((v) => { steps.push(`then ${v}`); return v + 1; })
  .finally(() => { steps.push("finally"); return 100; })
  .then((v) => { steps.push(`after ${v}`); return v; });
console.log(steps);
return r;

// === unhandled-then-catch-chain
const r = await Promise.reject(new Error("first"))
  .catch((e) => { console.log("caught", e.message); return "recovered"; })
  .then((v) => v + "!");
console.log(r);
return r;
