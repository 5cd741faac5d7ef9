// What coderun programs do not have, and how they are told.
try { require('fs'); } catch (e) { console.log(e.name + ': ' + e.message); }
try { require(); } catch (e) { console.log(e.message); }
const p = fetch('https://example.com');
console.log(p instanceof Promise);
try { await p; } catch (e) { console.log(e.name + ': ' + e.message); }
try { new XMLHttpRequest(); } catch (e) { console.log(e.name + ': ' + e.message); }
try { new WebSocket('wss://x'); } catch (e) { console.log(e.name + ': ' + e.message); }
try { WebSocket(); } catch (e) { console.log(e.name + ': ' + e.message); }
try { process.env.HOME; } catch (e) { console.log(e.name + ': ' + e.message); }
try { console.log(typeof process); } catch (e) { console.log('typeof process throws', e.name); }
console.log('process' in globalThis, Object.keys(globalThis).includes('process'));
globalThis.process = { env: { MINE: '1' } };
console.log(process.env.MINE);
const names = ['console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'structuredClone', 'TextEncoder',
  'TextDecoder', 'URL', 'URLSearchParams', 'crypto', 'require', 'fetch', 'XMLHttpRequest', 'WebSocket', 'queueMicrotask',
  'atob', 'btoa', 'performance', 'DOMException'];
for (const n of names) {
  const d = Object.getOwnPropertyDescriptor(globalThis, n);
  console.log(n, typeof globalThis[n], d.enumerable, d.writable, d.configurable);
}
try { await import('fs'); } catch (e) { console.log(e.name + ': ' + e.message); }
console.log(typeof Buffer, typeof module, typeof exports, typeof __dirname, typeof global, typeof navigator);
