
// ---- Intl and the locale-sensitive methods ------------------------------------------
//
// ECMA-402 computed by the host (internal/intl) from CLDR 48, the data
// Node 20's ICU carries. An Intl object keeps its resolved options and the
// host's spec, an opaque JSON text it sends with every call: the host keeps
// nothing per run, so a suspended run resumes in any process.
//
// Intl.DurationFormat is absent, as in Node 20 (typeof gives 'undefined').
// An option the host cannot honour (another calendar) throws
// an error that says so: coderun refuses rather than print something Node
// would not.

const JSONParse = JSON.parse;
const ReflectConstruct = Reflect.construct;
const NumberIsFinite = Number.isFinite;
const DateNow = Date.now;
const DateProto = Date.prototype;

// intlAnswer decodes the host's answer: "=" and a string, "!" and an error
// to throw ({name, message}), or JSON. An answer object the prelude reads
// (not an array, which goes to the program) gets no prototype, so a
// property a program put on Object.prototype cannot stand in for a field
// the host left out.
function intlAnswer(text) {
  const c = StringCharCodeAt(text, 0);
  if (c === 61) return StringSlice(text, 1); // '='
  if (c === 33) { // '!'
    const e = ObjectSetPrototypeOf(JSONParse(StringSlice(text, 1)), null);
    const Ctor = e.name === 'TypeError' ? TypeErrorCtor : e.name === 'RangeError' ? RangeErrorCtor : ErrorCtor;
    throw new Ctor(e.message);
  }
  const v = JSONParse(text);
  if (typeof v === 'object' && v !== null && !ArrayIsArray(v)) ObjectSetPrototypeOf(v, null);
  return v;
}

// intlCall sends a JSON request: a constructor or a static function.
function intlCall(request) {
  return intlAnswer(native.intl(JSONStringify(request)));
}

// intlMake calls a constructor: the resolved options as JSON text (each
// resolvedOptions() parses a fresh copy) and the {spec, id} intlUse takes.
function intlMake(request) {
  const made = intlCall(request);
  return { resolved: JSONStringify(made.resolved), use: { __proto__: null, spec: made.spec, id: made.id } };
}

// intlUse calls a formatter made before (made: the constructor's answer,
// {spec, id}) with the argument as text, by the spec's id; when the host
// does not know the id ("?": another process made it), by the spec itself.
function intlUse(op, made, arg) {
  const text = native.intl(op + '\n' + made.id + '\n' + arg);
  if (text === '?') return intlAnswer(native.intl(op + '\n' + made.spec + '\n' + arg));
  return intlAnswer(text);
}

function toLength(v) {
  const n = MathFloor(NumberCtor(v));
  if (!(n > 0)) return 0;
  return MathMin(n, 9007199254740991);
}

// CanonicalizeLocaleList's reading of its argument; the host canonicalizes.
function localeList(locales) {
  const out = newList();
  if (locales === undefined) return out;
  if (typeof locales === 'string' || isLocale(locales)) {
    ArrayPush(out, StringCtor(locales));
    return out;
  }
  if (locales === null) throw new TypeErrorCtor('Cannot convert undefined or null to object');
  const o = ObjectCtor(locales);
  const len = toLength(o.length);
  for (let i = 0; i < len; i++) {
    if (!(i in o)) continue;
    const v = o[i];
    if (typeof v !== 'string' && (typeof v !== 'object' || v === null)) {
      throw new TypeErrorCtor('Language ID should be string or object.');
    }
    ArrayPush(out, StringCtor(v));
  }
  return out;
}

