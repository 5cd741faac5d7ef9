// A throwing timer callback ends the run; later timers never fire.
setTimeout(() => console.log('never: the run has ended'), 50);
setTimeout(() => { throw new TypeError('from timer'); }, 10);
setTimeout(() => console.log('overflowed delay runs after 1ms'), 2 ** 31);
setInterval(() => console.log('interval before the throw'), 4);
await new Promise(() => {});
