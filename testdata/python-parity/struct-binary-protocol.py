import struct

HEADER = struct.Struct(">4sHHI")  # magic, version, flags, payload length
RECORD = struct.Struct("<iHf?x")

records = [(-42, 7, 3.5, True), (1_000_000, 65535, -0.25, False), (0, 1, 1e-3, True)]
payload = b"".join(RECORD.pack(*r) for r in records)
packet = HEADER.pack(b"CDRN", 2, 0b101, len(payload)) + payload
print(len(packet), HEADER.size, RECORD.size, packet[:12].hex(" "))
magic, version, flags, length = HEADER.unpack_from(packet)
print(magic, version, bin(flags), length)
decoded = [RECORD.unpack_from(packet, HEADER.size + i * RECORD.size) for i in range(length // RECORD.size)]
for d in decoded:
    print(d)
print(list(struct.iter_unpack("<H", b"\x01\x00\x02\x00\xff\xff")))
print(struct.pack(">d", 1.1).hex(), struct.unpack("<q", struct.pack("<q", -2)), struct.calcsize("<qhc"))
try:
    struct.pack("<h", 70000)
except struct.error as e:
    print("struct.error:", e)
return [[a, b, round(c, 6), d] for a, b, c, d in decoded]
