"""Runs one coderun Python program under a native CPython, the way the
guest runs it, and prints its outcome as coderun's Result JSON:

    {"logs": [...], "value": <JSON, absent when none>,
     "failure": {"kind": "exception" | "invalid-output", "message": "..."}}

Usage: python run_native.py [--tzdata ZIP] PROGRAM.py

The program's transform, module, output streams, value check and failure
message come from the guest's own wasm/python/guest/_coderun_program.py, so
only the interpreter differs. The environment is the guest's: string hashes
with seed 0, UTC, UTF-8, frozen standard modules, and zoneinfo reading the
guest's own time zone database (its tzdata package, from the guest's
standard library zip ZIP). The runner re-executes itself to get it.

The event loop's clock is virtual, as coderun's in its Deterministic mode:
it stands still while callbacks run and, when nothing is ready, jumps to
the next timer's deadline. asyncio.sleep takes no real time, and the order
in which timers fire does not depend on how loaded the machine is; timers
due at the same instant fire in the order they were set, as they do on a
real clock.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GUEST = os.path.join(HERE, "..", "..", "..", "wasm", "python", "guest")
FILENAME = "program.py"


# Set in the re-executed runner's environment, so that it does not
# re-execute itself again.
MARKER = "CODERUN_PYPARITY_RUNNER"


def guest_environment():
    return {
        MARKER: "1",
        # set iteration order is that of hash seed 0, as in the guest
        "PYTHONHASHSEED": "0",
        "PYTHONUTF8": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
        # no zone directories: zoneinfo reads the tzdata package, which
        # is the guest's (--tzdata, on sys.path)
        "PYTHONTZPATH": "",
        # local time is UTC, as in the guest (datetime.fromtimestamp)
        "TZ": "UTC",
        "LC_ALL": "C.UTF-8",
    }


def main(argv):
    tzdata = None
    args = argv[1:]
    if len(args) >= 2 and args[0] == "--tzdata":
        tzdata, args = args[1], args[2:]
    if len(args) != 1:
        sys.exit("usage: run_native.py [--tzdata ZIP] PROGRAM.py")
    if os.environ.get(MARKER) != "1":
        # No site module, as in the guest. The guest runs its standard
        # library's start-up modules frozen (os, codecs, ...: their frames
        # read "<frozen os>"); an interpreter run from its build tree
        # imports them from source unless told.
        os.execve(sys.executable,
                  [sys.executable, "-S", "-X", "frozen_modules=on", os.path.abspath(__file__), *(["--tzdata", tzdata] if tzdata else []), *args],
                  guest_environment())
    if tzdata:
        # After the interpreter's own library: only the tzdata package is
        # taken from the guest's.
        sys.path.append(tzdata)
    with open(args[0], encoding="utf-8") as f:
        source = f.read()
    sys.stdout.write(run(source) + "\n")


def virtual_clock_loop():
    """An event loop with no selector and a virtual clock: when nothing is
    ready, the clock jumps to the next timer's deadline instead of waiting.
    Timers due at the same instant fire in the order they were set, as on a
    real clock, which never reads the same twice. It needs no socket or
    thread, so it runs in a WASI interpreter as well."""
    import asyncio
    import heapq
    import itertools

    order = itertools.count()

    class Timer(asyncio.TimerHandle):
        __slots__ = ["_order"]

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._order = next(order)

        def __lt__(self, other):
            return (self._when, self._order) < (other._when, other._order)

        def __gt__(self, other):
            return (self._when, self._order) > (other._when, other._order)

    class Clock:
        """Stands for the selector BaseEventLoop._run_once waits on."""

        def __init__(self):
            self.now = 0.0

        def select(self, timeout=None):
            if timeout is None:
                # Nothing is ready and no timer is set: the program waits
                # for something that can never happen.
                raise RuntimeError("the program waits on a future nothing will complete")
            self.now += timeout
            return []

    class Loop(asyncio.BaseEventLoop):
        def __init__(self):
            super().__init__()
            self._selector = Clock()

        def time(self):
            return self._selector.now

        def _process_events(self, event_list):
            pass

        def _write_to_self(self):
            # Only another thread's call_soon_threadsafe needs waking the
            # loop; a program has no threads.
            pass

        # BaseEventLoop.call_at with Timer for TimerHandle.
        def call_at(self, when, callback, *args, context=None):
            if when is None:
                raise TypeError("when cannot be None")
            self._check_closed()
            timer = Timer(when, callback, args, self, context)
            heapq.heappush(self._scheduled, timer)
            timer._scheduled = True
            return timer

    return Loop()


def run(source):
    sys.path.insert(0, GUEST)
    import _coderun_cbor as cbor
    import _coderun_program as program
    import asyncio
    import json

    logs = []
    pending = []
    out = program.Console("<stdout>", pending, logs.append)
    err = program.Console("<stderr>", pending, logs.append)
    real_stdout, real_stderr = sys.stdout, sys.stderr
    # sys.__stdout__ too: the runner's own stdout carries its result.
    sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__ = out, err
    value = None
    failure = None
    try:
        try:
            code = program.compile_program(source, FILENAME)
        except Exception as exc:  # SyntaxError, or the parser's MemoryError
            failure = ("exception", program.describe(exc, FILENAME))
        else:
            module = program.new_module(source, FILENAME)
            loop = virtual_clock_loop()
            asyncio.set_event_loop(loop)
            try:
                result = loop.run_until_complete(program.body(code, module))
            except BaseException as exc:
                failure = ("exception", program.describe(exc, FILENAME))
            else:
                if isinstance(result, program.Exited):
                    failure = ("exception", program.describe(result.exception, FILENAME))
                elif result is not program.NO_VALUE:
                    try:
                        value = json.dumps(cbor.decode(cbor.encode(result)), ensure_ascii=False, separators=(",", ":"))
                    except cbor.NotJSON as exc:
                        failure = ("invalid-output", str(exc))
                    except Exception as exc:
                        failure = ("invalid-output", f"$: the value could not be read: {type(exc).__name__}: {exc}")
    finally:
        program.flush_console(pending, logs.append)
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__ = real_stdout, real_stderr
    parts = ['"logs":' + json.dumps(logs, separators=(",", ":"))]
    if value is not None and failure is None:
        parts.append('"value":' + value)
    if failure is not None:
        parts.append('"failure":' + json.dumps({"kind": failure[0], "message": failure[1]}, separators=(",", ":")))
    return "{" + ",".join(parts) + "}"


if __name__ == "__main__":
    main(sys.argv)
