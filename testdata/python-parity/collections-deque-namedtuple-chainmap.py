from collections import deque, namedtuple, ChainMap, OrderedDict, Counter

history = deque(maxlen=3)
for cmd in ["ls", "cd src", "vim main.py", "make", "make test"]:
    history.append(cmd)
print(list(history), history.maxlen)
d = deque([1, 2, 3, 4, 5])
d.rotate(2)
print(d, d.popleft(), d.pop(), d)
d.extendleft([9, 8])
print(d)

Employee = namedtuple("Employee", "name dept salary", defaults=[50000])
staff = [Employee("ann", "eng", 120000), Employee("bo", "ops"), Employee._make(["cy", "eng", 99000])]
print(staff[1], staff[0]._asdict(), Employee._field_defaults)
print(sorted(staff, key=lambda e: -e.salary)[0].name)

defaults = {"theme": "light", "lang": "en", "page_size": 20}
user = {"theme": "dark"}
cli = {"page_size": 50}
settings = ChainMap(cli, user, defaults)
print(dict(settings), settings["lang"], settings.maps[1])
child = settings.new_child({"lang": "fr"})
print(child["lang"], settings["lang"])

od = OrderedDict.fromkeys("abcde", 0)
od.move_to_end("b")
od.move_to_end("e", last=False)
print(list(od), od.popitem(last=False))
c = Counter("mississippi")
print(c.most_common(2), c["z"], sorted(c.elements())[:5], c - Counter("miss"))
return {"history": list(history), "settings": dict(settings)}
