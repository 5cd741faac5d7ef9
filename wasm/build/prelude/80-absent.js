
// ---- what a coderun program does not have -----------------------------------------------
//
// Node's and browsers' I/O globals are simply absent, as in other Node-less
// sandboxes: `typeof process`, `typeof fetch === 'function'` and
// `globalThis.require === undefined` are how programs test for them, and
// they must take the branch that does not use them. When a program uses one
// anyway, QuickJS throws "ReferenceError: X is not defined"; if that ends
// the run, formatThrown adds the reason and what to do instead.
//
// Buffer is absent too, rather than a partial copy: a program that finds a
// Buffer takes its Node path and then fails on whichever of Buffer's ~100
// methods is missing, while the standard equivalents are all here.

const noModules = 'there are no modules or files in the coderun sandbox; use the bindings for I/O';
const noNetwork = 'there is no network in the coderun sandbox; use the bindings for I/O';

// name -> the hint added to "name is not defined"
const absentHints = ObjectCreate(null);
absentHints.require = noModules;
absentHints.module = noModules;
absentHints.exports = noModules;
absentHints.__dirname = noModules;
absentHints.__filename = noModules;
absentHints.process = 'there is no process in the coderun sandbox (no environment, arguments or exit); use the bindings for I/O';
absentHints.fetch = noNetwork;
absentHints.XMLHttpRequest = noNetwork;
absentHints.WebSocket = noNetwork;
absentHints.EventSource = noNetwork;
absentHints.Buffer = 'Buffer is Node\'s; in coderun use TextEncoder/TextDecoder for UTF-8, btoa/atob for base64 and Uint8Array for bytes';

// The hint for an engine's "X is not defined" about an absent global, or ''.
function absentHint(value) {
  if (!ObjectIsPrototypeOf(ReferenceErrorCtor.prototype, value)) return '';
  const message = safeGet(value, 'message');
  const suffix = ' is not defined';
  if (typeof message !== 'string' || !StringEndsWith(message, suffix)) return '';
  const hint = absentHints[StringSlice(message, 0, message.length - suffix.length)];
  return hint === undefined ? '' : hint;
}
