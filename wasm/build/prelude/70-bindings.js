
// ---- host bindings ---------------------------------------------------------------------
//
// installBindings(spec) turns each namespace into a frozen, null-prototype
// global object of functions. Calling one starts a host call and returns a
// promise that the glue settles later (coderun_deliver).

const nativeCall = native.call;

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

// hooks.bindingError: the rejection of a call of function `name` in
// namespace #nsIndex that the host failed with `message` (a string). The
// glue rejects the call's promise with it.
function bindingError(nsIndex, name, message) {
  const ns = namespaces[nsIndex];
  if (ns.cls === null) return new ErrorCtor(message);
  const err = new ns.cls(message);
  ObjectDefineProperty(err, ns.member, {
    __proto__: null, value: name, writable: true, enumerable: true, configurable: true,
  });
  return err;
}

// A function that calls the host; a method definition, so it has the
// right name and cannot be used with `new`. It passes its first argument
// (none: null). nativeCall returns the call's promise, which the glue
// settles when the host delivers the result; argument and refusal errors
// reject it rather than throw.
function makeBindingFunction(index, name) {
  const holder = {
    [name](args) { return nativeCall(index, name, args); },
  };
  return getDesc(holder, name).value;
}

// hooks.installBindings: spec[i] = { global, functions, errorClass }.
function installBindings(spec) {
  for (let i = 0; i < spec.length; i++) {
    const entry = spec[i];
    const globalName = StringCtor(entry.global);
    const functions = entry.functions;
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
        __proto__: null, value: makeBindingFunction(i, name),
        writable: false, enumerable: true, configurable: false,
      });
    }
    ObjectFreeze(obj);
    defineFrozenGlobal(globalName, obj);
  }
}
