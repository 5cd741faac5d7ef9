// What coderun programs do not have: absent (typeof "undefined"), and the
// run's failure message says why (see absent-uncaught.js).
console.log(typeof require, typeof process, typeof fetch, typeof XMLHttpRequest, typeof WebSocket);
console.log(typeof Buffer, typeof module, typeof exports, typeof __dirname, typeof global, typeof navigator);
console.log(globalThis.process === undefined, 'process' in globalThis, 'require' in globalThis);
console.log(typeof process !== 'undefined' && process.env ? 'node' : 'not node');
try { require('fs'); } catch (e) { console.log(e.name + ': ' + e.message); }
try { await fetch('https://example.com'); } catch (e) { console.log(e.name + ': ' + e.message); }
globalThis.process = { env: { MINE: '1' } };
console.log(process.env.MINE);
const names = ['console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'structuredClone', 'TextEncoder',
  'TextDecoder', 'URL', 'URLSearchParams', 'crypto', 'queueMicrotask', 'atob', 'btoa', 'performance', 'DOMException'];
for (const n of names) {
  const d = Object.getOwnPropertyDescriptor(globalThis, n);
  console.log(n, typeof globalThis[n], d.enumerable, d.writable, d.configurable);
}
try { await import('fs'); } catch (e) { console.log(e.name + ': ' + e.message); }
