import asyncio

beats = []

async def heartbeat(interval, stop):
    n = 0
    while not stop.is_set():
        n += 1
        beats.append(n)
        print(f"beat {n}")
        try:
            await asyncio.wait_for(stop.wait(), timeout=interval)
        except TimeoutError:
            pass
    return n

async def work(stop):
    for stage in ("fetch", "transform", "store"):
        await asyncio.sleep(0.045)
        print("stage", stage)
    stop.set()

stop = asyncio.Event()
count, _ = await asyncio.gather(heartbeat(0.02, stop), work(stop))
return {"beats": count}
