"""How coderun runs a Python program, shared by the guest and the native
runner the parity test compares it with (internal/testing/pyparity).

A program is the body of an async function: top-level ``await`` works,
``return X`` gives the run's value, no ``return`` gives none. It runs as a
module named ``__main__`` (``if __name__ == "__main__":`` works, and classes
it defines are ``__main__.Name`` as in a script), whose names are real module
globals. What it prints to ``sys.stdout`` and ``sys.stderr`` becomes the
run's logs, a line each; the value must be lossless JSON; an uncaught
exception fails the run with its type, message and traceback.

Pure Python and the standard library only: the guest imports it from its
library zip, the native runner from this directory.
"""

import ast
import io
import linecache
import math
import os
import sys
import types

# json and traceback are imported where they are needed (a value to check,
# an exception to format): a run that needs neither does not pay for them.

__all__ = [
    "InvalidOutput",
    "ProgramReturn",
    "compile_program",
    "format_failure",
    "new_program_module",
    "run_program",
    "std_streams",
    "to_json",
]

# The global a transformed ``return`` raises through. A dunder name, so it
# cannot clash with a program's own names.
RETURN_NAME = "__coderun_return__"

# inspect.CO_COROUTINE, without importing inspect: a module compiled with
# top-level await has it.
_CO_COROUTINE = 0x0080

# The value's deepest nesting, as the TypeScript guest's encoder has it.
MAX_DEPTH = 1000

# The Python frames a program may stack from its own first line: CPython's
# default recursion limit, counted from the program rather than from the
# bottom of the stack, so the host's own frames below it (which differ
# between the guest and a native interpreter) change nothing a program sees,
# such as the depth at which RecursionError is raised.
PROGRAM_RECURSION_LIMIT = 1000


class ProgramReturn(BaseException):
    """A module-level ``return``, carrying its value (None for a bare one).

    A BaseException so that ``except Exception`` in the program does not
    swallow it; a bare ``except:`` or ``except BaseException`` still would.
    """

    def __init__(self, value=None):
        super().__init__()
        self.value = value


class _Returns(ast.NodeTransformer):
    """Turns module-level ``return`` statements into raising ProgramReturn,
    leaving those in functions, lambdas and classes alone."""

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_Lambda = visit_FunctionDef
    visit_ClassDef = visit_FunctionDef

    def visit_Return(self, node):
        args = [node.value] if node.value is not None else []
        call = ast.Call(func=ast.Name(id=RETURN_NAME, ctx=ast.Load()), args=args, keywords=[])
        return ast.copy_location(ast.Raise(exc=ast.copy_location(call, node), cause=None), node)


