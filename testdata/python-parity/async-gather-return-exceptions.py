import asyncio

async def check(url):
    await asyncio.sleep(0.01 * len(url))
    if url.endswith(".invalid"):
        raise ValueError(f"bad host in {url}")
    if "timeout" in url:
        raise TimeoutError(url)
    return 200

urls = ["https://a.example", "https://b.invalid", "https://timeout.example", "https://ok.example"]
results = await asyncio.gather(*(check(u) for u in urls), return_exceptions=True)
report = {}
for url, r in zip(urls, results):
    if isinstance(r, BaseException):
        report[url] = f"{type(r).__name__}: {r}"
    else:
        report[url] = r
    print(f"{url:<28} {report[url]}")
ok = sum(1 for r in results if r == 200)
print(f"{ok}/{len(urls)} healthy")
return report
