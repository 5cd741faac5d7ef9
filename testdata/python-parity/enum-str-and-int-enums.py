from enum import StrEnum, IntEnum, IntFlag
import json

class Color(StrEnum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"

class Priority(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3

class Perm(IntFlag):
    READ = 4
    WRITE = 2
    EXEC = 1

print(Color.RED == "red", Color("green"), f"{Color.BLUE}", Color.BLUE.upper())
print(Priority.HIGH > Priority.LOW, Priority.MEDIUM + 1, sorted([Priority.HIGH, 1, Priority.MEDIUM]))
p = Perm.READ | Perm.WRITE
print(p, repr(p), Perm.EXEC in p, int(p), Perm(7), ~Perm.READ)
print(list(Perm(6)))
payload = {"color": Color.GREEN, "priority": Priority.HIGH, "perm": p}
print(json.dumps(payload))
return payload