// readOptions reads the named options with ECMA-402's types: names is a
// flat list of name, kind ('s' string, 'n' number, 'b' boolean, 'g'
// boolean or string).
function readOptions(options, names) {
  const out = { __proto__: null };
  if (options === undefined) return out;
  if (options === null) throw new TypeErrorCtor('Cannot convert undefined or null to object');
  const o = ObjectCtor(options);
  for (let i = 0; i < names.length; i += 2) {
    const name = names[i];
    const kind = names[i + 1];
    const v = o[name];
    if (v === undefined) continue;
    if (kind === 's') out[name] = StringCtor(v);
    else if (kind === 'b') out[name] = !!v;
    else if (kind === 'g') out[name] = typeof v === 'boolean' ? v : StringCtor(v);
    else {
      const n = NumberCtor(v);
      if (!NumberIsFinite(n)) throw new RangeErrorCtor(name + ' value is out of range.');
      out[name] = n;
    }
  }
  return out;
}

const digitOptions = [
  'minimumIntegerDigits', 'n', 'minimumFractionDigits', 'n', 'maximumFractionDigits', 'n',
  'minimumSignificantDigits', 'n', 'maximumSignificantDigits', 'n', 'roundingIncrement', 'n',
  'roundingMode', 's', 'roundingPriority', 's', 'trailingZeroDisplay', 's',
];
const numberOptionNames = listConcat([
  'localeMatcher', 's', 'numberingSystem', 's', 'style', 's', 'currency', 's',
  'currencyDisplay', 's', 'currencySign', 's', 'unit', 's', 'unitDisplay', 's', 'notation', 's',
  'compactDisplay', 's', 'useGrouping', 'g', 'signDisplay', 's',
], digitOptions);
const dateOptionNames = [
  'localeMatcher', 's', 'calendar', 's', 'numberingSystem', 's', 'hour12', 'b', 'hourCycle', 's',
  'timeZone', 's', 'weekday', 's', 'era', 's', 'year', 's', 'month', 's', 'day', 's',
  'dayPeriod', 's', 'hour', 's', 'minute', 's', 'second', 's', 'fractionalSecondDigits', 'n',
  'timeZoneName', 's', 'formatMatcher', 's', 'dateStyle', 's', 'timeStyle', 's',
];
const collatorOptionNames = [
  'usage', 's', 'localeMatcher', 's', 'collation', 's', 'numeric', 'b', 'caseFirst', 's',
  'sensitivity', 's', 'ignorePunctuation', 'b',
];

// True for a decimal literal ("-12.5e3"), which Intl formats exactly.
function isDecimalLiteral(s) {
  let i = 0;
  if (s[i] === '-' || s[i] === '+') i++;
  let digits = 0;
  while (i < s.length && s[i] >= '0' && s[i] <= '9') { i++; digits++; }
  if (s[i] === '.') {
    i++;
    while (i < s.length && s[i] >= '0' && s[i] <= '9') { i++; digits++; }
  }
  if (digits === 0) return false;
  if (s[i] === 'e' || s[i] === 'E') {
    i++;
    if (s[i] === '-' || s[i] === '+') i++;
    const start = i;
    while (i < s.length && s[i] >= '0' && s[i] <= '9') i++;
    if (i === start) return false;
  }
  return i === s.length;
}

// numberText is a value to format as the host reads it: String() of a
// Number or BigInt, "-0" for negative zero, a decimal string as written,
// unless it is beyond a Number's range, which V8 formats as an infinity
// (so the host never expands a short "1e999999" into a million digits).
function numberText(x) {
  if (typeof x === 'bigint') return BigIntToString(x);
  if (typeof x === 'string') {
    const t = StringTrim(x);
    if (isDecimalLiteral(t)) {
      if (!NumberIsFinite(NumberCtor(t))) return NumberToString(NumberCtor(t));
      return StringCharCodeAt(t, 0) === 43 ? StringSlice(t, 1) : t;
    }
  }
  const n = NumberCtor(x);
  if (n === 0 && 1 / n < 0) return '-0';
  return NumberToString(n);
}

// Every Intl class's static supportedLocalesOf.
function supportedLocalesOf(locales, options) {
  readOptions(options, ['localeMatcher', 's']);
  return intlCall({ op: 'supportedLocalesOf', locales: localeList(locales) });
}

