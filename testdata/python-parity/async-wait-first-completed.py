import asyncio

async def mirror(name, delay):
    await asyncio.sleep(delay)
    return f"{name} ({delay}s)"

tasks = {asyncio.create_task(mirror(n, d), name=n) for n, d in [("mirror-a", 0.3), ("mirror-b", 0.1), ("mirror-c", 0.2)]}
done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
winner = done.pop().result()
print("winner:", winner)
for t in pending:
    t.cancel()
await asyncio.gather(*pending, return_exceptions=True)
print("pending cancelled:", sorted(t.get_name() for t in pending if t.cancelled()))

jobs = [asyncio.create_task(mirror(f"j{i}", 0.05 * i)) for i in range(1, 5)]
done, pending = await asyncio.wait(jobs, timeout=0.12)
print(len(done), "done,", len(pending), "pending after timeout")
for t in pending:
    t.cancel()
return {"winner": winner, "done": sorted(t.result() for t in done)}
