
// ---- inspect: what kind of object, what to call it --------------------------
//
// Brand checks use captured intrinsic getters/methods inside try/catch: they
// throw on the wrong kind of object and never run program code, so a
// spoofed Symbol.toStringTag cannot make a plain object look like a Map.
// (The reverse is accepted: a Map whose tag reads "Object" is shown as a
// plain object, since checking every object against every brand is slow.)

function brand(check, v) {
  try { check(v); return true; } catch (e) { return false; }
}

// The builtin tag a kind normally has, and the brand check that confirms
// it. Checking the claimed kind first keeps the common case free of
// exceptions (a failed brand check throws, and throwing is slow).
const kindByTag = {
  __proto__: null,
  '[object Map]': 'map', '[object Set]': 'set', '[object Date]': 'date', '[object RegExp]': 'regexp',
  '[object Error]': 'error', '[object WeakMap]': 'weakmap', '[object WeakSet]': 'weakset',
  '[object ArrayBuffer]': 'arraybuffer', '[object SharedArrayBuffer]': 'sharedarraybuffer',
  '[object DataView]': 'dataview', '[object Number]': 'number', '[object String]': 'string',
  '[object Boolean]': 'boolean', '[object BigInt]': 'bigint', '[object Symbol]': 'symbol',
  '[object WeakRef]': 'weakref',
};
const kindChecks = {
  __proto__: null,
  map: MapSize, set: SetSize, date: DateGetTime, arraybuffer: ArrayBufferByteLength,
  sharedarraybuffer: SharedArrayBufferByteLength, dataview: DataViewByteLength,
  regexp: (v) => { if (v === RegExpProto) throw v; RegExpSource(v); },
  error: (v) => { if (!isErrorLike(v)) throw v; },
  weakmap: (v) => WeakMapHas(v, ObjectProto), weakset: (v) => WeakSetHas(v, ObjectProto),
  number: NumberValueOf, string: StringValueOf, boolean: BooleanValueOf, bigint: BigIntValueOf,
  symbol: SymbolValueOf, weakref: WeakRefDeref,
};
const kindOrder = ['map', 'set', 'arraybuffer', 'sharedarraybuffer', 'dataview', 'date', 'regexp',
  'error', 'weakmap', 'weakset', 'weakref', 'number', 'string', 'boolean', 'bigint', 'symbol'];

const nativePromiseState = native.promiseState;
const nativePreviewEntries = native.previewEntries;

// One of: array, typedarray, map, set, arraybuffer, sharedarraybuffer,
// dataview, date, regexp, error, promise, iterator (of a Map or Set),
// weakmap, weakset, weakref,
// number/string/boolean/bigint/symbol (boxed), arguments, function, object.
function kindOf(v) {
  if (typeof v === 'function') return 'function';
  if (ArrayIsArray(v)) return 'array';
  if (TypedArrayTag(v) !== undefined) return 'typedarray';
  let tag = '';
  try { tag = ObjectToString(v); } catch (e) { /* hostile proxy */ }
  // Plain objects and class instances: no brand to look for.
  if (tag === '[object Object]') return isErrorLike(v) ? 'error' : 'object';
  if (tag === '[object Map Iterator]' || tag === '[object Set Iterator]') {
    if (nativePreviewEntries(v, 0) !== undefined) return 'iterator';
  }
  const hinted = kindByTag[tag];
  if (hinted !== undefined && brand(kindChecks[hinted], v)) return hinted;
  // A missing or misleading tag: try every brand.
  if (isErrorLike(v)) return 'error';
  for (let i = 0; i < kindOrder.length; i++) {
    if (brand(kindChecks[kindOrder[i]], v)) return kindOrder[i];
  }
  // The engine's brand checks (glue/inspect.c).
  if (nativePromiseState(v) !== undefined) return 'promise';
  if (nativePreviewEntries(v, 0) !== undefined) return 'iterator';
  // No side-effect-free brand check exists for arguments objects; the
  // builtin tag is as close as plain JavaScript gets.
  if (tag === '[object Arguments]') return 'arguments';
  return 'object';
}

function isErrorLike(v) {
  return ErrorIsError(v) || ObjectIsPrototypeOf(ErrorProto, v);
}

// Node's getConstructorName: the name of the first constructor on the
// prototype chain that the object is an instance of; null when the chain
// ends without one (null-prototype objects).
function constructorName(obj, ctx, recurseTimes) {
  let firstProto;
  const start = obj;
  while (obj !== null) {
    const d = getDesc(obj, 'constructor');
    if (d !== undefined && typeof d.value === 'function' && d.value.name !== '') {
      let proto;
      try { proto = d.value.prototype; } catch (e) { proto = undefined; }
      if (isObjectLike(proto) && ObjectIsPrototypeOf(proto, start)) return StringCtor(d.value.name);
    }
    obj = ObjectGetPrototypeOf(obj);
    if (firstProto === undefined) firstProto = obj;
  }
  if (firstProto === null) return null;
  // Every prototype lacks a usable constructor, yet the chain does not end
  // at once: Node names the internal class and describes the prototype.
  let res = 'Object';
  try { res = StringSlice(ObjectToString(start), 8, -1); } catch (e) { /* proxy */ }
  if (recurseTimes > ctx.depth) return res + ' <Complex prototype>';
  const protoName = constructorName(firstProto, ctx, recurseTimes + 1);
  if (protoName === null) {
    return res + ' <' + inspect(firstProto, { __proto__: null, depth: -1, customInspect: false }) + '>';
  }
  return res + ' <' + protoName + '>';
}

