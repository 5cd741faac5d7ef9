rows = ["42", "3.14", "", "-7", "1e3", "abc", "0x1F", " 12 ", None, "9" * 3]
parsed, errors = [], []
for i, raw in enumerate(rows):
    try:
        if raw is None:
            raise TypeError("row is missing")
        value = int(raw)
    except ValueError:
        try:
            value = float(raw)
        except ValueError as e:
            errors.append({"row": i, "error": f"{type(e).__name__}: {e}"})
            continue
    except TypeError as e:
        errors.append({"row": i, "error": f"{type(e).__name__}: {e}"})
        continue
    parsed.append(value)
print("parsed:", parsed)
for e in errors:
    print(f"row {e['row']}: {e['error']}")
return {"sum": sum(parsed), "errors": errors}
