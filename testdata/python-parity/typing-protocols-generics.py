from typing import Protocol, TypeVar, Generic, Iterable, Callable, runtime_checkable

T = TypeVar("T")
K = TypeVar("K")

@runtime_checkable
class HasArea(Protocol):
    def area(self) -> float: ...

class Sq:
    def __init__(self, s): self.s = s
    def area(self): return self.s * self.s

class Label:
    text = "hi"

class Stack(Generic[T]):
    def __init__(self) -> None:
        self._items: list[T] = []
    def push(self, item: T) -> None:
        self._items.append(item)
    def pop(self) -> T:
        if not self._items:
            raise IndexError("pop from empty Stack")
        return self._items.pop()
    def __len__(self) -> int:
        return len(self._items)
    def __repr__(self) -> str:
        return f"Stack({self._items!r})"

def group_by(items: Iterable[T], key: Callable[[T], K]) -> dict[K, list[T]]:
    out: dict[K, list[T]] = {}
    for it in items:
        out.setdefault(key(it), []).append(it)
    return out

print(isinstance(Sq(2), HasArea), isinstance(Label(), HasArea))
s: Stack[int] = Stack()
for i in range(3):
    s.push(i * 10)
print(s, s.pop(), len(s))
print(Stack[int], Stack[str]().__class__.__name__)
words = ["apple", "avocado", "banana", "blueberry", "cherry"]
g = group_by(words, lambda w: w[0])
print(g)
try:
    Stack().pop()
except IndexError as e:
    print("IndexError:", e)
return g
