from string import Template

class EmailTemplate(Template):
    delimiter = "%"

templates = {
    "welcome": Template("Hi $name, welcome to $product! Your plan: ${plan}ly billing at $$${price}."),
    "reset": Template("Hello $name, reset your password within $hours hours: $link"),
    "legacy": EmailTemplate("Dear %name, your order %order ships %when."),
}
users = [
    {"name": "Ana", "product": "Acme Cloud", "plan": "month", "price": "12.00"},
    {"name": "Ben", "hours": 24, "link": "https://example.com/r/abc"},
    {"name": "Cy", "order": "#A-9", "when": "tomorrow"},
]
rendered = {}
for (key, tpl), user in zip(templates.items(), users):
    rendered[key] = tpl.substitute(user)
    print(rendered[key])
try:
    templates["welcome"].substitute({"name": "Dee"})
except KeyError as e:
    print("missing placeholder:", e)
print(templates["welcome"].safe_substitute(name="Dee"))
print(templates["reset"].get_identifiers(), templates["reset"].is_valid())
try:
    Template("Cost: $ 5").substitute()
except ValueError as e:
    print("ValueError:", e)
return rendered
