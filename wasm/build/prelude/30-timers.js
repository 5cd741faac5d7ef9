
// ---- timers ------------------------------------------------------------------------
//
// The host keeps the clock: native.setTimer(id, ms) asks it to call
// hooks.fireTimer(id) later. Ids are plain numbers (Node returns Timeout
// objects; there is no ref/unref/refresh here).

const nativeSetTimer = native.setTimer;
const nativeClearTimer = native.clearTimer;
const TIMEOUT_MAX = 2147483647;

// id -> { callback, args, interval (ms) or -1 }
const activeTimers = new MapCtor();
let nextTimerId = 1;

// Node's coercion: anything that is not a number in [1, 2^31-1] is 1.
function timerDelay(after) {
  after *= 1;
  if (!(after >= 1 && after <= TIMEOUT_MAX)) {
    if (after > TIMEOUT_MAX) {
      emit('TimeoutOverflowWarning: ' + after + ' does not fit into a 32-bit signed integer.\n' +
        'Timeout duration was set to 1.');
    }
    after = 1;
  }
  return after;
}

function startTimer(callback, delay, args, repeat) {
  if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
  const id = nextTimerId++;
  MapSet(activeTimers, id, { __proto__: null, callback, args, interval: repeat ? delay : -1 });
  nativeSetTimer(id, delay);
  return id;
}

function stopTimer(id) {
  // Node also accepts the id as a string (a Timeout's primitive value).
  if (typeof id !== 'number' && typeof id !== 'string') return;
  id = +id;
  if (MapHas(activeTimers, id)) {
    MapDelete(activeTimers, id);
    nativeClearTimer(id);
  }
}

function setTimeout(callback, delay, ...args) {
  return startTimer(callback, timerDelay(delay), args, false);
}

function setInterval(callback, delay, ...args) {
  return startTimer(callback, timerDelay(delay), args, true);
}

// Runs after the current task, before later timers (delay 0 to the host).
function setImmediate(callback, ...args) {
  return startTimer(callback, 0, args, false);
}

function clearTimeout(id) { stopTimer(id); }
function clearInterval(id) { stopTimer(id); }
function clearImmediate(id) { stopTimer(id); }

defineGlobal('setTimeout', setTimeout);
defineGlobal('clearTimeout', clearTimeout);
defineGlobal('setInterval', setInterval);
defineGlobal('clearInterval', clearInterval);
defineGlobal('setImmediate', setImmediate);
defineGlobal('clearImmediate', clearImmediate);

// hooks.fireTimer: undefined normally, { error } when the callback threw.
function fireTimer(id) {
  const t = MapGet(activeTimers, id);
  if (t === undefined) return undefined; // cleared, or a stale id
  if (t.interval < 0) MapDelete(activeTimers, id);
  try {
    ReflectApply(t.callback, undefined, t.args);
  } catch (error) {
    MapDelete(activeTimers, id);
    return { __proto__: null, error };
  }
  // An interval re-arms unless its callback cleared it (or it was cleared
  // and a new timer took its place, which cannot reuse the id).
  if (t.interval >= 0 && MapGet(activeTimers, id) === t) nativeSetTimer(id, t.interval);
  return undefined;
}
