import asyncio

ready = asyncio.Event()
log = []

async def waiter(name):
    log.append(f"{name} waiting")
    await ready.wait()
    log.append(f"{name} released")

async def starter():
    await asyncio.sleep(0.05)
    log.append("starter: setting event")
    ready.set()

await asyncio.gather(waiter("a"), waiter("b"), starter(), waiter("c"))
for line in log:
    print(line)

lock = asyncio.Lock()
counter = 0
async def increment(n):
    global counter
    for _ in range(n):
        async with lock:
            v = counter
            await asyncio.sleep(0)
            counter = v + 1
await asyncio.gather(*(increment(50) for _ in range(4)))
print("counter:", counter, "locked:", lock.locked())
return {"log": log, "counter": counter}
