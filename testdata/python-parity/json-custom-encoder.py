import json
from datetime import date, datetime, timezone
from decimal import Decimal
from enum import Enum
from dataclasses import dataclass, asdict
import uuid

class Kind(Enum):
    INCOME = "income"
    EXPENSE = "expense"

@dataclass
class Entry:
    id: uuid.UUID
    when: date
    amount: Decimal
    kind: Kind
    tags: frozenset

class Encoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, (date, datetime)):
            return o.isoformat()
        if isinstance(o, Decimal):
            return str(o)
        if isinstance(o, Enum):
            return o.value
        if isinstance(o, uuid.UUID):
            return str(o)
        if isinstance(o, (set, frozenset)):
            return sorted(o)
        return super().default(o)

ns = uuid.UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
entries = [
    Entry(uuid.uuid5(ns, "rent"), date(2024, 5, 1), Decimal("1450.00"), Kind.EXPENSE, frozenset({"home", "fixed"})),
    Entry(uuid.uuid5(ns, "salary"), date(2024, 5, 25), Decimal("5200.50"), Kind.INCOME, frozenset()),
]
text = json.dumps([asdict(e) for e in entries], cls=Encoder, indent=1)
print(text)
try:
    json.dumps({"when": datetime(2024, 1, 1, tzinfo=timezone.utc)})
except TypeError as e:
    print("TypeError:", e)
return json.loads(text)
