import asyncio

async def probe(host, delay, ok=True):
    await asyncio.sleep(delay)
    if not ok:
        raise ConnectionError(f"{host} unreachable")
    return host, round(delay * 1000)

probes = [probe("eu", 0.12), probe("us", 0.05), probe("ap", 0.2, ok=False), probe("sa", 0.08)]
finished = []
for coro in asyncio.as_completed(probes):
    try:
        host, ms = await coro
        finished.append(host)
        print(f"{host} answered in {ms} ms")
    except ConnectionError as e:
        print("failed:", e)
print("fastest:", finished[0])
return finished