// The Symbol.toStringTag worth showing: only when it is a string and not
// an own enumerable property (which is printed as a property anyway).
function displayTag(value) {
  let tag;
  try { tag = value[SymbolToStringTag]; } catch (e) { return ''; }
  if (typeof tag !== 'string') return '';
  if (tag !== '' && ObjectPropertyIsEnumerable(value, SymbolToStringTag)) return '';
  return tag;
}

// "Foo(3) [Tag] " / "[Map(3): null prototype] " (note the trailing space).
function getPrefix(constructor, tag, fallback, size) {
  size = size === undefined ? '' : size;
  if (constructor === null) {
    if (tag !== '' && fallback !== tag) return '[' + fallback + size + ': null prototype] [' + tag + '] ';
    return '[' + fallback + size + ': null prototype] ';
  }
  if (tag !== '' && constructor !== tag) return constructor + size + ' [' + tag + '] ';
  return constructor + size + ' ';
}

function functionBase(value, constructor, tag) {
  let src = '';
  try { src = FunctionToString(value); } catch (e) { /* not a real function */ }
  if (StringStartsWith(src, 'class') && StringEndsWith(src, '}')) {
    // Class source text: "class" followed by a non-identifier character.
    const c = StringCharCodeAt(src, 5);
    if (c === 32 || c === 123 || c === 9 || c === 10 || c === 13 || c === 47) {
      return classBase(value, constructor, tag);
    }
  }
  let type = 'Function';
  const proto = ObjectGetPrototypeOf(value);
  if (proto === GeneratorFunctionProto) type = 'GeneratorFunction';
  else if (proto === AsyncFunctionProto) type = 'AsyncFunction';
  else if (proto === AsyncGeneratorFunctionProto) type = 'AsyncGeneratorFunction';
  let base = '[' + type;
  if (constructor === null) base += ' (null prototype)';
  const name = ownName(value);
  base += name === '' ? ' (anonymous)' : ': ' + name;
  base += ']';
  if (constructor !== type && constructor !== null) base += ' ' + constructor;
  if (tag !== '' && constructor !== tag) base += ' [' + tag + ']';
  return base;
}

// A function's name as Node reads it (value.name), without running a getter.
function ownName(fn) {
  const d = getDesc(fn, 'name');
  if (d === undefined) return '';
  if (!ObjectHasOwn(d, 'value')) return '';
  return typeof d.value === 'string' ? d.value : StringCtor(d.value);
}

function classBase(value, constructor, tag) {
  const name = ownName(value) || '(anonymous)';
  let base = 'class ' + name;
  if (constructor !== 'Function' && constructor !== null) base += ' [' + constructor + ']';
  if (tag !== '' && constructor !== tag) base += ' [' + tag + ']';
  if (constructor !== null) {
    const superclass = ObjectGetPrototypeOf(value);
    const superName = superclass === null ? '' : ownName(superclass);
    if (superName) base += ' extends ' + superName;
  } else {
    base += ' extends [null prototype]';
  }
  return '[' + base + ']';
}

// A string property read that never throws (hostile getters, proxies).
function safeGet(obj, key) {
  try { return obj[key]; } catch (e) { return undefined; }
}

// Error.prototype.toString's header, computed without calling a method
// the program may have replaced.
function errorHeader(err) {
  const n = safeGet(err, 'name');
  const m = safeGet(err, 'message');
  const name = n === undefined ? 'Error' : safeString(n);
  const msg = m === undefined ? '' : safeString(m);
  if (name === '') return msg;
  if (msg === '') return name;
  return name + ': ' + msg;
}

// String(v) that never throws.
function safeString(v) {
  try { return StringCtor(v); } catch (e) {
    try { return inspect(v); } catch (e2) { return '[unprintable]'; }
  }
}

// Drops frames that point into this prelude, and native frames the prelude
// called (e.g. "at Reflect.apply (<anonymous>)" under a timer callback): they
// are noise to a program's author. A native frame's location is
// "<anonymous>", as in V8: "at NAME (<anonymous>)", or "at <anonymous>" for
// a nameless one called as a plain function. The positions of the rest are QuickJS's, in the
// evaluated script; the host maps them to the program's lines and columns.
function dropPreludeFrames(frames) {
  const lines = newList();
  let start = 0;
  while (start < frames.length) {
    let end = StringIndexOf(frames, '\n', start);
    if (end === -1) end = frames.length;
    const line = StringSlice(frames, start, end);
    if (line !== '') ArrayPush(lines, line);
    start = end + 1;
  }
  const inPrelude = (line) => StringIncludes(line, '(prelude.js:') || StringIncludes(line, 'at prelude.js:');
  const isNativeFrame = (line) => StringEndsWith(line, ' (<anonymous>)') || StringEndsWith(line, ' at <anonymous>');
  let out = '';
  for (let i = 0; i < lines.length; i++) {
    if (inPrelude(lines[i])) continue;
    if (isNativeFrame(lines[i]) && i + 1 < lines.length && inPrelude(lines[i + 1])) continue;
    out += (out === '' ? '' : '\n') + lines[i];
  }
  return out === '' ? out : native.mapStack(out);
}

// The error's stack as V8 would give it: "Name: message\n    at ...".
// QuickJS-ng's stack holds only the frames, so the header is added here.
function stackText(err) {
  const own = getDesc(err, 'stack');
  let frames;
  if (own !== undefined && typeof own.value === 'string') {
    // A stack the program assigned (or Error.captureStackTrace stored):
    // use it as is unless it is bare frames.
    if (own.value !== '' && !StringStartsWith(own.value, '    at ')) return own.value;
    frames = own.value;
  } else {
    try { frames = ErrorStackGet(err); } catch (e) { frames = undefined; }
  }
  const header = errorHeader(err);
  if (typeof frames !== 'string') return header;
  frames = dropPreludeFrames(frames);
  return frames === '' ? header : header + '\n' + frames;
}
