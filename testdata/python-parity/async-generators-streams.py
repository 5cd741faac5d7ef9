import asyncio

async def ticker(symbol, prices, interval):
    for p in prices:
        await asyncio.sleep(interval)
        yield symbol, p

async def merge(*gens):
    queue = asyncio.Queue()
    async def drain(g):
        async for item in g:
            await queue.put(item)
        await queue.put(None)
    tasks = [asyncio.create_task(drain(g)) for g in gens]
    remaining = len(gens)
    while remaining:
        item = await queue.get()
        if item is None:
            remaining -= 1
        else:
            yield item

latest = {}
async for sym, price in merge(ticker("AAA", [10, 11, 12], 0.03), ticker("BBB", [50, 49], 0.05), ticker("CCC", [7], 0.01)):
    change = "" if sym not in latest else f" ({price - latest[sym]:+})"
    latest[sym] = price
    print(f"{sym} {price}{change}")
squares = [p * p async for _, p in ticker("n", range(4), 0)]
print(squares)
return latest
