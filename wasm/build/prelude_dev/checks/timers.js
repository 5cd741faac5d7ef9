// Expected order: by due time, then by creation (the dev host keeps a virtual clock).
// Timer ordering and argument handling (ids are not printed: Node's are objects).
const log = (...a) => console.log(...a);
setTimeout(() => log('t25'), 25);
setTimeout(() => log('t0 coerced to 1, first'), 0);
setTimeout(() => log('t1, second'), 1);
setTimeout(() => log('tNaN, third'), NaN);
setTimeout(() => log('tneg, fourth'), -5);
setTimeout(() => log('tstr "5"'), '5');
setTimeout((a, b, c) => log('args', a, b, c), 2, 'x', 2, undefined);
Promise.resolve().then(() => log('microtask before timers'));
queueMicrotask(() => log('queueMicrotask before timers'));
let n = 0;
const iv = setInterval(() => {
  n++;
  log('interval', n);
  if (n === 3) clearInterval(iv);
}, 10);
const cancelled = setTimeout(() => log('never'), 3);
clearTimeout(cancelled);
clearTimeout(cancelled);
clearTimeout(123456);
clearTimeout(undefined);
clearTimeout('nope');
clearInterval(null);
setTimeout(() => {
  log('nested outer');
  setTimeout(() => log('nested inner 0'), 0);
  Promise.resolve().then(() => log('nested microtask'));
}, 60);
const self = setInterval(() => { log('self-clearing interval'); clearInterval(self); }, 4);
for (const bad of ['x', 1, undefined, null, {}, [], Object.create(null), 5n, Symbol('s'), 'a'.repeat(40)]) {
  try { setTimeout(bad); } catch (e) { log(e.name, e.code, e.message); }
}
try { setInterval(); } catch (e) { log(e.name, e.code, e.message); }
await new Promise((r) => setTimeout(r, 100));
log('done');
