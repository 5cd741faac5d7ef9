
// ---- Event, EventTarget, AbortSignal, AbortController ---------------------------
//
// Node 20's globals for cancellation, which models use for timeouts and for
// stopping retry loops. There is no DOM here, so there is no propagation
// path: an event only ever reaches its target. While it is dispatched its
// currentTarget is that target and its eventPhase AT_TARGET, as the DOM
// says (Node 20 reports null and NONE even inside listeners).
//
// Each object keeps its state in one private field holding a null-prototype
// record; the static blocks hand out accessors to it, so the functions below
// work on the records and never go through methods a program can replace.
// The accessors double as brand checks (undefined for anything else).
//
// A listener that throws does not stop the ones after it. Node reports the
// error as an uncaught exception once the dispatch is over; here it is
// rethrown from a microtask, which ends the run with that error (the
// glue's drain treats an exception escaping a job as uncaught), before the
// program's own result can settle. A listener's rejected promise is
// treated the same way, as Node does.

const QueueMicrotask = G.queueMicrotask;
const PromiseThen = uncurryThis(PromiseProto.then);
const Performance = G.performance;
const PerformanceNow = uncurryThis(Performance.now);

// An error with the `code` property Node's own errors carry (ERR_...).
function codedError(Ctor, code, message) {
  const e = new Ctor(message);
  ObjectDefineProperty(e, 'code', {
    __proto__: null, value: code, writable: true, enumerable: true, configurable: true,
  });
  return e;
}

function invalidThis(type) {
  return codedError(TypeErrorCtor, 'ERR_INVALID_THIS', 'Value of "this" must be of type ' + type);
}

function reportListenerError(err) {
  QueueMicrotask(() => { throw err; });
}

// Node's WebIDL members are enumerable (for-in over an event lists them);
// class syntax makes them non-enumerable, so they are redefined.
function makeEnumerable(obj, names) {
  for (let i = 0; i < names.length; i++) {
    const d = getDesc(obj, names[i]);
    d.enumerable = true;
    ObjectDefineProperty(obj, names[i], d);
  }
}

// "1_234_567", as Node shows large integers in range errors.
function withSeparators(digits) {
  const start = StringCharCodeAt(digits, 0) === 45 ? 1 : 0; // '-'
  let out = '';
  let i = digits.length;
  for (; i - 3 > start; i -= 3) out = '_' + StringSlice(digits, i - 3, i) + out;
  return StringSlice(digits, 0, i) + out;
}

// Node's validateUint32 for AbortSignal.timeout's delay.
function validateDelay(value) {
  if (typeof value !== 'number') throw invalidArgType('delay', 'of type number', value);
  let range;
  if (value !== MathFloor(value) || value === Infinity || value === -Infinity) range = 'an integer';
  else if (value < 0 || value > 4294967295) range = '>= 0 && <= 4294967295';
  else return;
  const shown = (range !== 'an integer' && (value > 4294967296 || value < -4294967296))
    ? withSeparators(formatNumber(value)) : inspect(value);
  throw codedError(RangeErrorCtor, 'ERR_OUT_OF_RANGE',
    'The value of "delay" is out of range. It must be ' + range + '. Received ' + shown);
}

// The options object handed to a custom inspect method, one level shallower,
// as Node's inspectors of these classes pass it on.
function nestedInspectOptions(options) {
  const opts = ObjectCreate(null);
  if (!isObjectLike(options)) return opts;
  const names = ['depth', 'breakLength', 'compact', 'maxArrayLength', 'maxStringLength',
    'customInspect', 'showHidden', 'showProxy'];
  for (let i = 0; i < names.length; i++) opts[names[i]] = safeGet(options, names[i]);
  const depth = opts.depth;
  if (typeof depth === 'number' && depth === MathFloor(depth)) opts.depth = depth - 1;
  return opts;
}

// "Name { ...shown }", Name being the (sub)class of self.
function inspectWith(self, shown, options) {
  return ctorNameOf(self) + ' ' + inspect(shown, nestedInspectOptions(options));
}

