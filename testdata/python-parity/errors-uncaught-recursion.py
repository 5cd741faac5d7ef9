def total_size(node):
    # A node without children is treated as its own child: the recursion
    # never reaches a base case.
    size = node.get("size", 0)
    for child in node.get("children", [node]):
        size += total_size(child)
    return size

tree = {"name": "root", "size": 1, "children": [{"name": "leaf", "size": 2}]}
print("computing size")
return total_size(tree)
