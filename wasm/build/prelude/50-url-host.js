
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

// Domain to ASCII, approximately UTS #46: lower-cased, NFC-normalised,
// non-ASCII labels punycoded. Returns null on failure.
function domainToAscii(domain) {
  let s = StringNormalize(StringToLowerCase(domain), 'NFC');
  let out = '';
  let label = '';
  let ascii = true;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? StringCharCodeAt(s, i) : -1;
    if (c === -1 || c === 0x2e || c === 0x3002 || c === 0xff0e || c === 0xff61) {
      out += ascii ? label : 'xn--' + punycode(label);
      if (c !== -1) out += '.';
      label = '';
      ascii = true;
      continue;
    }
    if (c === 0xad) continue; // soft hyphen maps to nothing
    if (c >= 0x80) ascii = false;
    label += s[i];
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
