
// ---- inspect: objects ---------------------------------------------------------

// How formatProperty renders an entry: kArrayType is a bare element value;
// the other two print "key: value".
const kObjectType = 0;
const kArrayType = 1;
const kArrayExtrasType = 2;
const inspectCustom = SymbolFor('nodejs.util.inspect.custom');

// Own enumerable string keys, then own enumerable symbols (Node's order);
// with showHidden (console's %o) the non-enumerable ones too, which print
// in brackets ("[length]: 1").
function getKeys(value, showHidden) {
  const keys = showHidden ? ObjectGetOwnPropertyNames(value) : ObjectKeys(value);
  const symbols = ObjectGetOwnPropertySymbols(value);
  for (let i = 0; i < symbols.length; i++) {
    if (showHidden || ObjectPropertyIsEnumerable(value, symbols[i])) ArrayPush(keys, symbols[i]);
  }
  return keys;
}

function isIndexKey(key) {
  const n = key.length;
  if (n === 0 || n > 10 || (n > 1 && StringCharCodeAt(key, 0) === 48)) return false;
  for (let i = 0; i < n; i++) {
    const c = StringCharCodeAt(key, i);
    if (c < 48 || c > 57) return false;
  }
  return +key < 4294967295;
}

// Keys of an array-like besides its indices (Node prints them after the
// elements: [ 1, 2, x: 1 ]). Listing the keys of a long dense array would
// materialise every index as a string, so past kMaxKeyScan elements only
// symbol keys are shown.
const kMaxKeyScan = 10000;
function nonIndexKeys(value, length, showHidden) {
  if (length > kMaxKeyScan) {
    const out = newList();
    const symbols = ObjectGetOwnPropertySymbols(value);
    for (let i = 0; i < symbols.length; i++) {
      if (showHidden || ObjectPropertyIsEnumerable(value, symbols[i])) ArrayPush(out, symbols[i]);
    }
    return out;
  }
  const all = getKeys(value, showHidden);
  const out = newList();
  for (let i = 0; i < all.length; i++) {
    if (typeof all[i] === 'symbol' || !isIndexKey(all[i])) ArrayPush(out, all[i]);
  }
  return out;
}

const nativeProxyDetails = native.proxyDetails;

function formatValue(ctx, value, recurseTimes) {
  if (typeof value !== 'object' && typeof value !== 'function') return formatPrimitive(ctx, value);
  if (value === null) return 'null';
  // A proxy is shown as its target, read without running any trap (Node
  // does the same); with showProxy (console's %o) as the pair.
  const proxy = nativeProxyDetails(value);
  if (proxy !== undefined) {
    if (proxy === null) return '<Revoked Proxy>';
    if (ctx.showProxy) return formatProxy(ctx, proxy, recurseTimes);
    value = proxy[0];
  }
  if (ctx.customInspect) {
    // Objects may render themselves, as under Node, via
    // Symbol.for('nodejs.util.inspect.custom').
    const custom = value[inspectCustom];
    if (typeof custom === 'function' && custom !== inspect && !isOwnPrototype(value)) {
      const depth = ctx.depth === null ? null : ctx.depth - recurseTimes;
      const ret = ReflectApply(custom, value, [depth, userOptions(ctx), inspect]);
      if (ret !== value) {
        if (typeof ret !== 'string') return formatValue(ctx, ret, recurseTimes);
        return replaceNewlines(ret, StringRepeat(' ', ctx.indentationLvl));
      }
    }
  }
  if (ArrayIndexOf(ctx.seen, value) !== -1) {
    // Number the objects that close a cycle in order of discovery.
    let index = 1;
    if (ctx.circular === undefined) {
      ctx.circular = new MapCtor();
      MapSet(ctx.circular, value, index);
    } else {
      index = MapGet(ctx.circular, value);
      if (index === undefined) {
        index = MapSize(ctx.circular) + 1;
        MapSet(ctx.circular, value, index);
      }
    }
    return '[Circular *' + index + ']';
  }
  return formatRaw(ctx, value, recurseTimes);
}

