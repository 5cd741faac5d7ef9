// compare: node
// Event, EventTarget, AbortSignal, AbortController (no timeStamps or stacks:
// they differ by nature).
const log = (...a) => console.log(...a);
const tr = (f) => {
  try { log(f()); } catch (e) { if (e instanceof Error) log(e.name, e.code, e.message); else log('threw', e); }
};

// Shapes, tags and console output.
for (const C of [Event, EventTarget, AbortSignal, AbortController]) {
  log(C.name, C.length, Object.keys(C.prototype), Object.keys(C), typeof C.prototype.constructor);
}
log(Object.getOwnPropertyNames(AbortSignal), AbortSignal.any.length, AbortSignal.timeout.length, AbortSignal.abort.length);
log(Object.getOwnPropertyDescriptor(Event, 'AT_TARGET'), Object.getOwnPropertyDescriptor(globalThis, 'AbortController'));
log(Object.getPrototypeOf(AbortSignal.prototype) === EventTarget.prototype, AbortSignal.abort() instanceof EventTarget);
log(String(new AbortController().signal), Object.prototype.toString.call(new AbortController()),
  `${new Event('x')}`, String(new EventTarget()), Object.prototype.toString.call(Event.prototype));
log(new AbortController(), AbortSignal.abort(), new EventTarget(), [new AbortController()]);
log({ a: { b: { c: new AbortController(), d: new Event('x'), e: new EventTarget() } } });
log(JSON.stringify({ c: new AbortController(), e: new Event('x') }), Object.keys(new Event('x')));
const ctl = new AbortController();
ctl.abort('why');
log(ctl, ctl.signal);
class Emitter extends EventTarget { constructor() { super(); this.n = 1; } }
log(new Emitter(), [new Emitter()]);

// Event.
const ev = new Event('ping', { cancelable: true, bubbles: 1 });
log(ev.type, ev.bubbles, ev.cancelable, ev.composed, ev.defaultPrevented, ev.returnValue, ev.isTrusted,
  ev.target, ev.currentTarget, ev.srcElement, ev.eventPhase, ev.composedPath(), typeof ev.timeStamp);
ev.preventDefault();
log(ev.defaultPrevented, ev.returnValue);
const plain = new Event('x');
plain.preventDefault();
plain.cancelBubble = true;
log(plain.defaultPrevented, plain.cancelBubble, new Event(undefined).type, new Event({ toString: () => 'q' }).type);
tr(() => new Event());
tr(() => new Event('x', 5).type);
tr(() => new Event('x', null).type);
tr(() => Object.getOwnPropertyDescriptor(Event.prototype, 'type').get.call({}));
class MyEvent extends Event { constructor(detail) { super('my'); this.detail = detail; } }
log(new MyEvent(5).detail, new MyEvent(5) instanceof Event);

// EventTarget.
const t = new EventTarget();
const f = (e) => log('f', e.type, e.target === t, e.isTrusted);
t.addEventListener('x', f);
t.addEventListener('x', f);
t.addEventListener('x', f, { capture: true });
t.addEventListener('x', { handleEvent(e) { log('handleEvent', this !== t, e.type); } });
t.addEventListener('x', {});
log(t.dispatchEvent(new Event('x')));
t.removeEventListener('x', f);
t.removeEventListener('x', f, { capture: true });
log(t.dispatchEvent(new Event('x')));
const y = new Event('y', { cancelable: true });
t.addEventListener('y', (e) => { e.preventDefault(); log('once', e.defaultPrevented); }, { once: true });
log(t.dispatchEvent(y), t.dispatchEvent(new Event('y', { cancelable: true })), y.target === t, y.currentTarget);
const ac = new AbortController();
t.addEventListener('z', () => log('z'), { signal: ac.signal });
t.dispatchEvent(new Event('z'));
ac.abort();
t.dispatchEvent(new Event('z'));
t.addEventListener('z', () => log('never: aborted signal'), { signal: ac.signal });
t.dispatchEvent(new Event('z'));
const l2 = () => log('never: removed during dispatch');
t.addEventListener('q', () => { log('q1'); t.removeEventListener('q', l2); });
t.addEventListener('q', l2);
t.addEventListener('q', () => log('q3'));
t.dispatchEvent(new Event('q'));
t.addEventListener('s', (e) => { e.stopImmediatePropagation(); log('s1'); });
t.addEventListener('s', () => log('never: stopped'));
t.dispatchEvent(new Event('s'));
const em = new Emitter();
em.addEventListener('my', (e) => log('got', e.detail, e instanceof MyEvent));
em.dispatchEvent(new MyEvent(7));
const re = new Event('r');
t.addEventListener('r', () => tr(() => t.dispatchEvent(re)));
t.dispatchEvent(re);
tr(() => t.addEventListener('x'));
tr(() => t.addEventListener('x', 5));
tr(() => t.addEventListener('x', () => {}, { signal: 5 }));
tr(() => t.addEventListener('x', () => {}, { signal: null }));
tr(() => t.removeEventListener('x'));
tr(() => t.removeEventListener('x', null));
tr(() => t.dispatchEvent());
tr(() => t.dispatchEvent('x'));
tr(() => t.dispatchEvent({ type: 'x' }));
tr(() => EventTarget.prototype.addEventListener.call({}, 'x', () => {}));