// defineMethods installs functions as built-in methods are: writable,
// configurable, not enumerable.
function defineMethods(target, methods) {
  const keys = ObjectGetOwnPropertyNames(methods);
  for (let i = 0; i < keys.length; i++) {
    ObjectDefineProperty(target, keys[i], {
      __proto__: null, value: methods[keys[i]], writable: true, enumerable: false, configurable: true,
    });
  }
}

// callable makes a class callable without new, as NumberFormat,
// DateTimeFormat and Collator are.
function callable(Impl, name) {
  // A function expression, named by the computed key: a method would not
  // be a constructor.
  const F = {
    [name]: function (locales, options) {
      return ReflectConstruct(Impl, [locales, options], new.target === undefined ? F : new.target);
    },
  }[name];
  ObjectDefineProperty(F, 'prototype', { __proto__: null, value: Impl.prototype, writable: false, enumerable: false, configurable: false });
  ObjectDefineProperty(Impl.prototype, 'constructor', { __proto__: null, value: F, writable: true, enumerable: false, configurable: true });
  defineMethods(F, { supportedLocalesOf });
  return F;
}

// errorText is a value as V8's error messages show it: an object as
// "#<Object>", anything else as String() gives it.
function errorText(v) {
  if (typeof v === 'object' && v !== null) {
    const ctor = v.constructor;
    return '#<' + (typeof ctor === 'function' && typeof ctor.name === 'string' && ctor.name !== '' ? ctor.name : 'Object') + '>';
  }
  return StringCtor(v);
}

// numberRange reads formatRange's ends as V8 does (undefined is a
// TypeError, NaN a RangeError) and sends them as JSON: [x, y].
function numberRange(start, end) {
  if (start === undefined) throw new TypeErrorCtor('Invalid start : undefined');
  if (end === undefined) throw new TypeErrorCtor('Invalid end : undefined');
  const x = numberText(start);
  const y = numberText(end);
  if (x === 'NaN') throw new RangeErrorCtor('Invalid start : ' + errorText(start));
  if (y === 'NaN') throw new RangeErrorCtor('Invalid end : ' + errorText(end));
  return JSONStringify([x, y]);
}

class NumberFormat {
  #resolved;
  #made;
  #format;

  constructor(locales, options) {
    const made = intlMake({ op: 'nf', locales: localeList(locales), options: readOptions(options, numberOptionNames) });
    this.#resolved = made.resolved;
    this.#made = made.use;
  }

  get format() {
    if (this.#format === undefined) {
      const made = this.#made;
      this.#format = (x) => intlUse('nf.format', made, numberText(x));
    }
    return this.#format;
  }

