
// ---- structuredClone ------------------------------------------------------------------
//
// Follows V8's serializer as Node exposes it: plain data, arrays (holes and
// extra properties kept), Date, RegExp, boxed primitives, Map, Set,
// ArrayBuffer, typed arrays, DataView and errors; cycles and shared
// references are preserved. Class instances become plain objects (own
// enumerable properties only). Functions, symbols, promises, weak
// collections and the like throw DataCloneError with V8's wording.

const DateCtor = Date;
const RegExpCtor = RegExp;
const DataViewCtor = DataView;
const ArrayBufferTransfer = ArrayBuffer.prototype.transfer === undefined ? undefined
  : uncurryThis(ArrayBuffer.prototype.transfer);
const standardErrors = {
  __proto__: null, Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError,
};

function dataCloneError(message) {
  return new DOMExceptionCtor(message, 'DataCloneError');
}

function notCloneable(v) {
  let text;
  if (typeof v === 'function') text = FunctionToString(v);
  else if (typeof v === 'symbol') text = SymbolToString(v);
  else {
    let name = 'Object';
    try { name = constructorName(v, { __proto__: null, depth: 0 }, 0) || 'Object'; } catch (e) { /* proxy */ }
    text = '#<' + name + '>';
  }
  return dataCloneError(text + ' could not be cloned.');
}

function defineData(obj, key, value, enumerable) {
  ObjectDefineProperty(obj, key, {
    __proto__: null, value, writable: true, enumerable, configurable: true,
  });
}

function cloneBuffer(buf, memo) {
  let copy = MapGet(memo, buf);
  if (copy === undefined) {
    const n = ArrayBufferByteLength(buf);
    copy = new ArrayBufferCtor(n);
    TypedArraySet(new Uint8ArrayCtor(copy), new Uint8ArrayCtor(buf));
    MapSet(memo, buf, copy);
  }
  return copy;
}

function cloneValue(v, memo) {
  if (typeof v === 'symbol' || typeof v === 'function') throw notCloneable(v);
  if (typeof v !== 'object' || v === null) return v;
  const seen = MapGet(memo, v);
  if (seen !== undefined) return seen;
  let out;
  switch (kindOf(v)) {
    case 'array': {
      out = new ArrayCtor(v.length);
      MapSet(memo, v, out);
      copyOwn(v, out, memo);
      return out;
    }
    case 'date': out = new DateCtor(DateGetTime(v)); break;
    case 'regexp': out = new RegExpCtor(RegExpSource(v), RegExpFlags(v)); break;
    case 'number': out = ObjectCtor(NumberValueOf(v)); break;
    case 'string': out = ObjectCtor(StringValueOf(v)); break;
    case 'boolean': out = ObjectCtor(BooleanValueOf(v)); break;
    case 'bigint': out = ObjectCtor(BigIntValueOf(v)); break;
    case 'arraybuffer': return cloneBuffer(v, memo);
    case 'sharedarraybuffer': out = v; break; // shared memory stays shared
    case 'typedarray': {
      const buf = cloneValue(TypedArrayBuffer(v), memo);
      out = new typedArrayCtors[TypedArrayTag(v)](buf, TypedArrayByteOffset(v), TypedArrayLength(v));
      break;
    }
    case 'dataview': {
      const buf = cloneValue(DataViewBuffer(v), memo);
      out = new DataViewCtor(buf, DataViewByteOffset(v), DataViewByteLength(v));
      break;
    }
    case 'map': {
      out = new MapCtor();
      MapSet(memo, v, out);
      const entries = newList();
      MapForEach(v, (value, key) => { ArrayPush(entries, key); ArrayPush(entries, value); });
      for (let i = 0; i < entries.length; i += 2) {
        MapSet(out, cloneValue(entries[i], memo), cloneValue(entries[i + 1], memo));
      }
      return out;
    }
    case 'set': {
      out = new SetCtor();
      MapSet(memo, v, out);
      const items = newList();
      SetForEach(v, (value) => { ArrayPush(items, value); });
      for (let i = 0; i < items.length; i++) SetAdd(out, cloneValue(items[i], memo));
      return out;
    }
    case 'error': return cloneError(v, memo);
    case 'object': {
      const tag = ObjectToString(v);
      // Objects with internal state V8 cannot serialize.
      if (tag === '[object Generator]' || tag === '[object AsyncGenerator]' ||
          tag === '[object FinalizationRegistry]' || StringEndsWith(tag, 'Iterator]')) throw notCloneable(v);
      out = {};
      MapSet(memo, v, out);
      copyOwn(v, out, memo);
      return out;
    }
    default: throw notCloneable(v); // promise, weak collections and refs, arguments, boxed symbol
  }
  MapSet(memo, v, out);
  return out;
}

