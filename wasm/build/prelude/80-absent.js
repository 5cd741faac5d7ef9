
// ---- what a coderun program does not have -----------------------------------------------
//
// Node programs reach for these; each says plainly why it is missing
// instead of failing with "x is not defined".

const noNetwork = ' is not available: coderun programs have no network; use the bindings you were given';

function require(id) {
  throw new ErrorCtor("require('" + safeString(id) +
    "') is not available: coderun programs have no modules, files or network; use the bindings you were given");
}
defineGlobal('require', require);

function fetch() {
  return new PromiseCtor((resolve, reject) => { reject(new TypeErrorCtor('fetch' + noNetwork)); });
}
defineGlobal('fetch', fetch);

// Constructors that refuse to construct.
function refusing(name) {
  const holder = {
    [name]: function () { throw new TypeErrorCtor(name + noNetwork); },
  };
  return holder[name];
}
defineGlobal('XMLHttpRequest', refusing('XMLHttpRequest'));
defineGlobal('WebSocket', refusing('WebSocket'));

// `process` throws when read. Assigning replaces it with a plain value, so a
// program may still provide its own.
ObjectDefineProperty(G, 'process', {
  __proto__: null,
  get() {
    throw new ReferenceErrorCtor(
      'process is not available in the coderun sandbox: there is no environment, arguments or exit');
  },
  set(value) {
    ObjectDefineProperty(G, 'process', {
      __proto__: null, value, writable: true, enumerable: false, configurable: true,
    });
  },
  enumerable: false,
  configurable: true,
});
