
// ---- inspect: the entries of arrays, collections, buffers, boxed values -----------------

function formatArray(ctx, value, recurseTimes) {
  const len = value.length;
  const max = MathMin(ctx.maxArrayLength, len);
  const output = newList();
  for (let i = 0; i < max; i++) {
    if (!ObjectHasOwn(value, i)) return formatSparseArray(ctx, value, recurseTimes, max, output, i);
    ArrayPush(output, formatProperty(ctx, value, recurseTimes, i, kArrayType));
  }
  if (len > max) ArrayPush(output, remainingText(len - max));
  return output;
}

function emptyItems(n) {
  return '<' + n + ' empty item' + (n > 1 ? 's' : '') + '>';
}

// Arrays with holes: runs of holes print as "<N empty items>", and each run
// counts as one entry against maxArrayLength. `i` is the first hole; the
// own keys from there on are the remaining present indices, in order.
function formatSparseArray(ctx, value, recurseTimes, maxLength, output, i) {
  const keys = ObjectKeys(value);
  let index = i;
  for (; i < keys.length && output.length < maxLength; i++) {
    const key = keys[i];
    if (!isIndexKey(key)) break;
    const at = +key;
    if (at !== index) {
      ArrayPush(output, emptyItems(at - index));
      index = at;
      if (output.length === maxLength) break;
    }
    ArrayPush(output, formatProperty(ctx, value, recurseTimes, key, kArrayType));
    index++;
  }
  const remaining = value.length - index;
  if (output.length !== maxLength) {
    if (remaining > 0) ArrayPush(output, emptyItems(remaining));
  } else if (remaining > 0) {
    ArrayPush(output, remainingText(remaining));
  }
  return output;
}

function formatSet(ctx, value, recurseTimes) {
  const size = SetSize(value);
  const max = MathMin(ctx.maxArrayLength, size);
  const output = newList();
  ctx.indentationLvl += 2;
  let i = 0;
  SetForEach(value, (v) => {
    if (i++ < max) ArrayPush(output, formatValue(ctx, v, recurseTimes));
  });
  if (size > max) ArrayPush(output, remainingText(size - max));
  ctx.indentationLvl -= 2;
  return output;
}

function formatMap(ctx, value, recurseTimes) {
  const size = MapSize(value);
  const max = MathMin(ctx.maxArrayLength, size);
  const output = newList();
  ctx.indentationLvl += 2;
  let i = 0;
  MapForEach(value, (v, k) => {
    if (i++ < max) {
      ArrayPush(output, formatValue(ctx, k, recurseTimes) + ' => ' + formatValue(ctx, v, recurseTimes));
    }
  });
  if (size > max) ArrayPush(output, remainingText(size - max));
  ctx.indentationLvl -= 2;
  return output;
}

function formatTypedArray(ctx, value) {
  const len = TypedArrayLength(value);
  const max = MathMin(ctx.maxArrayLength, len);
  const output = newList();
  for (let i = 0; i < max; i++) {
    const el = value[i];
    ArrayPush(output, typeof el === 'bigint' ? formatBigInt(el) : formatNumber(el));
  }
  if (len > max) ArrayPush(output, remainingText(len - max));
  return output;
}

function formatArrayBuffer(ctx, value) {
  let bytes;
  try {
    bytes = new Uint8ArrayCtor(value);
  } catch (e) {
    return ['(detached)'];
  }
  const n = TypedArrayLength(bytes);
  const max = MathMin(ctx.maxArrayLength, n);
  let hex = '';
  for (let i = 0; i < max; i++) {
    const b = bytes[i];
    hex += (i ? ' ' : '') + (b < 16 ? '0' : '') + NumberToString(b, 16);
  }
  const remaining = n - max;
  if (remaining > 0) hex += ' ... ' + remaining + ' more byte' + (remaining > 1 ? 's' : '');
  return ['[Uint8Contents]: <' + hex + '>'];
}

// "Promise { 1 }", "Promise { <pending> }", "Promise { <rejected> 1 }".
function formatPromise(ctx, value, recurseTimes) {
  const details = nativePromiseState(value);
  if (details[0] === 0) return ['<pending>'];
  ctx.indentationLvl += 2;
  const shown = formatValue(ctx, details[1], recurseTimes);
  ctx.indentationLvl -= 2;
  return [details[0] === 2 ? '<rejected> ' + shown : shown];
}

// What a Map or Set iterator has left, without consuming it: values as a
// list, entries (from .entries()) as [ key, value ] pairs.
function formatIterator(ctx, value, recurseTimes) {
  const max = ctx.maxArrayLength > 4294967295 ? 4294967295 : MathMax(0, ctx.maxArrayLength);
  const preview = nativePreviewEntries(value, max);
  const entries = preview[2];
  const output = newList();
  ctx.indentationLvl += 2;
  if (preview[1]) {
    for (let i = 0; i < entries.length; i += 2) {
      const pair = [formatValue(ctx, entries[i], recurseTimes), formatValue(ctx, entries[i + 1], recurseTimes)];
      ArrayPush(output, reduceToSingleString(ctx, pair, '', ['[', ']'], kArrayExtrasType, recurseTimes));
    }
  } else {
    for (let i = 0; i < entries.length; i++) ArrayPush(output, formatValue(ctx, entries[i], recurseTimes));
  }
  ctx.indentationLvl -= 2;
  if (preview[3] > 0) ArrayPush(output, remainingText(preview[3]));
  return output;
}

// "[Map Iterator] {", "[Set Entries] {", "[Tag] [Map Iterator] {".
function iteratorBrace(value, tag) {
  const preview = nativePreviewEntries(value, 0);
  const type = preview[0] ? 'Set' : 'Map';
  let label = tag === type + ' Iterator' ? tag : (tag === '' ? '' : tag + '] [') + type + ' Iterator';
  if (preview[1]) label = StringSlice(label, 0, label.length - 9) + ' Entries';
  return '[' + label + '] {';
}

function formatWeakCollection() { return ['<items unknown>']; }

function boxedBase(ctx, value, kind, keys, constructor, tag) {
  let type;
  let prim;
  switch (kind) {
    case 'number': type = 'Number'; prim = NumberValueOf(value); break;
    case 'string':
      type = 'String';
      prim = StringValueOf(value);
      // The character indices are the string itself; do not list them.
      removeFront(keys, prim.length);
      break;
    case 'boolean': type = 'Boolean'; prim = BooleanValueOf(value); break;
    case 'bigint': type = 'BigInt'; prim = BigIntValueOf(value); break;
    default: type = 'Symbol'; prim = SymbolValueOf(value);
  }
  let base = '[' + type;
  if (type !== constructor) base += constructor === null ? ' (null prototype)' : ' (' + constructor + ')';
  base += ': ' + formatPrimitive(ctx, prim) + ']';
  if (tag !== '' && tag !== constructor) base += ' [' + tag + ']';
  return base;
}