function ctorNameOf(self) {
  const name = safeGet(safeGet(self, 'constructor'), 'name');
  return typeof name === 'string' ? name : '';
}

// ---- Event ----

let eventSlot;

class Event {
  #s;

  constructor(type, options = undefined) {
    if (arguments.length === 0) throw missingArgs('"type"');
    if (options !== undefined && options !== null && !isObjectLike(options)) {
      throw invalidArgType('options', 'of type object', options);
    }
    const opt = (name) => (options === undefined || options === null ? false : !!options[name]);
    this.#s = {
      __proto__: null,
      type: `${type}`,
      bubbles: opt('bubbles'),
      cancelable: opt('cancelable'),
      composed: opt('composed'),
      defaultPrevented: false,
      timeStamp: PerformanceNow(Performance),
      trusted: false,
      target: null,
      dispatching: false,
      stopped: false, // stopPropagation (cancelBubble)
      stoppedNow: false, // stopImmediatePropagation
      inPassive: false,
    };
  }

  static {
    eventSlot = (v) => (isObjectLike(v) && #s in v ? v.#s : undefined);
  }

  // Members in Node's order, which Object.keys(Event.prototype) shows.
  initEvent(type, bubbles = false, cancelable = false) {
    const s = eventState(this);
    if (arguments.length === 0) throw missingArgs('"type"');
    if (s.dispatching) return;
    s.type = `${type}`;
    s.bubbles = !!bubbles;
    s.cancelable = !!cancelable;
  }
  stopImmediatePropagation() {
    const s = eventState(this);
    s.stopped = true;
    s.stoppedNow = true;
  }
  preventDefault() {
    const s = eventState(this);
    if (s.cancelable && !s.inPassive) s.defaultPrevented = true;
  }
  get target() { return eventState(this).target; }
  get currentTarget() {
    const s = eventState(this);
    return s.dispatching ? s.target : null;
  }
  get srcElement() { return eventState(this).target; }
  get type() { return eventState(this).type; }
  get cancelable() { return eventState(this).cancelable; }
  get defaultPrevented() { return eventState(this).defaultPrevented; }
  get timeStamp() { return eventState(this).timeStamp; }
  composedPath() {
    const s = eventState(this);
    return s.dispatching ? [s.target] : [];
  }
  // Read-only in Node 20 (the DOM's setter is legacy).
  get returnValue() { return !eventState(this).defaultPrevented; }
  get bubbles() { return eventState(this).bubbles; }
  get composed() { return eventState(this).composed; }
  get eventPhase() { return eventState(this).dispatching ? 2 : 0; }
  get cancelBubble() { return eventState(this).stopped; }
  set cancelBubble(value) {
    if (value) eventState(this).stopped = true;
  }
  stopPropagation() { eventState(this).stopped = true; }
  get isTrusted() { return eventState(this).trusted; }

  [inspectCustom](depth, options) {
    const s = eventState(this);
    if (typeof depth === 'number' && depth < 0) return ctorNameOf(this);
    return inspectWith(this, {
      type: s.type, defaultPrevented: s.defaultPrevented,
      cancelable: s.cancelable, timeStamp: s.timeStamp,
    }, options);
  }
}

function eventState(v) {
  const s = eventSlot(v);
  if (s === undefined) throw invalidThis('Event');
  return s;
}

makeEnumerable(Event.prototype, ['initEvent', 'stopImmediatePropagation', 'preventDefault', 'target',
  'currentTarget', 'srcElement', 'type', 'cancelable', 'defaultPrevented', 'timeStamp', 'composedPath',
  'returnValue', 'bubbles', 'composed', 'eventPhase', 'cancelBubble', 'stopPropagation', 'isTrusted']);
defineTag(Event.prototype, 'Event');
{
  const phases = ['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE'];
  for (let i = 0; i < phases.length; i++) {
    ObjectDefineProperty(Event, phases[i], {
      __proto__: null, value: i, writable: false, enumerable: true, configurable: false,
    });
  }
}

