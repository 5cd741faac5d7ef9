// === unhandled-dropped-save
// The call fired without await fails after the loop; the run must not
// report the files as saved.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function save(name: string) {
  await sleep(5);
  if (name.includes("/")) throw new Error(`cannot save ${name}`);
  console.log("saved", name);
}
for (const n of ["report.txt", "bad/name.txt"]) save(n);
await sleep(50);
return "saved all files";

// === unhandled-reject-before-return
Promise.reject(new TypeError("rejected in the last drain"));
return "returned";

// === unhandled-non-error-reason
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
(async () => { throw { code: "E_QUOTA", retry: false }; })();
await sleep(10);
return "unreachable";

// === unhandled-first-of-two
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
Promise.reject(new Error("first"));
Promise.reject(new Error("second"));
await sleep(1);
return "unreachable";

// === unhandled-stops-the-program
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function step(n: number) { await sleep(n); throw new RangeError(`step ${n} failed`); }
// The loop logs nothing: under Node the rest of the program goes on
// after the harness recorded its failure.
const done: number[] = [];
step(1);
for (let i = 0; i < 3; i++) { await sleep(20); done.push(i); }
return done;

// === handled-later-in-same-drain
const p = Promise.reject(new Error("caught after an await"));
await null;
await null;
const msg = await p.catch((e: Error) => e.message);
return msg;

// === handled-by-then-chain
const results = ["a", "b/c"].map(async (n) => {
  if (n.includes("/")) throw new Error(`bad ${n}`);
  return n;
});
const settled = await Promise.allSettled(results);
return settled.map((s) => s.status);

// === handled-by-catch-before-rejection
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const job = (async () => { await sleep(5); throw new Error("job failed"); })();
job.catch((e: Error) => console.log("logged:", e.message));
await sleep(20);
return "kept going";

// === handled-rejection-in-promise-all
try {
  await Promise.all([Promise.resolve(1), Promise.reject(new Error("one failed")), Promise.reject(new Error("two failed"))]);
} catch (e) {
  return (e as Error).message;
}

// === rejected-then-caught-in-a-later-timer
// Node ends the process before the timer attaches the handler.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p = Promise.reject(new Error("nobody caught it in time"));
await sleep(1);
p.catch(() => {});
return "too late";
