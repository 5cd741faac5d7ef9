
// ---- util.format and console -----------------------------------------------------
//
// Every console method emits exactly one native.print call (one log line,
// which may contain newlines). There is a single output stream: warn/error
// are not told apart from log.

const nativePrint = native.print;
const nativeMonotonic = native.monotonic;

// Uppercase global names present before any program runs: Node counts an
// object whose toString comes from one of these as "built in" for %s.
const builtInNames = new SetCtor();
{
  const names = ObjectGetOwnPropertyNames(G);
  for (let i = 0; i < names.length; i++) {
    const c = StringCharCodeAt(names[i], 0);
    if (c >= 65 && c <= 90) SetAdd(builtInNames, names[i]);
  }
}

// %s prints objects with inspect unless they bring their own conversion
// (a toString or Symbol.toPrimitive not inherited from a builtin class).
function hasBuiltInToString(value) {
  try {
    if (ObjectHasOwn(value, SymbolToPrimitive)) return false;
    if (typeof value.toString !== 'function') return true;
    if (ObjectHasOwn(value, 'toString')) return false;
    let pointer = value;
    do {
      pointer = ObjectGetPrototypeOf(pointer);
    } while (!ObjectHasOwn(pointer, 'toString') && !ObjectHasOwn(pointer, SymbolToPrimitive));
    const d = getDesc(pointer, 'constructor');
    return d !== undefined && typeof d.value === 'function' && SetHas(builtInNames, d.value.name);
  } catch (e) {
    return true;
  }
}

function tryStringify(v) {
  try {
    return JSONStringify(v);
  } catch (err) {
    // Node prints cycles as [Circular] and lets other errors through.
    if (isObjectLike(err) && ObjectIsPrototypeOf(TypeErrorCtor.prototype, err) &&
        StringIncludes(safeString(safeGet(err, 'message')), 'circular')) {
      return '[Circular]';
    }
    throw err;
  }
}

// Node's util.format: printf-like specifiers in a leading string, then the
// remaining arguments inspected (strings raw), separated by spaces.
function format(args) {
  const first = args[0];
  let a = 0;
  let str = '';
  let join = '';
  if (typeof first === 'string') {
    if (args.length === 1) return first;
    let lastPos = 0;
    let tempStr;
    for (let i = 0; i < first.length - 1; i++) {
      if (StringCharCodeAt(first, i) !== 37) continue; // '%'
      const next = StringCharCodeAt(first, ++i);
      if (a + 1 !== args.length) {
        switch (next) {
          case 115: { // s
            const arg = args[++a];
            if (typeof arg === 'number') tempStr = formatNumber(arg);
            else if (typeof arg === 'bigint') tempStr = formatBigInt(arg);
            else if (typeof arg !== 'object' || arg === null || !hasBuiltInToString(arg)) tempStr = StringCtor(arg);
            else tempStr = inspect(arg, { __proto__: null, depth: 0 });
            break;
          }
          case 106: tempStr = tryStringify(args[++a]); break; // j
          case 100: { // d
            const arg = args[++a];
            if (typeof arg === 'bigint') tempStr = formatBigInt(arg);
            else if (typeof arg === 'symbol') tempStr = 'NaN';
            else tempStr = formatNumber(NumberCtor(arg));
            break;
          }
          case 79: tempStr = inspect(args[++a]); break; // O
          case 111: // o: hidden properties and proxies shown, as in Node
            tempStr = inspect(args[++a], { __proto__: null, depth: 4, showHidden: true, showProxy: true });
            break;
          case 105: { // i
            const arg = args[++a];
            if (typeof arg === 'bigint') tempStr = formatBigInt(arg);
            else if (typeof arg === 'symbol') tempStr = 'NaN';
            else tempStr = formatNumber(NumberParseInt(arg));
            break;
          }
          case 102: { // f
            const arg = args[++a];
            tempStr = typeof arg === 'symbol' ? 'NaN' : formatNumber(NumberParseFloat(arg));
            break;
          }
          case 99: a += 1; tempStr = ''; break; // c: CSS, ignored
          case 37: // %%
            str += StringSlice(first, lastPos, i);
            lastPos = i + 1;
            continue;
          default: continue; // not a specifier: left as is
        }
        if (lastPos !== i - 1) str += StringSlice(first, lastPos, i - 1);
        str += tempStr;
        lastPos = i + 1;
      } else if (next === 37) {
        str += StringSlice(first, lastPos, i);
        lastPos = i + 1;
      }
    }
    if (lastPos !== 0) {
      a++;
      join = ' ';
      if (lastPos < first.length) str += StringSlice(first, lastPos);
    }
  }
  while (a < args.length) {
    const v = args[a];
    str += join + (typeof v !== 'string' ? inspect(v) : v);
    join = ' ';
    a++;
  }
  return str;
}

