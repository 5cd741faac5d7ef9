
// ---- URL, part 1: percent-encoding and hosts (WHATWG URL Standard) ------------------

const StringNormalize = uncurryThis(String.prototype.normalize);

// Percent-encode sets, as predicates over a code point. Each one extends
// the one before it.
const inC0Control = (c) => c < 0x20 || c > 0x7e;
const inFragmentSet = (c) => inC0Control(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
const inQuerySet = (c) => inC0Control(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
const inSpecialQuerySet = (c) => inQuerySet(c) || c === 0x27;
const inPathSet = (c) => inQuerySet(c) || c === 0x3f || c === 0x60 || c === 0x7b || c === 0x7d;
const inUserinfoSet = (c) => inPathSet(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d ||
  c === 0x40 || (c >= 0x5b && c <= 0x5e) || c === 0x7c;

const HEX = '0123456789ABCDEF';

function percentByte(b) {
  return '%' + HEX[b >> 4] + HEX[b & 15];
}

// Percent-encodes the code points of str that are in `set`, as UTF-8.
function percentEncode(str, set) {
  let out = '';
  let last = 0;
  const bytes = new Uint8ArrayCtor(4);
  for (let i = 0; i < str.length; i++) {
    let c = StringCodePointAt(str, i);
    const units = c > 0xffff ? 2 : 1;
    if (!set(c)) { i += units - 1; continue; }
    out += StringSlice(str, last, i);
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    const n = utf8Write(StringFromCodePoint(c), bytes)[1];
    for (let k = 0; k < n; k++) out += percentByte(bytes[k]);
    i += units - 1;
    last = i + 1;
  }
  return last === 0 ? str : out + StringSlice(str, last);
}

function hexValue(c) {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

// Percent-decodes str to bytes (str is first encoded as UTF-8); "%" not
// followed by two hex digits stays as is.
function percentDecodeBytes(str) {
  const raw = new Uint8ArrayCtor(utf8Length(str));
  utf8Write(str, raw);
  const n = TypedArrayLength(raw);
  const out = new Uint8ArrayCtor(n);
  let w = 0;
  for (let i = 0; i < n; i++) {
    const b = raw[i];
    if (b === 0x25 && i + 2 < n) {
      const h = hexValue(raw[i + 1]);
      const l = hexValue(raw[i + 2]);
      if (h >= 0 && l >= 0) {
        out[w++] = h * 16 + l;
        i += 2;
        continue;
      }
    }
    out[w++] = b;
  }
  return new Uint8ArrayCtor(TypedArrayBuffer(out), 0, w);
}

// UTF-8 decode with replacement, for percent-decoded text.
function decodeUtf8Lossy(bytes) {
  return utf8Decode({ __proto__: null, fatal: false, ignoreBOM: true, pending: newList(), bomSeen: true },
    bytes, false);
}

const specialPorts = { __proto__: null, 'ftp': 21, 'file': null, 'http': 80, 'https': 443, 'ws': 80, 'wss': 443 };
const isSpecialScheme = (s) => ObjectHasOwn(specialPorts, s);

const isAsciiDigit = (c) => c >= 48 && c <= 57;
const isAsciiAlpha = (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

// Code points that may never appear in a host (opaque hosts may contain %).
function isForbiddenHostCode(c) {
  return c === 0 || c === 9 || c === 0xa || c === 0xd || c === 0x20 || c === 0x23 || c === 0x2f ||
    c === 0x3a || c === 0x3c || c === 0x3e || c === 0x3f || c === 0x40 || c === 0x5b ||
    c === 0x5c || c === 0x5d || c === 0x5e || c === 0x7c;
}
function isForbiddenDomainCode(c) {
  return isForbiddenHostCode(c) || c <= 0x1f || c === 0x25 || c === 0x7f;
}

// Punycode (RFC 3492) encoding of one label.
function punycode(label) {
  const cps = newList();
  for (let i = 0; i < label.length; i++) {
    const c = StringCodePointAt(label, i);
    if (c > 0xffff) i++;
    ArrayPush(cps, c);
  }
  let out = '';
  for (let i = 0; i < cps.length; i++) if (cps[i] < 0x80) out += StringFromCharCode(cps[i]);
  const basic = out.length;
  let handled = basic;
  if (basic > 0) out += '-';
  const digit = (d) => StringFromCharCode(d < 26 ? d + 97 : d + 22);
  let n = 128;
  let delta = 0;
  let bias = 72;
  while (handled < cps.length) {
    let m = 0x7fffffff;
    for (let i = 0; i < cps.length; i++) if (cps[i] >= n && cps[i] < m) m = cps[i];
    delta += (m - n) * (handled + 1);
    n = m;
    for (let i = 0; i < cps.length; i++) {
      if (cps[i] < n) delta++;
      if (cps[i] !== n) continue;
      let q = delta;
      for (let k = 36; ; k += 36) {
        const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
        if (q < t) break;
        out += digit(t + (q - t) % (36 - t));
        q = MathFloor((q - t) / (36 - t));
      }
      out += digit(q);
      // Bias adaptation.
      let d = handled === basic ? MathFloor(delta / 700) : delta >> 1;
      d += MathFloor(d / (handled + 1));
      let k = 0;
      while (d > 455) { d = MathFloor(d / 35); k += 36; }
      bias = k + MathFloor((36 * d) / (d + 38));
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return out;
}

// The UTS #46 table (49-url-idna-table.js), parsed on first use into
// parallel lists: where each run starts, its kind, and its argument (the
// delta of a "D" run, the mapped text of an "M" entry).
let idnaStarts = null;
let idnaKinds = null;
let idnaArgs = null;

function parseBase36(s) {
  let v = 0;
  const neg = s[0] === '-';
  for (let i = neg ? 1 : 0; i < s.length; i++) {
    const c = StringCharCodeAt(s, i);
    v = v * 36 + (c <= 57 ? c - 48 : c - 87);
  }
  return neg ? -v : v;
}

function idnaLoad() {
  const entries = splitOn(idnaTableText, ',');
  idnaStarts = newList();
  idnaKinds = newList();
  idnaArgs = newList();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    let k = 0;
    while (StringCharCodeAt(e, k) >= 48 && StringCharCodeAt(e, k) <= 122 && !(StringCharCodeAt(e, k) >= 65 && StringCharCodeAt(e, k) <= 90)) k++;
    const kind = e[k];
    const arg = StringSlice(e, k + 1);
    let value = null;
    if (kind === 'D') value = parseBase36(arg);
    else if (kind === 'M') {
      const cps = splitOn(arg, '+');
      value = '';
      for (let j = 0; j < cps.length; j++) value += StringFromCodePoint(parseBase36(cps[j]));
    }
    ArrayPush(idnaStarts, parseBase36(StringSlice(e, 0, k)));
    ArrayPush(idnaKinds, kind);
    ArrayPush(idnaArgs, value);
  }
}

// The index of the table entry covering code point c (c >= 0x80).
function idnaIndex(c) {
  if (idnaStarts === null) idnaLoad();
  let lo = 0;
  let hi = idnaStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (idnaStarts[mid] <= c) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// The UTS #46 status of c: 'V' valid, 'X' disallowed, 'I' ignored or 'M'
// mapped. ASCII is valid except the upper-case letters, which map to
// lower case (UseSTD3ASCIIRules is off in the URL Standard).
function idnaKind(c) {
  if (c < 0x80) return c >= 65 && c <= 90 ? 'M' : 'V';
  const k = idnaIndex(c);
  const kind = idnaKinds[k];
  if (kind === 'D') return 'M';
  if (kind === 'A') return (c - idnaStarts[k]) % 2 === 0 ? 'M' : 'V';
  return kind;
}

// The UTS #46 mapping step: null when a code point is disallowed.
function idnaMap(domain) {
  let out = '';
  for (let i = 0; i < domain.length; i++) {
    const c = StringCodePointAt(domain, i);
    if (c > 0xffff) i++;
    if (c < 0x80) {
      out += StringFromCharCode(c >= 65 && c <= 90 ? c + 32 : c);
      continue;
    }
    const k = idnaIndex(c);
    switch (idnaKinds[k]) {
      case 'V': out += StringFromCodePoint(c); break;
      case 'X': return null;
      case 'I': break;
      case 'D': out += StringFromCodePoint(c + idnaArgs[k]); break;
      case 'A': out += StringFromCodePoint((c - idnaStarts[k]) % 2 === 0 ? c + 1 : c); break;
      default: out += idnaArgs[k]; // 'M'
    }
  }
  return out;
}

// Punycode (RFC 3492) decoding of one label's part after "xn--"; null when
// it is not valid Punycode.
function punycodeDecode(input) {
  const cps = newList();
  const delim = StringLastIndexOf(input, '-');
  const basic = delim === -1 ? 0 : delim;
  for (let i = 0; i < basic; i++) {
    const c = StringCharCodeAt(input, i);
    if (c >= 0x80) return null;
    ArrayPush(cps, c);
  }
  let n = 128;
  let i = 0;
  let bias = 72;
  for (let p = basic > 0 ? basic + 1 : 0; p < input.length;) {
    const oldi = i;
    let w = 1;
    for (let k = 36; ; k += 36) {
      if (p >= input.length) return null;
      const c = StringCharCodeAt(input, p++);
      const digit = c >= 48 && c <= 57 ? c - 22 : c >= 65 && c <= 90 ? c - 65 : c >= 97 && c <= 122 ? c - 97 : -1;
      if (digit < 0) return null;
      i += digit * w;
      if (i > 0x10ffff * (cps.length + 1)) return null; // far beyond any code point: overflow
      const t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < t) break;
      w *= 36 - t;
    }
    const count = cps.length + 1;
    let delta = oldi === 0 ? MathFloor((i - oldi) / 700) : (i - oldi) >> 1;
    delta += MathFloor(delta / count);
    let k = 0;
    while (delta > 455) { delta = MathFloor(delta / 35); k += 36; }
    bias = k + MathFloor((36 * delta) / (delta + 38));
    n += MathFloor(i / count);
    i %= count;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    ArrayPush(cps, 0); // insert n at i
    for (let j = cps.length - 1; j > i; j--) cps[j] = cps[j - 1];
    cps[i] = n;
    i++;
  }
  let out = '';
  for (let j = 0; j < cps.length; j++) out += StringFromCodePoint(cps[j]);
  return out;
}

function isAscii(s) {
  for (let i = 0; i < s.length; i++) if (StringCharCodeAt(s, i) >= 0x80) return false;
  return true;
}

// Run tables (49-url-idna-table.js): "start class" entries, parsed on first
// use into { starts, classes }.
function loadRuns(text) {
  const entries = splitOn(text, ',');
  const runs = { __proto__: null, starts: newList(), classes: newList() };
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    ArrayPush(runs.starts, parseBase36(StringSlice(e, 0, -1)));
    ArrayPush(runs.classes, e[e.length - 1]);
  }
  return runs;
}

function runClass(runs, c) {
  let lo = 0;
  let hi = runs.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (runs.starts[mid] <= c) lo = mid;
    else hi = mid - 1;
  }
  return runs.classes[lo];
}

let bidiRuns = null;
let joiningRuns = null;
let viramas = null;

function bidiClass(c) {
  if (bidiRuns === null) bidiRuns = loadRuns(idnaBidiText);
  return runClass(bidiRuns, c);
}

function joiningType(c) {
  if (joiningRuns === null) joiningRuns = loadRuns(idnaJoiningText);
  return runClass(joiningRuns, c);
}

function isVirama(c) {
  if (viramas === null) {
    viramas = { __proto__: null };
    const list = splitOn(idnaViramaText, ',');
    for (let i = 0; i < list.length; i++) viramas[parseBase36(list[i])] = true;
  }
  return viramas[c] === true;
}

function codePoints(s) {
  const cps = newList();
  for (let i = 0; i < s.length; i++) {
    const c = StringCodePointAt(s, i);
    if (c > 0xffff) i++;
    ArrayPush(cps, c);
  }
  return cps;
}

// CheckJoiners (RFC 5892 Appendix A): a ZWJ must follow a virama; a ZWNJ
// must follow a virama or sit between a left-joining and a right-joining
// letter, with only transparent ones around it.
function joinersValid(cps) {
  for (let i = 0; i < cps.length; i++) {
    const c = cps[i];
    if (c !== 0x200c && c !== 0x200d) continue;
    if (i > 0 && isVirama(cps[i - 1])) continue;
    if (c === 0x200d) return false;
    let j = i - 1;
    while (j >= 0 && joiningType(cps[j]) === 'T') j--;
    if (j < 0 || (joiningType(cps[j]) !== 'L' && joiningType(cps[j]) !== 'D')) return false;
    j = i + 1;
    while (j < cps.length && joiningType(cps[j]) === 'T') j++;
    if (j >= cps.length || (joiningType(cps[j]) !== 'R' && joiningType(cps[j]) !== 'D')) return false;
  }
  return true;
}

// The Bidi Rule (RFC 5893 section 2) for one label of a Bidi domain name.
// Classes as in the table: L R A(L) N (AN) E(N) S (ES) C(S) T (ET) O(N)
// B(N) M (NSM), Z for the rest.
function bidiLabelValid(cps) {
  if (cps.length === 0) return true;
  const first = bidiClass(cps[0]);
  let end = cps.length - 1;
  while (end > 0 && bidiClass(cps[end]) === 'M') end--;
  const last = bidiClass(cps[end]);
  if (first === 'R' || first === 'A') {
    let en = false;
    let an = false;
    for (let i = 0; i < cps.length; i++) {
      const k = bidiClass(cps[i]);
      if (StringIndexOf('RANESCTOBM', k) === -1) return false;
      if (k === 'E') en = true;
      if (k === 'N') an = true;
    }
    return (last === 'R' || last === 'A' || last === 'E' || last === 'N') && !(en && an);
  }
  if (first !== 'L') return false;
  for (let i = 0; i < cps.length; i++) {
    if (StringIndexOf('LESCTOBM', bidiClass(cps[i])) === -1) return false;
  }
  return last === 'L' || last === 'E';
}

// A Bidi domain name has a code point of class R, AL or AN in some label.
function isBidiDomain(labels) {
  for (let i = 0; i < labels.length; i++) {
    const cps = labels[i];
    for (let j = 0; j < cps.length; j++) {
      const k = bidiClass(cps[j]);
      if (k === 'R' || k === 'A' || k === 'N') return true;
    }
  }
  return false;
}

const reLeadingMark = /^\p{M}/u;
const RegExpExec = uncurryThis(RegExpProto.exec);

// The UTS #46 validity criteria for one label (URL Standard settings:
// CheckHyphens off, CheckJoiners on; CheckBidi is domainToAscii's, as it
// depends on every label). decoded: the label came from Punycode, so its
// code points were not mapped and must each be valid, and it must be NFC.
function idnaLabelValid(label, decoded) {
  if (label === '') return true;
  if (decoded) {
    if (StringNormalize(label, 'NFC') !== label) return false;
    for (let i = 0; i < label.length; i++) {
      const c = StringCodePointAt(label, i);
      if (c > 0xffff) i++;
      if (c === 0x2e || idnaKind(c) !== 'V') return false;
    }
  }
  if (StringStartsWith(label, 'xn--')) return false;
  if (RegExpExec(reLeadingMark, label) !== null) return false;
  return joinersValid(codePoints(label));
}

// Domain to ASCII (URL Standard), with UTS #46 processing: map, normalize
// to NFC, split into labels, decode and check "xn--" labels, check each
// label, and Punycode the labels that are not ASCII. Returns null on
// failure.
function domainToAscii(domain) {
  // The Standard's shortcut: an ASCII domain with no "xn--" label only needs
  // lower-casing, and skips loading the tables.
  if (isAscii(domain)) {
    const lower = StringToLowerCase(domain);
    if (!StringStartsWith(lower, 'xn--') && StringIndexOf(lower, '.xn--') === -1) {
      for (let i = 0; i < lower.length; i++) if (isForbiddenDomainCode(StringCharCodeAt(lower, i))) return null;
      return lower === '' ? null : lower;
    }
  }
  const mapped = idnaMap(domain);
  if (mapped === null) return null;
  const labels = splitOn(StringNormalize(mapped, 'NFC'), '.');
  const unicode = newList(); // each label's code points, Punycode decoded
  let out = '';
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i];
    let ascii = label;
    let text = label;
    if (StringStartsWith(label, 'xn--')) {
      if (!isAscii(label)) return null;
      text = punycodeDecode(StringSlice(label, 4));
      if (text === null || text === '' || !idnaLabelValid(text, true)) return null;
    } else {
      if (!idnaLabelValid(label, false)) return null;
      if (!isAscii(label)) ascii = 'xn--' + punycode(label);
    }
    ArrayPush(unicode, codePoints(text));
    out += (i > 0 ? '.' : '') + ascii;
  }
  if (isBidiDomain(unicode)) {
    for (let i = 0; i < unicode.length; i++) if (!bidiLabelValid(unicode[i])) return null;
  }

  for (let i = 0; i < out.length; i++) if (isForbiddenDomainCode(StringCharCodeAt(out, i))) return null;
  return out === '' ? null : out;
}

// One IPv4 part: decimal, 0x-hex or 0-octal. NaN on failure.
function ipv4Number(part) {
  if (part === '') return NaN;
  let radix = 10;
  if (part.length >= 2 && part[0] === '0' && (part[1] === 'x' || part[1] === 'X')) {
    radix = 16; part = StringSlice(part, 2);
  } else if (part.length >= 2 && part[0] === '0') {
    radix = 8; part = StringSlice(part, 1);
  }
  if (part === '') return 0;
  let v = 0;
  for (let i = 0; i < part.length; i++) {
    const d = hexValue(StringCharCodeAt(part, i));
    if (d < 0 || d >= radix) return NaN;
    v = v * radix + d;
  }
  return v;
}

function splitOn(str, sep) {
  const out = newList();
  let start = 0;
  for (;;) {
    const i = StringIndexOf(str, sep, start);
    if (i === -1) break;
    ArrayPush(out, StringSlice(str, start, i));
    start = i + sep.length;
  }
  ArrayPush(out, StringSlice(str, start));
  return out;
}

function endsInANumber(host) {
  const parts = splitOn(host, '.');
  if (parts[parts.length - 1] === '') {
    if (parts.length === 1) return false;
    ArrayPop(parts);
  }
  const last = parts[parts.length - 1];
  let digits = last !== '';
  for (let i = 0; i < last.length; i++) if (!isAsciiDigit(StringCharCodeAt(last, i))) digits = false;
  return digits || !NumberIsNaN(ipv4Number(last));
}

// Returns the dotted IPv4 address, or null.
function parseIPv4(host) {
  const parts = splitOn(host, '.');
  if (parts[parts.length - 1] === '' && parts.length > 1) ArrayPop(parts);
  if (parts.length > 4) return null;
  const nums = newList();
  for (let i = 0; i < parts.length; i++) {
    const v = ipv4Number(parts[i]);
    if (NumberIsNaN(v)) return null;
    ArrayPush(nums, v);
  }
  for (let i = 0; i < nums.length - 1; i++) if (nums[i] > 255) return null;
  if (nums[nums.length - 1] >= 256 ** (5 - nums.length)) return null;
  let ip = nums[nums.length - 1];
  for (let i = 0; i < nums.length - 1; i++) ip += nums[i] * 256 ** (3 - i);
  let out = '';
  for (let i = 3; i >= 0; i--) out += (i < 3 ? '.' : '') + MathFloor(ip / 256 ** i) % 256;
  return out;
}

// Returns the IPv6 address text (compressed, lower-case), or null.
function parseIPv6(input) {
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  let pieceIndex = 0;
  let compress = -1;
  let p = 0;
  const c = () => (p < input.length ? StringCharCodeAt(input, p) : -1);
  if (c() === 58) {
    if (StringCharCodeAt(input, 1) !== 58) return null;
    p += 2;
    compress = ++pieceIndex;
  }
  while (c() !== -1) {
    if (pieceIndex === 8) return null;
    if (c() === 58) {
      if (compress !== -1) return null;
      p++;
      compress = ++pieceIndex;
      continue;
    }
    let value = 0;
    let length = 0;
    while (length < 4 && hexValue(c()) >= 0) { value = value * 16 + hexValue(c()); p++; length++; }
    if (c() === 46) {
      // An embedded IPv4 address fills the last two pieces.
      if (length === 0) return null;
      p -= length;
      if (pieceIndex > 6) return null;
      let numbersSeen = 0;
      while (c() !== -1) {
        let piece = -1;
        if (numbersSeen > 0) {
          if (c() === 46 && numbersSeen < 4) p++;
          else return null;
        }
        if (!isAsciiDigit(c())) return null;
        while (isAsciiDigit(c())) {
          const n = c() - 48;
          if (piece === -1) piece = n;
          else if (piece === 0) return null;
          else piece = piece * 10 + n;
          if (piece > 255) return null;
          p++;
        }
        address[pieceIndex] = address[pieceIndex] * 0x100 + piece;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return null;
      break;
    } else if (c() === 58) {
      p++;
      if (c() === -1) return null;
    } else if (c() !== -1) {
      return null;
    }
    address[pieceIndex++] = value;
  }
  if (compress !== -1) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const t = address[pieceIndex];
      address[pieceIndex] = address[compress + swaps - 1];
      address[compress + swaps - 1] = t;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) {
    return null;
  }
  // Serialize, replacing the first longest run (>= 2) of zeros with "::".
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && address[j] === 0) j++;
    if (j - i > bestLen) { best = i; bestLen = j - i; }
    i = j === i ? i + 1 : j;
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === best) {
      out += i === 0 ? '::' : ':';
      i += bestLen - 1;
      continue;
    }
    out += NumberToString(address[i], 16) + (i !== 7 ? ':' : '');
  }
  return out;
}
