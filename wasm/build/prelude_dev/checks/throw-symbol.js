// A symbol thrown from a timer callback.
setTimeout(() => { throw Symbol('sym'); }, 1);
await new Promise(() => {});
