tags = ["python", "data", "python", "ml", "data"]
unique_tags = set(tags)
print(f"{len(unique_tags)} unique tags")
return {"count": len(unique_tags), "tags": unique_tags}
