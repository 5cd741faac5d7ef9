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
import traceback

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


async def body(code, globals_):
    """Runs the program's code in globals_ and returns its value, or
    NO_VALUE when it ends without `return`."""
    globals_[_RETURN] = Return
    try:
        if code.co_flags & _CO_COROUTINE:
            await eval(code, globals_)
        else:
            exec(code, globals_)
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
    head = "".join(traceback.format_exception_only(exc)).rstrip("\n")
    lines = traceback.format_exception(exc)
    if isinstance(exc, SyntaxError):
        # format_exception_only shows the source line and a caret first;
        # the message leads with the error itself.
        first = f"{type(exc).__name__}: {exc.msg} ({exc.filename}, line {exc.lineno})"
        return first + "\n" + "".join(lines).rstrip("\n")
    # The traceback ends with the same lines as format_exception_only:
    # the message leads instead.
    only = traceback.format_exception_only(exc)
    tail = "".join(lines[: len(lines) - len(only)]).rstrip("\n")
    return head + ("\n" + tail if tail else "")
