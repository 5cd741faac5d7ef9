from dataclasses import dataclass, asdict, field
from datetime import date
import json

@dataclass
class Address:
    street: str
    city: str
    postcode: str

@dataclass
class Customer:
    id: int
    name: str
    joined: date
    address: Address
    tags: list[str] = field(default_factory=list)

    def to_json(self):
        d = asdict(self)
        d["joined"] = self.joined.isoformat()
        return json.dumps(d, sort_keys=True)

    @classmethod
    def from_json(cls, s):
        d = json.loads(s)
        d["joined"] = date.fromisoformat(d["joined"])
        d["address"] = Address(**d["address"])
        return cls(**d)

c = Customer(7, "Mina Park", date(2021, 9, 14), Address("5 Elm St", "Springfield", "01101"), ["vip"])
s = c.to_json()
print(s)
back = Customer.from_json(s)
print(back == c, back)
try:
    json.dumps(asdict(c))
except TypeError as e:
    print("TypeError:", e)
return json.loads(s)
