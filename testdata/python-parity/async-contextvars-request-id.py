import asyncio
import contextvars

request_id = contextvars.ContextVar("request_id", default="-")
log = []

def emit(msg):
    log.append(f"[{request_id.get()}] {msg}")

async def db_call(q, delay):
    await asyncio.sleep(delay)
    emit(f"query {q}")

async def handle(rid, delay):
    request_id.set(rid)
    emit("start")
    await db_call("users", delay)
    await db_call("orders", delay / 2)
    emit("end")

emit("boot")
await asyncio.gather(handle("req-1", 0.04), handle("req-2", 0.01), handle("req-3", 0.025))
emit("shutdown")
for line in log:
    print(line)
ctx = contextvars.copy_context()
print(request_id.get(), ctx.run(lambda: request_id.get()))
return log
