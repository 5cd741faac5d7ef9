import asyncio

async def slow_service(name, seconds):
    await asyncio.sleep(seconds)
    return f"{name} ok"

results = {}
for name, seconds in [("cache", 0.05), ("search", 0.5), ("db", 0.15)]:
    try:
        results[name] = await asyncio.wait_for(slow_service(name, seconds), timeout=0.2)
    except asyncio.TimeoutError:
        results[name] = "timed out"
    except TimeoutError:
        results[name] = "timed out (builtin)"
    print(f"{name}: {results[name]}")

try:
    async with asyncio.timeout(0.1):
        await asyncio.sleep(1)
except TimeoutError as e:
    print("asyncio.timeout raised", type(e).__name__, asyncio.TimeoutError is TimeoutError)
return results
