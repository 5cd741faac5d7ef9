
// ---- inspect: errors, line layout, entry point --------------------------------

function removeAt(list, index) {
  for (let i = index; i + 1 < list.length; i++) list[i] = list[i + 1];
  ArrayPop(list);
}

// Removes the first n entries of list, in place.
function removeFront(list, n) {
  n = MathMin(n, list.length);
  for (let i = n; i < list.length; i++) list[i - n] = list[i];
  for (let i = 0; i < n; i++) ArrayPop(list);
}

function formatError(err, constructor, tag, ctx, keys) {
  const nameValue = safeGet(err, 'name');
  const name = nameValue != null ? safeString(nameValue) : 'Error';
  let stack = stackText(err);
  // name/message/stack set as own properties are already in the stack text.
  const shown = ['name', 'message', 'stack'];
  for (let i = 0; i < shown.length; i++) {
    const index = ArrayIndexOf(keys, shown[i]);
    if (index !== -1 && StringIncludes(stack, safeString(safeGet(err, shown[i])))) removeAt(keys, index);
  }
  let hasCause = false;
  try { hasCause = 'cause' in err; } catch (e) { /* proxy */ }
  if (hasCause && ArrayIndexOf(keys, 'cause') === -1) ArrayPush(keys, 'cause');
  if (ArrayIsArray(safeGet(err, 'errors')) && ArrayIndexOf(keys, 'errors') === -1) ArrayPush(keys, 'errors');
  stack = improveStack(stack, constructor, name, tag);

  // Without frames after the message, Node brackets the text: [Error: x].
  const message = safeGet(err, 'message');
  let pos = -1;
  if (message) {
    const m = safeString(message);
    pos = StringIndexOf(stack, m) || -1;
    if (pos !== -1) pos += m.length;
  }
  if (StringIndexOf(stack, '\n    at', pos) === -1) stack = '[' + stack + ']';
  if (ctx.indentationLvl !== 0) stack = replaceNewlines(stack, StringRepeat(' ', ctx.indentationLvl));
  return stack;
}

// Names the class in the header when it differs from err.name, as Node
// does: "MyErr [Error]: x", "[Error: null prototype]: x".
function improveStack(stack, constructor, name, tag) {
  let len = name.length;
  if (constructor === null ||
      (StringEndsWith(name, 'Error') && StringStartsWith(stack, name) &&
       (stack.length === len || stack[len] === ':' || stack[len] === '\n'))) {
    let fallback = 'Error';
    if (constructor === null) {
      // The leading "Name" of "Name: msg" or "Name\n    at", if any.
      let end = 0;
      while (end < stack.length && stack[end] !== ':' && stack[end] !== '\n') end++;
      const head = StringSlice(stack, 0, end);
      const c = StringCharCodeAt(head, 0);
      fallback = (end < stack.length || StringEndsWith(head, 'Error')) && c >= 65 && c <= 90 &&
        !StringIncludes(head, '.') ? head : '';
      len = fallback.length;
      fallback = fallback || 'Error';
    }
    const prefix = StringSlice(getPrefix(constructor, tag, fallback), 0, -1);
    if (name !== prefix) {
      if (StringIncludes(prefix, name)) {
        stack = len === 0 ? prefix + ': ' + stack : prefix + StringSlice(stack, len);
      } else {
        stack = prefix + ' [' + name + ']' + StringSlice(stack, len);
      }
    }
  }
  return stack;
}

// Columns a string takes in a terminal: East Asian wide characters and
// most emoji count two, combining marks and zero-width characters none.
// (Node asks ICU; this covers the common ranges.)
function stringWidth(str) {
  let width = 0;
  for (let i = 0; i < str.length; i++) {
    const code = StringCodePointAt(str, i);
    if (code > 0xffff) i++;
    if (code < 0x300) { width++; continue; }
    if ((code >= 0x300 && code <= 0x36f) || (code >= 0x200b && code <= 0x200f) ||
        (code >= 0x20d0 && code <= 0x20ff) || (code >= 0xfe00 && code <= 0xfe0f) ||
        (code >= 0xfe20 && code <= 0xfe2f) || (code >= 0xe0100 && code <= 0xe01ef)) continue;
    const wide = code >= 0x1100 && (code <= 0x115f || code === 0x2329 || code === 0x232a ||
      (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) || (code >= 0x3250 && code <= 0x4dbf) ||
      (code >= 0x4e00 && code <= 0xa4c6) || (code >= 0xa960 && code <= 0xa97c) ||
      (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe10 && code <= 0xfe19) || (code >= 0xfe30 && code <= 0xfe6b) ||
      (code >= 0xff01 && code <= 0xff60) || (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x1b000 && code <= 0x1b001) || (code >= 0x1f200 && code <= 0x1f251) ||
      (code >= 0x1f300 && code <= 0x1f64f) || (code >= 0x1f900 && code <= 0x1f9ff) ||
      (code >= 0x20000 && code <= 0x3fffd));
    width += wide ? 2 : 1;
  }
  return width;
}

