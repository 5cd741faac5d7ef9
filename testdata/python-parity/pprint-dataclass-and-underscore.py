from pprint import pprint, pp, saferepr, isrecursive
from dataclasses import dataclass, field

@dataclass
class Node:
    name: str
    children: list = field(default_factory=list)
    meta: dict = field(default_factory=dict)

tree = Node("root", [Node("left", [Node("left.leaf", meta={"weight": 3})]), Node("right", meta={"weight": 10, "tags": ["x", "y"]})])
pprint(tree, width=50)
pp({"big": 1234567890123, "float": 12345.678901}, underscore_numbers=True)
loop = [1, 2]
loop.append(loop)
print(isrecursive(loop), isrecursive([1, [2]]), saferepr({"k": "v" * 3, "n": [1, (2, 3)]}))
pprint({"b": 2, "a": 1, "c": {"z": 0, "y": 1}})
return saferepr(tree.children[1].meta)
