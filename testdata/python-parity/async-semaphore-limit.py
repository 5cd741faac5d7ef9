import asyncio

MAX_CONCURRENT = 2
sem = asyncio.Semaphore(MAX_CONCURRENT)
active = 0
peak = 0
order = []

async def download(i, seconds):
    global active, peak
    async with sem:
        active += 1
        peak = max(peak, active)
        order.append(f"start {i}")
        await asyncio.sleep(seconds)
        order.append(f"end {i}")
        active -= 1
    return i * i

durations = [0.3, 0.1, 0.2, 0.05, 0.15]
results = await asyncio.gather(*(download(i, d) for i, d in enumerate(durations)))
for line in order:
    print(line)
print("peak concurrency:", peak)
return {"results": results, "peak": peak}
