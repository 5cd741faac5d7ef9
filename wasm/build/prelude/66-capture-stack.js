
// ---- Error.captureStackTrace ---------------------------------------------------------------
//
// V8's Error.captureStackTrace(obj) gives obj an own stack that starts with
// "Name: message" (from obj's name and message at that moment, "Error"
// when it has neither) and then the frames, which is what programs print.
// QuickJS-ng stores the frames alone: the header is added here, and the
// prelude's frames are dropped and the positions mapped as for err.stack. A
// stack that Error.prepareStackTrace made is left as it is.

const nativeCaptureStackTrace = ErrorCtor.captureStackTrace;
ObjectDefineProperty(ErrorCtor, 'captureStackTrace', {
  __proto__: null,
  value: {
    captureStackTrace(target, constructorOpt) {
      ReflectApply(nativeCaptureStackTrace, ErrorCtor, [target, constructorOpt]);
      const own = getDesc(target, 'stack');
      if (own === undefined || typeof own.value !== 'string') return undefined;
      const frames = own.value;
      if (frames !== '' && !StringStartsWith(frames, '    at ')) return undefined;
      const header = errorHeader(target);
      const kept = dropPreludeFrames(frames);
      ObjectDefineProperty(target, 'stack', {
        __proto__: null, value: kept === '' ? header : header + '\n' + kept,
        writable: true, enumerable: false, configurable: true,
      });
      return undefined;
    },
  }.captureStackTrace,
  writable: true,
  enumerable: false,
  configurable: true,
});
