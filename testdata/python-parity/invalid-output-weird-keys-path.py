rows = {"my-key": [{"deep": {"ok": 1, "bytes": b"\x00\x01"}}]}
print("returning rows")
return rows
