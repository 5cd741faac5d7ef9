import asyncio

order = []

async def job(name, delay):
    await asyncio.sleep(delay)
    order.append(name)
    print("done", name)

# Several tasks sleep for the same time: they finish in the order they slept.
await asyncio.gather(*(job(f"task-{i}", 0.1) for i in range(6)))
await asyncio.gather(job("late", 0.2), job("early", 0.1), job("also-early", 0.1))
return order
