"""coderun's runtime inside the Python guest.

The C glue (wasm/python/build/glue/glue.c) imports this module once, when
the interpreter starts, and calls its functions for the ABI's operations:
reseed, bind, run, fire_timer and deliver. Each returns the run's state:
0 while the program waits on timers or binding calls, 1 once it settled.
Nothing here blocks: the host owns the event loop and calls back in.

The program's contract (the README of wasm/python says more):
  - it is the body of an async function, compiled as the module
    "__main__" from the file the host names (program.py): top-level await
    works, names are module globals, and a module-level `return X` gives
    the value (a bare `return` gives None; falling off the end, no value);
  - print and logging go to Logs, one entry per line;
  - the value must be lossless JSON; anything else is invalid output,
    with the path of what is not;
  - there are no files, environment, network or subprocesses: the
    bindings are the way out.
"""

# The runtime's functions look names up in a copy of the builtins taken
# now: a program that replaces builtins (builtins.len = None) changes its
# own names, not the ones the runtime uses to report its outcome.
import builtins as _builtins

__builtins__ = dict(_builtins.__dict__)


import _coderun_host as _host

import asyncio
import builtins
import heapq
import io
import os
import random
import socket
import subprocess
import sys
import time
from asyncio import base_events, events

import _coderun_program
import _coderun_cbor
from _coderun_cbor import NotJSON, decode, encode

# The host's functions stay with this module: a program importing
# _coderun_host gets an ImportError (glue.c creates the module once).
del sys.modules["_coderun_host"]

# ---- output -----------------------------------------------------------------

# Lines over this many bytes are announced to the host before they are
# sent, so that the output budget ends the run before the guest spends
# memory on a huge line (ABI.md, output_reserve).
_RESERVE_OVER = 64 * 1024


_pending_line = []


def _emit(line):
    if len(line) > _RESERVE_OVER // 4:
        n = len(line.encode("utf-8", "surrogatepass"))
        if n > _RESERVE_OVER:
            _host.output_reserve(n + 2)
    _host.log(_text(line))


def _flush_console():
    _coderun_program.flush_console(_pending_line, _emit)


def _text(s):
    """s with every lone surrogate as U+FFFD: the host takes UTF-8 only."""
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return "".join("\ufffd" if 0xD800 <= ord(c) < 0xE000 else c for c in s)


_coderun_cbor._reserve = lambda n: _host.output_reserve(n)

# Both streams share one pending line, as a terminal shows them.
sys.stdout = sys.__stdout__ = _coderun_program.Console("<stdout>", _pending_line, _emit)
sys.stderr = sys.__stderr__ = _coderun_program.Console("<stderr>", _pending_line, _emit)
sys.stdin = sys.__stdin__ = None

# ---- no ambient authority -----------------------------------------------------

_OUT = "the bindings the host gave this program are its only way out"


# The standard library's zip is the one file the guest has, read-only:
# importlib.resources reads package data from it with open().
_STDLIB = sys.path[0]
_open = io.open


def _no_files(file, mode="r", *args, **kwargs):
    if file == _STDLIB and mode in ("r", "rb"):
        return _open(file, mode, *args, **kwargs)
    raise PermissionError(f"open({file!r}): there are no files in this sandbox; {_OUT}")


def _no_input(*args, **kwargs):
    raise OSError(f"input(): there is no terminal in this sandbox; {_OUT}")


def _no_sleep(seconds):
    raise RuntimeError("time.sleep() would block the sandbox: use 'await asyncio.sleep(seconds)' in the program")


class _NoEnvironment(dict):
    """os.environ: empty, and saying why when a name is looked up."""

    def __missing__(self, key):
        raise KeyError(f"{key!r}: there are no environment variables in this sandbox; {_OUT}")


class _NoSocket:
    def __init__(self, *args, **kwargs):
        raise PermissionError(f"socket: there is no network in this sandbox; {_OUT}")


def _no_network(*args, **kwargs):
    raise PermissionError(f"there is no network in this sandbox; {_OUT}")


class _NoProcess:
    def __init__(self, *args, **kwargs):
        raise PermissionError(f"subprocess: there are no processes in this sandbox; {_OUT}")


def _no_nested_run(main, **kwargs):
    if asyncio.iscoroutine(main):
        main.close()  # not "never awaited": the error says what to do
    raise RuntimeError(
        "asyncio.run() cannot start a second event loop: the program already runs on one. "
        "At the top level, 'await main()' (or asyncio.run(main()), which means the same there); "
        "inside a function, make it async and await the coroutine"
    )


asyncio.run = _no_nested_run
builtins.open = io.open = _no_files
builtins.input = _no_input
time.sleep = _no_sleep
os.environ = _NoEnvironment()
socket.socket = socket.SocketType = _NoSocket
socket.create_connection = socket.getaddrinfo = socket.create_server = _no_network
subprocess.Popen = _NoProcess

# ---- time zones -------------------------------------------------------------------

