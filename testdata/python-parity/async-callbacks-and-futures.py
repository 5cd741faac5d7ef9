import asyncio

loop = asyncio.get_running_loop()
fut = loop.create_future()
trace = []

def on_done(f):
    trace.append(f"callback saw {f.result()!r}")

fut.add_done_callback(on_done)
loop.call_later(0.05, fut.set_result, "payload")
loop.call_soon(trace.append, "call_soon ran")
trace.append("before await")
value = await fut
trace.append(f"awaited {value!r}")
await asyncio.sleep(0)

handles = [loop.call_later(d, trace.append, f"timer {d}") for d in (0.03, 0.01, 0.02)]
handles[0].cancel()
await asyncio.sleep(0.05)

failing = loop.create_future()
failing.set_exception(LookupError("nothing here"))
try:
    await failing
except LookupError as e:
    trace.append(f"LookupError: {e}")
for t in trace:
    print(t)
return trace
