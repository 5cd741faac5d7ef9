from abc import ABC, abstractmethod

class Exporter(ABC):
    registry = {}

    def __init_subclass__(cls, fmt=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if fmt:
            Exporter.registry[fmt] = cls

    @abstractmethod
    def export(self, rows): ...

    def header(self):
        return f"# exported by {type(self).__name__}"

class CsvExporter(Exporter, fmt="csv"):
    def export(self, rows):
        keys = list(rows[0])
        return "\n".join([",".join(keys)] + [",".join(str(r[k]) for k in keys) for r in rows])

class MarkdownExporter(Exporter, fmt="md"):
    def export(self, rows):
        keys = list(rows[0])
        lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
        lines += ["| " + " | ".join(str(r[k]) for k in keys) + " |" for r in rows]
        return "\n".join(lines)

class Broken(Exporter, fmt="broken"):
    pass

rows = [{"id": 1, "name": "ann"}, {"id": 2, "name": "ben"}]
outputs = {}
for fmt, cls in Exporter.registry.items():
    try:
        exp = cls()
    except TypeError as e:
        outputs[fmt] = f"TypeError: {e}"
        print(outputs[fmt])
        continue
    outputs[fmt] = exp.header() + "\n" + exp.export(rows)
    print(outputs[fmt])
try:
    Exporter()
except TypeError as e:
    print("TypeError:", e)
return outputs
