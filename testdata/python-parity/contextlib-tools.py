from contextlib import suppress, redirect_stdout, ExitStack, contextmanager, nullcontext, closing
import io

with suppress(FileNotFoundError, KeyError):
    {}["missing"]
print("suppressed KeyError")

buf = io.StringIO()
with redirect_stdout(buf):
    print("captured line 1")
    print("captured line 2")
print("captured:", buf.getvalue().splitlines())

log = []
@contextmanager
def resource(name):
    log.append(f"acquire {name}")
    try:
        yield name.upper()
    finally:
        log.append(f"release {name}")

with ExitStack() as stack:
    handles = [stack.enter_context(resource(n)) for n in ("db", "cache", "queue")]
    stack.callback(log.append, "callback ran")
    log.append(f"using {handles}")
print(log)

class Conn:
    def close(self):
        print("conn closed")
with closing(Conn()):
    print("using conn")
with nullcontext(42) as v:
    print("nullcontext gave", v)
return log
