import base64
import binascii

data = "Grüße, 世界! ✓".encode("utf-8")
enc = {
    "b64": base64.b64encode(data).decode(),
    "urlsafe": base64.urlsafe_b64encode(data).decode(),
    "b32": base64.b32encode(data).decode(),
    "b16": base64.b16encode(data).decode(),
    "a85": base64.a85encode(data).decode(),
    "b85": base64.b85encode(data).decode(),
    "hex": data.hex(),
    "hex_sep": data[:6].hex(":"),
}
for k, v in enc.items():
    print(f"{k:<8} {v}")
assert base64.b64decode(enc["b64"]).decode() == "Grüße, 世界! ✓"
print(base64.b64decode("aGVsbG8"+"=="), base64.b64decode(b"aGV sbG8=\n", validate=False))
try:
    base64.b64decode("aGVsbG8", validate=True)
except binascii.Error as e:
    print("binascii.Error:", e)
print(binascii.crc32(data), binascii.hexlify(b"\x00\xff", "-"))
return enc
