
// ---- URL, part 4: the URL class --------------------------------------------------------

function invalidURL(input, base) {
  const e = new TypeErrorCtor('Invalid URL');
  const props = { __proto__: null, code: 'ERR_INVALID_URL', input };
  if (base !== undefined) props.base = base;
  const names = ObjectKeys(props);
  for (let i = 0; i < names.length; i++) {
    ObjectDefineProperty(e, names[i], {
      __proto__: null, value: props[names[i]], writable: true, enumerable: true, configurable: true,
    });
  }
  return e;
}

// Parses url against an optional base; null when either is invalid.
function parseWithBase(url, base) {
  let baseRecord = null;
  if (base !== undefined) {
    baseRecord = parseURL(toUSV(base), null);
    if (baseRecord === null) return null;
  }
  return parseURL(toUSV(url), baseRecord);
}

// Leading ASCII digits of s as a port: a number, -1 for none, -2 if too big.
function leadingPort(s) {
  let port = -1;
  for (let i = 0; i < s.length && isAsciiDigit(StringCharCodeAt(s, i)); i++) {
    port = (port < 0 ? 0 : port) * 10 + StringCharCodeAt(s, i) - 48;
    if (port > 65535) return -2;
  }
  return port;
}

// The host and hostname setters: "host[:port]" (hostOnly: no port allowed).
function setHost(rec, value, hostOnly) {
  if (typeof rec.path === 'string') return;
  const special = isSpecialScheme(rec.scheme);
  let end = 0;
  while (end < value.length) {
    const ch = value[end];
    if (ch === '/' || ch === '?' || ch === '#' || (special && ch === '\\')) break;
    end++;
  }
  value = StringSlice(value, 0, end);
  let colon = -1;
  let inBrackets = false;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '[') inBrackets = true;
    else if (value[i] === ']') inBrackets = false;
    else if (value[i] === ':' && !inBrackets) { colon = i; break; }
  }
  if (colon !== -1 && hostOnly) return;
  const hostText = colon === -1 ? value : StringSlice(value, 0, colon);
  if (hostText === '' && (special || colon !== -1)) return;
  let host = parseHost(hostText, special);
  if (host === null) return;
  if (rec.scheme === 'file' && host === 'localhost') host = '';
  rec.host = host;
  if (colon !== -1) {
    const port = leadingPort(StringSlice(value, colon + 1));
    if (port >= 0) rec.port = port === specialPorts[rec.scheme] ? null : port;
  }
}

const cannotHaveCredentials = (rec) => rec.host === null || rec.host === '' || rec.scheme === 'file';

// The origin (https://host:port) of a record: "null" when opaque.
function originOf(rec) {
  if (rec.scheme === 'blob') {
    const inner = parseURL(serializePath(rec), null);
    if (inner !== null && (inner.scheme === 'http' || inner.scheme === 'https')) return originOf(inner);
    return 'null';
  }
  if (!isSpecialScheme(rec.scheme) || rec.scheme === 'file') return 'null';
  return rec.scheme + '://' + rec.host + (rec.port !== null ? ':' + rec.port : '');
}

let urlState;

class URL {
  // { rec: URL record, params: the linked URLSearchParams }
  #st;

