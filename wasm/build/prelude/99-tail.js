
// ---- hooks for the glue ---------------------------------------------------------------

// Renders what a program threw for the run's failure message. Errors as
// console.log shows them, as Node does for an uncaught error: "Name:
// message", the frames, then any other own properties and the [cause];
// anything else as Node's REPL shows it ("Uncaught { a: 1 }"). Never throws:
// hostile values get a plainer text.
function formatThrown(value) {
  try {
    if (isObjectLike(value) && isErrorLike(value)) return withAbsentHint(formatThrownError(value), absentHint(value));
    return 'Uncaught ' + inspect(value);
  } catch (e) {
    try {
      return 'Uncaught ' + StringCtor(value);
    } catch (e2) {
      return 'Uncaught exception (a value that cannot be displayed)';
    }
  }
}

// inspect() brackets an error whose stack has no frames ("[Error: m]",
// "[Error: m] { code: 'E' }"); the failure message leaves the brackets out.
function formatThrownError(err) {
  const text = inspect(err);
  if (StringCharCodeAt(text, 0) !== 91) return text; // '['
  const stack = stackText(err);
  if (StringStartsWith(text, '[' + stack + ']')) return stack + StringSlice(text, stack.length + 2);
  return text;
}

// Appends hint to the first line of a rendered error.
function withAbsentHint(text, hint) {
  if (hint === '') return text;
  const end = StringIndexOf(text, '\n');
  if (end === -1) return text + ': ' + hint;
  return StringSlice(text, 0, end) + ': ' + hint + StringSlice(text, end);
}

const hooks = ObjectCreate(null);
hooks.fireTimer = fireTimer;
hooks.bindingError = bindingError;
hooks.installBindings = installBindings;
hooks.formatThrown = formatThrown;
hooks.inspect = (value) => inspect(value);
ObjectFreeze(hooks);
return hooks;
})
