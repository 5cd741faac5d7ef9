// A listener that throws does not stop the others; its error then ends the
// run as an uncaught exception, before the program's value settles (Node
// reports it as uncaught and exits).
const c = new AbortController();
c.signal.addEventListener('abort', () => { throw new TypeError('listener failed'); });
c.signal.addEventListener('abort', () => console.log('second listener still runs'));
c.abort();
console.log('abort() returned', c.signal.aborted);
return 'never: the run has ended';
