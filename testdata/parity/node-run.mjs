// Runs the parity corpus under Node, the reference, the way coderun runs a
// program: the body of an async function, its console lines and its value
// or failure recorded. Reads [{name, js}] (types already stripped) as JSON
// on stdin and writes [{name, logs, value, failure}] on stdout.
//
// Every console call is one log entry, as in coderun: a Console over a
// stream that receives each call's text as one write.
//
// The script is the one coderun evaluates, compiled as a script named
// program.ts, as coderun names it, so that its stack frames read as
// coderun's: "at program.ts:LINE:COLUMN" with positions in that script (the
// test maps them to the program's lines, as coderun does inside the run).
// Its function is called from a promise job, so no frame of this harness
// sits below the program's, as none of coderun's host does; the job passes
// it one undefined argument, which a program could see only through
// `arguments`.
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { Script } from 'node:vm';

const input = JSON.parse(await new Promise((resolve) => {
  let text = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => { text += chunk; });
  process.stdin.on('end', () => resolve(text));
}));

// A rejection nothing handled ends Node's process once the microtask queue
// drains; coderun ends the run the same way. The listener stands in for the
// exit: the program in progress fails with the reason, even if its value was
// already there (the rejection came in the drain that returned it).
let unhandled = null;
let stopProgram = () => {};
process.on('unhandledRejection', (reason) => {
  unhandled ??= { reason };
  stopProgram(reason);
});
// p's outcome, passed on by callbacks rather than awaited: V8 ends a stack
// with the async functions that await, through the promise chain, the job
// the stack was made in ("at async file:///.../node-run.mjs:56:19"), and
// this harness's loop is not the program's. Arrow functions, unlike a
// promise's own resolving functions, end that chain.
const outcomeOf = (p) => new Promise((resolve, reject) => {
  p.then((value) => resolve(value), (error) => reject(error));
});
const describeThrown = (e) => (e instanceof Error ? `${e.name}: ${e.message}` : `Uncaught ${inspect(e)}`);

const realConsole = globalThis.console;
const results = [];
for (const { name, js } of input) {
  const logs = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk).replace(/\n$/, ''));
      done();
    },
  });
  globalThis.console = new Console({ stdout: sink, stderr: sink, colorMode: false });
  const result = { name, logs };
  unhandled = null;
  try {
    const fn = new Script(js, { filename: 'program.ts' }).runInThisContext();
    const value = await outcomeOf(Promise.race([
      Promise.resolve().then(fn),
      new Promise((_, reject) => setTimeout(() => reject(new Error('parity: timed out after 5 s')), 5000)),
      new Promise((_, reject) => { stopProgram = reject; }),
    ]));
    result.value = value === undefined ? null : JSON.parse(JSON.stringify(value) ?? 'null');
  } catch (e) {
    result.failure = describeThrown(e);
  }
  // Writes are synchronous for this stream, but let any pending callbacks run.
  await new Promise((resolve) => setImmediate(resolve));
  if (unhandled !== null) {
    delete result.value;
    result.failure = describeThrown(unhandled.reason);
  }
  stopProgram = () => {};
  globalThis.console = realConsole;
  results.push(result);
}
process.stdout.write(JSON.stringify(results));
