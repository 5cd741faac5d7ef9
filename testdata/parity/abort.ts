// === abort-retry-loop-cancelled
const controller = new AbortController();
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
async function fetchWithRetry(signal: AbortSignal): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    signal.throwIfAborted();
    console.log(`attempt ${attempt}`);
    if (attempt >= 100) return "unreachable";
    // The user gives up during the third wait (a timer set with it, so
    // that its order against the wait does not depend on the machine).
    if (attempt === 3) setTimeout(() => controller.abort(new Error("user pressed cancel")), 5);
    await sleep(10 * attempt, signal);
  }
}
try {
  await fetchWithRetry(controller.signal);
} catch (e) {
  const err = e as Error;
  console.log(`stopped: ${err.name}: ${err.message}`, controller.signal.aborted);
  return { stopped: err.message };
}

// === abort-timeout-signal-operations
async function slowOperation(ms: number, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => resolve(`done in ${ms}ms`), ms);
    signal.addEventListener("abort", () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });
}
const results: Record<string, string> = {};
for (const ms of [5, 200]) {
  const signal = AbortSignal.timeout(60);
  try {
    results[`op${ms}`] = await slowOperation(ms, signal);
  } catch (e) {
    const err = e as DOMException;
    results[`op${ms}`] = `${err.name} (${err.code}): ${err.message}`;
  }
  console.log(ms, signal.aborted, results[`op${ms}`]);
}
console.log(results);
return results;

// === abort-promise-race-against-signal
function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}
async function compute(label: string, ms: number): Promise<string> {
  await new Promise((r) => setTimeout(r, ms));
  return `${label} ready`;
}
const outcomes: string[] = [];
for (const [label, ms] of [["quick", 5], ["slow", 150]] as const) {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new Error(`${label} took too long`)), 40);
  try {
    outcomes.push(await Promise.race([compute(label, ms), abortPromise(ac.signal)]));
  } catch (e) {
    outcomes.push(`failed: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
const pre = AbortSignal.abort("cancelled before start");
const early = await Promise.race([compute("never", 1), abortPromise(pre)]).catch((r) => `early: ${r}`);
console.log(outcomes, early);
return { outcomes, early };

// === abort-listeners-and-onabort
const controller = new AbortController();
const { signal } = controller;
const log: string[] = [];
signal.onabort = (event) => log.push(`onabort ${event.type} trusted=${event.isTrusted}`);
signal.addEventListener("abort", () => log.push("listener A"));
const b = () => log.push("listener B (removed)");
signal.addEventListener("abort", b);
signal.removeEventListener("abort", b);
signal.addEventListener("abort", { handleEvent: (e: Event) => log.push(`handler object sees target=${e.target === signal}`) });
signal.addEventListener("abort", () => log.push("once"), { once: true });
console.log("before", signal.aborted, signal.reason, typeof signal.onabort);
controller.abort("shutting down");
controller.abort("again, ignored");
console.log(log);
console.log("after", signal.aborted, signal.reason, controller);
console.log(String(signal), Object.prototype.toString.call(controller), signal instanceof EventTarget);
return log;

// === abort-throw-if-aborted-worker-loop
const controller = new AbortController();
const items = Array.from({ length: 50 }, (_, i) => i + 1);
const processed: number[] = [];
async function worker(name: string, queue: number[], signal: AbortSignal) {
  while (queue.length > 0) {
    signal.throwIfAborted();
    const item = queue.shift()!;
    await new Promise((r) => setTimeout(r, 4));
    processed.push(item);
    if (item === 12) controller.abort(new Error(`${name} found a bad record at item ${item}`));
  }
  return `${name} finished`;
}
const queue = [...items];
const settled = await Promise.allSettled([
  worker("w1", queue, controller.signal),
  worker("w2", queue, controller.signal),
]);
const report = settled.map((s) => (s.status === "fulfilled" ? s.value : `rejected: ${(s.reason as Error).message}`));
console.log(report);
console.log(`processed ${processed.length} of ${items.length}, ${queue.length} left`, processed.slice(-3));
return { report, processed: processed.length, left: queue.length };

// === abort-signal-any-user-or-timeout
async function task(ms: number, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => resolve(`completed after ${ms}ms`), ms);
    signal.addEventListener("abort", () => { clearTimeout(t); reject(signal.reason); }, { once: true });
  });
}
async function run(label: string, workMs: number, cancelAfter: number | null) {
  const user = new AbortController();
  if (cancelAfter !== null) setTimeout(() => user.abort(new Error("cancelled by user")), cancelAfter);
  const signal = AbortSignal.any([user.signal, AbortSignal.timeout(80)]);
  try {
    return `${label}: ${await task(workMs, signal)}`;
  } catch (e) {
    const err = e as Error;
    return `${label}: ${err.name} - ${err.message} (user aborted: ${user.signal.aborted})`;
  }
}
const lines = [
  await run("fast", 10, null),
  await run("user", 200, 20),
  await run("timeout", 200, null),
];
for (const line of lines) console.log(line);
const already = AbortSignal.any([new AbortController().signal, AbortSignal.abort("gone")]);
console.log(already.aborted, already.reason, AbortSignal.any([]).aborted);
return lines;

// === abort-reasons-and-errors
const reasons: unknown[] = [];
const c1 = new AbortController();
c1.abort();
const r1 = c1.signal.reason as DOMException;
console.log(r1.name, r1.message, r1.code, r1 instanceof DOMException, r1 instanceof Error);
const c2 = new AbortController();
c2.abort(new TypeError("bad input"));
const c3 = new AbortController();
c3.abort({ code: 499, why: "client closed" });
for (const s of [c1.signal, c2.signal, c3.signal, AbortSignal.abort(), AbortSignal.abort(42)]) {
  try {
    s.throwIfAborted();
  } catch (e) {
    reasons.push(e instanceof Error ? `${e.name}: ${e.message}` : e);
  }
}
console.log(reasons);
try {
  new (AbortSignal as any)();
} catch (e) {
  console.log("construct:", (e as Error).name, (e as Error).message);
}
const fresh = new AbortController();
console.log(fresh, fresh.signal.reason, AbortSignal.abort());
return reasons;

// === abort-event-target-task-emitter
class ProgressEvent extends Event {
  constructor(public readonly done: number, public readonly total: number) {
    super("progress");
  }
}
class Job extends EventTarget {
  constructor(private steps: number) { super(); }
  async run(signal?: AbortSignal) {
    for (let i = 1; i <= this.steps; i++) {
      if (signal?.aborted) {
        this.dispatchEvent(new Event("cancelled"));
        return false;
      }
      await new Promise((r) => setTimeout(r, 5));
      this.dispatchEvent(new ProgressEvent(i, this.steps));
    }
    const ok = this.dispatchEvent(new Event("complete", { cancelable: true }));
    return ok;
  }
}
const events: string[] = [];
const job = new Job(4);
job.addEventListener("progress", (e) => {
  const p = e as ProgressEvent;
  events.push(`${p.done}/${p.total}`);
});
job.addEventListener("complete", (e) => { events.push("complete"); e.preventDefault(); });
console.log("first run returned", await job.run(), events);
const ac = new AbortController();
const job2 = new Job(10);
job2.addEventListener("progress", (e) => { if ((e as ProgressEvent).done === 3) ac.abort(); });
job2.addEventListener("cancelled", (e) => events.push(`cancelled (${e.type}, cancelable=${e.cancelable})`));
console.log("second run returned", await job2.run(ac.signal), events.slice(-1));
console.log(job, new Event("x").defaultPrevented);
return events;
