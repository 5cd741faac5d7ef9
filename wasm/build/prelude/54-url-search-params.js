
// ---- URL, part 3: URLSearchParams ------------------------------------------------------

const IteratorProto = ObjectGetPrototypeOf(ObjectGetPrototypeOf([][SymbolIterator]()));

// application/x-www-form-urlencoded: everything but ASCII alphanumerics and
// *-._ is percent-encoded as UTF-8, and space becomes "+".
function formEncode(str) {
  let out = '';
  const bytes = new Uint8ArrayCtor(utf8Length(str));
  utf8Write(str, bytes);
  const n = TypedArrayLength(bytes);
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (isAsciiAlpha(b) || isAsciiDigit(b) || b === 0x2a || b === 0x2d || b === 0x2e || b === 0x5f) {
      out += StringFromCharCode(b);
    } else if (b === 0x20) {
      out += '+';
    } else {
      out += percentByte(b);
    }
  }
  return out;
}

function formDecode(str) {
  let plain = '';
  for (let i = 0; i < str.length; i++) plain += str[i] === '+' ? ' ' : str[i];
  return decodeUtf8Lossy(percentDecodeBytes(plain));
}

// "a=1&b=2" -> [['a', '1'], ['b', '2']]
function parseForm(query) {
  const list = newList();
  const parts = splitOn(query, '&');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part === '') continue;
    const eq = StringIndexOf(part, '=');
    const name = eq === -1 ? part : StringSlice(part, 0, eq);
    const value = eq === -1 ? '' : StringSlice(part, eq + 1);
    ArrayPush(list, [formDecode(name), formDecode(value)]);
  }
  return list;
}

function serializeForm(list) {
  let out = '';
  for (let i = 0; i < list.length; i++) {
    out += (i ? '&' : '') + formEncode(list[i][0]) + '=' + formEncode(list[i][1]);
  }
  return out;
}

// A USVString: lone surrogates become U+FFFD.
function toUSV(v) {
  const s = StringCtor(v);
  for (let i = 0; i < s.length; i++) {
    const c = StringCharCodeAt(s, i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff && (StringCharCodeAt(s, i + 1) & 0xfc00) === 0xdc00) { i++; continue; }
    // utf8Write encodes lone surrogates as U+FFFD; decoding gives it back.
    const bytes = new Uint8ArrayCtor(utf8Length(s));
    utf8Write(s, bytes);
    return decodeUtf8Lossy(bytes);
  }
  return s;
}

function missingArgs(names) {
  const e = new TypeErrorCtor('The ' + names + ' argument' + (StringIncludes(names, ' and ') ? 's' : '') +
    ' must be specified');
  ObjectDefineProperty(e, 'code', {
    __proto__: null, value: 'ERR_MISSING_ARGS', writable: true, enumerable: true, configurable: true,
  });
  return e;
}

// Accessors to the private state, handed out by the classes' static blocks.
let paramsState;
let newParamsIterator;

// Stable merge sort of the pairs by name, in UTF-16 code unit order.
function sortPairs(list) {
  if (list.length < 2) return list;
  const mid = list.length >> 1;
  const firstHalf = newList();
  for (let i = 0; i < mid; i++) ArrayPush(firstHalf, list[i]);
  const left = sortPairs(firstHalf);
  const right = sortPairs(listFrom(list, mid));
  const out = newList();
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    // Ties take the left (earlier) pair first.
    if (j >= right.length || (i < left.length && !(right[j][0] < left[i][0]))) ArrayPush(out, left[i++]);
    else ArrayPush(out, right[j++]);
  }
  return out;
}

class URLSearchParams {
  #st = { __proto__: null, list: newList(), url: null };

