import asyncio

class TokenBucket:
    def __init__(self, rate, capacity):
        self.rate = rate
        self.capacity = capacity
        self.tokens = capacity
        self.updated = asyncio.get_running_loop().time()

    async def acquire(self):
        loop = asyncio.get_running_loop()
        while True:
            now = loop.time()
            self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
            self.updated = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.rate)

bucket = TokenBucket(rate=10, capacity=3)
start = asyncio.get_running_loop().time()
stamps = []

async def call(i):
    await bucket.acquire()
    stamps.append((i, round(asyncio.get_running_loop().time() - start, 3)))

await asyncio.gather(*(call(i) for i in range(8)))
for i, t in stamps:
    print(f"request {i} at +{t:.3f}s")
return [t for _, t in stamps]
