
// ---- URL, part 2: the parser and serializer -------------------------------------------
//
// A URL record: { scheme, username, password, host (null | string),
// port (null | number), path (list of segments, or a string for an opaque
// path such as "mailto:x"), query (null | string), fragment (null | string) }.
// The parser follows the WHATWG "basic URL parser" state by state, written
// as a few functions over slices instead of one character loop.

// Host parser: null on failure.
function parseHost(input, special) {
  if (input[0] === '[') {
    if (input[input.length - 1] !== ']') return null;
    const a = parseIPv6(StringSlice(input, 1, -1));
    return a === null ? null : '[' + a + ']';
  }
  if (!special) {
    for (let i = 0; i < input.length; i++) if (isForbiddenHostCode(StringCharCodeAt(input, i))) return null;
    return percentEncode(input, inC0Control);
  }
  const ascii = domainToAscii(decodeUtf8Lossy(percentDecodeBytes(input)));
  if (ascii === null) return null;
  return endsInANumber(ascii) ? parseIPv4(ascii) : ascii;
}

function newRecord() {
  return {
    __proto__: null, scheme: '', username: '', password: '', host: null, port: null,
    path: newList(), query: null, fragment: null,
  };
}

function copyAuthority(url, base) {
  url.username = base.username;
  url.password = base.password;
  url.host = base.host;
  url.port = base.port;
}

const isWindowsDriveLetter = (s) => s.length === 2 && isAsciiAlpha(StringCharCodeAt(s, 0)) &&
  (s[1] === ':' || s[1] === '|');
const isNormalizedDriveLetter = (s) => isWindowsDriveLetter(s) && s[1] === ':';
const startsWithDriveLetter = (s) => s.length >= 2 && isWindowsDriveLetter(StringSlice(s, 0, 2)) &&
  (s.length === 2 || s[2] === '/' || s[2] === '\\' || s[2] === '?' || s[2] === '#');

function shortenPath(url) {
  const path = url.path;
  if (url.scheme === 'file' && path.length === 1 && isNormalizedDriveLetter(path[0])) return;
  if (path.length > 0) ArrayPop(path);
}

function isSingleDot(s) {
  return s === '.' || StringToLowerCase(s) === '%2e';
}

function isDoubleDot(s) {
  if (s.length < 2 || s.length > 6) return false;
  const l = StringToLowerCase(s);
  return l === '..' || l === '.%2e' || l === '%2e.' || l === '%2e%2e';
}

// The path state: appends the segments of p to url.path, resolving dot
// segments and percent-encoding the rest.
function parseSegments(url, p) {
  const special = isSpecialScheme(url.scheme);
  let start = 0;
  for (let i = 0; i <= p.length; i++) {
    const atEnd = i === p.length;
    if (!atEnd && p[i] !== '/' && !(special && p[i] === '\\')) continue;
    const seg = StringSlice(p, start, i);
    start = i + 1;
    if (isDoubleDot(seg)) {
      shortenPath(url);
      if (atEnd) ArrayPush(url.path, '');
    } else if (isSingleDot(seg)) {
      if (atEnd) ArrayPush(url.path, '');
    } else if (url.scheme === 'file' && url.path.length === 0 && isWindowsDriveLetter(seg)) {
      ArrayPush(url.path, seg[0] + ':');
    } else {
      ArrayPush(url.path, percentEncode(seg, inPathSet));
    }
  }
}

// Path, query and fragment. mode: 'start' (right after the host), 'path'
// (a relative path or one whose leading slash is consumed), 'opaque', or
// 'keep' (rest is only ?query and/or #fragment).
function parseTail(url, rest, mode) {
  const special = isSpecialScheme(url.scheme);
  let query = null;
  let fragment = null;
  const hash = StringIndexOf(rest, '#');
  if (hash !== -1) { fragment = StringSlice(rest, hash + 1); rest = StringSlice(rest, 0, hash); }
  const q = StringIndexOf(rest, '?');
  if (q !== -1) { query = StringSlice(rest, q + 1); rest = StringSlice(rest, 0, q); }
  if (mode === 'opaque') {
    url.path = percentEncode(rest, inC0Control);
  } else if (mode === 'path') {
    parseSegments(url, rest);
  } else if (mode === 'start') {
    const slash = rest[0] === '/' || (special && rest[0] === '\\');
    if (slash) parseSegments(url, StringSlice(rest, 1));
    else if (special) parseSegments(url, rest);
  }
  if (query !== null) url.query = percentEncode(query, special ? inSpecialQuerySet : inQuerySet);
  if (fragment !== null) url.fragment = percentEncode(fragment, inFragmentSet);
  return url;
}

