
// ---- crypto.subtle ------------------------------------------------------------------------
//
// What programs use Web Crypto for: hashing (digest) and signing or checking
// webhooks with HMAC (importKey "raw", sign, verify). The host computes the
// digests and HMACs with Go's crypto (native.crypto, the crypto import in
// ABI.md); results are ArrayBuffers and failures are Node's DOMExceptions
// and TypeErrors. Everything else in SubtleCrypto rejects with a
// NotSupportedError that names what is missing.

const nativeCrypto = native.crypto;
// The host's operation codes (ABI.md): a hash, plus HMAC with a key.
const hashOps = { __proto__: null, 'SHA-1': 1, 'SHA-256': 2, 'SHA-384': 3, 'SHA-512': 4 };
const HMAC_OP = 16;
const subtleOffer = 'coderun\'s crypto.subtle has digest (SHA-1, SHA-256, SHA-384, SHA-512) and HMAC keys (importKey "raw", sign, verify)';

function subtleMissing(what) {
  return new DOMExceptionCtor(what + ' is not supported: ' + subtleOffer, 'NotSupportedError');
}

function withCode(err, code) {
  ObjectDefineProperty(err, 'code', {
    __proto__: null, value: code, writable: true, enumerable: true, configurable: true,
  });
  return err;
}

function requireArgs(method, need, got) {
  if (got < need) {
    throw withCode(new TypeErrorCtor("Failed to execute '" + method + "' on 'SubtleCrypto': " + need +
      ' arguments required, but only ' + got + ' present.'), 'ERR_MISSING_ARGS');
  }
}

const ordinals = ['1st', '2nd', '3rd', '4th'];

// The bytes of a BufferSource, as a view (the host reads them before any
// program code runs again).
function bufferBytes(method, data, position) {
  if (typeof data === 'object' && data !== null) {
    if (TypedArrayTag(data) !== undefined) {
      return new Uint8ArrayCtor(TypedArrayBuffer(data), TypedArrayByteOffset(data), TypedArrayByteLength(data));
    }
    const kind = kindOf(data);
    if (kind === 'arraybuffer') return new Uint8ArrayCtor(data);
    if (kind === 'dataview') {
      return new Uint8ArrayCtor(DataViewBuffer(data), DataViewByteOffset(data), DataViewByteLength(data));
    }
  }
  throw withCode(new TypeErrorCtor("Failed to execute '" + method + "' on 'SubtleCrypto': " + ordinals[position] +
    ' argument is not instance of ArrayBuffer, Buffer, TypedArray, or DataView.'), 'ERR_INVALID_ARG_TYPE');
}

// An algorithm identifier's name, upper-cased: a string or { name }.
function algorithmName(alg) {
  const name = typeof alg === 'string' ? alg : (typeof alg === 'object' && alg !== null ? alg.name : undefined);
  if (typeof name !== 'string') {
    throw withCode(new TypeErrorCtor('Algorithm: name: Missing or not a string'), 'ERR_INVALID_ARG_TYPE');
  }
  return StringToUpperCase(name);
}

function hashName(alg) {
  const name = algorithmName(alg);
  if (hashOps[name] === undefined) throw new DOMExceptionCtor('Unrecognized algorithm name', 'NotSupportedError');
  return name;
}

// The HMAC algorithm of sign and verify: anything else is missing here.
function requireHmac(alg, method) {
  const name = algorithmName(alg);
  if (name !== 'HMAC') throw subtleMissing('crypto.subtle.' + method + ' with ' + name);
}

class CryptoKey {
  #secret;
  #hash;
  constructor(secret, hash, extractable, usages) {
    this.#secret = secret;
    this.#hash = hash;
    ObjectDefineProperty(this, 'type', { __proto__: null, value: 'secret', enumerable: true });
    ObjectDefineProperty(this, 'extractable', { __proto__: null, value: extractable, enumerable: true });
    ObjectDefineProperty(this, 'algorithm', {
      __proto__: null, value: { name: 'HMAC', hash: { name: hash }, length: secret.length * 8 }, enumerable: true,
    });
    ObjectDefineProperty(this, 'usages', { __proto__: null, value: usages, enumerable: true });
  }

