from enum import Enum, auto

class Status(Enum):
    PENDING = auto()
    RUNNING = auto()
    SUCCEEDED = auto()
    FAILED = auto()

    @property
    def terminal(self):
        return self in (Status.SUCCEEDED, Status.FAILED)

jobs = {"build": "RUNNING", "test": "FAILED", "lint": "SUCCEEDED", "deploy": "PENDING", "docs": "SUCCEEDED"}
parsed = {name: Status[s] for name, s in jobs.items()}
for name, st in parsed.items():
    print(f"{name:<7} {st.name:<10} value={st.value} terminal={st.terminal}")
print(list(Status))
print(repr(Status.FAILED), str(Status.FAILED), Status(3))
try:
    Status["UNKNOWN"]
except KeyError as e:
    print("KeyError:", e)
try:
    Status(9)
except ValueError as e:
    print("ValueError:", e)
counts = {s.name: sum(1 for v in parsed.values() if v is s) for s in Status}
return counts
