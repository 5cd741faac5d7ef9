import copy

template = {"name": "report", "sections": [{"title": "intro", "lines": []}], "meta": {"tags": ["draft"]}}
shallow = copy.copy(template)
deep = copy.deepcopy(template)
shallow["name"] = "shallow"
shallow["sections"][0]["lines"].append("added via shallow")
deep["meta"]["tags"].append("deep-only")
print(template)
print(deep)

class Matrix:
    def __init__(self, rows):
        self.rows = rows
        self.cache = {"det": None}
    def __deepcopy__(self, memo):
        print("custom deepcopy (cache dropped)")
        return Matrix(copy.deepcopy(self.rows, memo))
    def __repr__(self):
        return f"Matrix({self.rows})"

m = Matrix([[1, 2], [3, 4]])
m2 = copy.deepcopy(m)
m2.rows[0][0] = 99
print(m, m2, m2.cache)
shared = [1, 2]
pair = [shared, shared]
pc = copy.deepcopy(pair)
print(pc[0] is pc[1], pc[0] is shared)
return {"template_lines": template["sections"][0]["lines"], "deep_tags": deep["meta"]["tags"]}
