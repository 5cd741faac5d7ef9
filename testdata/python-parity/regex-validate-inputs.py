import re

RULES = {
    "username": re.compile(r"^[a-z][a-z0-9_]{2,15}$"),
    "password": re.compile(r"^(?=.*[A-Z])(?=.*\d)(?=.*[^\w\s]).{8,}$"),
    "zip": re.compile(r"^\d{5}(?:-\d{4})?$"),
    "hex_color": re.compile(r"^#(?:[0-9a-fA-F]{3}){1,2}$"),
    "iso_date": re.compile(r"^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$"),
    "semver": re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([\w.]+))?$"),
}
samples = {
    "username": ["alice_01", "Al", "9lives", "bob"],
    "password": ["Passw0rd!", "password", "Sh0rt!", "NoDigits!!"],
    "zip": ["94107", "94107-1234", "9410", "ABCDE"],
    "hex_color": ["#fff", "#A1B2C3", "#abcd", "123456"],
    "iso_date": ["2024-02-29", "2024-13-01", "2024-00-10", "1999-12-31"],
    "semver": ["1.2.3", "01.2.3", "2.0.0-rc.1", "1.2"],
}
results = {}
for field, values in samples.items():
    results[field] = {v: bool(RULES[field].match(v)) for v in values}
    ok = [v for v, good in results[field].items() if good]
    print(f"{field:<10} ok={ok}")
m = RULES["semver"].match("2.0.0-rc.1")
print("semver groups:", m.groups())
return results
