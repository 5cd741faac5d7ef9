
// ---- hooks for the glue ---------------------------------------------------------------

// Renders what a program threw for the run's failure message. Errors as
// "Name: message" and their frames; anything else as Node's REPL shows it
// ("Uncaught { a: 1 }"). Never throws: hostile values get a plainer text.
function formatThrown(value) {
  try {
    if (isObjectLike(value) && isErrorLike(value)) return withAbsentHint(stackText(value), absentHint(value));
    return 'Uncaught ' + inspect(value);
  } catch (e) {
    try {
      return 'Uncaught ' + StringCtor(value);
    } catch (e2) {
      return 'Uncaught exception (a value that cannot be displayed)';
    }
  }
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
