
// ---- host bindings ---------------------------------------------------------------------
//
// installBindings(spec) turns each namespace into a frozen, null-prototype
// global object of functions. Calling one starts a host call and returns a
// promise that the glue settles later (coderun_deliver).

// nativeBinding(index, name) is the function that calls `name` in namespace
// #index: made by the glue, a native function named `name`, of length 1,
// that cannot be used with `new`. It passes its first argument (none: null)
// and returns the call's promise, which the glue settles when the host
// answers; argument errors and refusals reject it rather than throw.
const nativeBinding = native.binding;

// namespace index -> { cls, member }, for building rejections (no
// prototype, so a lookup reads only what installBindings stored)
const namespaces = ObjectCreate(null);
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

// Why a call is rejected (glue/calls.c): the error type a namespace
// without an error class uses for it.
const callErrorTypes = [
  ErrorCtor, // 0: the host function failed
  RangeErrorCtor, // 1: the host refused to start it (a limit, an unknown name)
  TypeErrorCtor, // 2: its arguments are not lossless JSON
];

// hooks.bindingError: the rejection of a call of function `name` in
// namespace #nsIndex, with `message`, for reason `why` (an index into
// callErrorTypes). The glue rejects the call's promise with it. In a
// namespace with an error class every rejection is an instance of that
// class, so a program handles a denied, failed, refused or malformed call
// alike.
function bindingError(nsIndex, name, message, why) {
  const ns = namespaces[nsIndex];
  if (ns.cls === null) return new callErrorTypes[why](message);
  const err = new ns.cls(message);
  ObjectDefineProperty(err, ns.member, {
    __proto__: null, value: name, writable: true, enumerable: true, configurable: true,
  });
  return err;
}

// hooks.installBindings: spec[i] = { global, functions, errorClass, hidden };
// the functions hidden names are not enumerable.
function installBindings(spec) {
  for (let i = 0; i < spec.length; i++) {
    const entry = spec[i];
    const globalName = StringCtor(entry.global);
    const functions = entry.functions;
    const hidden = new SetCtor(entry.hidden === undefined ? [] : entry.hidden);
    const ns = { __proto__: null, cls: null, member: '' };
    namespaces[i] = ns;
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
        __proto__: null, value: nativeBinding(i, name),
        writable: false, enumerable: !SetHas(hidden, name), configurable: false,
      });
    }
    ObjectFreeze(obj);
    defineFrozenGlobal(globalName, ns.cls === null ? obj : withUnknownNames(i, obj));
  }
}

// Names a program may probe on any object without meaning a call: treating
// them as functions would make the namespace look like a thenable or change
// how it converts and prints.
const notCallNames = new SetCtor(['then', 'toJSON', 'toString', 'valueOf', 'constructor', 'inspect']);

// withUnknownNames wraps a namespace that has an error class so that a name
// it does not have is still a function, whose call the host refuses: the
// program gets an instance of the error class (a model that guessed a tool
// name gets the same catchable error as for any failed call) instead of
// "TypeError: not a function". The target stays frozen with a null
// prototype, so the proxy reports the same; only reads of unknown string
// names differ.
function withUnknownNames(index, obj) {
  const handler = ObjectCreate(null);
  handler.get = function (target, key) {
    if (typeof key !== 'string' || ObjectHasOwn(target, key) || SetHas(notCallNames, key)) {
      return target[key];
    }
    return nativeBinding(index, key);
  };
  ObjectFreeze(handler);
  return new ProxyCtor(obj, handler);
}
