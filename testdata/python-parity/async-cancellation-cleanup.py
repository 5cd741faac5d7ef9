import asyncio

cleanup = []

async def long_job(name):
    try:
        print(f"{name} started")
        await asyncio.sleep(10)
        return "finished"
    except asyncio.CancelledError:
        print(f"{name} cancelled, cleaning up")
        cleanup.append(name)
        raise
    finally:
        print(f"{name} finally")

task = asyncio.create_task(long_job("export"))
await asyncio.sleep(0.05)
task.cancel("user pressed stop")
try:
    await task
except asyncio.CancelledError as e:
    print("caught CancelledError:", e.args)
print("cancelled:", task.cancelled(), "cleanup:", cleanup)

shielded = asyncio.create_task(asyncio.sleep(0.02, result="precious"))
try:
    await asyncio.wait_for(asyncio.shield(shielded), timeout=0.01)
except TimeoutError:
    print("wait_for timed out, shielded task still running:", not shielded.done())
print("shielded result:", await shielded)
return cleanup
