words = "the quick brown fox jumps over the lazy dog and the quick cat".split()
unique = set(words)
print(len(unique), "unique words")
print(unique)
print(list(set("abracadabra")))
colors = {"red", "green", "blue", "yellow", "purple", "orange"}
warm = {"red", "yellow", "orange", "pink"}
print(colors & warm, colors - warm, warm - colors, colors ^ warm)
print(frozenset(["x", "y", "z"]))
return list(unique)
