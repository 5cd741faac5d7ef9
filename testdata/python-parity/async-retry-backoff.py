import asyncio

attempts = {}

async def flaky(name, fail_times):
    attempts[name] = attempts.get(name, 0) + 1
    await asyncio.sleep(0.01)
    if attempts[name] <= fail_times:
        raise ConnectionResetError(f"{name}: attempt {attempts[name]} failed")
    return f"{name}: ok after {attempts[name]} attempt(s)"

async def with_retry(name, fail_times, retries=3, base=0.02):
    delay = base
    for attempt in range(1, retries + 1):
        try:
            return await flaky(name, fail_times)
        except ConnectionResetError as e:
            print(f"  {e}; retrying in {delay:.2f}s" if attempt < retries else f"  {e}; giving up")
            if attempt == retries:
                raise
            await asyncio.sleep(delay)
            delay *= 2

out = {}
for name, fails in [("alpha", 0), ("beta", 2), ("gamma", 5)]:
    print(name)
    try:
        out[name] = await with_retry(name, fails)
    except ConnectionResetError as e:
        out[name] = f"failed: {e}"
return out
