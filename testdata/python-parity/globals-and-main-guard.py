counter = 0
registry = {}

def register(name):
    global counter
    counter += 1
    registry[name] = counter
    return counter

def make_counter():
    count = 0
    def inc():
        nonlocal count
        count += 1
        return count
    return inc

for n in ["alpha", "beta", "gamma"]:
    register(n)
c1, c2 = make_counter(), make_counter()
print(c1(), c1(), c2(), c1())
print("counter" in globals(), __name__)

class Plugin:
    pass

def main():
    print("main() ran:", registry, counter)
    print(Plugin.__module__, Plugin.__qualname__, repr(Plugin))
    return registry

if __name__ == "__main__":
    result = main()
return result
