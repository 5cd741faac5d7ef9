
// ---- host bindings ---------------------------------------------------------------------
//
// installBindings(spec) turns each namespace into a frozen, null-prototype
// global object of functions. Calling one starts a host call and returns a
// promise that hooks.deliver settles later.

const nativeCall = native.call;

// call id -> { resolve, reject, name, ns, site }
const pendingCalls = new MapCtor();
// class name -> error class, shared by namespaces that name the same class
const errorClasses = new MapCtor();

function defineFrozenGlobal(name, value) {
  ObjectDefineProperty(G, name, {
    __proto__: null, value, writable: false, enumerable: false, configurable: false,
  });
}

// A real Error subclass named `name`; the member property is set on each
// instance the bindings create.
function makeErrorClass(name) {
  const Cls = class extends ErrorCtor {};
  ObjectDefineProperty(Cls, 'name', {
    __proto__: null, value: name, writable: false, enumerable: false, configurable: true,
  });
  // `name` lives on the (frozen) prototype as an accessor rather than a
  // read-only data property: assigning e.name on an instance (or in a
  // subclass constructor) still works, as it does for other errors, while
  // assigning it on the prototype itself fails.
  const proto = Cls.prototype;
  ObjectDefineProperty(proto, 'name', {
    __proto__: null,
    get() { return name; },
    set(value) {
      if (this === proto || !isObjectLike(this)) {
        throw new TypeErrorCtor("Cannot assign to read only property 'name' of " + name + '.prototype');
      }
      ObjectDefineProperty(this, 'name', {
        __proto__: null, value, writable: true, enumerable: true, configurable: true,
      });
    },
    enumerable: false,
    configurable: false,
  });
  ObjectFreeze(Cls.prototype);
  ObjectFreeze(Cls);
  return Cls;
}

function startCall(ns, name, args) {
  let resolve;
  let reject;
  const promise = new PromiseCtor((res, rej) => { resolve = res; reject = rej; });
  let id;
  try {
    id = nativeCall(ns.index, name, args);
  } catch (err) {
    // Not lossless JSON (TypeError) or refused by the host (RangeError):
    // the call's promise rejects; nothing is thrown synchronously.
    reject(err);
    return promise;
  }
  // No call-site stack is captured: building one costs more than the whole
  // round trip, and every call would pay for what only rejections use.
  MapSet(pendingCalls, id, { __proto__: null, resolve, reject, name, ns });
  return promise;
}

// hooks.deliver: settles call id; unknown and repeated ids are ignored.
function deliver(id, ok, payload) {
  const call = MapGet(pendingCalls, id);
  if (call === undefined) return;
  MapDelete(pendingCalls, id);
  if (ok) {
    call.resolve(payload);
    return;
  }
  const message = typeof payload === 'string' ? payload : safeString(payload);
  const ns = call.ns;
  const err = ns.cls !== null ? new ns.cls(message) : new ErrorCtor(message);
  if (ns.cls !== null) {
    ObjectDefineProperty(err, ns.member, {
      __proto__: null, value: call.name, writable: true, enumerable: true, configurable: true,
    });
  }
  call.reject(err);
}

// A function that calls the host; a method definition, so it has the
// right name and cannot be used with `new`. It passes its first argument
// (none: null).
function makeBindingFunction(ns, name) {
  const holder = {
    [name](args) { return startCall(ns, name, args); },
  };
  return getDesc(holder, name).value;
}

// hooks.installBindings: spec[i] = { global, functions, errorClass }.
function installBindings(spec) {
  for (let i = 0; i < spec.length; i++) {
    const entry = spec[i];
    const globalName = StringCtor(entry.global);
    const functions = entry.functions;
    const ns = { __proto__: null, index: i, cls: null, member: '' };
    const ec = entry.errorClass;
    if (ec !== null && ec !== undefined) {
      const className = StringCtor(ec.name);
      ns.member = StringCtor(ec.member);
      let Cls = MapGet(errorClasses, className);
      if (Cls === undefined) {
        Cls = makeErrorClass(className);
        MapSet(errorClasses, className, Cls);
        defineFrozenGlobal(className, Cls);
      }
      ns.cls = Cls;
    }
    const obj = ObjectCreate(null);
    for (let j = 0; j < functions.length; j++) {
      const name = StringCtor(functions[j]);
      ObjectDefineProperty(obj, name, {
        __proto__: null, value: makeBindingFunction(ns, name),
        writable: false, enumerable: true, configurable: false,
      });
    }
    ObjectFreeze(obj);
    defineFrozenGlobal(globalName, obj);
  }
}