def compile_program(source, filename="program.py"):
    """Compiles a program into a module code object.

    A SyntaxError propagates, naming ``filename``. The code is a coroutine
    (CO_COROUTINE in co_flags) when the program awaits at top level. The
    source is put in linecache so tracebacks show the program's lines.
    """
    tree = ast.parse(source, filename, "exec")
    tree = ast.fix_missing_locations(_Returns().visit(tree))
    code = compile(tree, filename, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
    # No mtime: linecache.checkcache then never drops the entry.
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    return code


def new_program_module(filename="program.py"):
    """Returns a fresh ``__main__`` module for a program and installs it in
    sys.modules, where dataclasses, typing and pickle look a class's module
    up."""
    module = types.ModuleType("__main__")
    module.__file__ = filename
    module.__dict__[RETURN_NAME] = ProgramReturn
    sys.modules["__main__"] = module
    return module


def _stack_depth():
    depth = 0
    frame = sys._getframe(1)
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


async def run_program(code, module):
    """Runs a compiled program in module; meant to be the event loop's task.

    Returns (True, value) for a ``return``, (False, None) when the program
    ends without one. The program's exceptions propagate (see
    format_failure).
    """
    # This frame and those below it are the host's: the program gets
    # PROGRAM_RECURSION_LIMIT frames of its own above it.
    sys.setrecursionlimit(PROGRAM_RECURSION_LIMIT + _stack_depth())
    try:
        result = eval(code, module.__dict__)
        if code.co_flags & _CO_COROUTINE:
            await result
    except ProgramReturn as ret:
        return True, ret.value
    return False, None


class _Lines:
    """Splits what both streams write into lines, in the order written; a
    line ends at "\\n", and emit gets it without the newline."""

    def __init__(self, emit):
        self.emit = emit
        self.partial = []

    def write(self, text):
        *done, rest = text.split("\n")
        for piece in done:
            self.partial.append(piece)
            self.emit("".join(self.partial))
            self.partial = []
        if rest:
            self.partial.append(rest)

    def flush_partial(self):
        if self.partial:
            self.emit("".join(self.partial))
            self.partial = []


class _Stream(io.TextIOBase):
    """sys.stdout or sys.stderr: a text stream feeding _Lines."""

    def __init__(self, lines, name):
        super().__init__()
        self._lines = lines
        self._name = name

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

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        self._lines.write(s)
        return len(s)


def std_streams(emit):
    """Returns (stdout, stderr, finish): two text streams whose lines, both
    interleaved in the order written, go to emit(line), and a function that
    emits a last line left without its newline."""
    lines = _Lines(emit)
    return _Stream(lines, "<stdout>"), _Stream(lines, "<stderr>"), lines.flush_partial


class InvalidOutput(Exception):
    """The value is not lossless JSON; the message names where and why, as
    ``$.rows[2]: set is not JSON``."""


_MAX_SAFE = 2**53 - 1


def _key_path(key):
    import json

    if key and (key[0].isascii() and (key[0].isalpha() or key[0] in "_$")) and \
            all(c.isascii() and (c.isalnum() or c in "_$") for c in key):
        return "." + key
    return "[" + json.dumps(key, ensure_ascii=False) + "]"


def _text(s, path):
    """s as a plain str, or InvalidOutput when it holds a lone surrogate,
    which has no UTF-8 form (JSON text is UTF-8)."""
    s = str.__str__(s)
    if not s.isascii():
        try:
            s.encode("utf-8")
        except UnicodeEncodeError as e:
            raise InvalidOutput(f"{path()}: str with a lone surrogate ({s[e.start]!a}) is not JSON") from None
    return s


def _plain(value, path, active):
    """value as plain JSON types, or InvalidOutput. Subclasses of the JSON
    types (IntEnum, StrEnum, namedtuple, Counter, OrderedDict...) count as
    their base, as for json.dumps."""
    if value is None or value is True or value is False:
        return value
    if isinstance(value, str):
        return _text(value, path)
    if isinstance(value, int):
        if isinstance(value, bool):
            return bool(value)
        if not -_MAX_SAFE <= value <= _MAX_SAFE:
            raise InvalidOutput(f"{path()}: int beyond ±(2**53-1) is not JSON (return it as a str)")
        return int.__int__(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidOutput(f"{path()}: {float.__repr__(value)} is not JSON")
        return float.__float__(value)
    if isinstance(value, (list, tuple, dict)):
        if id(value) in active:
            raise InvalidOutput(f"{path()}: cycle (the value contains itself)")
        if len(active) >= MAX_DEPTH:
            raise InvalidOutput(f"{path()}: nested deeper than {MAX_DEPTH} levels")
        active.add(id(value))
        try:
            if isinstance(value, dict):
                out = {}
                for k, v in dict.items(value):
                    if not isinstance(k, str):
                        raise InvalidOutput(f"{path()}: {type(k).__name__} key is not JSON (dict keys must be str)")
                    out[_text(k, path)] = _plain(v, lambda k=k: path() + _key_path(k), active)
                return out
            return [_plain(v, lambda i=i: f"{path()}[{i}]", active) for i, v in enumerate(value)]
        finally:
            active.discard(id(value))
    raise InvalidOutput(f"{path()}: {type(value).__name__} is not JSON")


def to_json(value):
    """value as JSON text, or InvalidOutput naming the path and the reason.

    Lossless JSON: None, bool, int within ±(2**53-1), finite float, str,
    list and tuple (arrays), dict with str keys (objects, in order).
    """
    import json

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _stack_depth() + 3 * MAX_DEPTH + 100))
    try:
        plain = _plain(value, lambda: "$", set())
    finally:
        sys.setrecursionlimit(limit)
    return json.dumps(plain, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


# The directory of the standard library's sources, when the interpreter has
# them as files (a native one); the guest's code objects already name their
# files by their path inside the library ("json/decoder.py").
_STDLIB = os.path.dirname(os.path.abspath(ast.__file__)) + os.sep if getattr(ast, "__file__", None) else None


def _program_stack_class():
    """The StackSummary subclass format_failure gives every stack, made on
    first use so that importing this module does not import traceback."""
    global _ProgramStack
    if _ProgramStack is None:
        import traceback

        class ProgramStack(traceback.StackSummary):
            """A stack that shows the program's frames with their lines,
            and every other frame (the standard library's, named by their
            path inside it) by place alone, as the guest can: it has no
            library sources to show."""

            program = "program.py"

            def format_frame_summary(self, frame_summary, **kwargs):
                if frame_summary.filename == self.program:
                    return super().format_frame_summary(frame_summary, **kwargs)
                filename = frame_summary.filename
                if _STDLIB and filename.startswith(_STDLIB):
                    filename = filename[len(_STDLIB):]
                return f'  File "{filename}", line {frame_summary.lineno}, in {frame_summary.name}\n'

        _ProgramStack = ProgramStack
    return _ProgramStack


_ProgramStack = None


def _program_traceback(tb, filename):
    # The host's frames (the runner, the event loop) come first; the
    # program's start at its module frame.
    while tb is not None and tb.tb_frame.f_code.co_filename != filename:
        tb = tb.tb_next
    return tb


def _restack(te, filename, seen):
    if id(te) in seen:
        return
    seen.add(id(te))
    te.stack.__class__ = _program_stack_class()
    te.stack.program = filename
    for nested in (te.__cause__, te.__context__, *(te.exceptions or ())):
        if nested is not None:
            _restack(nested, filename, seen)


def format_failure(exc, filename="program.py"):
    """The failure message of an uncaught exception: ``ExcName: message``
    (with its notes), then the traceback of the program's frames, chained
    exceptions included, as CPython prints them."""
    import traceback

    exc.__traceback__ = _program_traceback(exc.__traceback__, filename)
    te = traceback.TracebackException.from_exception(exc)
    _restack(te, filename, set())
    only = list(te.format_exception_only())
    full = list(te.format())
    # The traceback ends with the exception-only lines, which lead here
    # instead; an exception group's ends with its members' boxes, and keeps
    # its own line inside its box.
    frames = full[:len(full) - len(only)] if full[len(full) - len(only):] == only else full
    if isinstance(exc, SyntaxError):
        # Its location lines come before "SyntaxError: msg"; the message
        # leads here as for every exception.
        name = f"{type(exc).__qualname__}:"
        head = next((i for i, line in enumerate(only) if line.startswith(name)), 0)
        only = only[head:] + only[:head]
    return ("".join(only) + "".join(frames)).rstrip("\n")
