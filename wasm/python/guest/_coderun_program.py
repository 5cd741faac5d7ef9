"""How coderun compiles and runs a Python program, and renders its errors.

A program is the body of an async function: top-level `await` works and a
module-level `return X` gives the run's value. It is compiled as a module
(with ast.PyCF_ALLOW_TOP_LEVEL_AWAIT), not wrapped in a function, so its
names are module globals as in a script (`global` in a function works),
and every line and column is the program's own. Two module-level
statements change: each `return` becomes a `raise` of a private
BaseException carrying the value, which `body` catches; and
`asyncio.run(coro)`, which cannot run a loop inside the running one,
becomes `await coro`, so a script's `asyncio.run(main())` works.

This file is pure Python with no dependency on the sandbox, so the
differential tests run programs natively the same way.
"""

# The runtime's functions look names up in a copy of the builtins taken
# now: a program that replaces builtins (builtins.len = None) changes its
# own names, not the ones the runtime uses to report its outcome.
import builtins as _builtins

__builtins__ = dict(_builtins.__dict__)


import ast
import io
import os
import sys
import traceback
import types

# What a program that falls off its end returns: no value, as opposed to
# `return` alone, which returns None (JSON null).
NO_VALUE = object()

_RETURN = "__coderun_return__"
_CO_COROUTINE = 0x80


class Exited:
    """What `body` returns for sys.exit with a failing status: the
    SystemExit, to report as the run's exception. (Raised out of the
    program's task, SystemExit would stop the event loop itself.)"""

    def __init__(self, exception):
        self.exception = exception


class Return(BaseException):
    """Raised by a module-level `return`; a BaseException, so that the
    program's `except Exception` does not catch it."""

    def __init__(self, value=None):
        self.value = value


def _is_asyncio_run(node):
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "run" and isinstance(f.value, ast.Name)
            and f.value.id == "asyncio" and len(node.args) == 1 and not node.keywords)


class _AsyncioRuns(ast.NodeTransformer):
    """Turns `asyncio.run(coro)` into `await coro` in a module-level
    expression: a script's way to start (often under `if __name__ ==
    "__main__":`), which would fail since the program already runs on the
    event loop."""

    def visit_Call(self, node):
        self.generic_visit(node)
        if _is_asyncio_run(node):
            return ast.copy_location(ast.Await(value=node.args[0]), node)
        return node

    def visit_Lambda(self, node):
        return node


def _raise_return(node):
    """`return X` as `raise __coderun_return__(X)`, at the same position."""
    args = [node.value] if node.value is not None else []
    call = ast.Call(func=ast.Name(id=_RETURN, ctx=ast.Load()), args=args, keywords=[])
    ast.copy_location(call, node)
    ast.copy_location(call.func, node)
    return ast.copy_location(ast.Raise(exc=call, cause=None), node)


def _rewrite(stmts, runs):
    """Rewrites the module-level statements in stmts, and in the blocks of
    the compound statements among them, but not in functions or classes: a
    return there is theirs, or the compiler's error. Only statements are
    walked, not every expression: this runs before each program, in the
    guest, where a generic walk of the tree costs more than compiling it."""
    for i, node in enumerate(stmts):
        kind = type(node)
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            continue
        if runs is not None and getattr(node, "value", None) is not None:
            node.value = runs.visit(node.value)
        if kind is ast.Return:
            stmts[i] = _raise_return(node)
            continue
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if type(block) is list:
                _rewrite(block, runs)
        for part in getattr(node, "handlers", ()) or getattr(node, "cases", ()):
            _rewrite(part.body, runs)


_FLAGS = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT


def compile_program(source, filename):
    """The program's code object. Raises SyntaxError at the program's own
    positions."""
    if "return" not in source and "asyncio.run" not in source:
        return compile(source, filename, "exec", flags=_FLAGS, dont_inherit=True)
    tree = ast.parse(source, filename, "exec")
    _rewrite(tree.body, _AsyncioRuns() if "asyncio.run" in source else None)
    return compile(tree, filename, "exec", flags=_FLAGS, dont_inherit=True)


# The recursion limit a program gets for its own frames, CPython's default:
# the runner's frames below the program's do not count against it.
PROGRAM_RECURSION_LIMIT = 1000


def new_module(source, filename):
    """A fresh `__main__` module for the program, installed in sys.modules
    (where dataclasses, typing and pickle look a class's module up), with
    the program's source in linecache so that tracebacks show its lines."""
    import linecache

    module = types.ModuleType("__main__")
    module.__file__ = filename
    # The real builtins module: without it, exec would give the program
    # this module's private copy (above), and with it none of the
    # sandbox's replacements (open, input).
    module.__dict__["__builtins__"] = _builtins
    module.__dict__[_RETURN] = Return
    sys.modules["__main__"] = module
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    return module


def _stack_depth():
    depth, frame = 0, sys._getframe(1)
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


