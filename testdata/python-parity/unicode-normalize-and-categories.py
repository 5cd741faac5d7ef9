import unicodedata

words = ["café", "cafe\u0301", "Ｆｕｌｌｗｉｄｔｈ", "ﬁnance", "Straße", "ℌ𝔢𝔩𝔩𝔬", "Ⅻ", "①②③"]
for w in words:
    nfc = unicodedata.normalize("NFC", w)
    nfkc = unicodedata.normalize("NFKC", w)
    print(f"{w!r:<22} len={len(w)} nfc_len={len(nfc)} nfkc={nfkc!r} casefold={nfkc.casefold()!r}")
print("café" == "cafe\u0301", unicodedata.normalize("NFC", "café") == unicodedata.normalize("NFC", "cafe\u0301"))
for ch in "A9ä€ -\u200b😀٣":
    print(f"U+{ord(ch):04X} {unicodedata.category(ch)} {unicodedata.name(ch, '<no name>')} bidi={unicodedata.bidirectional(ch)} num={unicodedata.numeric(ch, None)}")
print(unicodedata.lookup("SNOWMAN"), unicodedata.decimal("٣"), unicodedata.unidata_version)
print(unicodedata.is_normalized("NFD", "cafe\u0301"), unicodedata.east_asian_width("Ｆ"), unicodedata.combining("\u0301"))
return [unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode() for w in words]