  static {
    urlState = (u) => {
      if (!(typeof u === 'object' && u !== null && #st in u)) {
        throw new TypeErrorCtor('Value of "this" must be of type URL');
      }
      return u.#st;
    };
  }

  constructor(url, base = undefined) {
    if (arguments.length < 1) throw missingArgs('"url"');
    const rec = parseWithBase(url, base);
    if (rec === null) throw invalidURL(StringCtor(url), base === undefined ? undefined : StringCtor(base));
    const params = new URLSearchParams(rec.query === null ? '' : rec.query);
    this.#st = { __proto__: null, rec, params };
    paramsState(params).url = rec;
  }

  static canParse(url, base = undefined) {
    return parseWithBase(url, base) !== null;
  }

  static parse(url, base = undefined) {
    try { return new URL(url, base); } catch (e) { return null; }
  }

  get href() { return serializeURL(urlState(this).rec); }
  set href(value) {
    const st = urlState(this);
    const rec = parseURL(toUSV(value), null);
    if (rec === null) throw invalidURL(StringCtor(value));
    st.rec = rec;
    const ps = paramsState(st.params);
    ps.url = rec;
    ps.list = parseForm(rec.query === null ? '' : rec.query);
  }

  get origin() { return originOf(urlState(this).rec); }

  get protocol() { return urlState(this).rec.scheme + ':'; }
  set protocol(value) {
    const rec = urlState(this).rec;
    value = toUSV(value);
    const colon = StringIndexOf(value, ':');
    const scheme = StringToLowerCase(colon === -1 ? value : StringSlice(value, 0, colon));
    if (scheme === '' || !isAsciiAlpha(StringCharCodeAt(scheme, 0))) return;
    for (let i = 1; i < scheme.length; i++) {
      const c = StringCharCodeAt(scheme, i);
      if (!isAsciiAlpha(c) && !isAsciiDigit(c) && c !== 43 && c !== 45 && c !== 46) return;
    }
    // A URL cannot move between special and non-special schemes.
    if (isSpecialScheme(rec.scheme) !== isSpecialScheme(scheme)) return;
    if (scheme === 'file' && (rec.username !== '' || rec.password !== '' || rec.port !== null)) return;
    if (rec.scheme === 'file' && rec.host === '') return;
    rec.scheme = scheme;
    if (rec.port === specialPorts[scheme]) rec.port = null;
  }

  get username() { return urlState(this).rec.username; }
  set username(value) {
    const rec = urlState(this).rec;
    if (!cannotHaveCredentials(rec)) rec.username = percentEncode(toUSV(value), inUserinfoSet);
  }

  get password() { return urlState(this).rec.password; }
  set password(value) {
    const rec = urlState(this).rec;
    if (!cannotHaveCredentials(rec)) rec.password = percentEncode(toUSV(value), inUserinfoSet);
  }

  get host() {
    const rec = urlState(this).rec;
    if (rec.host === null) return '';
    return rec.port === null ? rec.host : rec.host + ':' + rec.port;
  }
  set host(value) { setHost(urlState(this).rec, toUSV(value), false); }

  get hostname() {
    const rec = urlState(this).rec;
    return rec.host === null ? '' : rec.host;
  }
  set hostname(value) { setHost(urlState(this).rec, toUSV(value), true); }

  get port() {
    const rec = urlState(this).rec;
    return rec.port === null ? '' : '' + rec.port;
  }
  set port(value) {
    const rec = urlState(this).rec;
    if (cannotHaveCredentials(rec)) return;
    value = toUSV(value);
    if (value === '') { rec.port = null; return; }
    const port = leadingPort(value);
    if (port >= 0) rec.port = port === specialPorts[rec.scheme] ? null : port;
  }

  get pathname() { return serializePath(urlState(this).rec); }
  set pathname(value) {
    const rec = urlState(this).rec;
    if (typeof rec.path === 'string') return;
    value = toUSV(value);
    rec.path = newList();
    const special = isSpecialScheme(rec.scheme);
    const slash = value[0] === '/' || (special && value[0] === '\\');
    if (slash) value = StringSlice(value, 1);
    if (special || slash || value !== '') parseSegments(rec, value);
    else if (rec.host === null) ArrayPush(rec.path, '');
  }

  get search() {
    const q = urlState(this).rec.query;
    return q === null || q === '' ? '' : '?' + q;
  }
  set search(value) {
    const st = urlState(this);
    value = toUSV(value);
    if (value[0] === '?') value = StringSlice(value, 1);
    const special = isSpecialScheme(st.rec.scheme);
    st.rec.query = value === '' ? null : percentEncode(value, special ? inSpecialQuerySet : inQuerySet);
    paramsState(st.params).list = parseForm(value);
  }

  get searchParams() { return urlState(this).params; }

  get hash() {
    const f = urlState(this).rec.fragment;
    return f === null || f === '' ? '' : '#' + f;
  }
  set hash(value) {
    const rec = urlState(this).rec;
    value = toUSV(value);
    if (value[0] === '#') value = StringSlice(value, 1);
    rec.fragment = value === '' ? null : percentEncode(value, inFragmentSet);
  }

  toString() { return serializeURL(urlState(this).rec); }
  toJSON() { return serializeURL(urlState(this).rec); }

  // Node's rendering: URL { href: '...', origin: '...', ... }
  [inspectCustom](depth, options) {
    if (typeof depth === 'number' && depth < 0) return this;
    const obj = {};
    const names = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname',
      'port', 'pathname', 'search', 'searchParams', 'hash'];
    for (let i = 0; i < names.length; i++) obj[names[i]] = this[names[i]];
    return 'URL ' + inspect(obj, options);
  }
}
{
  // Like Node's: the accessors are enumerable own properties of the prototype.
  const names = ObjectGetOwnPropertyNames(URL.prototype);
  for (let i = 0; i < names.length; i++) {
    const d = getDesc(URL.prototype, names[i]);
    if (d.get !== undefined) { d.enumerable = true; ObjectDefineProperty(URL.prototype, names[i], d); }
  }
}
defineTag(URL.prototype, 'URL');
defineGlobal('URL', URL);
