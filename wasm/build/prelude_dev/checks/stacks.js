// compare: node
// err.stack starts with "Name: message", read when the stack is read.
const first = (e) => e.stack.split('\n')[0];
console.log(first(new Error('plain')), '|', first(new TypeError('typed')));
const e = new Error('before');
e.message = 'after';
console.log(first(e));
class ValidationError extends Error { constructor(m) { super(m); this.name = 'ValidationError'; } }
console.log(first(new ValidationError('bad email')));
// prepareStackTrace sees CallSites and decides the stack; reading it back
// gives the program's own function.
const prepare = (err, sites) => 'sites: ' + (sites.length > 0);
Error.prepareStackTrace = prepare;
console.log(new Error('x').stack, Error.prepareStackTrace === prepare);
Error.prepareStackTrace = undefined;
console.log(typeof Error.prepareStackTrace, first(new RangeError('back')));