function stripSlashes(s) {
  let i = 0;
  while (i < s.length && (s[i] === '/' || s[i] === '\\')) i++;
  return StringSlice(s, i);
}

// userinfo@host:port, then the tail.
function parseAuthority(url, rest) {
  const special = isSpecialScheme(url.scheme);
  let end = 0;
  while (end < rest.length) {
    const ch = rest[end];
    if (ch === '/' || ch === '?' || ch === '#' || (special && ch === '\\')) break;
    end++;
  }
  let auth = StringSlice(rest, 0, end);
  const at = StringLastIndexOf(auth, '@');
  if (at !== -1) {
    const info = StringSlice(auth, 0, at);
    const colon = StringIndexOf(info, ':');
    url.username = percentEncode(colon === -1 ? info : StringSlice(info, 0, colon), inUserinfoSet);
    url.password = colon === -1 ? '' : percentEncode(StringSlice(info, colon + 1), inUserinfoSet);
    auth = StringSlice(auth, at + 1);
    if (auth === '') return null;
  }
  // The port follows the first ":" outside an IPv6 literal's brackets.
  let colon = -1;
  let inBrackets = false;
  for (let i = 0; i < auth.length; i++) {
    if (auth[i] === '[') inBrackets = true;
    else if (auth[i] === ']') inBrackets = false;
    else if (auth[i] === ':' && !inBrackets) { colon = i; break; }
  }
  const hostText = colon === -1 ? auth : StringSlice(auth, 0, colon);
  if (hostText === '' && (special || colon !== -1)) return null;
  const host = parseHost(hostText, special);
  if (host === null) return null;
  url.host = host;
  if (colon !== -1 && colon + 1 < auth.length) {
    let port = 0;
    for (let i = colon + 1; i < auth.length; i++) {
      const c = StringCharCodeAt(auth, i);
      if (!isAsciiDigit(c)) return null;
      port = port * 10 + c - 48;
      if (port > 65535) return null;
    }
    url.port = port === specialPorts[url.scheme] ? null : port;
  }
  return parseTail(url, StringSlice(rest, end), 'start');
}

// Input without a scheme (or with the base's special scheme and no "//"),
// resolved against base.
function parseRelative(url, rest, base) {
  const special = isSpecialScheme(url.scheme);
  const isSlash = (ch) => ch === '/' || (special && ch === '\\');
  if (rest.length > 0 && isSlash(rest[0])) {
    if (rest.length > 1 && isSlash(rest[1])) {
      return parseAuthority(url, special ? stripSlashes(rest) : StringSlice(rest, 2));
    }
    copyAuthority(url, base);
    return parseTail(url, StringSlice(rest, 1), 'path');
  }
  copyAuthority(url, base);
  url.path = listFrom(base.path, 0);
  url.query = base.query;
  if (rest === '') return url;
  if (rest[0] === '?' || rest[0] === '#') return parseTail(url, rest, 'keep');
  url.query = null;
  shortenPath(url);
  return parseTail(url, rest, 'path');
}