// ---- EventTarget ----

// A target's record: listeners maps an event type to its list of
// registrations { callback, capture, once, passive, removed, attribute,
// unlink }, unlink being the 'abort' registration on options.signal.
// A dispatch walks a copy of the list, so removals replace the list rather
// than edit it, and listeners added during a dispatch wait for the next.
let targetSlot;

class EventTarget {
  #s = { __proto__: null, listeners: new MapCtor(), attributes: null };

  static {
    targetSlot = (v) => (isObjectLike(v) && #s in v ? v.#s : undefined);
  }

  addEventListener(type, listener, options = undefined) {
    const s = targetState(this);
    if (arguments.length < 2) throw missingArgs('"type" and "listener"');
    let capture = false;
    let once = false;
    let passive = false;
    let signal;
    if (typeof options === 'boolean') {
      capture = options;
    } else if (options !== undefined && options !== null) {
      once = !!options.once;
      capture = !!options.capture;
      passive = !!options.passive;
      signal = options.signal;
      if (signal !== undefined && signalSlot(signal) === undefined) {
        throw propertyArgType('options.signal', 'an instance of AbortSignal', signal);
      }
    }
    // Node ignores a missing listener (with a process warning).
    if (listener === null || listener === undefined) return;
    if (!isObjectLike(listener)) throw invalidArgType('listener', 'an instance of EventListener', listener);
    if (signal !== undefined && signalSlot(signal).aborted) return;
    addListener(s, `${type}`, listener, capture, once, passive, signal, false);
  }

  removeEventListener(type, listener, options = undefined) {
    const s = targetState(this);
    if (arguments.length < 2) throw missingArgs('"type" and "listener"');
    const capture = typeof options === 'boolean' ? options
      : (options !== undefined && options !== null && !!options.capture);
    const key = `${type}`;
    const list = MapGet(s.listeners, key);
    if (list === undefined) return;
    for (let i = 0; i < list.length; i++) {
      const r = list[i];
      if (!r.attribute && r.callback === listener && r.capture === capture) {
        removeListener(s, key, r);
        return;
      }
    }
  }

  dispatchEvent(event) {
    const s = targetState(this);
    if (arguments.length === 0) throw missingArgs('"event"');
    const es = eventSlot(event);
    if (es === undefined) throw invalidArgType('event', 'an instance of Event', event);
    if (es.dispatching) {
      throw codedError(ErrorCtor, 'ERR_EVENT_RECURSION', 'The event "' + es.type + '" is already being dispatched');
    }
    return dispatch(this, s, event, es);
  }

  [inspectCustom](depth, options) {
    targetState(this);
    if (typeof depth === 'number' && depth < 0) return ctorNameOf(this);
    return inspectWith(this, {}, options);
  }
}

// Node words a bad options.signal as a property, not an argument.
function propertyArgType(name, expected, actual) {
  const e = invalidArgType(name, expected, actual);
  e.message = 'The "' + name + '" property' + StringSlice(e.message, name.length + 15);
  return e;
}

function targetState(v) {
  const s = targetSlot(v);
  if (s === undefined) throw invalidThis('EventTarget');
  return s;
}

// Returns the new registration, or undefined if it was already there.
function addListener(s, type, callback, capture, once, passive, signal, attribute) {
  let list = MapGet(s.listeners, type);
  if (list === undefined) {
    list = newList();
    MapSet(s.listeners, type, list);
  }
  // The same callback and capture flag register once (an on<type>
  // handler is apart from the listeners).
  for (let i = 0; !attribute && i < list.length; i++) {
    if (!list[i].attribute && list[i].callback === callback && list[i].capture === capture) return undefined;
  }
  const r = { __proto__: null, callback, capture, once, passive, removed: false, attribute, unlink: null };
  ArrayPush(list, r);
  if (signal !== undefined) {
    const ss = targetSlot(signal);
    const onAbort = addListener(ss, 'abort', () => removeListener(s, type, r), false, true, false, undefined, false);
    // Removing the listener drops this one too, so a long-lived signal
    // does not collect a registration per listener ever added with it.
    r.unlink = { __proto__: null, s: ss, r: onAbort };
  }
  return r;
}

function removeListener(s, type, r) {
  if (r.removed) return;
  r.removed = true;
  if (r.unlink !== null) removeListener(r.unlink.s, 'abort', r.unlink.r);
  const list = MapGet(s.listeners, type);
  const kept = newList();
  for (let i = 0; i < list.length; i++) if (list[i] !== r) ArrayPush(kept, list[i]);
  if (kept.length === 0) MapDelete(s.listeners, type);
  else MapSet(s.listeners, type, kept);
}

// The `on<type>` handler properties, as Node has them: the first value set
// registers a listener at that point in the order; later values replace the
// one it calls, and anything but a function makes it call nothing.
function getAttribute(target, type) {
  const s = targetState(target);
  const r = s.attributes === null ? undefined : MapGet(s.attributes, type);
  return r === undefined ? null : r.callback;
}

function setAttribute(target, type, value) {
  const s = targetState(target);
  if (s.attributes === null) s.attributes = new MapCtor();
  const r = MapGet(s.attributes, type);
  if (r !== undefined) {
    r.callback = value;
    return;
  }
  MapSet(s.attributes, type, addListener(s, type, value, false, false, false, undefined, true));
}

function dispatch(target, s, event, es) {
  es.target = target;
  es.dispatching = true;
  const list = MapGet(s.listeners, es.type);
  if (list !== undefined) {
    const snapshot = listFrom(list, 0);
    for (let i = 0; i < snapshot.length && !es.stoppedNow; i++) {
      const r = snapshot[i];
      if (r.removed) continue;
      if (r.once) removeListener(s, es.type, r);
      es.inPassive = r.passive;
      callListener(target, r, event);
      es.inPassive = false;
    }
  }
  es.dispatching = false;
  es.stopped = false;
  es.stoppedNow = false;
  return !es.defaultPrevented;
}

function callListener(target, r, event) {
  const callback = r.callback;
  let result;
  try {
    if (typeof callback === 'function') {
      result = ReflectApply(callback, target, [event]);
    } else if (!r.attribute) {
      // Read at each dispatch; an object without one is skipped, as in Node.
      const handleEvent = callback.handleEvent;
      if (handleEvent) result = ReflectApply(handleEvent, callback, [event]);
    }
  } catch (err) {
    reportListenerError(err);
    return;
  }
  if (nativePromiseState(result) !== undefined) PromiseThen(result, undefined, reportListenerError);
}

makeEnumerable(EventTarget.prototype, ['addEventListener', 'removeEventListener', 'dispatchEvent']);
defineTag(EventTarget.prototype, 'EventTarget');

// ---- AbortSignal ----

let signalSlot;
// Set while the prelude makes a signal: `new AbortSignal()` is illegal.
let makingSignal = false;

class AbortSignal extends EventTarget {
  #s;

