import csv
import io

long_format = """student,subject,score
ana,math,91
ana,physics,84
ben,math,77
ben,history,88
cy,physics,95
cy,math,69
cy,history,72
"""
rows = list(csv.DictReader(io.StringIO(long_format)))
subjects = sorted({r["subject"] for r in rows})
students = sorted({r["student"] for r in rows})
wide = {s: {sub: "" for sub in subjects} for s in students}
for r in rows:
    wide[r["student"]][r["subject"]] = int(r["score"])
out = io.StringIO()
w = csv.writer(out, lineterminator="\n")
w.writerow(["student", *subjects, "mean"])
for s in students:
    scores = [v for v in wide[s].values() if v != ""]
    w.writerow([s, *wide[s].values(), f"{sum(scores) / len(scores):.1f}"])
print(out.getvalue(), end="")
return wide
