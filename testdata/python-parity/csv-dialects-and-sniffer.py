import csv
import io

samples = {
    "semicolon": "id;name;score\n1;Ann;9,5\n2;Bob;7,25\n",
    "pipe": "id|name|score\n1|Ann|9.5\n2|Bob|7.25\n",
    "quoted": "'id','name','score'\n'1','Ann, Jr.','9.5'\n",
}
out = {}
for label, text in samples.items():
    dialect = csv.Sniffer().sniff(text)
    header = csv.Sniffer().has_header(text)
    rows = list(csv.reader(io.StringIO(text), dialect))
    out[label] = {"delimiter": dialect.delimiter, "quotechar": dialect.quotechar, "header": header, "rows": rows}
    print(f"{label:<10} delim={dialect.delimiter!r} quote={dialect.quotechar!r} header={header} -> {rows[1]}")
csv.register_dialect("pipes", delimiter="|", quoting=csv.QUOTE_MINIMAL)
buf = io.StringIO()
csv.writer(buf, "pipes", lineterminator="\n").writerow(["a|b", "c", 'd"e'])
print(buf.getvalue().strip(), csv.list_dialects())
return out
