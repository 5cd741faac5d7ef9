// Binding namespaces: shape, calls, errors, tampering.
// bind: tools/ToolCallError/tool/search,__proto__,constructor,hasOwnProperty,my-tool,,fail1,refuse,slow1 other/ToolCallError/tool/x,failX plain///ping,failP
console.log(Object.getPrototypeOf(tools), Object.isFrozen(tools), Object.keys(tools));
console.log(typeof tools['__proto__'], Object.getPrototypeOf({}) === Object.prototype, ({}).search,
  Object.prototype.hasOwnProperty.call(Object.prototype, 'search'), typeof Object.prototype.constructor);
console.log(typeof tools[''], tools.constructor.name, tools.hasOwnProperty.name, tools.__proto__.name);
let d = Object.getOwnPropertyDescriptor(globalThis, 'tools');
console.log('tools global:', d.writable, d.enumerable, d.configurable);
d = Object.getOwnPropertyDescriptor(tools, 'search');
console.log('search prop:', d.writable, d.enumerable, d.configurable);
d = Object.getOwnPropertyDescriptor(globalThis, 'ToolCallError');
console.log('class global:', d.writable, d.enumerable, d.configurable);

console.log(await tools.search({ q: 'x', n: [1, 2.5, -3], t: true, z: null }));
console.log(await tools['__proto__']({ a: 1 }), await tools['my-tool'](), await tools[''](1), await tools.constructor('c'));
try { await tools.fail1({}); } catch (e) {
  console.log(e instanceof ToolCallError, e instanceof Error, e.name, e.message, e.tool, typeof e.stack,
    Object.prototype.toString.call(e), e.constructor === ToolCallError);
  console.log(e);
}
let threw = false;
let p;
try { p = tools.search({ big: 1n }); } catch (e) { threw = true; }
console.log('sync throw:', threw, p instanceof Promise);
try { await p; } catch (e) { console.log(e.name, e.message); }
try { await tools.search({ items: [1, 2, 3, undefined] }); } catch (e) { console.log(e.name, e.message); }
try { await tools.search({ f() {} }); } catch (e) { console.log(e.name, e.message); }
try { await tools.search(new Date(0)); } catch (e) { console.log(e.name, e.message); }
try { await tools.refuse({}); } catch (e) { console.log(e.name, e.message); }
try { await other.failX(); } catch (e) { console.log(other.x.name, e instanceof ToolCallError, e.tool, e.message); }
try { await plain.failP(); } catch (e) { console.log(e.constructor === Error, e.name, e.message, 'tool' in e); }
console.log(await plain.ping([1]));

// Tampering: no-ops or TypeErrors, never changes.
const attempts = {
  'proto name': () => { ToolCallError.prototype.name = 'x'; },
  'class global': () => { globalThis.ToolCallError = 1; },
  'class redefine': () => { Object.defineProperty(globalThis, 'ToolCallError', { value: 1 }); },
  'static prop': () => { ToolCallError.extra = 1; },
  'fn assign': () => { tools.search = 1; },
  'fn delete': () => { delete tools.search; },
  'ns add': () => { tools.added = 1; },
  'ns proto': () => { Object.setPrototypeOf(tools, {}); },
  'ns global': () => { globalThis.tools = {}; },
  'new fn': () => new tools.search(),
};
for (const [k, f] of Object.entries(attempts)) {
  try { f(); console.log(k, 'did not throw'); } catch (e) { console.log(k, '->', e.name); }
}
console.log(ToolCallError.prototype.name, typeof ToolCallError, typeof tools.search, 'added' in tools,
  Object.getPrototypeOf(tools), tools.search.name, tools['my-tool'].name, tools[''].name === '',
  Object.isFrozen(ToolCallError), Object.isFrozen(ToolCallError.prototype));
class SubError extends ToolCallError { constructor(m) { super(m); this.name = 'SubError'; } }
const sub = new SubError('s');
console.log(sub.name, sub instanceof ToolCallError, ToolCallError.prototype.name, String(sub));
try { const e2 = new ToolCallError('n'); e2.name = 'Renamed'; console.log(e2.name, String(e2)); } catch (e) { console.log('rename failed', e.name); }
console.log(ToolCallError, new ToolCallError('m').tool, new ToolCallError('m').name, String(new ToolCallError('m2')));

// Globals a program breaks do not break the bindings.
Array.prototype.push = () => { throw new Error('push'); };
Map.prototype.set = () => { throw new Error('set'); };
Map.prototype.get = () => { throw new Error('get'); };
Reflect.defineProperty(Object.prototype, 'get', { value: () => 1, configurable: true });
Object.defineProperty = () => { throw new Error('defineProperty'); };
Object.freeze = () => { throw new Error('freeze'); };
console.log(await tools.search({ after: 'tamper' }));
try { await tools.fail1(); } catch (e) { console.log(e.name, e.tool); }
const all = await Promise.all([tools.slow1({ i: 1 }), tools.search({ i: 2 })]);
console.log(all);
await tools.fail1({ last: true });
