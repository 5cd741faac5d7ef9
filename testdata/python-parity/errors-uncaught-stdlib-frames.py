import json
from datetime import datetime

records = ['{"at": "2024-03-01T10:00:00", "v": 1}', '{"at": "2024-03-01 25:00", "v": 2}']
parsed = []
for r in records:
    d = json.loads(r)
    d["at"] = datetime.strptime(d["at"], "%Y-%m-%dT%H:%M:%S")
    parsed.append(d)
return len(parsed)