  constructor() {
    if (!makingSignal) throw codedError(TypeErrorCtor, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    makingSignal = false;
    super();
    // sources: the signals an AbortSignal.any signal follows (null for
    // others); dependents: the any() signals following this one.
    this.#s = { __proto__: null, aborted: false, reason: undefined, sources: null, dependents: null };
  }

  static {
    signalSlot = (v) => (isObjectLike(v) && #s in v ? v.#s : undefined);
  }

  get aborted() { return signalState(this).aborted; }
  get reason() { return signalState(this).reason; }
  throwIfAborted() {
    const s = signalState(this);
    if (s.aborted) throw s.reason;
  }
  get onabort() {
    signalState(this);
    return getAttribute(this, 'abort');
  }
  set onabort(value) {
    signalState(this);
    setAttribute(this, 'abort', value);
  }

  static abort(reason = undefined) {
    const signal = newSignal();
    const s = signalSlot(signal);
    s.aborted = true;
    s.reason = reason === undefined ? abortError() : reason;
    return signal;
  }

  static timeout(delay) {
    validateDelay(delay);
    const signal = newSignal();
    // A prelude timer, so the virtual clock drives it like any other.
    // (Node's timer does not keep the process alive; here a run that waits
    // on nothing else waits for it.)
    startTimer(() => {
      abortSignal(signal, new DOMExceptionCtor('The operation was aborted due to timeout', 'TimeoutError'));
    }, timerDelay(delay), newList(), false);
    return signal;
  }

  static any(signals) {
    if (!ArrayIsArray(signals)) throw invalidArgType('signals', 'an instance of Array', signals);
    const n = signals.length;
    const inputs = newList();
    for (let i = 0; i < n; i++) {
      const v = signals[i];
      if (signalSlot(v) === undefined) throw invalidArgType('signals[' + i + ']', 'an instance of AbortSignal', v);
      ArrayPush(inputs, v);
    }
    const signal = newSignal();
    const s = signalSlot(signal);
    for (let i = 0; i < inputs.length; i++) {
      const from = signalSlot(inputs[i]);
      if (from.aborted) {
        s.aborted = true;
        s.reason = from.reason;
        return signal;
      }
    }
    // Follow the sources themselves rather than other any() signals, so an
    // abort reaches every follower in one step.
    s.sources = newList();
    for (let i = 0; i < inputs.length; i++) {
      const from = signalSlot(inputs[i]);
      if (from.sources === null) follow(signal, s, inputs[i], from);
      else for (let j = 0; j < from.sources.length; j++) follow(signal, s, from.sources[j], signalSlot(from.sources[j]));
    }
    return signal;
  }

  [inspectCustom](depth, options) {
    const s = signalState(this);
    if (typeof depth === 'number' && depth < 0) return this;
    return inspectWith(this, { aborted: s.aborted }, options);
  }
}

function follow(signal, s, source, from) {
  if (ArrayIndexOf(s.sources, source) !== -1) return;
  ArrayPush(s.sources, source);
  if (from.dependents === null) from.dependents = newList();
  ArrayPush(from.dependents, signal);
}

function signalState(v) {
  const s = signalSlot(v);
  if (s === undefined) throw invalidThis('AbortSignal');
  return s;
}

function newSignal() {
  makingSignal = true;
  try {
    return new AbortSignal();
  } finally {
    makingSignal = false;
  }
}

function abortError() {
  return new DOMExceptionCtor('This operation was aborted', 'AbortError');
}

// Fires 'abort' at the signal, then aborts its followers with the same
// reason: Node 20's order (the DOM now sets every reason first), so a
// listener on a source still sees its any() signals unaborted.
function abortSignal(signal, reason) {
  const s = signalSlot(signal);
  if (s.aborted) return;
  s.aborted = true;
  s.reason = reason === undefined ? abortError() : reason;
  fireAbort(signal);
  const followers = s.dependents;
  s.dependents = null;
  if (followers !== null) {
    for (let i = 0; i < followers.length; i++) abortSignal(followers[i], s.reason);
  }
}

function fireAbort(signal) {
  const event = new Event('abort');
  const es = eventSlot(event);
  es.trusted = true;
  dispatch(signal, targetSlot(signal), event, es);
}

makeEnumerable(AbortSignal.prototype, ['aborted', 'onabort']);
defineTag(AbortSignal.prototype, 'AbortSignal');

// ---- AbortController ----

class AbortController {
  #signal = newSignal();

  get signal() { return this.#signal; }
  abort(reason = undefined) { abortSignal(this.#signal, reason); }

  [inspectCustom](depth, options) {
    if (typeof depth === 'number' && depth < 0) return this;
    return inspectWith(this, { signal: this.#signal }, options);
  }
}

makeEnumerable(AbortController.prototype, ['signal', 'abort']);
defineTag(AbortController.prototype, 'AbortController');

defineGlobal('Event', Event);
defineGlobal('EventTarget', EventTarget);
defineGlobal('AbortSignal', AbortSignal);
defineGlobal('AbortController', AbortController);