// "Proxy [ target, handler ]".
function formatProxy(ctx, proxy, recurseTimes) {
  if (ctx.depth !== null && recurseTimes > ctx.depth) return 'Proxy [Array]';
  recurseTimes += 1;
  ctx.indentationLvl += 2;
  const parts = [formatValue(ctx, proxy[0], recurseTimes), formatValue(ctx, proxy[1], recurseTimes)];
  ctx.indentationLvl -= 2;
  return reduceToSingleString(ctx, parts, '', ['Proxy [', ']'], kArrayExtrasType, recurseTimes);
}

// A class's prototype object (Foo.prototype) is not rendered by its own
// custom inspect method.
function isOwnPrototype(value) {
  const ctor = safeGet(value, 'constructor');
  return isObjectLike(ctor) && safeGet(ctor, 'prototype') === value;
}

function userOptions(ctx) {
  return {
    depth: ctx.depth, breakLength: ctx.breakLength, compact: ctx.compact,
    maxArrayLength: ctx.maxArrayLength, maxStringLength: ctx.maxStringLength,
    showHidden: ctx.showHidden, showProxy: ctx.showProxy, colors: false, customInspect: ctx.customInspect,
    indentationLvl: ctx.indentationLvl, stylize: (s) => s,
  };
}

// Replaces each "\n" in str by "\n" + indent.
function replaceNewlines(str, indent) {
  if (indent === '' || !StringIncludes(str, '\n')) return str;
  let out = '';
  let start = 0;
  for (;;) {
    const i = StringIndexOf(str, '\n', start);
    if (i === -1) break;
    out += StringSlice(str, start, i) + '\n' + indent;
    start = i + 1;
  }
  return out + StringSlice(str, start);
}

