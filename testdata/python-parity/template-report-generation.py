from string import Template
import textwrap

ROW = Template("| ${name} | ${count} | ${share} |")
DOC = Template(textwrap.dedent("""\
    # $title

    Generated for **$team** ($period).

    | name | count | share |
    |------|-------|-------|
    $rows

    _Total: ${total} events_
"""))
counts = {"signup": 412, "login": 3090, "purchase": 128, "refund": 9}
total = sum(counts.values())
rows = "\n".join(ROW.substitute(name=k, count=f"{v:,}", share=f"{v / total:.1%}") for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))
doc = DOC.substitute(title="Weekly events", team="Growth", period="2024-W22", rows=rows, total=f"{total:,}")
print(doc, end="")
return {"lines": doc.count("\n"), "total": total}