// AbortSignal and AbortController.
tr(() => new AbortSignal());
const c = new AbortController();
log(c.signal === c.signal, c.signal.aborted, c.signal.reason, c.signal.onabort);
c.signal.onabort = function (e) { log('onabort', e.type, this === c.signal, e.isTrusted, e.constructor.name); };
c.signal.addEventListener('abort', (e) => log('listener', c.signal.aborted, e.cancelable), { once: true });
c.abort();
c.abort('again');
const r = c.signal.reason;
log(r instanceof DOMException, r instanceof Error, r.name, r.message, r.code);
tr(() => c.signal.throwIfAborted());
tr(() => { try { c.signal.throwIfAborted(); } catch (e) { return e === r; } });
log(new AbortController().signal.throwIfAborted());
const c2 = new AbortController();
c2.abort(null);
log(c2.signal.reason, c2.signal.aborted);
tr(() => c2.signal.throwIfAborted());
log(AbortSignal.abort('r').reason, AbortSignal.abort().reason.name, AbortSignal.abort(0).reason);
const s5 = AbortSignal.abort();
s5.onabort = 5;
log(s5.onabort);
s5.onabort = null;
log(s5.onabort);
tr(() => Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted').get.call({}));
tr(() => AbortSignal.prototype.throwIfAborted.call({}));
tr(() => AbortSignal.timeout());
tr(() => AbortSignal.timeout('5'));
tr(() => AbortSignal.timeout(-1));
tr(() => AbortSignal.timeout(1.5));
tr(() => AbortSignal.timeout(NaN));
tr(() => AbortSignal.timeout(5e9));
tr(() => AbortSignal.timeout(-5e9));
tr(() => AbortSignal.any());
tr(() => AbortSignal.any(5));
tr(() => AbortSignal.any([AbortSignal.abort(), 1]));
tr(() => AbortSignal.any([]).aborted);

// onabort keeps the place where it was first set.
const c3 = new AbortController();
c3.signal.addEventListener('abort', () => log('order: first listener'));
c3.signal.onabort = () => log('never: replaced');
c3.signal.addEventListener('abort', () => log('order: third'));
c3.signal.onabort = () => log('order: onabort, second');
c3.abort();

// The same function as a listener and as onabort runs twice; a listener
// added with { signal } and removed stays removed.
const c4 = new AbortController();
const both = (e) => log('both', e.type);
c4.signal.addEventListener('abort', both);
c4.signal.onabort = both;
const t4 = new EventTarget();
const h4 = () => log('never: removed');
t4.addEventListener('k', h4, { signal: c4.signal });
t4.removeEventListener('k', h4);
t4.dispatchEvent(new Event('k'));
c4.abort();
t4.addEventListener('k', () => log('k after abort'));
t4.dispatchEvent(new Event('k'));

// AbortSignal.any.
const a1 = new AbortController();
const a2 = new AbortController();
const any = AbortSignal.any([a1.signal, a2.signal]);
const anyOfAny = AbortSignal.any([any]);
any.addEventListener('abort', () => log('any aborted', any.reason, a2.signal.aborted, anyOfAny.aborted));
anyOfAny.onabort = () => log('anyOfAny aborted', anyOfAny.reason);
a1.signal.onabort = () => log('source aborted first', any.aborted);
a1.abort('first');
a2.abort('second');
log(any.reason, anyOfAny.reason);
const pre = AbortSignal.any([new AbortController().signal, AbortSignal.abort('already')]);
log(pre.aborted, pre.reason);

// AbortSignal.timeout, the reason, and the order against other timers.
const ts = AbortSignal.timeout(20);
log(ts.aborted);
ts.addEventListener('abort', () => log('timeout fired', ts.reason.name, ts.reason.message, ts.reason.code,
  ts.reason instanceof DOMException));
setTimeout(() => log('timer at 5, not yet', ts.aborted), 5);
const raced = await Promise.race([
  new Promise((resolve) => setTimeout(() => resolve('slow work'), 200)),
  new Promise((_, reject) => { ts.addEventListener('abort', () => reject(ts.reason)); }),
]).catch((e) => `race lost to ${e.name}`);
log(raced, ts.aborted);
await new Promise((resolve) => setTimeout(resolve, 200));
log('done');
