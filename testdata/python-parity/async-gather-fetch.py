import asyncio

LATENCY = {"users": 0.3, "orders": 0.1, "inventory": 0.2, "prices": 0.05}

async def fetch(resource):
    print(f"-> {resource}")
    await asyncio.sleep(LATENCY[resource])
    print(f"<- {resource}")
    return {"resource": resource, "rows": len(resource) * 3}

results = await asyncio.gather(*(fetch(r) for r in LATENCY))
total = sum(r["rows"] for r in results)
print("total rows:", total)
return results
