
// ---- TextEncoder / TextDecoder (UTF-8 only) ------------------------------------------

// The bytes of an ArrayBuffer, SharedArrayBuffer or view, as a Uint8Array
// over the same memory; undefined for anything else.
function bytesOf(input) {
  if (ArrayBufferIsView(input)) {
    const isTyped = TypedArrayTag(input) !== undefined;
    const buffer = isTyped ? TypedArrayBuffer(input) : DataViewBuffer(input);
    const offset = isTyped ? TypedArrayByteOffset(input) : DataViewByteOffset(input);
    const length = isTyped ? TypedArrayByteLength(input) : DataViewByteLength(input);
    return new Uint8ArrayCtor(buffer, offset, length);
  }
  if (brand(ArrayBufferByteLength, input) || brand(SharedArrayBufferByteLength, input)) {
    return new Uint8ArrayCtor(input);
  }
  return undefined;
}

// Length in UTF-8 of str[0..], lone surrogates counting as U+FFFD (3 bytes).
function utf8Length(str) {
  let n = 0;
  for (let i = 0; i < str.length; i++) {
    const c = StringCharCodeAt(str, i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < str.length &&
             (StringCharCodeAt(str, i + 1) & 0xfc00) === 0xdc00) { n += 4; i++; }
    else n += 3;
  }
  return n;
}

// Encodes str into out (a Uint8Array) from its start; stops before a code
// point that does not fit. Returns [UTF-16 units read, bytes written].
function utf8Write(str, out) {
  const cap = TypedArrayLength(out);
  let w = 0;
  let i = 0;
  for (; i < str.length; i++) {
    let c = StringCharCodeAt(str, i);
    let units = 1;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < str.length ? StringCharCodeAt(str, i + 1) : 0;
      if (c <= 0xdbff && (d & 0xfc00) === 0xdc00) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        units = 2;
      } else {
        c = 0xfffd; // a lone surrogate cannot be encoded
      }
    }
    if (c < 0x80) {
      if (w + 1 > cap) break;
      out[w++] = c;
    } else if (c < 0x800) {
      if (w + 2 > cap) break;
      out[w++] = 0xc0 | (c >> 6);
      out[w++] = 0x80 | (c & 63);
    } else if (c < 0x10000) {
      if (w + 3 > cap) break;
      out[w++] = 0xe0 | (c >> 12);
      out[w++] = 0x80 | ((c >> 6) & 63);
      out[w++] = 0x80 | (c & 63);
    } else {
      if (w + 4 > cap) break;
      out[w++] = 0xf0 | (c >> 18);
      out[w++] = 0x80 | ((c >> 12) & 63);
      out[w++] = 0x80 | ((c >> 6) & 63);
      out[w++] = 0x80 | (c & 63);
    }
    i += units - 1;
  }
  return [i, w];
}

class TextEncoder {
  get encoding() { return 'utf-8'; }

  encode(input = '') {
    const str = StringCtor(input);
    const out = new Uint8ArrayCtor(utf8Length(str));
    utf8Write(str, out);
    return out;
  }

  encodeInto(src, dest) {
    if (TypedArrayTag(dest) !== 'Uint8Array') {
      throw invalidArgType('dest', 'an instance of Uint8Array', dest);
    }
    const r = utf8Write(StringCtor(src), dest);
    return { read: r[0], written: r[1] };
  }
}
defineTag(TextEncoder.prototype, 'TextEncoder');

// Collects UTF-16 code units and turns them into a string in chunks (an
// argument list for String.fromCharCode must stay short).
function unitsToString(units) {
  let s = '';
  for (let i = 0; i < units.length; i += 8192) {
    const chunk = newList();
    const end = MathMin(units.length, i + 8192);
    for (let j = i; j < end; j++) ArrayPush(chunk, units[j]);
    s += ReflectApply(StringFromCharCode, null, chunk);
  }
  return s;
}

function encodingError(message, code) {
  const e = new TypeErrorCtor(message);
  ObjectDefineProperty(e, 'code', {
    __proto__: null, value: code, writable: true, enumerable: true, configurable: true,
  });
  return e;
}

const decoderState = new WeakMap();
const WeakMapGet = uncurryThis(WeakMap.prototype.get);
const WeakMapSet = uncurryThis(WeakMap.prototype.set);