# zoneinfo reads a zone from the tzdata package in the zip. Its own way,
# importlib.resources, opens the zip with zipfile and reads its whole
# directory at each run's first zone; zipimport has that directory in the
# snapshot already, so zones are read through it.
import zipimport
import zoneinfo._common as _zoneinfo_common

_stdlib_zip = zipimport.zipimporter(_STDLIB)


def _load_tzdata(key):
    try:
        return io.BytesIO(_stdlib_zip.get_data("tzdata/zoneinfo/" + key))
    except (OSError, UnicodeEncodeError):
        raise _zoneinfo_common.ZoneInfoNotFoundError(f"No time zone found with key {key}") from None


_zoneinfo_common.load_tzdata = _load_tzdata

# ---- the event loop the host steps -------------------------------------------


_monotonic = time.monotonic


class _NoSelector:
    """The selector of a loop with no file descriptors: never waits."""

    def select(self, timeout=None):
        return []

    def close(self):
        pass


class _Timer(events.TimerHandle):
    """A timer that, due at the same moment as another, fires after the
    ones set before it. asyncio orders timers by deadline alone, and its
    heap breaks ties arbitrarily: on a virtual clock (Deterministic mode),
    which stands still while the program runs, ties are the rule, and
    `gather` of equal sleeps would finish out of order."""

    __slots__ = ("_order",)
    _next = 0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _Timer._next += 1
        self._order = _Timer._next

    def __lt__(self, other):
        return (self._when, self._order) < (other._when, other._order)

    def __gt__(self, other):
        return (self._when, self._order) > (other._when, other._order)


class _HostLoop(base_events.BaseEventLoop):
    """An asyncio loop that never blocks: the host runs it a step at a
    time, and arms one timer for its earliest scheduled callback."""

    def __init__(self):
        super().__init__()
        self._selector = _NoSelector()
        # A timer the host fired is due, whatever the clock reads: the
        # delay sent to the host is a float of milliseconds, and the clock
        # read after the wait can fall a rounding short of the deadline, so
        # that the timer would be armed again, for nothing, forever.
        self._fired = float("-inf")

    def time(self):
        t = _monotonic()
        return t if t > self._fired else self._fired

    def call_at(self, when, callback, *args, context=None):
        # BaseEventLoop.call_at, with _Timer for TimerHandle.
        if when is None:
            raise TypeError("when cannot be None")
        self._check_closed()
        if self._debug:
            self._check_thread()
            self._check_callback(callback, "call_at")
        timer = _Timer(when, callback, args, self, context)
        if timer._source_traceback:
            del timer._source_traceback[-1]
        heapq.heappush(self._scheduled, timer)
        timer._scheduled = True
        return timer

    def _process_events(self, event_list):
        pass

    def _write_to_self(self):
        pass


_loop = _HostLoop()
events._set_running_loop(_loop)
asyncio.set_event_loop(_loop)

_TIMER = 1  # the one timer id the guest arms
_timer_armed = None  # the loop time it is armed for


def _step():
    """Runs every ready callback, and the timers that are due, then arms
    the host's timer for the next one. Returns the run's state."""
    loop = _loop
    while not _settled:
        scheduled = loop._scheduled
        while scheduled and scheduled[0]._cancelled:
            heapq.heappop(scheduled)
            loop._timer_cancelled_count -= 1
        if not loop._ready and not (scheduled and scheduled[0]._when <= loop.time() + loop._clock_resolution):
            break
        try:
            loop._run_once()
        except SystemExit as e:
            # sys.exit in a task other than the program's: asyncio lets it
            # out of the loop. The program ends as if it had called it.
            _settle_exit(e)
            break
        except BaseException as e:  # the program's own BaseException, raised out of a callback
            _settle_exception(e)
            break
        if _main is not None and _main.done():
            _finish()
    if _settled:
        return 1
    _arm()
    return 0


def _arm():
    global _timer_armed
    scheduled = _loop._scheduled
    when = scheduled[0]._when if scheduled else None
    if when == _timer_armed:
        return
    _timer_armed = when
    if when is None:
        _host.timer_clear(_TIMER)
    else:
        _host.timer_set(_TIMER, max(0.0, (when - _loop.time()) * 1000.0))


def fire_timer(timer_id):
    global _timer_armed
    if _timer_armed is not None and _timer_armed > _loop._fired:
        _loop._fired = _timer_armed
    _timer_armed = None
    return _step()


# ---- bindings -------------------------------------------------------------------

_namespaces = []  # index -> (global, error class or None, member)
_bound = {}  # the names a program sees: namespaces and error classes
_calls = {}  # call id -> (future, namespace index, name)
_next_call = 0


def _error_class(name):
    cls = _bound.get(name)
    if cls is None:
        # builtins as its module: tracebacks name it as the program does
        # ("QuotaError: over quota").
        cls = type(name, (Exception,), {"__module__": "builtins", "__qualname__": name})
    return cls


