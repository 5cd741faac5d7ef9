import asyncio
from contextlib import asynccontextmanager

events = []

class Connection:
    def __init__(self, dsn):
        self.dsn = dsn
        self.open = False
    async def __aenter__(self):
        await asyncio.sleep(0.01)
        self.open = True
        events.append(f"open {self.dsn}")
        return self
    async def __aexit__(self, exc_type, exc, tb):
        self.open = False
        events.append(f"close {self.dsn} ({exc_type.__name__ if exc_type else 'clean'})")
        return exc_type is KeyError  # swallow KeyErrors only
    async def query(self, q):
        await asyncio.sleep(0.01)
        if "missing" in q:
            raise KeyError(q)
        if "bad" in q:
            raise RuntimeError(f"syntax error in {q!r}")
        return [q.upper()]

@asynccontextmanager
async def transaction(conn):
    events.append("begin")
    try:
        yield conn
        events.append("commit")
    except Exception:
        events.append("rollback")
        raise

async with Connection("db://one") as c:
    async with transaction(c):
        print(await c.query("select 1"))
async with Connection("db://two") as c:
    await c.query("select missing")
try:
    async with Connection("db://three") as c:
        async with transaction(c):
            await c.query("bad query")
except RuntimeError as e:
    print("RuntimeError:", e)
for e in events:
    print(e)
return events
