import csv
import io

rows = [
    ["id", "amount", "note"],
    [1, 1234567.891, "plain"],
    [2, -0.5, "has,comma"],
    [3, 10**20, 'has "quotes"'],
    [4, 1e-9, "  spaces  "],
    [5, None, ""],
]
for quoting in (csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC, csv.QUOTE_STRINGS, csv.QUOTE_NOTNULL):
    buf = io.StringIO()
    csv.writer(buf, quoting=quoting, lineterminator="\n").writerows(rows[1:3] + rows[5:])
    print(f"--- quoting={quoting}")
    print(buf.getvalue(), end="")
buf = io.StringIO()
try:
    csv.writer(buf, quoting=csv.QUOTE_NONE, lineterminator="\n").writerow(["a,b"])
except csv.Error as e:
    print("csv.Error:", e)
parsed = list(csv.reader(io.StringIO('1,"2,5",3\n"x""y",,z\n')))
return parsed
