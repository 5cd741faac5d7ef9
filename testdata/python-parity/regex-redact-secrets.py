import re

config_dump = """
DATABASE_URL=postgres://admin:s3cr3tP@ss@db.internal:5432/app
AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE
api_key = "sk_live_51HxYzAbCdEfGhIjKlMnOpQr"
card: 4111 1111 1111 1111, expires 12/27
ssn 078-05-1120; harmless number 12345
token: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abc123def456
"""
RULES = [
    ("url-password", re.compile(r"(?<=://)([^:/\s]+):([^\s]+)@(?=[\w.-]+[:/])"), r"\1:****@"),
    ("aws-key", re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "AKIA****************"),
    ("api-key", re.compile(r"\bsk_(live|test)_[A-Za-z0-9]{10,}\b"), r"sk_\1_****"),
    ("card", re.compile(r"\b(?:\d{4}[ -]?){3}(\d{4})\b"), r"**** **** **** \1"),
    ("ssn", re.compile(r"\b\d{3}-\d{2}-\d{4}\b"), "***-**-****"),
    ("jwt", re.compile(r"\beyJ[\w-]+\.[\w-]+\.[\w-]+"), "<jwt>"),
]
hits = {}
text = config_dump
for name, rx, repl in RULES:
    text, n = rx.subn(repl, text)
    hits[name] = n
print(text.strip())
return hits