function formatRaw(ctx, value, recurseTimes) {
  const constructor = constructorName(value, ctx, recurseTimes);
  const tag = displayTag(value);
  const kind = kindOf(value);
  let keys;
  let base = '';
  let formatter = noEntries;
  let braces;
  let extrasType = kObjectType;

  if (kind === 'array') {
    const len = value.length;
    keys = nonIndexKeys(value, len, ctx.showHidden);
    const prefix = (constructor !== 'Array' || tag !== '')
      ? getPrefix(constructor, tag, 'Array', '(' + len + ')') : '';
    braces = [prefix + '[', ']'];
    if (len === 0 && keys.length === 0) return braces[0] + ']';
    extrasType = kArrayExtrasType;
    formatter = formatArray;
  } else if (kind === 'set' || kind === 'map') {
    keys = getKeys(value, ctx.showHidden);
    const size = kind === 'set' ? SetSize(value) : MapSize(value);
    const prefix = getPrefix(constructor, tag, kind === 'set' ? 'Set' : 'Map', '(' + size + ')');
    formatter = kind === 'set' ? formatSet : formatMap;
    if (size === 0 && keys.length === 0) return prefix + '{}';
    braces = [prefix + '{', '}'];
  } else if (kind === 'typedarray') {
    const size = TypedArrayLength(value);
    keys = nonIndexKeys(value, size, ctx.showHidden);
    const fallback = constructor === null ? TypedArrayTag(value) : '';
    braces = [getPrefix(constructor, tag, fallback, '(' + size + ')') + '[', ']'];
    if (size === 0 && keys.length === 0) return braces[0] + ']';
    formatter = formatTypedArray;
    extrasType = kArrayExtrasType;
  } else {
    keys = getKeys(value, ctx.showHidden);
    braces = ['{', '}'];
    if (constructor === 'Object' && kind !== 'error' && kind !== 'function' && kind !== 'iterator') {
      if (kind === 'arguments') braces[0] = '[Arguments] {';
      else if (tag !== '') braces[0] = getPrefix(constructor, tag, 'Object') + '{';
      if (keys.length === 0) return braces[0] + '}';
    } else if (kind === 'function') {
      base = functionBase(value, constructor, tag);
      if (keys.length === 0) return base;
    } else if (kind === 'regexp') {
      base = '/' + RegExpSource(value) + '/' + RegExpFlags(value);
      const prefix = getPrefix(constructor, tag, 'RegExp');
      if (prefix !== 'RegExp ') base = prefix + base;
      if (keys.length === 0) return base;
    } else if (kind === 'date') {
      const t = DateGetTime(value);
      base = NumberIsNaN(t) ? DateToString(value) : DateToISOString(value);
      const prefix = getPrefix(constructor, tag, 'Date');
      if (prefix !== 'Date ') base = prefix + base;
      if (keys.length === 0) return base;
    } else if (kind === 'error') {
      base = formatError(value, constructor, tag, ctx, keys);
      if (keys.length === 0) return base;
    } else if (kind === 'arraybuffer' || kind === 'sharedarraybuffer') {
      const prefix = getPrefix(constructor, tag, kind === 'arraybuffer' ? 'ArrayBuffer' : 'SharedArrayBuffer');
      formatter = formatArrayBuffer;
      braces[0] = prefix + '{';
      keys = listConcat(['byteLength'], keys);
    } else if (kind === 'dataview') {
      braces[0] = getPrefix(constructor, tag, 'DataView') + '{';
      keys = listConcat(['byteLength', 'byteOffset', 'buffer'], keys);
    } else if (kind === 'promise') {
      braces[0] = getPrefix(constructor, tag, 'Promise') + '{';
      formatter = formatPromise;
    } else if (kind === 'iterator') {
      braces[0] = iteratorBrace(value, tag);
      formatter = formatIterator;
    } else if (kind === 'weakset' || kind === 'weakmap') {
      braces[0] = getPrefix(constructor, tag, kind === 'weakset' ? 'WeakSet' : 'WeakMap') + '{';
      formatter = formatWeakCollection;
    } else if (kind === 'number' || kind === 'string' || kind === 'boolean' ||
               kind === 'bigint' || kind === 'symbol') {
      base = boxedBase(ctx, value, kind, keys, constructor, tag);
      if (keys.length === 0) return base;
    } else {
      // V8 names a constructor-less object after its own toStringTag.
      let fallback = 'Object';
      if (constructor === null) {
        const own = getDesc(value, SymbolToStringTag);
        if (own !== undefined && typeof own.value === 'string' && own.value !== '') fallback = own.value;
      }
      if (keys.length === 0) return getPrefix(constructor, tag, fallback) + '{}';
      braces[0] = getPrefix(constructor, tag, fallback) + '{';
    }
  }

  if (ctx.depth !== null && recurseTimes > ctx.depth) {
    const name = StringSlice(getPrefix(constructor, tag, 'Object'), 0, -1);
    return constructor !== null ? '[' + name + ']' : name;
  }
  recurseTimes += 1;
  ArrayPush(ctx.seen, value);
  ctx.currentDepth = recurseTimes;
  let output;
  try {
    output = formatter(ctx, value, recurseTimes);
    for (let i = 0; i < keys.length; i++) {
      ArrayPush(output, formatProperty(ctx, value, recurseTimes, keys[i], extrasType));
    }
  } catch (err) {
    ArrayPop(ctx.seen);
    if (isStackOverflow(err)) {
      const name = StringSlice(getPrefix(constructor, tag, 'Object'), 0, -1);
      return '[' + name + ': Inspection interrupted prematurely. Maximum call stack size exceeded.]';
    }
    throw err;
  }
  if (ctx.circular !== undefined) {
    const index = MapGet(ctx.circular, value);
    if (index !== undefined) {
      const ref = '<ref *' + index + '>';
      base = base === '' ? ref : ref + ' ' + base;
    }
  }
  ArrayPop(ctx.seen);
  return reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value);
}

function isStackOverflow(err) {
  return isObjectLike(err) && ObjectIsPrototypeOf(ErrorProto, err) &&
    StringIncludes(safeString(safeGet(err, 'message')), 'stack');
}

function noEntries() { return newList(); }

function formatProperty(ctx, value, recurseTimes, key, type) {
  let desc = getDesc(value, key);
  if (desc === undefined) desc = { __proto__: null, value: value[key], enumerable: true };
  let str;
  if (desc.value !== undefined) {
    ctx.indentationLvl += 2;
    str = formatValue(ctx, desc.value, recurseTimes);
    ctx.indentationLvl -= 2;
  } else if (desc.get !== undefined) {
    str = desc.set !== undefined ? '[Getter/Setter]' : '[Getter]';
  } else if (desc.set !== undefined) {
    str = '[Setter]';
  } else {
    str = 'undefined';
  }
  if (type === kArrayType) return str;
  return formatKey(key, desc.enumerable) + ': ' + str;
}