  static {
    paramsState = (p) => {
      if (!(typeof p === 'object' && p !== null && #st in p)) {
        throw new TypeErrorCtor('Value of "this" must be of type URLSearchParams');
      }
      return p.#st;
    };
  }

  constructor(init = undefined) {
    const list = this.#st.list;
    if (init === undefined || init === null) return;
    if (typeof init === 'object' || typeof init === 'function') {
      const iter = init[SymbolIterator];
      if (iter !== undefined && iter !== null) {
        if (typeof iter !== 'function') throw new TypeErrorCtor('Query pairs must be iterable');
        for (const pair of init) {
          if (!isObjectLike(pair) || typeof pair[SymbolIterator] !== 'function') {
            throw new TypeErrorCtor('Each query pair must be an iterable [name, value] tuple');
          }
          const items = newList();
          for (const item of pair) ArrayPush(items, item);
          if (items.length !== 2) throw new TypeErrorCtor('Each query pair must be an iterable [name, value] tuple');
          ArrayPush(list, [toUSV(items[0]), toUSV(items[1])]);
        }
      } else {
        const keys = ReflectOwnKeys(init);
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i];
          if (typeof key !== 'string' || !ObjectPropertyIsEnumerable(init, key)) continue;
          ArrayPush(list, [toUSV(key), toUSV(init[key])]);
        }
      }
      return;
    }
    let s = toUSV(init);
    if (s[0] === '?') s = StringSlice(s, 1);
    this.#st.list = parseForm(s);
  }

  get size() { return paramsState(this).list.length; }

  append(name, value) {
    const st = paramsState(this);
    if (arguments.length < 2) throw missingArgs('"name" and "value"');
    ArrayPush(st.list, [toUSV(name), toUSV(value)]);
    paramsChanged(st);
  }

  delete(name, value = undefined) {
    const st = paramsState(this);
    if (arguments.length < 1) throw missingArgs('"name"');
    name = toUSV(name);
    const v = value === undefined ? undefined : toUSV(value);
    const kept = newList();
    for (let i = 0; i < st.list.length; i++) {
      const p = st.list[i];
      if (!(p[0] === name && (v === undefined || p[1] === v))) ArrayPush(kept, p);
    }
    st.list = kept;
    paramsChanged(st);
  }

  get(name) {
    const st = paramsState(this);
    if (arguments.length < 1) throw missingArgs('"name"');
    name = toUSV(name);
    for (let i = 0; i < st.list.length; i++) if (st.list[i][0] === name) return st.list[i][1];
    return null;
  }

  getAll(name) {
    const st = paramsState(this);
    if (arguments.length < 1) throw missingArgs('"name"');
    name = toUSV(name);
    const out = [];
    for (let i = 0; i < st.list.length; i++) if (st.list[i][0] === name) ArrayPush(out, st.list[i][1]);
    return out;
  }

  has(name, value = undefined) {
    const st = paramsState(this);
    if (arguments.length < 1) throw missingArgs('"name"');
    name = toUSV(name);
    const v = value === undefined ? undefined : toUSV(value);
    for (let i = 0; i < st.list.length; i++) {
      if (st.list[i][0] === name && (v === undefined || st.list[i][1] === v)) return true;
    }
    return false;
  }

  set(name, value) {
    const st = paramsState(this);
    if (arguments.length < 2) throw missingArgs('"name" and "value"');
    name = toUSV(name);
    value = toUSV(value);
    const out = newList();
    let found = false;
    for (let i = 0; i < st.list.length; i++) {
      if (st.list[i][0] !== name) ArrayPush(out, st.list[i]);
      else if (!found) { found = true; ArrayPush(out, [name, value]); }
    }
    if (!found) ArrayPush(out, [name, value]);
    st.list = out;
    paramsChanged(st);
  }

  sort() {
    const st = paramsState(this);
    st.list = sortPairs(st.list);
    paramsChanged(st);
  }

  forEach(callback, thisArg = undefined) {
    const st = paramsState(this);
    if (typeof callback !== 'function') throw invalidArgType('callback', 'of type function', callback);
    // Live: entries added during the walk are visited.
    for (let i = 0; i < st.list.length; i++) {
      ReflectApply(callback, thisArg, [st.list[i][1], st.list[i][0], this]);
    }
  }

  entries() { paramsState(this); return newParamsIterator(this, 'entries'); }
  keys() { paramsState(this); return newParamsIterator(this, 'keys'); }
  values() { paramsState(this); return newParamsIterator(this, 'values'); }
  toString() { return serializeForm(paramsState(this).list); }

  // Node's rendering: URLSearchParams { 'a' => '1', 'b' => '2' }
  [inspectCustom](depth, options) {
    if (typeof depth === 'number' && depth < 0) return '[Object]';
    const list = paramsState(this).list;
    const inner = { __proto__: null, depth: depth === null ? null : depth - 1 };
    const parts = newList();
    let length = -2;
    for (let i = 0; i < list.length; i++) {
      const s = inspect(list[i][0], inner) + ' => ' + inspect(list[i][1], inner);
      length += s.length + 2;
      ArrayPush(parts, s);
    }
    if (length > (options && options.breakLength !== undefined ? options.breakLength : 80)) {
      return 'URLSearchParams {\n  ' + ArrayJoin(parts, ',\n  ') + ' }';
    }
    return parts.length ? 'URLSearchParams { ' + ArrayJoin(parts, ', ') + ' }' : 'URLSearchParams {}';
  }
}
ObjectDefineProperty(URLSearchParams.prototype, SymbolIterator, {
  __proto__: null, value: URLSearchParams.prototype.entries, writable: true, enumerable: false, configurable: true,
});
defineTag(URLSearchParams.prototype, 'URLSearchParams');

// Walks the live list by index, as the standard's iterators do.
class URLSearchParamsIterator {
  #params;
  #kind;
  #index = 0;

  static {
    newParamsIterator = (params, kind) => {
      const it = new URLSearchParamsIterator();
      it.#params = params;
      it.#kind = kind;
      return it;
    };
  }

  next() {
    if (!(typeof this === 'object' && this !== null && #params in this)) {
      throw new TypeErrorCtor('Value of "this" must be of type URLSearchParamsIterator');
    }
    const list = paramsState(this.#params).list;
    if (this.#index >= list.length) return { value: undefined, done: true };
    const p = list[this.#index++];
    const value = this.#kind === 'keys' ? p[0] : this.#kind === 'values' ? p[1] : [p[0], p[1]];
    return { value, done: false };
  }
}
ObjectSetPrototypeOf(URLSearchParamsIterator.prototype, IteratorProto);
defineTag(URLSearchParamsIterator.prototype, 'URLSearchParams Iterator');

// The params belong to a URL: keep its query in step.
function paramsChanged(st) {
  if (st.url === null) return;
  const q = serializeForm(st.list);
  st.url.query = q === '' ? null : q;
}

defineGlobal('URLSearchParams', URLSearchParams);