function decoderOf(self) {
  const st = typeof self === 'object' && self !== null ? WeakMapGet(decoderState, self) : undefined;
  if (st === undefined) throw new TypeErrorCtor('Value of "this" must be of type TextDecoder');
  return st;
}

class TextDecoder {
  constructor(label = 'utf-8', options = undefined) {
    const name = StringToLowerCase(StringTrim(StringCtor(label)));
    if (name !== 'utf-8' && name !== 'utf8' && name !== 'unicode-1-1-utf-8') {
      const e = new RangeErrorCtor('The "' + label + '" encoding is not supported');
      ObjectDefineProperty(e, 'code', {
        __proto__: null, value: 'ERR_ENCODING_NOT_SUPPORTED', writable: true, enumerable: true, configurable: true,
      });
      throw e;
    }
    const opts = options === undefined || options === null ? {} : options;
    WeakMapSet(decoderState, this, {
      __proto__: null,
      fatal: !!opts.fatal, ignoreBOM: !!opts.ignoreBOM,
      pending: newList(), // bytes of an incomplete sequence kept by {stream: true}
      bomSeen: false, // the start of the stream is behind us
    });
  }

  get encoding() { decoderOf(this); return 'utf-8'; }
  get fatal() { return decoderOf(this).fatal; }
  get ignoreBOM() { return decoderOf(this).ignoreBOM; }

  decode(input = undefined, options = undefined) {
    const st = decoderOf(this);
    let bytes;
    if (input === undefined) bytes = new Uint8ArrayCtor(0);
    else {
      bytes = bytesOf(input);
      if (bytes === undefined) {
        throw invalidArgType('input', 'an instance of ArrayBuffer or ArrayBufferView', input);
      }
    }
    const stream = options !== undefined && options !== null && !!options.stream;
    return utf8Decode(st, bytes, stream);
  }
}
defineTag(TextDecoder.prototype, 'TextDecoder');

// The WHATWG UTF-8 decoder: each maximal invalid subsequence becomes one
// U+FFFD (or a TypeError when fatal).
function utf8Decode(st, bytes, stream) {
  const pending = st.pending;
  const n = TypedArrayLength(bytes);
  const total = pending.length + n;
  const at = (i) => (i < pending.length ? pending[i] : bytes[i - pending.length]);
  const units = newList();
  let i = 0;
  let needed = 0;
  let seen = 0;
  let cp = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let seqStart = 0;
  const bad = () => {
    if (st.fatal) {
      st.pending = newList();
      st.bomSeen = false;
      throw encodingError('The encoded data was not valid for encoding utf-8', 'ERR_ENCODING_INVALID_ENCODED_DATA');
    }
    ArrayPush(units, 0xfffd);
  };
  while (i < total) {
    const b = at(i);
    if (needed === 0) {
      seqStart = i;
      i++;
      if (b < 0x80) { ArrayPush(units, b); continue; }
      if (b >= 0xc2 && b <= 0xdf) { needed = 1; cp = b & 0x1f; }
      else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        needed = 2; cp = b & 0xf;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        needed = 3; cp = b & 0x7;
      } else { bad(); }
      continue;
    }
    if (b < lower || b > upper) {
      // The sequence so far is invalid; this byte starts over.
      needed = seen = cp = 0; lower = 0x80; upper = 0xbf;
      bad();
      continue;
    }
    lower = 0x80; upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    i++;
    if (++seen !== needed) continue;
    if (cp > 0xffff) {
      cp -= 0x10000;
      ArrayPush(units, 0xd800 + (cp >> 10));
      ArrayPush(units, 0xdc00 + (cp & 0x3ff));
    } else {
      ArrayPush(units, cp);
    }
    needed = seen = cp = 0;
  }
  const rest = newList();
  if (needed !== 0) {
    if (stream) for (let j = seqStart; j < total; j++) ArrayPush(rest, at(j));
    else bad();
  }
  st.pending = rest;
  // A leading BOM is dropped once per stream unless ignoreBOM.
  let start = 0;
  if (!st.ignoreBOM && !st.bomSeen && units.length > 0 && units[0] === 0xfeff) start = 1;
  if (units.length > 0 || !stream) st.bomSeen = stream;
  const s = unitsToString(units);
  return start ? StringSlice(s, 1) : s;
}

defineGlobal('TextEncoder', TextEncoder);
defineGlobal('TextDecoder', TextDecoder);