  formatToParts(x) {
    return intlUse('nf.parts', this.#made, numberText(x));
  }

  formatRange(start, end) {
    return intlUse('nf.range', this.#made, numberRange(start, end));
  }

  formatRangeToParts(start, end) {
    return intlUse('nf.rangeParts', this.#made, numberRange(start, end));
  }

  resolvedOptions() {
    return JSONParse(this.#resolved);
  }
}
defineTag(NumberFormat.prototype, 'Intl.NumberFormat');

// The time value a DateTimeFormat formats: now for undefined, else the
// number (a Date gives its time).
function timeValue(date) {
  if (date === undefined) return DateNow();
  return NumberCtor(date);
}

// timeRange reads formatRange's dates as V8 does (undefined is a
// TypeError; the host refuses NaN) and sends them as JSON: [x, y].
function timeRange(startDate, endDate) {
  if (startDate === undefined || endDate === undefined) throw new TypeErrorCtor('Invalid time value');
  const x = NumberCtor(startDate);
  const y = NumberCtor(endDate);
  return JSONStringify([NumberToString(x), NumberToString(y)]);
}

class DateTimeFormat {
  #resolved;
  #made;
  #format;

  constructor(locales, options) {
    const made = intlMake({
      op: 'dtf', locales: localeList(locales), options: readOptions(options, dateOptionNames),
      required: 'any', defaults: 'date',
    });
    this.#resolved = made.resolved;
    this.#made = made.use;
  }

  get format() {
    if (this.#format === undefined) {
      const made = this.#made;
      this.#format = (date) => intlUse('dtf.format', made, NumberToString(timeValue(date)));
    }
    return this.#format;
  }

  formatToParts(date) {
    return intlUse('dtf.parts', this.#made, NumberToString(timeValue(date)));
  }

  formatRange(startDate, endDate) {
    return intlUse('dtf.range', this.#made, timeRange(startDate, endDate));
  }

  formatRangeToParts(startDate, endDate) {
    return intlUse('dtf.rangeParts', this.#made, timeRange(startDate, endDate));
  }

  resolvedOptions() {
    return JSONParse(this.#resolved);
  }
}
defineTag(DateTimeFormat.prototype, 'Intl.DateTimeFormat');

// collate compares two strings with a collator: sent as "a\0b" (the
// host splits at the first NUL), or as JSON when a holds a NUL itself.
// The answer is "=-1", "=0" or "=1".
let defaultCollator;
function collate(made, a, b) {
  if (StringIndexOf(a, '\0') === -1) return NumberCtor(intlUse('coll.compare', made, a + '\0' + b));
  return NumberCtor(intlUse('coll.compareJSON', made, JSONStringify([a, b])));
}

class Collator {
  #resolved;
  #made;
  #compare;

  constructor(locales, options) {
    const made = intlMake({ op: 'coll', locales: localeList(locales), options: readOptions(options, collatorOptionNames) });
    this.#resolved = made.resolved;
    this.#made = made.use;
  }

  get compare() {
    if (this.#compare === undefined) {
      const made = this.#made;
      this.#compare = (a, b) => collate(made, StringCtor(a), StringCtor(b));
    }
    return this.#compare;
  }

  resolvedOptions() {
    return JSONParse(this.#resolved);
  }
}
defineTag(Collator.prototype, 'Intl.Collator');

// pluralNumber is ToNumber, which refuses a BigInt.
function pluralNumber(v) {
  if (typeof v === 'bigint') throw new TypeErrorCtor('Cannot convert a BigInt value to a number');
  return NumberCtor(v);
}

class PluralRules {
  #resolved;
  #made;

  constructor(locales, options) {
    const made = intlMake({
      op: 'pr', locales: localeList(locales),
      options: readOptions(options, listConcat(['localeMatcher', 's', 'type', 's'], digitOptions)),
    });
    this.#resolved = made.resolved;
    this.#made = made.use;
  }

  select(x) {
    return intlUse('pr.select', this.#made, numberText(NumberCtor(x)));
  }

  selectRange(start, end) {
    if (start === undefined) throw new TypeErrorCtor('Invalid startRange : undefined');
    if (end === undefined) throw new TypeErrorCtor('Invalid endRange : undefined');
    const x = pluralNumber(start);
    const y = pluralNumber(end);
    if (x !== x) throw new RangeErrorCtor('Invalid startRange : NaN');
    if (y !== y) throw new RangeErrorCtor('Invalid endRange : NaN');
    return intlUse('pr.selectRange', this.#made, JSONStringify([numberText(x), numberText(y)]));
  }

  resolvedOptions() {
    return JSONParse(this.#resolved);
  }
}
defineTag(PluralRules.prototype, 'Intl.PluralRules');
defineMethods(PluralRules, { supportedLocalesOf });

// The strings of an iterable, as ListFormat takes them.
function stringList(list) {
  const out = newList();
  if (list === undefined) return out;
  for (const item of list) {
    if (typeof item !== 'string') throw new TypeErrorCtor('Iterable yielded ' + StringCtor(item) + ' which is not a string');
    ArrayPush(out, item);
  }
  return out;
}

class ListFormat {
  #resolved;
  #made;

  constructor(locales, options) {
    const made = intlMake({
      op: 'lf', locales: localeList(locales),
      options: readOptions(options, ['localeMatcher', 's', 'type', 's', 'style', 's']),
    });
    this.#resolved = made.resolved;
    this.#made = made.use;
  }

  format(list) {
    return intlUse('lf.format', this.#made, JSONStringify(stringList(list)));
  }

  formatToParts(list) {
    return intlUse('lf.parts', this.#made, JSONStringify(stringList(list)));
  }

  resolvedOptions() {
    return JSONParse(this.#resolved);
  }
}
defineTag(ListFormat.prototype, 'Intl.ListFormat');
defineMethods(ListFormat, { supportedLocalesOf });

class RelativeTimeFormat {
  #resolved;
  #made;

  constructor(locales, options) {
    const made = intlMake({
      op: 'rtf', locales: localeList(locales),
      options: readOptions(options, ['localeMatcher', 's', 'numberingSystem', 's', 'style', 's', 'numeric', 's']),
    });
    this.#resolved = made.resolved;
    this.#made = made.use;
  }

  format(value, unit) {
    return intlUse('rtf.format', this.#made, JSONStringify([numberText(NumberCtor(value)), StringCtor(unit)]));
  }

  formatToParts(value, unit) {
    return intlUse('rtf.parts', this.#made, JSONStringify([numberText(NumberCtor(value)), StringCtor(unit)]));
  }

  resolvedOptions() {
    return JSONParse(this.#resolved);
  }
}
defineTag(RelativeTimeFormat.prototype, 'Intl.RelativeTimeFormat');
defineMethods(RelativeTimeFormat, { supportedLocalesOf });

const StringToWellFormed = uncurryThis(String.prototype.toWellFormed);

// Segments is what Segmenter#segment returns: iterable, with containing().
// The host segments the input lazily, a window of at most segmentWindow
// code units at a time, starting at the last boundary found: its work and
// memory per call stay small whatever the input's length, and the
// boundaries found so far live in this object, on the guest's heap. Each
// answer is {b: the ends of the segments found, relative to the window's
// start; w: their word-likeness, for words}.
const segmentWindow = 16384;

class Segments {
  #input;
  #made;
  #bounds; // 0, then each segment's end, in code units
  #wordLike;

  constructor(input, made) {
    this.#input = input;
    this.#made = made;
    this.#bounds = [0];
    this.#more(); // an input the host refuses throws from segment()
  }

  // #more segments the next window; false once the input is all segmented.
  #more() {
    const input = this.#input;
    const b = this.#bounds;
    const start = b[b.length - 1];
    if (start >= input.length) return false;
    let end = MathMin(input.length, start + segmentWindow);
    // A window never ends inside a surrogate pair.
    const last = StringCharCodeAt(input, end - 1);
    if (end < input.length && last >= 0xd800 && last <= 0xdbff) end--;
    const final = end === input.length;
    // Lone surrogates go as U+FFFD, one code unit too, so the host's
    // offsets stay the input's.
    const answer = intlUse('seg.next', this.#made, (final ? '1' : '0') + StringToWellFormed(StringSlice(input, start, end)));
    const ends = answer.b;
    for (let i = 0; i < ends.length; i++) ArrayPush(b, start + ends[i]);
    if (answer.w !== undefined) {
      if (this.#wordLike === undefined) this.#wordLike = newList();
      for (let i = 0; i < answer.w.length; i++) ArrayPush(this.#wordLike, answer.w[i]);
    }
    return true;
  }

  #data(i) {
    const b = this.#bounds;
    const d = { segment: StringSlice(this.#input, b[i], b[i + 1]), index: b[i], input: this.#input };
    if (this.#wordLike !== undefined) d.isWordLike = this.#wordLike[i];
    return d;
  }

  containing(index) {
    let n = index === undefined ? 0 : MathFloor(NumberCtor(index));
    if (n !== n) n = 0;
    const b = this.#bounds;
    if (n < 0 || n >= this.#input.length) return undefined;
    while (b[b.length - 1] <= n && this.#more());
    let lo = 0;
    let hi = b.length - 2;
    while (lo < hi) { // the last segment starting at or before n
      const mid = (lo + hi + 1) >> 1;
      if (b[mid] <= n) lo = mid; else hi = mid - 1;
    }
    return this.#data(lo);
  }

  [SymbolIterator]() {
    let i = 0;
    const b = this.#bounds;
    const next = () => {
      if (i >= b.length - 1 && !this.#more()) return { value: undefined, done: true };
      return { value: this.#data(i++), done: false };
    };
    const it = ObjectCreate(SegmentIteratorProto);
    ObjectDefineProperty(it, 'next', { __proto__: null, value: next, writable: true, enumerable: false, configurable: true });
    return it;
  }
}
const SegmentIteratorProto = ObjectCreate(ObjectGetPrototypeOf(ObjectGetPrototypeOf([][SymbolIterator]())));
defineTag(SegmentIteratorProto, 'Segmenter String Iterator');

class Segmenter {
  #resolved;
  #made;

  constructor(locales, options) {
    const made = intlMake({
      op: 'seg', locales: localeList(locales),
      options: readOptions(options, ['localeMatcher', 's', 'granularity', 's']),
    });
    this.#resolved = made.resolved;
    this.#made = made.use;
  }

  segment(string) {
    return new Segments(StringCtor(string), this.#made);
  }

  resolvedOptions() {
    return JSONParse(this.#resolved);
  }
}
defineTag(Segmenter.prototype, 'Intl.Segmenter');
defineMethods(Segmenter, { supportedLocalesOf });

class DisplayNames {
  #resolved;
  #made;

  constructor(locales, options) {
    if (options === undefined) throw new TypeErrorCtor('invalid_argument');
    const made = intlMake({
      op: 'dn', locales: localeList(locales),
      options: readOptions(options, ['localeMatcher', 's', 'style', 's', 'type', 's', 'fallback', 's', 'languageDisplay', 's']),
    });
    this.#resolved = made.resolved;
    this.#made = made.use;
  }

  of(code) {
    const name = intlUse('dn.of', this.#made, StringCtor(code));
    return name === null ? undefined : name;
  }

  resolvedOptions() {
    return JSONParse(this.#resolved);
  }
}
defineTag(DisplayNames.prototype, 'Intl.DisplayNames');
defineMethods(DisplayNames, { supportedLocalesOf });

// Intl.Locale: the host computes everything once (tag, subtags, keys, the
// maximal and minimal forms, week and text info); the object reads it.
let isLocale = () => false; // set by Locale's static block

class Locale {
  #info;

  static {
    isLocale = (v) => typeof v === 'object' && v !== null && #info in v;
  }

  constructor(tag, options) {
    if (new.target === undefined) throw new TypeErrorCtor("Constructor Intl.Locale requires 'new'");
    if (typeof tag !== 'string' && (typeof tag !== 'object' || tag === null)) {
      throw new TypeErrorCtor("First argument to Intl.Locale constructor can't be empty or missing");
    }
    this.#info = intlCall({
      op: 'locale', a: StringCtor(tag),
      options: readOptions(options, ['language', 's', 'script', 's', 'region', 's', 'calendar', 's', 'collation', 's',
        'hourCycle', 's', 'caseFirst', 's', 'numeric', 'b', 'numberingSystem', 's']),
    });
  }

  maximize() { return new Locale(this.#info.maximal); }
  minimize() { return new Locale(this.#info.minimal); }
  toString() { return this.#info.tag; }
  get baseName() { return this.#info.baseName; }
  get language() { return this.#info.language; }
  get script() { return this.#info.script; }
  get region() { return this.#info.region; }
  get calendar() { return this.#info.calendar; }
  get caseFirst() { return this.#info.caseFirst; }
  get collation() { return this.#info.collation; }
  get hourCycle() { return this.#info.hourCycle; }
  get numeric() { return this.#info.numeric; }
  get numberingSystem() { return this.#info.numberingSystem; }
  // Fresh copies, as V8 makes them.
  get hourCycles() { return listFrom(this.#info.hourCycles, 0); }
  get numberingSystems() { return listFrom(this.#info.numberingSystems, 0); }
  get timeZones() { const z = this.#info.timeZones; return z === undefined ? undefined : listFrom(z, 0); }
  get textInfo() { return JSONParse(JSONStringify(this.#info.textInfo)); }
  get weekInfo() { return JSONParse(JSONStringify(this.#info.weekInfo)); }
}
defineTag(Locale.prototype, 'Intl.Locale');

const IntlObject = ObjectCreate(ObjectProto);
defineTag(IntlObject, 'Intl');
defineMethods(IntlObject, {
  NumberFormat: callable(NumberFormat, 'NumberFormat'),
  DateTimeFormat: callable(DateTimeFormat, 'DateTimeFormat'),
  Collator: callable(Collator, 'Collator'),
  PluralRules,
  ListFormat,
  RelativeTimeFormat,
  Segmenter,
  DisplayNames,
  Locale,
  getCanonicalLocales(locales) {
    return intlCall({ op: 'getCanonicalLocales', locales: localeList(locales) });
  },
  supportedValuesOf(key) {
    return intlCall({ op: 'supportedValuesOf', key: StringCtor(key) });
  },
});
defineGlobal('Intl', IntlObject);

// ---- toLocaleString and friends --------------------------------------------------
//
// Without options, the methods reuse one formatter per kind and locale;
// otherwise each call resolves its own, as in V8.

const defaultSpecs = { __proto__: null };

// A program's (locales) calls reuse the spec of their locale: up to
// maxLocaleSpecs locale strings are remembered.
const maxLocaleSpecs = 64;
let localeSpecCount = 0;

function specOf(op, locales, options, names, extra) {
  let key;
  if (options === undefined && (locales === undefined || typeof locales === 'string')) {
    key = op + (extra === undefined ? '' : ':' + extra.required + ':' + extra.defaults) +
      (locales === undefined ? '' : '|' + locales);
    const known = defaultSpecs[key];
    if (known !== undefined) return known;
  }
  const request = { op, locales: localeList(locales), options: readOptions(options, names) };
  if (extra !== undefined) {
    request.required = extra.required;
    request.defaults = extra.defaults;
  }
  const made = intlMake(request).use;
  if (key !== undefined && localeSpecCount < maxLocaleSpecs) {
    defaultSpecs[key] = made;
    localeSpecCount++;
  }
  return made;
}

function localeNumber(x, locales, options) {
  return intlUse('nf.format', specOf('nf', locales, options, numberOptionNames), numberText(x));
}

const forAll = { required: 'any', defaults: 'all' };
const forDate = { required: 'date', defaults: 'date' };
const forTime = { required: 'time', defaults: 'time' };

function localeDate(date, locales, options, kind) {
  const t = DateGetTime(date);
  if (t !== t) return 'Invalid Date';
  return intlUse('dtf.format', specOf('dtf', locales, options, dateOptionNames, kind), NumberToString(t));
}

function thisString(self, method) {
  if (self === undefined || self === null) {
    throw new TypeErrorCtor('String.prototype.' + method + ' called on null or undefined');
  }
  return StringCtor(self);
}

// changeCase is toLocaleUpperCase/LowerCase: the host maps only the
// languages with their own rules (Turkish, Azeri, Lithuanian, Greek); for
// every other it answers null, and the built-in mapping is the same. A
// long string goes in pieces of at most caseWindow code units, so that
// the host's work per call stays small; a piece ends before an ASCII
// character where one is near, since the rules' contexts are a letter and
// the combining marks after it.
const caseWindow = 8192;
function changeCase(s, locales, upper) {
  if (locales !== undefined) {
    const list = localeList(locales);
    let out = '';
    let start = 0;
    do {
      let end = MathMin(s.length, start + caseWindow);
      for (let back = end; end < s.length && back > start && back > end - 1024; back--) {
        if (StringCharCodeAt(s, back) < 0x80) { end = back; break; }
      }
      const last = StringCharCodeAt(s, end - 1);
      if (end < s.length && last >= 0xd800 && last <= 0xdbff) end--;
      const mapped = intlCall({ op: 'case', locales: list, a: StringSlice(s, start, end), upper });
      if (mapped === null) break;
      out += mapped;
      start = end;
    } while (start < s.length);
    if (start >= s.length) return out;
  }
  return upper ? StringToUpperCase(s) : StringToLowerCase(s);
}

defineMethods(Number.prototype, {
  toLocaleString(locales, options) {
    return localeNumber(NumberValueOf(this), locales, options);
  },
});
defineMethods(BigInt.prototype, {
  toLocaleString(locales, options) {
    return localeNumber(BigIntValueOf(this), locales, options);
  },
});
defineMethods(DateProto, {
  toLocaleString(locales, options) {
    return localeDate(this, locales, options, forAll);
  },
  toLocaleDateString(locales, options) {
    return localeDate(this, locales, options, forDate);
  },
  toLocaleTimeString(locales, options) {
    return localeDate(this, locales, options, forTime);
  },
});
defineMethods(String.prototype, {
  localeCompare(that, locales, options) {
    const s = thisString(this, 'localeCompare');
    const made = locales === undefined && options === undefined && defaultCollator !== undefined
      ? defaultCollator : specOf('coll', locales, options, collatorOptionNames);
    if (locales === undefined && options === undefined) defaultCollator = made;
    return collate(made, s, StringCtor(that));
  },
  toLocaleUpperCase(locales) {
    return changeCase(thisString(this, 'toLocaleUpperCase'), locales, true);
  },
  toLocaleLowerCase(locales) {
    return changeCase(thisString(this, 'toLocaleLowerCase'), locales, false);
  },
});
defineMethods(Array.prototype, {
  // Passes locales and options to each element, as ECMA-402 says and Node does.
  toLocaleString(locales, options) {
    const o = ObjectCtor(this);
    const len = toLength(o.length);
    let out = '';
    for (let i = 0; i < len; i++) {
      if (i > 0) out += ',';
      const e = o[i];
      if (e !== undefined && e !== null) out += StringCtor(e.toLocaleString(locales, options));
    }
    return out;
  },
});

// Date's text names its zone as V8 does ("GMT+0000 (Coordinated Universal
// Time)"); the sandbox's local time is always UTC. An invalid date's
// toISOString throws V8's message.
{
  const DateToStringNative = uncurryThis(DateProto.toString);
  const DateToTimeStringNative = uncurryThis(DateProto.toTimeString);
  const DateToISOStringNative = uncurryThis(DateProto.toISOString);
  const zoneName = ' (Coordinated Universal Time)';
  defineMethods(DateProto, {
    // V8's message for an invalid date, which programs print.
    toISOString() {
      if (DateGetTime(this) !== DateGetTime(this)) throw new RangeErrorCtor('Invalid time value');
      return DateToISOStringNative(this);
    },
    toString() {
      const s = DateToStringNative(this);
      return DateGetTime(this) === DateGetTime(this) ? s + zoneName : s;
    },
    toTimeString() {
      const s = DateToTimeStringNative(this);
      return DateGetTime(this) === DateGetTime(this) ? s + zoneName : s;
    },
  });
}