def bind(spec_bytes):
    for i, entry in enumerate(decode(spec_bytes)):
        global_name, names, class_name, member = entry[0], entry[1], entry[2], entry[3]
        hidden = entry[4] if len(entry) > 4 and entry[4] is not None else []
        cls = None
        if class_name is not None:
            cls = _error_class(class_name)
            _bound[class_name] = cls
        _bound[global_name] = _host.namespace(i, global_name, list(names), list(hidden), cls is not None)
        _namespaces.append((global_name, cls, member))
    return 0


def _rejection(ns, name, message):
    global_name, cls, member = _namespaces[ns]
    if cls is None:
        return RuntimeError(message)
    err = cls(message)
    setattr(err, member, name)
    return err


def _invoke(ns, name, args, kwargs):
    """A call of binding ns.name: validates and sends it, and returns the
    future its answer settles."""
    global _next_call
    global_name = _namespaces[ns][0]
    if kwargs is not None and args:
        raise TypeError(f"{global_name}.{name}() takes keyword arguments or one dict, not both")
    if len(args) > 1 or (args and not isinstance(args[0], dict)):
        raise TypeError(
            f"{global_name}.{name}() takes keyword arguments (name=value) or one dict, not {len(args)} positional argument(s)"
        )
    payload = kwargs if kwargs is not None else (args[0] if args else None)
    try:
        encoded_args = encode(payload, "$")
    except NotJSON as e:
        raise TypeError(f"{global_name}.{name}(): the arguments are not JSON: {e}") from None
    _next_call += 1
    call_id = _next_call
    msg = bytearray(b"\x84")
    msg += encode(call_id, "$")
    msg += encode(ns, "$")
    msg += encode(name, "$")
    msg += encoded_args
    future = _loop.create_future()
    status, answer = _host.call(bytes(msg))
    if status == 0:
        _calls[call_id] = (future, ns, name)
    elif status == 1:
        future.set_result(decode(answer))
    else:
        future.set_exception(_rejection(ns, name, answer))
    return future


_host.set_invoke(_invoke)


def deliver(call_id, ok, payload):
    call = _calls.pop(call_id, None)
    if call is not None:
        future, ns, name = call
        if not future.done():
            if ok:
                future.set_result(decode(payload))
            else:
                future.set_exception(_rejection(ns, name, payload))
    return _step()


# ---- the program -------------------------------------------------------------------

_main = None  # the program's task
_settled = False
_no_value = _coderun_program.NO_VALUE


_filename = "program.py"


def run(source, filename):
    global _main, _filename
    _filename = filename
    try:
        code = _coderun_program.compile_program(source, filename)
    except Exception as e:  # SyntaxError, or the parser's MemoryError for a too deep program
        _settle_exception(e)
        return 1
    module = _coderun_program.new_module(source, filename)
    module.__dict__.update(_bound)
    _main = _loop.create_task(_coderun_program.body(code, module))
    return _step()


def reseed():
    """Readies a snapshot's instance: new seeds for random, from the host."""
    random.seed()
    return 0


def _finish():
    global _settled
    task = _main
    _flush_console()
    if task.cancelled():
        _settled = True
        _host.settle(1, b"CancelledError: the program's task was cancelled")
        return
    exc = task.exception()
    if exc is not None:
        _settle_exception(exc)
        return
    value = task.result()
    if isinstance(value, _coderun_program.Exited):
        _settle_exception(value.exception)
        return
    _settled = True
    if value is _no_value:
        _host.settle(0, b"")
        return
    try:
        payload = encode(value, "$")
    except NotJSON as e:
        _host.settle(2, _text(str(e)).encode())
        return
    except Exception as e:  # the program's own code, run while reading the value
        _host.settle(2, _text(f"$: the value could not be read: {type(e).__name__}: {e}").encode())
        return
    _host.settle(0, payload)


def _settle_exit(e):
    global _settled
    if e.code is None or e.code == 0:
        _flush_console()
        _settled = True
        _host.settle(0, b"")
    else:
        _settle_exception(e)


def _settle_exception(exc):
    global _settled
    _flush_console()
    _settled = True
    _host.settle(1, _text(_coderun_program.describe(exc, _filename)).encode())


# ---- the snapshot --------------------------------------------------------------

# The modules programs import most, imported here so that the snapshot the
# build bakes holds them: a run then starts with them loaded instead of
# reading and executing them from the zip.
_WARM = (
    "base64 bisect collections copy csv dataclasses datetime decimal difflib enum fractions functools "
    "hashlib heapq html itertools json logging math operator pprint re statistics string textwrap "
    "typing unicodedata urllib.parse uuid zoneinfo"
).split()


def _warm():
    import gc
    import importlib

    for name in _WARM:
        importlib.import_module(name)
    # Everything allocated so far is the snapshot's: the collector never
    # walks it again, so a run does not write to (and copy) the pages the
    # snapshot's objects lie in just to look at them.
    gc.collect()
    gc.freeze()


_warm()
