from dataclasses import dataclass, field, asdict
from typing import List

@dataclass
class LineItem:
    sku: str
    qty: int
    price: float

    @property
    def total(self) -> float:
        return round(self.qty * self.price, 2)

@dataclass
class Order:
    id: str
    customer: str
    items: List[LineItem] = field(default_factory=list)
    status: str = "new"

    def add(self, sku, qty, price):
        self.items.append(LineItem(sku, qty, price))
        return self

    @property
    def total(self):
        return round(sum(i.total for i in self.items), 2)

orders = [
    Order("A1", "zoe").add("pen", 10, 0.5).add("pad", 2, 3.25),
    Order("A2", "yan").add("ink", 1, 12.0),
    Order("A3", "xia"),
]
for o in orders:
    if not o.items:
        o.status = "rejected"
    elif o.total > 10:
        o.status = "review"
    else:
        o.status = "approved"
    print(o)
return [asdict(o) | {"total": o.total} for o in orders]
