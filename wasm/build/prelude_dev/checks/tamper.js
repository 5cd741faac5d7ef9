// A program that vandalises intrinsics cannot break console, timers, URL,
// encoders, structuredClone, crypto or AbortController.
const P = Promise;
const E = Error;
const TE = TypeError;
const S = Symbol;
const each = (list, f) => { for (let i = 0; i < list.length; i++) f(list[i]); };
const fail = (what) => function () { throw new E('tampered ' + what); };
Reflect.defineProperty(Object.prototype, 'get', { __proto__: null, value: fail('Object.prototype.get'), configurable: true });
Reflect.defineProperty(Object.prototype, 'set', { __proto__: null, value: fail('Object.prototype.set'), configurable: true });
each(['push', 'pop', 'join', 'slice', 'splice', 'indexOf', 'includes', 'map', 'forEach', 'concat', 'sort'], (m) => { Array.prototype[m] = fail('Array#' + m); });
Array.prototype.constructor = fail('Array#constructor');
each(['slice', 'indexOf', 'lastIndexOf', 'charCodeAt', 'codePointAt', 'repeat', 'includes', 'padStart', 'padEnd',
  'toLowerCase', 'toUpperCase', 'startsWith', 'endsWith', 'trim', 'split', 'replace', 'normalize'], (m) => { String.prototype[m] = fail('String#' + m); });
each(['keys', 'getOwnPropertyDescriptor', 'getOwnPropertyNames', 'getPrototypeOf', 'setPrototypeOf', 'create', 'freeze', 'hasOwn', 'is'], (m) => { Object[m] = fail('Object.' + m); });
Object.prototype.toString = fail('Object#toString');
Object.prototype.hasOwnProperty = fail('Object#hasOwnProperty');
each(['get', 'set', 'has', 'delete', 'forEach'], (m) => { Map.prototype[m] = fail('Map#' + m); });
each(['add', 'has', 'forEach'], (m) => { Set.prototype[m] = fail('Set#' + m); });
Function.prototype.call = fail('Function#call');
Function.prototype.apply = fail('Function#apply');
Function.prototype.bind = fail('Function#bind');
Function.prototype.toString = fail('Function#toString');
Reflect.apply = fail('Reflect.apply');
Reflect.ownKeys = fail('Reflect.ownKeys');
JSON.stringify = fail('JSON.stringify');
Number.prototype.toString = fail('Number#toString');
Symbol.prototype.toString = fail('Symbol#toString');
Error.prototype.toString = fail('Error#toString');
RegExp.prototype.exec = fail('RegExp#exec');
Uint8Array.prototype.constructor = fail('Uint8Array#constructor');
Object.defineProperty = fail('Object.defineProperty');
each(['Promise', 'Error', 'TypeError', 'Map', 'Set', 'WeakMap', 'String', 'Number', 'Array', 'Object', 'Uint8Array', 'JSON', 'Math', 'Symbol', 'DOMException'], (g) => { globalThis[g] = fail('global ' + g); });

Array.prototype[Symbol.iterator] = fail('Array#@@iterator');

console.log('console still works', { a: [1, 2, { b: 'c' }], s: 'it\'s', n: -0, big: 10n }, [1, , 3], new globalThis.constructor());
console.log('%s=%d %o %j %%', 'x', 42, [1], { j: [1] });
console.log(new (class Foo { constructor() { this.x = 1; } })(), function named() {}, S('s'), new TE('te').name, [new E('in array')].length);
console.group('group'); console.log('indented'); console.groupEnd();
console.count(); console.count(); console.assert(false, 'assert');
console.table([{ a: 1 }]);
setTimeout((x) => console.log('timer ok', x), 1, 'arg');
const iv = setInterval(() => { console.log('interval ok'); clearInterval(iv); }, 2);
const u = new URL('https://user@EXAMPLE.com/a/../b?q=1&r=é#h');
console.log(u.href, u.searchParams.get('r'), '' + new URLSearchParams({ k: 'v w' }));
u.searchParams.append('z', '1');
console.log(u.search);
console.log(new TextDecoder().decode(new TextEncoder().encode('héllo €')));
console.log(structuredClone({ x: [1, 2], d: new Date(0) }));
console.log(crypto.randomUUID().length, crypto.getRandomValues(new Int32Array(2)).length);
try { structuredClone(() => 1); } catch (e) { console.log(e.name, e.message); }
try { require('x'); } catch (e) { console.log(e.message.length > 0); }
const ac = new AbortController();
ac.signal.addEventListener('abort', (e) => console.log('abort ok', e.type, ac.signal.reason), { once: true });
const anySignal = AbortSignal.any([ac.signal, AbortSignal.timeout(50)]);
anySignal.onabort = () => console.log('any ok', anySignal.reason);
ac.abort('stop');
console.log(ac, new Event('e', { cancelable: true }).cancelable, new EventTarget().dispatchEvent(new Event('e')));
const ts = AbortSignal.timeout(3);
ts.onabort = () => console.log('timeout ok', ts.reason.name);
await new P((r) => setTimeout(r, 10));
console.log('done');
const err = new RangeError('final error still formatted');
err.code = 'E_FINAL';
throw err;
