import asyncio

async def producer(q, n):
    for i in range(n):
        await q.put(f"job-{i}")
        await asyncio.sleep(0.01)
    print("producer done")

async def worker(name, q, done):
    while True:
        job = await q.get()
        await asyncio.sleep(0.025 if name == "w1" else 0.04)
        done.append((name, job))
        q.task_done()

q = asyncio.Queue(maxsize=3)
done = []
workers = [asyncio.create_task(worker(f"w{i}", q, done)) for i in (1, 2)]
await producer(q, 8)
await q.join()
for w in workers:
    w.cancel()
res = await asyncio.gather(*workers, return_exceptions=True)
print([type(r).__name__ for r in res])
per_worker = {}
for name, job in done:
    per_worker.setdefault(name, []).append(job)
for k, v in sorted(per_worker.items()):
    print(k, v)
return {"processed": len(done), "per_worker": {k: len(v) for k, v in per_worker.items()}}
