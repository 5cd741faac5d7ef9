# A first coderun program in Python: the body of an async function, as
# hello.ts is in TypeScript, and with the same output.
import asyncio
from dataclasses import dataclass
from datetime import datetime, timezone


@dataclass
class Greeting:
    name: str
    excited: bool


greetings = [Greeting("world", True), Greeting("coderun", False)]

for g in greetings:
    print(f"hello, {g.name}{'!' if g.excited else '.'}")

await asyncio.sleep(0.01)
return {
    "greeted": [g.name for g in greetings],
    "at": datetime.fromtimestamp(0, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
}
