import asyncio

async def step(name, delay, fail=None):
    await asyncio.sleep(delay)
    if fail:
        raise fail(f"{name} broke")
    print(f"{name} finished")
    return name

try:
    async with asyncio.TaskGroup() as tg:
        t1 = tg.create_task(step("resize", 0.05))
        t2 = tg.create_task(step("upload", 0.1, ValueError))
        t3 = tg.create_task(step("notify", 0.3))
        t4 = tg.create_task(step("index", 0.1, KeyError))
except* ValueError as eg:
    print("value errors:", [str(e) for e in eg.exceptions])
except* KeyError as eg:
    print("key errors:", [str(e) for e in eg.exceptions])
print("t1:", t1.result(), "| t3 cancelled:", t3.cancelled())
return {"t1": t1.done(), "t3_cancelled": t3.cancelled()}