// Own enumerable string keys, read with [[Get]] (getters run, as in V8).
function copyOwn(from, to, memo) {
  const keys = ObjectKeys(from);
  for (let i = 0; i < keys.length; i++) defineData(to, keys[i], cloneValue(from[keys[i]], memo), true);
}

// An error keeps its standard class (others become Error), message,
// stack and cause; other properties are dropped, as in V8.
function cloneError(v, memo) {
  const name = safeGet(v, 'name');
  const Ctor = typeof name === 'string' && standardErrors[name] !== undefined ? standardErrors[name] : ErrorCtor;
  const out = new Ctor();
  MapSet(memo, v, out);
  const message = getDesc(v, 'message');
  if (message !== undefined && ObjectHasOwn(message, 'value')) defineData(out, 'message', StringCtor(message.value), false);
  let stack;
  // The stack as the program reads it ("Name: message" and its frames),
  // as V8 copies it; an error's own stack is an accessor until assigned.
  try { stack = stackText(v); } catch (e) { stack = undefined; }
  defineData(out, 'stack', typeof stack === 'string' ? stack : '', false);
  if (ObjectHasOwn(v, 'cause')) defineData(out, 'cause', cloneValue(safeGet(v, 'cause'), memo), false);
  return out;
}

function structuredClone(value, options = undefined) {
  if (arguments.length === 0) throw missingArgs('value');
  const memo = new MapCtor();
  if (isObjectLike(options) && options.transfer !== undefined && options.transfer !== null) {
    // Transferred buffers move: the clone owns the memory, the original is detached.
    const list = newList();
    for (const item of options.transfer) ArrayPush(list, item);
    for (let i = 0; i < list.length; i++) {
      if (!brand(ArrayBufferByteLength, list[i]) || ArrayBufferTransfer === undefined) {
        throw new TypeErrorCtor('Found invalid object in transferList');
      }
    }
    for (let i = 0; i < list.length; i++) {
      if (!MapHas(memo, list[i])) MapSet(memo, list[i], ArrayBufferTransfer(list[i]));
    }
  }
  return cloneValue(value, memo);
}
defineGlobal('structuredClone', structuredClone);

// ---- crypto.getRandomValues / randomUUID -------------------------------------------------

const nativeFillRandom = native.fillRandom;
const integerArrays = {
  __proto__: null, Int8Array: 1, Uint8Array: 1, Uint8ClampedArray: 1, Int16Array: 1, Uint16Array: 1,
  Int32Array: 1, Uint32Array: 1, BigInt64Array: 1, BigUint64Array: 1,
};

function getRandomValues(array) {
  const tag = TypedArrayTag(array);
  if (tag === undefined || integerArrays[tag] !== 1) {
    // Node (and the Web Crypto spec) throw a DOMException, not a TypeError.
    throw new DOMExceptionCtor('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
  }
  const n = TypedArrayByteLength(array);
  if (n > 65536) throw new DOMExceptionCtor('The requested length exceeds 65,536 bytes', 'QuotaExceededError');
  nativeFillRandom(new Uint8ArrayCtor(TypedArrayBuffer(array), TypedArrayByteOffset(array), n));
  return array;
}

function randomUUID() {
  const b = new Uint8ArrayCtor(16);
  nativeFillRandom(b);
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // variant 10xx
  let s = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += '-';
    s += (b[i] < 16 ? '0' : '') + NumberToString(b[i], 16);
  }
  return s;
}

class Crypto {
  getRandomValues(array) {
    if (arguments.length < 1) {
      const e = new TypeErrorCtor("Failed to execute 'getRandomValues' on 'Crypto': 1 argument required, but only 0 present.");
      ObjectDefineProperty(e, 'code', {
        __proto__: null, value: 'ERR_MISSING_ARGS', writable: true, enumerable: true, configurable: true,
      });
      throw e;
    }
    return getRandomValues(array);
  }
  randomUUID() { return randomUUID(); }
}
defineTag(Crypto.prototype, 'Crypto');
defineGlobal('crypto', new Crypto());