  static hmac(key, method, data) {
    if (!(typeof key === 'object' && key !== null && #secret in key)) {
      throw withCode(new TypeErrorCtor("Failed to execute '" + method + "' on 'SubtleCrypto': 2nd argument is not of type CryptoKey."),
        'ERR_INVALID_ARG_TYPE');
    }
    if (ArrayIndexOf(key.usages, method) < 0) {
      throw new DOMExceptionCtor('Unable to use this key to ' + method, 'InvalidAccessError');
    }
    return new Uint8ArrayCtor(nativeCrypto(HMAC_OP + hashOps[key.#hash], key.#secret, data));
  }
}
defineTag(CryptoKey.prototype, 'CryptoKey');

const subtleMethods = {
  async digest(algorithm, data) {
    requireArgs('digest', 2, arguments.length);
    const name = hashName(algorithm);
    return nativeCrypto(hashOps[name], undefined, bufferBytes('digest', data, 1));
  },
  async importKey(format, keyData, algorithm, extractable, keyUsages) {
    requireArgs('importKey', 5, arguments.length);
    const name = algorithmName(algorithm);
    if (name !== 'HMAC') throw subtleMissing('crypto.subtle.importKey of ' + name + ' keys');
    if (format !== 'raw') throw subtleMissing('crypto.subtle.importKey in the "' + StringCtor(format) + '" format');
    const hash = hashName(algorithm.hash);
    const bytes = bufferBytes('importKey', keyData, 1);
    if (bytes.length === 0) throw new DOMExceptionCtor('Zero-length key is not supported', 'DataError');
    const usages = newList();
    for (const u of keyUsages) {
      if (u !== 'sign' && u !== 'verify') throw new DOMExceptionCtor('Unsupported key usage for an HMAC key', 'SyntaxError');
      if (ArrayIndexOf(usages, u) < 0) ArrayPush(usages, u);
    }
    const copy = new Uint8ArrayCtor(bytes.length);
    TypedArraySet(copy, bytes);
    return new CryptoKey(copy, hash, !!extractable, usages);
  },
  async sign(algorithm, key, data) {
    requireArgs('sign', 3, arguments.length);
    requireHmac(algorithm, 'sign');
    return TypedArrayBuffer(CryptoKey.hmac(key, 'sign', bufferBytes('sign', data, 2)));
  },
  async verify(algorithm, key, signature, data) {
    requireArgs('verify', 4, arguments.length);
    requireHmac(algorithm, 'verify');
    const sig = bufferBytes('verify', signature, 2);
    const mac = CryptoKey.hmac(key, 'verify', bufferBytes('verify', data, 3));
    if (sig.length !== mac.length) return false;
    let diff = 0; // every byte compared, whatever differs first
    for (let i = 0; i < mac.length; i++) diff |= mac[i] ^ sig[i];
    return diff === 0;
  },
};

class SubtleCrypto {}
{
  const names = ObjectKeys(subtleMethods);
  for (let i = 0; i < names.length; i++) {
    ObjectDefineProperty(SubtleCrypto.prototype, names[i], {
      __proto__: null, value: subtleMethods[names[i]], writable: true, enumerable: true, configurable: true,
    });
  }
  const missing = ['encrypt', 'decrypt', 'generateKey', 'deriveKey', 'deriveBits', 'exportKey', 'wrapKey', 'unwrapKey'];
  for (let i = 0; i < missing.length; i++) {
    const name = missing[i];
    ObjectDefineProperty(SubtleCrypto.prototype, name, {
      __proto__: null,
      value: { async [name]() { throw subtleMissing('crypto.subtle.' + name); } }[name],
      writable: true, enumerable: true, configurable: true,
    });
  }
}
defineTag(SubtleCrypto.prototype, 'SubtleCrypto');

const subtle = new SubtleCrypto();
ObjectDefineProperty(Crypto.prototype, 'subtle', {
  __proto__: null,
  get: getDesc({ get subtle() { return subtle; } }, 'subtle').get,
  enumerable: true,
  configurable: true,
});
