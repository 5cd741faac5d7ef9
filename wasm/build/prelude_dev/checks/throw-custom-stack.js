const e = new Error('custom');
e.stack = 'Error: custom\n    at somewhere (elsewhere.js:1:1)';
throw e;
