// A thrown plain object is shown as Node's REPL shows it.
await null;
throw { a: 1, nested: { b: [1, 2] }, s: 'str' };
