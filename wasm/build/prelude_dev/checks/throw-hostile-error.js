// An Error whose name, message and toString are hostile still renders.
const e = new Error('m');
Object.defineProperty(e, 'name', { get() { throw new Error('name getter'); } });
Object.defineProperty(e, 'message', { get() { throw new Error('message getter'); } });
e.toString = () => { throw new Error('toString'); };
throw e;
