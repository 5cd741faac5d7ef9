// formatThrown must never throw, whatever is thrown.
const hostile = new Proxy({}, {
  get() { throw new Error('get trap'); },
  getPrototypeOf() { throw new Error('proto trap'); },
  ownKeys() { throw new Error('keys trap'); },
  getOwnPropertyDescriptor() { throw new Error('desc trap'); },
  has() { throw new Error('has trap'); },
});
throw hostile;
