import json

def parse_settings(raw):
    try:
        return json.loads(raw)
    except json.JSONDecodeError as e:
        raise RuntimeError("settings are corrupt") from e

settings = parse_settings('{"theme": "dark", "size": 12,}')
return settings
