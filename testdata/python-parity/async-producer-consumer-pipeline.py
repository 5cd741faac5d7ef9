import asyncio

async def read_lines(lines, out):
    for line in lines:
        await out.put(line)
        await asyncio.sleep(0)
    await out.put(None)

async def parse(inp, out):
    while (line := await inp.get()) is not None:
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition("=")
            await out.put((key.strip(), value.strip()))
    await out.put(None)

async def collect(inp):
    result = {}
    while (item := await inp.get()) is not None:
        k, v = item
        result[k] = int(v) if v.isdigit() else v
        print("stored", k)
    return result

lines = ["# settings", "workers = 4", "", "name = pipeline", "retries=2", "mode = fast"]
q1, q2 = asyncio.Queue(), asyncio.Queue()
_, _, result = await asyncio.gather(read_lines(lines, q1), parse(q1, q2), collect(q2))
return result