// Node's rule for arrays of more than six entries: when the entries are
// short and of similar length, lay them out in aligned columns, numbers
// right-aligned, everything else left-aligned.
function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let outputLength = output.length;
  // The "... more items" entry does not take part in the columns.
  if (ctx.maxArrayLength < output.length) outputLength--;
  const separatorSpace = 2; // ", "
  const dataLen = newList();
  for (let i = 0; i < outputLength; i++) {
    const len = stringWidth(output[i]);
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
      (totalLength / actualMax > 5 || maxLength <= 6)) {
    // Aim for a roughly square block (characters are ~2.5 times as high as
    // wide), biased towards more columns for short entries.
    const averageBias = MathSqrt(actualMax - totalLength / output.length);
    const biasedMax = MathMax(actualMax - 3 - averageBias, 1);
    const columns = MathMin(
      MathRound(MathSqrt(2.5 * biasedMax * outputLength) / biasedMax),
      MathFloor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      ctx.compact * 4,
      15);
    if (columns <= 1) return output;
    const maxLineLength = newList();
    for (let i = 0; i < columns; i++) {
      let lineLength = 0;
      for (let j = i; j < output.length; j += columns) {
        if (dataLen[j] > lineLength) lineLength = dataLen[j];
      }
      ArrayPush(maxLineLength, lineLength + separatorSpace);
    }
    let padStart = true;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        const t = typeof value[i];
        if (t !== 'number' && t !== 'bigint') { padStart = false; break; }
      }
    }
    const grouped = newList();
    for (let i = 0; i < outputLength; i += columns) {
      const max = MathMin(i + columns, outputLength);
      let line = '';
      let j = i;
      for (; j < max - 1; j++) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j];
        line += padStart ? StringPadStart(output[j] + ', ', padding, ' ')
          : StringPadEnd(output[j] + ', ', padding, ' ');
      }
      if (padStart) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j] - separatorSpace;
        line += StringPadStart(output[j], padding, ' ');
      } else {
        line += output[j];
      }
      ArrayPush(grouped, line);
    }
    if (ctx.maxArrayLength < output.length) ArrayPush(grouped, output[outputLength]);
    output = grouped;
  }
  return output;
}

// One line when the entries fit in breakLength (80) together with the
// braces and the current indentation, else one entry per line.
function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
  const entries = output.length;
  if (extrasType === kArrayExtrasType && entries > 6) output = groupArrayElements(ctx, output, value);
  // Only the innermost `compact` (3) levels may be combined on one line, and
  // never an array that was grouped into columns.
  if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
    const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
    if (isBelowBreakLength(ctx, output, start, base)) {
      const joined = ArrayJoin(output, ', ');
      if (!StringIncludes(joined, '\n')) {
        return (base ? base + ' ' : '') + braces[0] + ' ' + joined + ' ' + braces[1];
      }
    }
  }
  const indentation = '\n' + StringRepeat(' ', ctx.indentationLvl);
  return (base ? base + ' ' : '') + braces[0] + indentation + '  ' +
    ArrayJoin(output, ',' + indentation + '  ') + indentation + braces[1];
}

function isBelowBreakLength(ctx, output, start, base) {
  let total = output.length + start;
  if (total + output.length > ctx.breakLength) return false;
  for (let i = 0; i < output.length; i++) {
    total += output[i].length;
    if (total > ctx.breakLength) return false;
  }
  return base === '' || !StringIncludes(base, '\n');
}

// inspect(value[, options]): Node's util.inspect for the options console
// uses (depth, breakLength, compact, maxArrayLength, maxStringLength,
// customInspect, showHidden, showProxy); colors are not supported.
function inspect(value, opts) {
  const ctx = {
    __proto__: null,
    seen: newList(), circular: undefined, indentationLvl: 0, currentDepth: 0,
    depth: 2, breakLength: 80, compact: 3, maxArrayLength: 100,
    maxStringLength: 10000, customInspect: true, showHidden: false, showProxy: false,
  };
  if (isObjectLike(opts)) {
    const names = ['depth', 'breakLength', 'compact', 'maxArrayLength', 'maxStringLength', 'customInspect',
      'showHidden', 'showProxy'];
    for (let i = 0; i < names.length; i++) {
      const v = opts[names[i]];
      if (v !== undefined) ctx[names[i]] = v;
    }
    if (ctx.depth === Infinity) ctx.depth = null;
    if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
    if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
    if (typeof ctx.compact !== 'number') ctx.compact = ctx.compact === false ? 0 : 3;
  }
  return formatValue(ctx, value, 0);
}
