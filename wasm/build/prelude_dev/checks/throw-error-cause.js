// Errors render as console.log shows them: "Name: message", frames, own properties.
class ValidationError extends Error {
  constructor(m) { super(m); this.name = 'ValidationError'; this.field = 'email'; }
}
function check() { throw new ValidationError('bad email', { cause: new Error('inner') }); }
async function main() { await null; check(); }
await main();
