class AppError(Exception):
    code = "app_error"
    def __init__(self, message, *, field=None):
        super().__init__(message)
        self.field = field
    def to_dict(self):
        d = {"code": self.code, "message": str(self)}
        if self.field:
            d["field"] = self.field
        return d

class ValidationError(AppError):
    code = "invalid"

class NotFound(AppError):
    code = "not_found"

class Conflict(AppError):
    code = "conflict"

USERS = {"ann": {"email": "ann@example.com"}}

def create_user(name, email):
    if not name.isalnum():
        raise ValidationError("name must be alphanumeric", field="name")
    if "@" not in email:
        raise ValidationError(f"{email!r} is not an email", field="email")
    if name in USERS:
        raise Conflict(f"user {name!r} exists")
    USERS[name] = {"email": email}
    return {"created": name}

def get_user(name):
    try:
        return USERS[name]
    except KeyError:
        raise NotFound(f"no user {name!r}") from None

responses = []
for action, args in [("create", ("bob", "bob@example.com")), ("create", ("b b", "x@y")), ("create", ("cat", "cat.example.com")),
                     ("create", ("ann", "a@b.c")), ("get", ("zed",)), ("get", ("bob",))]:
    try:
        result = create_user(*args) if action == "create" else get_user(*args)
        responses.append({"ok": True, "result": result})
    except AppError as e:
        responses.append({"ok": False, "error": e.to_dict()})
        print(f"{type(e).__name__} [{e.code}]: {e}")
return responses
