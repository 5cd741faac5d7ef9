import hashlib
import hmac
import base64

# Deterministic "salted hash" scheme (sha256 iterated), like a toy password store.
def hash_password(password: str, salt: bytes, rounds: int = 1000) -> str:
    digest = salt + password.encode()
    for _ in range(rounds):
        digest = hashlib.sha256(digest).digest()
    return base64.b64encode(salt).decode() + "$" + base64.b64encode(digest).decode()

def check_password(password: str, stored: str) -> bool:
    salt_b64, _ = stored.split("$")
    candidate = hash_password(password, base64.b64decode(salt_b64))
    return hmac.compare_digest(candidate, stored)

users = {}
for i, (name, pw) in enumerate([("ann", "correct horse"), ("bob", "hunter2"), ("cy", "p@ssw0rd!")]):
    salt = hashlib.md5(name.encode()).digest()[:8]
    users[name] = hash_password(pw, salt)
    print(name, users[name])
attempts = [("ann", "correct horse"), ("bob", "Hunter2"), ("cy", "p@ssw0rd!"), ("dan", "x")]
results = {}
for name, pw in attempts:
    stored = users.get(name)
    results[name] = bool(stored) and check_password(pw, stored)
print(results)
return results