let groupIndent = '';

function emit(text) {
  if (groupIndent !== '') text = groupIndent + replaceNewlines(text, groupIndent);
  nativePrint(text);
}

// Node reports these through process warnings on stderr.
function warnLine(message) {
  emit('Warning: ' + message);
}

const counts = new MapCtor();
const timers = new MapCtor();

function pad2(n) { return n < 10 ? '0' + n : '' + n; }

// Node's console.timeEnd duration text: "1.234ms", "2.500s", "1:02.003 (m:ss.mmm)".
function formatDuration(ms) {
  let hours = 0;
  let minutes = 0;
  let seconds = 0;
  if (ms >= 1000) {
    if (ms >= 60000) {
      if (ms >= 3600000) {
        hours = MathFloor(ms / 3600000);
        ms = ms % 3600000;
      }
      minutes = MathFloor(ms / 60000);
      ms = ms % 60000;
    }
    seconds = ms / 1000;
  }
  if (hours !== 0 || minutes !== 0) {
    const fixed = NumberToFixed(seconds, 3);
    const dot = StringIndexOf(fixed, '.');
    const secs = StringSlice(fixed, 0, dot);
    const millis = StringSlice(fixed, dot + 1);
    const res = hours !== 0 ? hours + ':' + pad2(minutes) : '' + minutes;
    return res + ':' + StringPadStart(secs, 2, '0') + '.' + millis + ' (' + (hours !== 0 ? 'h:m' : '') + 'm:ss.mmm)';
  }
  if (seconds !== 0) return NumberToFixed(seconds, 3) + 's';
  return NumberCtor(NumberToFixed(ms, 3)) + 'ms';
}

function timeLogImpl(name, label, data) {
  label = '' + label;
  const start = MapGet(timers, label);
  if (start === undefined) {
    warnLine("No such label '" + label + "' for console." + name + '()');
    return false;
  }
  const args = ['%s: %s', label, formatDuration(nativeMonotonic() - start)];
  for (let i = 0; i < data.length; i++) ArrayPush(args, data[i]);
  emit(format(args));
  return true;
}

const consoleMethods = {
  log(...args) { emit(format(args)); },
  info(...args) { emit(format(args)); },
  debug(...args) { emit(format(args)); },
  warn(...args) { emit(format(args)); },
  error(...args) { emit(format(args)); },
  dirxml(...args) { emit(format(args)); },
  dir(value, options) {
    const opts = { __proto__: null, customInspect: false };
    if (isObjectLike(options)) {
      const names = ObjectKeys(options);
      for (let i = 0; i < names.length; i++) opts[names[i]] = options[names[i]];
    }
    emit(inspect(value, opts));
  },
  trace(...args) {
    const message = format(args);
    let frames = '';
    try { frames = dropPreludeFrames(ErrorStackGet(new ErrorCtor())); } catch (e) { /* none */ }
    emit('Trace' + (message === '' ? '' : ': ' + message) + (frames === '' ? '' : '\n' + frames));
  },
  assert(expression, ...args) {
    if (expression) return;
    if (args.length === 0) args[0] = 'Assertion failed';
    else args[0] = 'Assertion failed: ' + StringCtor(args[0]);
    emit(format(args));
  },
  count(label = 'default') {
    label = '' + label;
    const n = (MapGet(counts, label) || 0) + 1;
    MapSet(counts, label, n);
    emit(label + ': ' + n);
  },
  countReset(label = 'default') {
    label = '' + label;
    if (!MapHas(counts, label)) warnLine("Count for '" + label + "' does not exist");
    else MapDelete(counts, label);
  },
  time(label = 'default') {
    label = '' + label;
    if (MapHas(timers, label)) warnLine("Label '" + label + "' already exists for console.time()");
    else MapSet(timers, label, nativeMonotonic());
  },
  timeEnd(label = 'default') {
    if (timeLogImpl('timeEnd', label, [])) MapDelete(timers, '' + label);
  },
  timeLog(label = 'default', ...data) { timeLogImpl('timeLog', label, data); },
  group(...data) {
    if (data.length > 0) emit(format(data));
    groupIndent += '  ';
  },
  groupCollapsed(...data) {
    if (data.length > 0) emit(format(data));
    groupIndent += '  ';
  },
  groupEnd() { groupIndent = StringSlice(groupIndent, 0, MathMax(0, groupIndent.length - 2)); },
};

// Node's console methods are own, enumerable and work detached
// (const { log } = console).
const consoleObject = {};
{
  const names = ObjectKeys(consoleMethods);
  for (let i = 0; i < names.length; i++) {
    ObjectDefineProperty(consoleObject, names[i], {
      __proto__: null, value: consoleMethods[names[i]], writable: true, enumerable: true, configurable: true,
    });
  }
}
defineGlobal('console', consoleObject);
