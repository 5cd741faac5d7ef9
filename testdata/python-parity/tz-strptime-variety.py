from datetime import datetime

samples = [
    ("2024-02-29 13:45:10", "%Y-%m-%d %H:%M:%S"),
    ("Thu, 07 Mar 2024 08:00:00 +0000", "%a, %d %b %Y %H:%M:%S %z"),
    ("March 5, 2024 5:06 PM", "%B %d, %Y %I:%M %p"),
    ("20240704T120000", "%Y%m%dT%H%M%S"),
    ("2024-365", "%Y-%j"),
    ("31/04/2024", "%d/%m/%Y"),
    ("12:30", "%H:%M"),
]
parsed = {}
for text, fmt in samples:
    try:
        dt = datetime.strptime(text, fmt)
        parsed[text] = dt.isoformat()
        print(f"{text!r:36} -> {dt.isoformat()}")
    except ValueError as e:
        parsed[text] = f"ValueError: {e}"
        print(f"{text!r:36} !! {e}")
d = datetime(2024, 7, 4, 9, 5, 3, 120000)
print(d.strftime("%Y/%m/%d %I:%M:%S.%f %p | %j | %U | %W | %y | %e|%c"))
return parsed
