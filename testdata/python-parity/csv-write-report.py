import csv
import io

rows = [
    {"name": "Smith, Jane", "title": 'Lead "Platform" Engineer', "salary": 165000, "remote": True},
    {"name": "Lee Kim", "title": "Analyst\nData", "salary": 98000, "remote": False},
    {"name": "Ørsted, Ida", "title": "Designer", "salary": 121500.5, "remote": True},
]
buf = io.StringIO()
writer = csv.DictWriter(buf, fieldnames=["name", "title", "salary", "remote"], lineterminator="\n")
writer.writeheader()
writer.writerows(rows)
text = buf.getvalue()
print(text, end="")
tsv = io.StringIO()
w = csv.writer(tsv, delimiter="\t", quoting=csv.QUOTE_NONNUMERIC, lineterminator="\n")
for r in rows:
    w.writerow([r["name"], r["salary"]])
print(tsv.getvalue(), end="")
back = list(csv.DictReader(io.StringIO(text)))
print(back[1]["title"].split("\n"))
return {"csv": text, "rows": len(back)}
