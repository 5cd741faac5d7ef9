
// ---- inspect: primitives, string quoting, property names -------------------
//
// The inspector reproduces Node's util.inspect with its default options
// (depth 2, breakLength 80, compact 3, maxArrayLength 100, maxStringLength
// 10000, no colors), because programs and the people reading their logs
// expect console output to look as it does under Node.

const kMinLineWidth = 16;

// Escape for one UTF-16 unit that cannot appear raw inside quotes. Node
// uses C-like escapes for the common controls and \xHH (upper-case hex)
// for the rest of C0, DEL and C1.
function escapeUnit(c) {
  switch (c) {
    case 8: return '\\b';
    case 9: return '\\t';
    case 10: return '\\n';
    case 12: return '\\f';
    case 13: return '\\r';
    case 39: return "\\'";
    case 92: return '\\\\';
  }
  const hex = StringToUpperCase(NumberToString(c, 16));
  return '\\x' + (hex.length < 2 ? '0' + hex : hex);
}

// Escapes control characters, backslashes, lone surrogates and (when the
// quote is `quote`, a char code) that quote. quote = -1 escapes no quote.
function escapeBody(str, quote) {
  let out = '';
  let last = 0;
  const n = str.length;
  for (let i = 0; i < n; i++) {
    const c = StringCharCodeAt(str, i);
    let rep;
    if (c === quote || c === 92 || c < 32 || (c > 126 && c < 160)) {
      rep = escapeUnit(c);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      if (c <= 0xdbff && i + 1 < n) {
        const d = StringCharCodeAt(str, i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) { i++; continue; }
      }
      // A lone surrogate: Node prints it as \uXXXX with lower-case hex.
      rep = '\\u' + NumberToString(c, 16);
    } else {
      continue;
    }
    out += StringSlice(str, last, i) + rep;
    last = i + 1;
  }
  return last === 0 ? str : out + StringSlice(str, last);
}

// Quotes a string as Node does: single quotes unless the string contains
// one, then double quotes, then backticks; if it contains all three (or a
// template-looking "${"), single quotes with \' escapes.
function strEscape(str) {
  let quote = 39;
  if (StringIncludes(str, "'")) {
    if (!StringIncludes(str, '"')) quote = 34;
    else if (!StringIncludes(str, '`') && !StringIncludes(str, '${')) quote = 96;
  }
  const q = StringFromCharCode(quote);
  return q + escapeBody(str, quote === 39 ? 39 : -1) + q;
}

function formatNumber(n) {
  // String(-0) is "0"; Node shows the sign.
  if (n === 0 && 1 / n < 0) return '-0';
  return '' + n;
}

function formatBigInt(n) {
  return BigIntToString(n) + 'n';
}

// Splits after every "\n", keeping the newline with the line before it.
function splitLinesKeep(str) {
  const out = newList();
  let start = 0;
  for (;;) {
    const i = StringIndexOf(str, '\n', start);
    if (i === -1 || i === str.length - 1) break;
    ArrayPush(out, StringSlice(str, start, i + 1));
    start = i + 1;
  }
  ArrayPush(out, StringSlice(str, start));
  return out;
}

function formatString(ctx, value) {
  let trailer = '';
  if (value.length > ctx.maxStringLength) {
    const remaining = value.length - ctx.maxStringLength;
    value = StringSlice(value, 0, ctx.maxStringLength);
    trailer = '... ' + remaining + ' more character' + (remaining > 1 ? 's' : '');
  }
  // Long strings nested in structures are split at their newlines into a
  // concatenation, one line each, as Node does.
  if (value.length > kMinLineWidth && value.length > ctx.breakLength - ctx.indentationLvl - 4) {
    const lines = splitLinesKeep(value);
    if (lines.length > 1) {
      let out = '';
      const sep = ' +\n' + StringRepeat(' ', ctx.indentationLvl + 2);
      for (let i = 0; i < lines.length; i++) {
        out += (i ? sep : '') + strEscape(lines[i]);
      }
      return out + trailer;
    }
  }
  return strEscape(value) + trailer;
}

function formatPrimitive(ctx, value) {
  switch (typeof value) {
    case 'string': return formatString(ctx, value);
    case 'number': return formatNumber(value);
    case 'bigint': return formatBigInt(value);
    case 'symbol': return SymbolToString(value);
    default: return '' + value; // boolean, undefined
  }
}

// Node prints identifier-like keys bare and quotes the rest. Note that "$"
// does not count as an identifier character here (Node: { '$a': 1 }).
function isPlainKey(key) {
  const n = key.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = StringCharCodeAt(key, i);
    const alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    if (!alpha && !(i > 0 && c >= 48 && c <= 57)) return false;
  }
  return true;
}

// The "name: " part of a property line.
function formatKey(key, enumerable) {
  if (typeof key === 'symbol') return '[' + escapeBody(SymbolToString(key), -1) + ']';
  if (key === '__proto__') return "['__proto__']";
  if (!enumerable) return '[' + escapeBody(key, -1) + ']';
  if (isPlainKey(key)) return key;
  return strEscape(key);
}

// "... 3 more items"
function remainingText(n) {
  return '... ' + n + ' more item' + (n > 1 ? 's' : '');
}
