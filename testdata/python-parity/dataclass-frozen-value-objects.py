from dataclasses import dataclass, replace, FrozenInstanceError

@dataclass(frozen=True, order=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0

    @classmethod
    def parse(cls, s):
        parts = [int(p) for p in s.lstrip("v").split(".")]
        return cls(*parts)

    def bump(self, part):
        if part == "major":
            return Version(self.major + 1)
        if part == "minor":
            return replace(self, minor=self.minor + 1, patch=0)
        return replace(self, patch=self.patch + 1)

    def __str__(self):
        return f"{self.major}.{self.minor}.{self.patch}"

versions = [Version.parse(s) for s in ["1.10.0", "v1.2", "0.9.12", "2", "1.2.0"]]
print(sorted(versions))
print(max(versions), min(versions))
print(len(set(versions)), "distinct of", len(versions))
v = Version(1, 4, 2)
print(v.bump("patch"), v.bump("minor"), v.bump("major"))
try:
    v.major = 9
except FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
print(repr(v), v == Version(1, 4, 2), hash(v) == hash(Version(1, 4, 2)))
return [str(x) for x in sorted(versions, reverse=True)]