async def body(code, module):
    """Runs the program's code in module and returns its value, NO_VALUE
    when it ends without `return`, or Exited for a failing sys.exit."""
    sys.setrecursionlimit(PROGRAM_RECURSION_LIMIT + _stack_depth())
    try:
        if code.co_flags & _CO_COROUTINE:
            await eval(code, module.__dict__)
        else:
            exec(code, module.__dict__)
    except Return as r:
        return r.value
    except SystemExit as e:
        # sys.exit() and sys.exit(0) end the program as falling off its
        # end does; any other status is a failure, as for a script.
        if e.code is None or e.code == 0:
            return NO_VALUE
        return Exited(e)
    return NO_VALUE


def _trim(exc, filename, seen=None):
    """Drops the frames before the program's first from exc's traceback
    (and from the exceptions chained to it): the runner's and asyncio's
    frames are not the program's business. A SyntaxError of the program
    keeps no frames at all."""
    if seen is None:
        seen = set()
    if exc is None or id(exc) in seen:
        return
    seen.add(id(exc))
    tb = exc.__traceback__
    if isinstance(exc, SyntaxError) and exc.filename == filename:
        tb = None
    else:
        first = tb
        while first is not None and first.tb_frame.f_code.co_filename != filename:
            first = first.tb_next
        if first is not None:
            tb = first
    try:
        exc.__traceback__ = tb
    except Exception:
        pass
    _trim(exc.__cause__, filename, seen)
    _trim(exc.__context__, filename, seen)


def describe(exc, filename):
    """The failure message of an uncaught exception of the program in
    filename: its `Name: message` line, then Python's traceback."""
    try:
        return _describe(exc, filename)
    except Exception as e:  # the program's __str__, __repr__ or __traceback__ failed
        return f"{type(exc).__name__}: <the exception could not be shown: {type(e).__name__} in its own methods>"


def _describe(exc, filename):
    _trim(exc, filename)
    te = traceback.TracebackException.from_exception(exc)
    _restack(te, filename, set())
    only = list(te.format_exception_only())
    lines = list(te.format())
    # The traceback ends with the exception-only lines, which lead here
    # instead; an exception group's ends with its members' boxes, and keeps
    # its own line inside its box.
    n = len(only)
    frames = lines[: len(lines) - n] if lines[len(lines) - n :] == only else lines
    if isinstance(exc, SyntaxError):
        # Its location lines come before "SyntaxError: msg"; the message
        # leads here as for every exception.
        name = f"{type(exc).__qualname__}:"
        head = next((i for i, line in enumerate(only) if line.startswith(name)), 0)
        only = only[head:] + only[:head]
    return ("".join(only) + "".join(frames)).rstrip("\n")


# The directory of the standard library's sources, when the interpreter has
# them as files (a native one); the guest's code objects already name their
# files by their path inside the library ("json/decoder.py").
_STDLIB = os.path.dirname(os.path.abspath(ast.__file__)) + os.sep if getattr(ast, "__file__", None) else None


class _ProgramStack(traceback.StackSummary):
    """A stack that shows the program's frames with their lines, and every
    other frame (the standard library's, named by their path inside it) by
    place alone, as the guest can: it has no library sources to show."""

    program = "program.py"

    def format_frame_summary(self, frame_summary, **kwargs):
        if frame_summary.filename == self.program:
            return super().format_frame_summary(frame_summary, **kwargs)
        name = frame_summary.filename
        if _STDLIB and name.startswith(_STDLIB):
            name = name[len(_STDLIB) :]
        return f'  File "{name}", line {frame_summary.lineno}, in {frame_summary.name}\n'


def _restack(te, filename, seen):
    if id(te) in seen:
        return
    seen.add(id(te))
    te.stack.__class__ = _ProgramStack
    te.stack.program = filename
    for nested in (te.__cause__, te.__context__, *(te.exceptions or ())):
        if nested is not None:
            _restack(nested, filename, seen)


# ---- output ------------------------------------------------------------------------


class Console(io.TextIOBase):
    """sys.stdout and sys.stderr of a program: text goes out a line at a
    time, through emit. The two streams share one pending line (pending),
    as a terminal shows them: a line is emitted when it ends, and a last
    line without an end by flush_console when the program ends."""

    def __init__(self, name, pending, emit):
        self._name = name
        self._pending = pending
        self._emit = emit

    @property
    def name(self):
        return self._name

    @property
    def encoding(self):
        return "utf-8"

    @property
    def errors(self):
        return "strict"

    def writable(self):
        return True

    def isatty(self):
        return False

    def fileno(self):
        raise io.UnsupportedOperation(f"{self._name} has no file descriptor in the sandbox")

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        pending = self._pending
        start = 0
        while True:
            nl = s.find("\n", start)
            if nl < 0:
                break
            pending.append(s[start:nl])
            self._emit("".join(pending))
            pending.clear()
            start = nl + 1
        if start < len(s):
            pending.append(s[start:])
        return len(s)

    def flush(self):
        pass


def flush_console(pending, emit):
    """Emits the last line, if it had no end."""
    if pending:
        line = "".join(pending)
        pending.clear()
        emit(line)
