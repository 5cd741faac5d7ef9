// Errors render as "Name: message" and frames, nothing more.
class ValidationError extends Error {
  constructor(m) { super(m); this.name = 'ValidationError'; this.field = 'email'; }
}
function check() { throw new ValidationError('bad email', { cause: new Error('inner') }); }
async function main() { await null; check(); }
await main();
