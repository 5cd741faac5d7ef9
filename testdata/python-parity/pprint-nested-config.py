from pprint import pprint, pformat

config = {
    "service": "billing",
    "replicas": 3,
    "env": {"DATABASE_URL": "postgres://db:5432/billing", "LOG_LEVEL": "info", "FEATURE_FLAGS": ["new-invoices", "tax-v2", "dunning"]},
    "resources": {"cpu": "500m", "memory": "1Gi", "limits": {"cpu": "2", "memory": "4Gi"}},
    "ports": [(8080, "http"), (9090, "metrics")],
    "schedule": None,
}
pprint(config)
pprint(config, width=60, sort_dicts=False, depth=2)
print(pformat(config["env"], compact=True, width=50))
pprint(list(range(40)), compact=True, width=40)
pprint({"short": 1, "a_much_longer_key_name_here": {"nested": [1, 2, 3] * 5}}, indent=2, width=50)
return pformat(config["ports"])
