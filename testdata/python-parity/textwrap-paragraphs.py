import textwrap

doc = ("The quarterly review found that deployment frequency rose by forty percent while "
       "change failure rate stayed flat. Teams that adopted trunk-based development "
       "reported fewer merge conflicts and shorter review cycles. However, on-call load "
       "increased for the platform group, which now owns three additional services.")

for width in (30, 50):
    print(f"--- width {width} ---")
    print(textwrap.fill(doc, width=width))

print("--- indented ---")
print(textwrap.fill(doc, width=60, initial_indent="  * ", subsequent_indent="    "))
short = textwrap.shorten(doc, width=80, placeholder=" [...]")
print(short)
code = """
    def f(x):
        return x * 2
"""
print(textwrap.dedent(code).strip())
print(textwrap.indent("a\nb\n\nc", "> "))
return {"lines_30": len(textwrap.wrap(doc, 30)), "short": short}
