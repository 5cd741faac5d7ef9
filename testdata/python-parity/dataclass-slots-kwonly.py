from dataclasses import dataclass, field, fields, KW_ONLY, MISSING

@dataclass(slots=True, kw_only=True)
class Config:
    host: str = "localhost"
    port: int = 8080
    tags: tuple = ()

@dataclass
class Job:
    name: str
    _: KW_ONLY
    retries: int = 3
    timeout: float = 30.0

c = Config(port=9000, tags=("a", "b"))
print(c)
try:
    Config("example.com")
except TypeError as e:
    print("TypeError:", e)
try:
    c.extra = 1
except AttributeError as e:
    print("AttributeError:", e)
j = Job("backup", timeout=5)
print(j)
print([(f.name, f.type.__name__ if isinstance(f.type, type) else str(f.type), None if f.default is MISSING else f.default) for f in fields(Job)])
print(hasattr(c, "__dict__"), Config.__slots__)
return {"config": [c.host, c.port, list(c.tags)], "job": [j.name, j.retries, j.timeout]}
