// An async listener's rejection is uncaught too, as in Node.
const t = new EventTarget();
t.addEventListener('go', async () => { await null; throw new RangeError('async listener failed'); });
console.log('dispatched', t.dispatchEvent(new Event('go')));
await new Promise((resolve) => setTimeout(resolve, 10));
console.log('never: the run has ended');
