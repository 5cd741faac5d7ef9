from enum import Flag, auto

class Access(Flag):
    NONE = 0
    VIEW = auto()
    COMMENT = auto()
    EDIT = auto()
    SHARE = auto()
    DELETE = auto()
    EDITOR = VIEW | COMMENT | EDIT
    OWNER = EDITOR | SHARE | DELETE

roles = {"guest": Access.VIEW, "reviewer": Access.VIEW | Access.COMMENT, "editor": Access.EDITOR, "owner": Access.OWNER}
actions = [("guest", Access.COMMENT), ("reviewer", Access.COMMENT), ("editor", Access.SHARE), ("owner", Access.DELETE), ("editor", Access.EDIT | Access.VIEW)]
log = []
for role, need in actions:
    ok = need in roles[role]
    log.append(f"{role} {need.name or need}: {'allow' if ok else 'deny'}")
for line in log:
    print(line)
print(Access.EDITOR, list(Access.EDITOR), len(Access.OWNER))
print(Access.OWNER & ~Access.DELETE)
print(bool(Access.NONE), Access(0), Access.VIEW | Access.COMMENT | Access.EDIT is Access.EDITOR)
return log
