import asyncio

async def load_user(uid):
    await asyncio.sleep(0.01)
    users = {1: "ann", 2: "ben"}
    return users[uid]

async def main():
    names = await asyncio.gather(load_user(1), load_user(2), load_user(3))
    return names

print("loading users")
names = await main()
return names
