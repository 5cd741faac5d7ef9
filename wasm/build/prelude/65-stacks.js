
// ---- error stacks ----------------------------------------------------------------------
//
// A program sees only its own frames. QuickJS hands Error.prepareStackTrace
// a CallSite for every frame, the prelude's included, and
// CallSite#getFunction returns the frame's function: through it a program
// could reach the prelude's internals (fireTimer, bindingError, format, ...).
// So Error.prepareStackTrace becomes an accessor that keeps the program's
// function and gives QuickJS a filter in its place, which drops the
// prelude's CallSites before calling it.

const prepareStackTraceDesc = getDesc(ErrorCtor, 'prepareStackTrace');
const setNativePrepare = uncurryThis(prepareStackTraceDesc.set);

// The CallSite methods, taken from a CallSite QuickJS builds here.
let CallSiteGetFileName;
let CallSiteGetFunction;
{
  setNativePrepare(ErrorCtor, (error, sites) => sites);
  const sites = ErrorStackGet(new ErrorCtor());
  setNativePrepare(ErrorCtor, undefined);
  const proto = ObjectGetPrototypeOf(sites[0]);
  CallSiteGetFileName = uncurryThis(proto.getFileName);
  CallSiteGetFunction = uncurryThis(proto.getFunction);
}

// The natives the prelude was given: a native frame running one of them is
// the prelude's too.
const preludeNatives = new SetCtor();
{
  const names = ObjectKeys(native);
  for (let i = 0; i < names.length; i++) SetAdd(preludeNatives, native[names[i]]);
}

let programPrepare;

function isPreludeSite(site) {
  const file = CallSiteGetFileName(site);
  if (file === 'prelude.js') return true;
  return file === null && SetHas(preludeNatives, CallSiteGetFunction(site));
}

// What QuickJS calls instead of the program's Error.prepareStackTrace.
function prepareProgramStack(error, sites) {
  const kept = newList();
  for (let i = 0; i < sites.length; i++) {
    if (!isPreludeSite(sites[i])) ArrayPush(kept, sites[i]);
  }
  return ReflectApply(programPrepare, this, [error, kept]);
}

ObjectDefineProperty(ErrorCtor, 'prepareStackTrace', {
  __proto__: null,
  get() { return programPrepare; },
  set(value) {
    if (this === undefined || this === null) {
      throw new TypeErrorCtor('Error.prepareStackTrace setter called on ' + this);
    }
    programPrepare = value;
    setNativePrepare(ErrorCtor, typeof value === 'function' ? prepareProgramStack : value);
  },
  enumerable: prepareStackTraceDesc.enumerable,
  configurable: prepareStackTraceDesc.configurable,
});

// err.stack reads as in V8: "Name: message" and then the frames. QuickJS-ng
// stores only the frames; the header is added when the stack is read, from
// the error's name and message at that moment (V8 formats lazily too), and
// the prelude's frames are dropped and the positions are the program's (not
// the transformed script's). A stack that prepareStackTrace made, or that a
// program assigned, is returned as it is.
const nativeStackDesc = getDesc(ErrorProto, 'stack');
ObjectDefineProperty(ErrorProto, 'stack', {
  __proto__: null,
  get: getDesc({
    get stack() {
      const frames = ErrorStackGet(this);
      if (typeof frames !== 'string' || (frames !== '' && !StringStartsWith(frames, '    at '))) return frames;
      const header = errorHeader(this);
      const kept = dropPreludeFrames(frames);
      return kept === '' ? header : header + '\n' + kept;
    },
  }, 'stack').get,
  set: nativeStackDesc.set,
  enumerable: nativeStackDesc.enumerable,
  configurable: nativeStackDesc.configurable,
});