function parseFile(url, rest, base) {
  url.scheme = 'file';
  url.host = '';
  const isSlash = (ch) => ch === '/' || ch === '\\';
  if (rest.length > 0 && isSlash(rest[0])) {
    if (rest.length > 1 && isSlash(rest[1])) {
      let end = 2;
      while (end < rest.length && !isSlash(rest[end]) && rest[end] !== '?' && rest[end] !== '#') end++;
      const hostText = StringSlice(rest, 2, end);
      // "file://C:/x": a drive letter where the host would be starts the path.
      if (isWindowsDriveLetter(hostText)) return parseTail(url, StringSlice(rest, 2), 'path');
      if (hostText !== '') {
        const host = parseHost(hostText, true);
        if (host === null) return null;
        url.host = host === 'localhost' ? '' : host;
      }
      return parseTail(url, StringSlice(rest, end), 'start');
    }
    if (base !== null) {
      url.host = base.host;
      if (!startsWithDriveLetter(StringSlice(rest, 1)) && base.path.length > 0 &&
          isNormalizedDriveLetter(base.path[0])) {
        ArrayPush(url.path, base.path[0]);
      }
    }
    return parseTail(url, StringSlice(rest, 1), 'path');
  }
  if (base !== null) {
    url.host = base.host;
    url.path = listFrom(base.path, 0);
    url.query = base.query;
    if (rest === '') return url;
    if (rest[0] === '?' || rest[0] === '#') return parseTail(url, rest, 'keep');
    url.query = null;
    if (!startsWithDriveLetter(rest)) shortenPath(url);
    else url.path = newList();
  }
  return parseTail(url, rest, 'path');
}

// The basic URL parser: a record, or null when input is not a valid URL.
function parseURL(input, base) {
  // Trim C0 controls and spaces at both ends; drop tabs and newlines.
  let s = 0;
  let e = input.length;
  while (s < e && StringCharCodeAt(input, s) <= 0x20) s++;
  while (e > s && StringCharCodeAt(input, e - 1) <= 0x20) e--;
  let clean = '';
  for (let i = s; i < e; i++) {
    const c = StringCharCodeAt(input, i);
    if (c !== 9 && c !== 10 && c !== 13) clean += input[i];
  }
  input = clean;
  const url = newRecord();
  // A scheme: a letter, then letters, digits, "+", "-" or ".", then ":".
  let colon = -1;
  if (input.length > 0 && isAsciiAlpha(StringCharCodeAt(input, 0))) {
    for (let i = 1; i < input.length; i++) {
      const c = StringCharCodeAt(input, i);
      if (c === 58) { colon = i; break; }
      if (!isAsciiAlpha(c) && !isAsciiDigit(c) && c !== 43 && c !== 45 && c !== 46) break;
    }
  }
  if (colon > 0) {
    url.scheme = StringToLowerCase(StringSlice(input, 0, colon));
    const rest = StringSlice(input, colon + 1);
    if (url.scheme === 'file') return parseFile(url, rest, base !== null && base.scheme === 'file' ? base : null);
    if (isSpecialScheme(url.scheme)) {
      if (base !== null && base.scheme === url.scheme && !StringStartsWith(rest, '//')) {
        return parseRelative(url, rest, base);
      }
      return parseAuthority(url, stripSlashes(rest));
    }
    if (rest[0] === '/') {
      if (rest[1] === '/') return parseAuthority(url, StringSlice(rest, 2));
      return parseTail(url, StringSlice(rest, 1), 'path');
    }
    return parseTail(url, rest, 'opaque');
  }
  if (base === null) return null;
  url.scheme = base.scheme;
  if (typeof base.path === 'string') {
    // Only a fragment can be resolved against "mailto:x" and the like.
    if (input[0] !== '#') return null;
    url.path = base.path;
    url.query = base.query;
    url.fragment = percentEncode(StringSlice(input, 1), inFragmentSet);
    return url;
  }
  if (base.scheme === 'file') return parseFile(url, input, base);
  return parseRelative(url, input, base);
}

function serializePath(url) {
  if (typeof url.path === 'string') return url.path;
  let out = '';
  for (let i = 0; i < url.path.length; i++) out += '/' + url.path[i];
  return out;
}

function serializeURL(url) {
  let out = url.scheme + ':';
  if (url.host !== null) {
    out += '//';
    if (url.username !== '' || url.password !== '') {
      out += url.username + (url.password !== '' ? ':' + url.password : '') + '@';
    }
    out += url.host + (url.port !== null ? ':' + url.port : '');
  } else if (typeof url.path !== 'string' && url.path.length > 1 && url.path[0] === '') {
    out += '/.'; // keeps "//x" in the path from reading as an authority
  }
  out += serializePath(url);
  if (url.query !== null) out += '?' + url.query;
  if (url.fragment !== null) out += '#' + url.fragment;
  return out;
}
