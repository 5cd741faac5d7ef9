from dataclasses import dataclass, field, fields

@dataclass
class Server:
    hostname: str = field(metadata={"label": "Host", "width": 14})
    cpu: int = field(metadata={"label": "vCPU", "width": 5, "align": ">"})
    memory_gb: float = field(metadata={"label": "RAM (GB)", "width": 9, "align": ">"})
    region: str = field(default="us-east-1", metadata={"label": "Region", "width": 12})

servers = [Server("web-01", 2, 4), Server("db-primary", 16, 64, "eu-west-1"), Server("cache", 4, 15.5)]
cols = fields(Server)
header = " ".join(f"{f.metadata['label']:{f.metadata.get('align', '<')}{f.metadata['width']}}" for f in cols)
print(header)
print("-" * len(header))
for s in servers:
    print(" ".join(f"{str(getattr(s, f.name)):{f.metadata.get('align', '<')}{f.metadata['width']}}" for f in cols))
return [{f.metadata["label"]: getattr(s, f.name) for f in cols} for s in servers]
