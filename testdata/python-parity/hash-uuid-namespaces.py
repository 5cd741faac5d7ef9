import uuid

ns_url = uuid.NAMESPACE_URL
ns_dns = uuid.NAMESPACE_DNS
ids = {
    "url-v5": uuid.uuid5(ns_url, "https://example.com/users/42"),
    "dns-v5": uuid.uuid5(ns_dns, "example.com"),
    "dns-v3": uuid.uuid3(ns_dns, "example.com"),
    "custom-v5": uuid.uuid5(uuid.UUID("12345678-1234-5678-1234-567812345678"), "order-1001"),
}
for k, u in ids.items():
    print(f"{k:<10} {u} v{u.version} {u.variant}")
u = ids["url-v5"]
print(u.hex, u.urn, u.int % 1000, u.bytes[:4])
print(uuid.UUID("{12345678-1234-5678-1234-567812345678}") == uuid.UUID("12345678123456781234567812345678"))
try:
    uuid.UUID("not-a-uuid")
except ValueError as e:
    print("ValueError:", e)
stable = [str(uuid.uuid5(ns_dns, f"host-{i}.internal"))[:8] for i in range(5)]
print(stable)
return {k: str(v) for k, v in ids.items()}
