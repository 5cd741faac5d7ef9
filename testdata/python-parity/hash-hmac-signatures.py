import hmac
import hashlib
import base64
import json

SECRET = b"whsec_test_5f2b9c"

def sign(payload: dict, timestamp: int) -> str:
    body = json.dumps(payload, separators=(",", ":"), sort_keys=True)
    msg = f"{timestamp}.{body}".encode()
    return hmac.new(SECRET, msg, hashlib.sha256).hexdigest()

def verify(payload, timestamp, signature, now, tolerance=300):
    if abs(now - timestamp) > tolerance:
        return "stale"
    expected = sign(payload, timestamp)
    return "valid" if hmac.compare_digest(expected, signature) else "bad signature"

event = {"id": "evt_1", "type": "invoice.paid", "amount": 4200}
ts = 1717000000
sig = sign(event, ts)
print("signature:", sig)
checks = {
    "genuine": verify(event, ts, sig, ts + 10),
    "tampered": verify({**event, "amount": 1}, ts, sig, ts + 10),
    "replayed": verify(event, ts, sig, ts + 3600),
}
print(checks)
token = base64.urlsafe_b64encode(hmac.digest(SECRET, b"user:42", "sha256")).rstrip(b"=").decode()
print("token:", token)
return {"sig": sig, "checks": checks, "token": token}
