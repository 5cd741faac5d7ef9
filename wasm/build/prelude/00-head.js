// coderun prelude. The files in this directory are concatenated in name
// order into ONE function expression, which the glue evaluates as a strict
// global script and calls once with `native` (see glue.c, make_native). It
// installs the Node-like globals (console, timers, URL, ...) and returns the
// private `hooks` object the glue drives.
//
// Ground rules for every file:
//  - `native` never escapes: nothing here stores it where a program can
//    reach it.
//  - Every intrinsic is captured below, before any program runs, and used
//    only through these captures, so a program that later replaces globals
//    or prototype methods (Array.prototype.push, JSON, String.prototype.slice,
//    Symbol.iterator, ...) cannot break console, timers or bindings. For the
//    same reason the prelude avoids iteration protocols on its own data
//    (spread, for-of, destructuring of arrays) and regular expressions
//    (whose methods consult overridable properties); loops index directly.
//  - Property descriptors are written with `__proto__: null` so a getter a
//    program adds to Object.prototype ("get", "set", "value") is not read.
(function (native) {
'use strict';

// ---- captured intrinsics --------------------------------------------------

const G = globalThis;
const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;

// uncurryThis(f)(self, a, b) behaves as f.call(self, a, b) but looks nothing
// up when called: it is Function.prototype.call with its `this` bound to f.
const FnBind = Function.prototype.bind;
const FnCall = Function.prototype.call;
const uncurryThis = (f) => ReflectApply(FnBind, FnCall, [f]);
const getterOf = (proto, name) =>
  uncurryThis(Object.getOwnPropertyDescriptor(proto, name).get);

const ObjectCtor = Object;
const ObjectProto = Object.prototype;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectGetOwnPropertyNames = Object.getOwnPropertyNames;
const ObjectGetOwnPropertySymbols = Object.getOwnPropertySymbols;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectSetPrototypeOf = Object.setPrototypeOf;
const ObjectCreate = Object.create;
const ObjectFreeze = Object.freeze;
const ObjectKeys = Object.keys;
const ObjectHasOwn = Object.hasOwn;
const ObjectPropertyIsEnumerable = uncurryThis(ObjectProto.propertyIsEnumerable);
const ObjectToString = uncurryThis(ObjectProto.toString);
const ObjectIsPrototypeOf = uncurryThis(ObjectProto.isPrototypeOf);

const FunctionToString = uncurryThis(Function.prototype.toString);

const ArrayCtor = Array;
const ArrayIsArray = Array.isArray;
const ArrayPush = uncurryThis(Array.prototype.push);
const ArrayPop = uncurryThis(Array.prototype.pop);
const ArrayJoin = uncurryThis(Array.prototype.join);
const ArrayIndexOf = uncurryThis(Array.prototype.indexOf);

const StringCtor = String;
const StringFromCharCode = String.fromCharCode;
const StringFromCodePoint = String.fromCodePoint;
const StringCharCodeAt = uncurryThis(String.prototype.charCodeAt);
const StringCodePointAt = uncurryThis(String.prototype.codePointAt);
const StringSlice = uncurryThis(String.prototype.slice);
const StringIndexOf = uncurryThis(String.prototype.indexOf);
const StringLastIndexOf = uncurryThis(String.prototype.lastIndexOf);
const StringStartsWith = uncurryThis(String.prototype.startsWith);
const StringEndsWith = uncurryThis(String.prototype.endsWith);
const StringIncludes = uncurryThis(String.prototype.includes);
const StringRepeat = uncurryThis(String.prototype.repeat);
const StringPadStart = uncurryThis(String.prototype.padStart);
const StringPadEnd = uncurryThis(String.prototype.padEnd);
const StringToLowerCase = uncurryThis(String.prototype.toLowerCase);
const StringToUpperCase = uncurryThis(String.prototype.toUpperCase);
const StringTrim = uncurryThis(String.prototype.trim);
const StringValueOf = uncurryThis(String.prototype.valueOf);

const NumberCtor = Number;
const NumberIsNaN = Number.isNaN;
const NumberParseInt = Number.parseInt;
const NumberParseFloat = Number.parseFloat;
const NumberToString = uncurryThis(Number.prototype.toString);
const NumberToFixed = uncurryThis(Number.prototype.toFixed);
const NumberValueOf = uncurryThis(Number.prototype.valueOf);
const BooleanValueOf = uncurryThis(Boolean.prototype.valueOf);
const BigIntValueOf = uncurryThis(BigInt.prototype.valueOf);
const BigIntToString = uncurryThis(BigInt.prototype.toString);
const SymbolValueOf = uncurryThis(Symbol.prototype.valueOf);
const SymbolToString = uncurryThis(Symbol.prototype.toString);
const SymbolFor = Symbol.for;
const SymbolIterator = Symbol.iterator;
const SymbolToStringTag = Symbol.toStringTag;
const SymbolToPrimitive = Symbol.toPrimitive;

const MathFloor = Math.floor;
const MathMin = Math.min;
const MathMax = Math.max;
const MathSqrt = Math.sqrt;
const MathRound = Math.round;

const JSONStringify = JSON.stringify;

const ErrorCtor = Error;
const ErrorProto = Error.prototype;
const ErrorIsError = Error.isError;
const ErrorStackGet = getterOf(ErrorProto, 'stack');
const TypeErrorCtor = TypeError;
const RangeErrorCtor = RangeError;
const ReferenceErrorCtor = ReferenceError;
const DOMExceptionCtor = G.DOMException;

const DateGetTime = uncurryThis(Date.prototype.getTime);
const DateToISOString = uncurryThis(Date.prototype.toISOString);
const DateToString = uncurryThis(Date.prototype.toString);
const RegExpProto = RegExp.prototype;
const RegExpSource = getterOf(RegExp.prototype, 'source');
const RegExpFlags = getterOf(RegExp.prototype, 'flags');

const MapCtor = Map;
const MapGet = uncurryThis(Map.prototype.get);
const MapSet = uncurryThis(Map.prototype.set);
const MapHas = uncurryThis(Map.prototype.has);
const MapDelete = uncurryThis(Map.prototype.delete);
const MapForEach = uncurryThis(Map.prototype.forEach);
const MapSize = getterOf(Map.prototype, 'size');
const SetCtor = Set;
const ProxyCtor = Proxy;
const SetAdd = uncurryThis(Set.prototype.add);
const SetHas = uncurryThis(Set.prototype.has);
const SetForEach = uncurryThis(Set.prototype.forEach);
const SetSize = getterOf(Set.prototype, 'size');
const WeakMapHas = uncurryThis(WeakMap.prototype.has);
const WeakSetHas = uncurryThis(WeakSet.prototype.has);
const WeakRefDeref = uncurryThis(WeakRef.prototype.deref);

const PromiseCtor = Promise;
const PromiseProto = Promise.prototype;

const ArrayBufferCtor = ArrayBuffer;
const ArrayBufferIsView = ArrayBuffer.isView;
const ArrayBufferByteLength = getterOf(ArrayBuffer.prototype, 'byteLength');
const SharedArrayBufferByteLength = getterOf(SharedArrayBuffer.prototype, 'byteLength');
const TypedArrayProto = ObjectGetPrototypeOf(Uint8Array.prototype);
// Returns the constructor name for a typed array, undefined for anything
// else: the brand check the language offers without side effects.
const TypedArrayTag = getterOf(TypedArrayProto, SymbolToStringTag);
const TypedArrayLength = getterOf(TypedArrayProto, 'length');
const TypedArrayBuffer = getterOf(TypedArrayProto, 'buffer');
const TypedArrayByteOffset = getterOf(TypedArrayProto, 'byteOffset');
const TypedArrayByteLength = getterOf(TypedArrayProto, 'byteLength');
const TypedArraySet = uncurryThis(TypedArrayProto.set);
const DataViewByteLength = getterOf(DataView.prototype, 'byteLength');
const DataViewByteOffset = getterOf(DataView.prototype, 'byteOffset');
const DataViewBuffer = getterOf(DataView.prototype, 'buffer');
const Uint8ArrayCtor = Uint8Array;
// name -> constructor, for rebuilding typed arrays (structuredClone).
const typedArrayCtors = ObjectCreate(null);
{
  const all = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array,
    Int32Array, Uint32Array, Float16Array, Float32Array, Float64Array,
    BigInt64Array, BigUint64Array];
  for (let i = 0; i < all.length; i++) typedArrayCtors[all[i].name] = all[i];
}

// Prototypes of the function kinds, to tell them apart without toString.
const AsyncFunctionProto = ObjectGetPrototypeOf(async function () {});
const GeneratorFunctionProto = ObjectGetPrototypeOf(function* () {});
const AsyncGeneratorFunctionProto = ObjectGetPrototypeOf(async function* () {});

// ---- small shared helpers ---------------------------------------------------

// Defines a global the way built-in globals are: writable, configurable,
// not enumerable.
function defineGlobal(name, value) {
  ObjectDefineProperty(G, name, {
    __proto__: null, value, writable: true, enumerable: false, configurable: true,
  });
}

function defineTag(proto, tag) {
  ObjectDefineProperty(proto, SymbolToStringTag, {
    __proto__: null, value: tag, writable: false, enumerable: false, configurable: true,
  });
}

// An own property descriptor with a null prototype, so reading .value or
// .get never reaches a property a program put on Object.prototype.
function getDesc(obj, key) {
  const d = ObjectGetOwnPropertyDescriptor(obj, key);
  if (d !== undefined) ObjectSetPrototypeOf(d, null);
  return d;
}

// A fresh array: the prelude's arrays are only ever extended with ArrayPush.
// (slice/splice/concat are avoided: they consult the overridable
// Array.prototype.constructor for Symbol.species.)
const newList = () => [];

// list[start..] as a new list.
function listFrom(list, start) {
  const out = newList();
  for (let i = start; i < list.length; i++) ArrayPush(out, list[i]);
  return out;
}

// a followed by b, as a new list.
function listConcat(a, b) {
  const out = listFrom(a, 0);
  for (let i = 0; i < b.length; i++) ArrayPush(out, b[i]);
  return out;
}

function isObjectLike(v) {
  return (typeof v === 'object' && v !== null) || typeof v === 'function';
}

// Node's ERR_INVALID_ARG_TYPE wording for the received value.
function describeReceived(v) {
  if (v === null || v === undefined) return ' Received ' + v;
  if (typeof v === 'function') {
    return ' Received function ' + (v.name ? v.name : '<anonymous>');
  }
  if (typeof v === 'object') {
    // Node names the constructor when there is one, else shows the value.
    let name = '';
    try {
      const c = v.constructor;
      if (typeof c === 'function' && typeof c.name === 'string') name = c.name;
    } catch (e) { /* a throwing getter: show the value instead */ }
    if (name) return ' Received an instance of ' + name;
    return ' Received ' + inspect(v, { __proto__: null, depth: -1 });
  }
  // Node shortens strings before quoting them, other values after.
  if (typeof v === 'string' && v.length > 28) v = StringSlice(v, 0, 25) + '...';
  let shown = inspect(v);
  if (typeof v !== 'string' && shown.length > 28) shown = StringSlice(shown, 0, 25) + '...';
  return ' Received type ' + typeof v + ' (' + shown + ')';
}

function invalidArgType(name, expected, actual) {
  const e = new TypeErrorCtor('The "' + name + '" argument must be ' + expected + '.' +
    describeReceived(actual));
  ObjectDefineProperty(e, 'code', {
    __proto__: null, value: 'ERR_INVALID_ARG_TYPE', writable: true, enumerable: true, configurable: true,
  });
  return e;
}
