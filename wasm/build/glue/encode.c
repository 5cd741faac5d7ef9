/* Part of glue.c: lossless JSON to CBOR.
 *
 * One walk over the JSValue graph checks that a value is lossless JSON and
 * writes its CBOR; no user code runs during it (getters and proxies are
 * refused, not called), so the graph cannot change under the walk. A
 * refusal names the path ("$.items[3]: BigInt is not JSON").
 *
 * A value is first encoded into a buffer capped at GLUE_ENC_INLINE bytes,
 * which is all most values need. A larger one keeps being walked but only
 * counted, so its exact CBOR size and a lower bound of its JSON size are
 * known before any memory is spent on it: the caller can refuse it (the
 * host's MaxOutputBytes, the size of a call message) and otherwise encode it
 * again into one allocation of the exact size. Strings are written from the
 * JS string itself, never through a temporary copy. */

static void cbor_head(crbuf *b, int major, uint64_t v)
{
    uint8_t h[9];
    major <<= 5;
    if (v < 24) {
        h[0] = major | v;
        crbuf_put(b, h, 1);
    } else if (v <= 0xff) {
        h[0] = major | 24;
        h[1] = v;
        crbuf_put(b, h, 2);
    } else if (v <= 0xffff) {
        h[0] = major | 25;
        h[1] = v >> 8;
        h[2] = v;
        crbuf_put(b, h, 3);
    } else if (v <= 0xffffffffu) {
        h[0] = major | 26;
        for (int i = 0; i < 4; i++)
            h[1 + i] = v >> (24 - 8 * i);
        crbuf_put(b, h, 5);
    } else {
        h[0] = major | 27;
        for (int i = 0; i < 8; i++)
            h[1 + i] = v >> (56 - 8 * i);
        crbuf_put(b, h, 9);
    }
}

static void cbor_number(crbuf *b, double d)
{
    /* Integral values inside the safe range travel as CBOR integers so the
     * host renders them as JSON integers; everything else as float64. */
    if (d == trunc(d) && fabs(d) <= 9007199254740991.0 && !(d == 0 && signbit(d))) {
        if (d >= 0)
            cbor_head(b, 0, (uint64_t)d);
        else
            cbor_head(b, 1, (uint64_t)(-d) - 1);
        return;
    }
    union { double d; uint64_t u; } u = { d };
    uint8_t h[9];
    h[0] = 0xfb;
    for (int i = 0; i < 8; i++)
        h[1 + i] = u.u >> (56 - 8 * i);
    crbuf_put(b, h, 9);
}

static void cbor_text(crbuf *b, const char *s, size_t n)
{
    cbor_head(b, 3, n);
    crbuf_put(b, s, n);
}

/* A string value as a CBOR text item; returns the JSON size of its content. */
static size_t cbor_string(crbuf *b, JSValueConst v)
{
    strsize z = utf8_measure(v);
    cbor_head(b, 3, z.utf8);
    crbuf_put_string(b, v, z.utf8);
    return z.json;
}

/* The length of d as JSON text, or a lower bound of it. Integers in the
 * safe range are exact; any other finite number prints with at least three
 * characters ("0.5", "1e-7", "1e+21") after its sign. */
static size_t json_number_size(double d)
{
    if (d == 0)
        return signbit(d) ? 2 : 1; /* "-0" is how the host writes it */
    size_t n = d < 0 ? 1 : 0;
    double a = fabs(d);
    if (a != trunc(a) || a > 9007199254740991.0)
        return n + 3;
    for (n++; a >= 10; a = trunc(a / 10))
        n++;
    return n;
}

#define GLUE_MAX_DEPTH 1000

/* One step of the path from the root to the value being encoded, kept so
 * an error can name where it happened ("$.items[3]"). */
typedef struct {
    JSValueConst obj; /* the container, for cycle detection */
    JSAtom key;       /* JS_ATOM_NULL for array elements */
    uint32_t index;
} crpath;

typedef struct {
    JSContext *ctx;
    crbuf *out;
    crpath path[GLUE_MAX_DEPTH + 1];
    int depth;
    const char *root;
    char *err;   /* malloc'd message on failure */
    size_t json; /* a lower bound of the value's size as JSON text */
} crenc;

static int is_identifier(const char *s)
{
    if (!*s || !(isalpha((unsigned char)*s) || *s == '_' || *s == '$'))
        return 0;
    for (s++; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '$'))
            return 0;
    return 1;
}

/* Sets e->err to "<path>: <what>". */
static int enc_fail(crenc *e, const char *fmt, ...)
{
    crbuf msg = { 0 };
    crbuf_put(&msg, e->root, strlen(e->root));
    for (int i = 0; i < e->depth; i++) {
        char tmp[32];
        crpath *p = &e->path[i];
        if (p->key == JS_ATOM_NULL) {
            int n = snprintf(tmp, sizeof tmp, "[%u]", p->index);
            crbuf_put(&msg, tmp, n);
            continue;
        }
        const char *k = JS_AtomToCString(e->ctx, p->key);
        if (!k) {
            JS_FreeValue(e->ctx, JS_GetException(e->ctx));
            crbuf_put(&msg, "[?]", 3);
        } else if (is_identifier(k)) {
            crbuf_byte(&msg, '.');
            crbuf_put(&msg, k, strlen(k));
        } else {
            JSValue q = JS_NewString(e->ctx, k);
            JSValue j = JS_JSONStringify(e->ctx, q, JS_UNDEFINED, JS_UNDEFINED);
            const char *js = JS_ToCString(e->ctx, j);
            crbuf_byte(&msg, '[');
            if (js)
                crbuf_put(&msg, js, strlen(js));
            crbuf_byte(&msg, ']');
            JS_FreeCString(e->ctx, js);
            JS_FreeValue(e->ctx, j);
            JS_FreeValue(e->ctx, q);
        }
        JS_FreeCString(e->ctx, k);
    }
    crbuf_put(&msg, ": ", 2);
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > (int)sizeof tmp - 1)
        n = sizeof tmp - 1;
    crbuf_put(&msg, tmp, n);
    crbuf_byte(&msg, 0);
    e->err = (char *)msg.data;
    return -1;
}

/* A readable name for a non-plain object: its constructor's name when it
 * has one, else its internal class name. */
static void object_kind(JSContext *ctx, JSValueConst v, char *buf, size_t cap)
{
    JSObject *p = JS_VALUE_GET_OBJ(v);
    JSAtom cls = ctx->rt->class_array[p->class_id].class_name;
    if (p->class_id == JS_CLASS_PROXY) {
        snprintf(buf, cap, "Proxy");
        return;
    }
    if (p->class_id == JS_CLASS_OBJECT && p->shape->proto) {
        /* A class instance: name it after its constructor, read without
         * running user code (getters on the prototype are skipped). */
        JSObject *proto = p->shape->proto;
        JSShapeProperty *prs;
        JSProperty *pr;
        prs = find_own_property(&pr, proto, JS_ATOM_constructor);
        if (prs && (prs->flags & JS_PROP_TMASK) == JS_PROP_NORMAL &&
            JS_VALUE_GET_TAG(pr->u.value) == JS_TAG_OBJECT) {
            JSObject *c = JS_VALUE_GET_OBJ(pr->u.value);
            JSShapeProperty *nprs;
            JSProperty *npr;
            nprs = find_own_property(&npr, c, JS_ATOM_name);
            if (nprs && (nprs->flags & JS_PROP_TMASK) == JS_PROP_NORMAL &&
                JS_VALUE_GET_TAG(npr->u.value) == JS_TAG_STRING) {
                strsize z = utf8_measure(npr->u.value);
                if (z.utf8 > 0 && z.utf8 < 64) {
                    char name[64];
                    utf8_write(npr->u.value, (uint8_t *)name);
                    snprintf(buf, cap, "class instance (%.*s)", (int)z.utf8, name);
                    return;
                }
            }
        }
        snprintf(buf, cap, "class instance");
        return;
    }
    JS_AtomGetStr(ctx, buf, cap, cls);
}

static int enc_value(crenc *e, JSValueConst v);

static int enc_push(crenc *e, JSValueConst obj, JSAtom key, uint32_t index)
{
    for (int i = 0; i < e->depth; i++) {
        if (JS_VALUE_GET_OBJ(e->path[i].obj) == JS_VALUE_GET_OBJ(obj))
            return enc_fail(e, "cycle (the value contains itself)");
    }
    if (e->depth >= GLUE_MAX_DEPTH)
        return enc_fail(e, "nested deeper than %d levels", GLUE_MAX_DEPTH);
    e->path[e->depth].obj = obj;
    e->path[e->depth].key = key;
    e->path[e->depth].index = index;
    e->depth++;
    return 0;
}

static int enc_array(crenc *e, JSValueConst v)
{
    JSContext *ctx = e->ctx;
    JSObject *p = JS_VALUE_GET_OBJ(v);
    uint32_t len;
    int64_t len64;
    /* An array's length, not its element count: an array with holes at the
     * end (new Array(5), or a length set past the last element) has a
     * fast-array count smaller than its length. */
    if (js_get_length64(ctx, &len64, v)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return enc_fail(e, "array length is unreadable");
    }
    e->json += len64 ? 1 + len64 : 2; /* brackets and commas */
    if (p->fast_array && len64 == p->u.array.count) {
        len = len64;
        cbor_head(e->out, 4, len);
        for (uint32_t i = 0; i < len; i++) {
            if (enc_push(e, v, JS_ATOM_NULL, i))
                return -1;
            /* The element may be replaced while we walk (it cannot: no user
             * code runs during encoding), so reading u.values is safe. */
            if (enc_value(e, p->u.array.u.values[i]))
                return -1;
            e->depth--;
        }
        return 0;
    }
    if (len64 > UINT32_MAX)
        return enc_fail(e, "array too long");
    len = len64;
    cbor_head(e->out, 4, len);
    for (uint32_t i = 0; i < len; i++) {
        JSPropertyDescriptor desc;
        JSAtom a = JS_NewAtomUInt32(ctx, i);
        int r = JS_GetOwnPropertyInternal(ctx, &desc, p, a);
        JS_FreeAtom(ctx, a);
        if (enc_push(e, v, JS_ATOM_NULL, i))
            return -1;
        if (r <= 0)
            return enc_fail(e, "sparse array (hole at this index) is not JSON");
        if (desc.flags & JS_PROP_GETSET) {
            JS_FreeValue(ctx, desc.getter);
            JS_FreeValue(ctx, desc.setter);
            return enc_fail(e, "getter is not JSON");
        }
        int rc = enc_value(e, desc.value);
        JS_FreeValue(ctx, desc.value);
        if (rc)
            return -1;
        e->depth--;
    }
    return 0;
}

static int atom_is_symbol(JSRuntime *rt, JSAtom a)
{
    return !__JS_AtomIsTaggedInt(a) && rt->atom_array[a]->atom_type == JS_ATOM_TYPE_SYMBOL;
}

static int enc_object(crenc *e, JSValueConst v)
{
    JSContext *ctx = e->ctx;
    JSObject *p = JS_VALUE_GET_OBJ(v);
    JSObject *proto = p->shape->proto;
    if (proto && proto != JS_VALUE_GET_OBJ(ctx->class_proto[JS_CLASS_OBJECT])) {
        char kind[96];
        object_kind(ctx, v, kind, sizeof kind);
        return enc_fail(e, "%s is not JSON", kind);
    }
    JSPropertyEnum *tab;
    uint32_t n;
    if (JS_GetOwnPropertyNamesInternal(ctx, &tab, &n, p,
                                       JS_GPN_STRING_MASK | JS_GPN_SYMBOL_MASK | JS_GPN_ENUM_ONLY)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return enc_fail(e, "properties are unreadable");
    }
    int rc = 0;
    cbor_head(e->out, 5, n);
    e->json += n ? 2 * n + 1 : 2; /* braces, colons and commas */
    for (uint32_t i = 0; i < n && rc == 0; i++) {
        JSAtom a = tab[i].atom;
        if (enc_push(e, v, a, 0)) {
            rc = -1;
            break;
        }
        if (atom_is_symbol(ctx->rt, a)) {
            rc = enc_fail(e, "symbol-keyed property is not JSON");
            break;
        }
        JSPropertyDescriptor desc;
        int r = JS_GetOwnPropertyInternal(ctx, &desc, p, a);
        if (r <= 0) {
            rc = enc_fail(e, "property vanished while reading");
            break;
        }
        if (desc.flags & JS_PROP_GETSET) {
            JS_FreeValue(ctx, desc.getter);
            JS_FreeValue(ctx, desc.setter);
            rc = enc_fail(e, "getter is not JSON");
            break;
        }
        JSValue ks = JS_AtomToString(ctx, a);
        if (JS_IsException(ks)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            JS_FreeValue(ctx, desc.value);
            rc = enc_fail(e, "key is unreadable");
            break;
        }
        e->json += 2 + cbor_string(e->out, ks);
        JS_FreeValue(ctx, ks);
        rc = enc_value(e, desc.value);
        JS_FreeValue(ctx, desc.value);
        if (rc == 0)
            e->depth--;
    }
    JS_FreePropertyEnum(ctx, tab, n);
    return rc;
}

static int enc_value(crenc *e, JSValueConst v)
{
    JSContext *ctx = e->ctx;
    switch (JS_VALUE_GET_NORM_TAG(v)) {
    case JS_TAG_NULL:
        crbuf_byte(e->out, 0xf6);
        e->json += 4;
        return 0;
    case JS_TAG_BOOL:
        crbuf_byte(e->out, JS_VALUE_GET_BOOL(v) ? 0xf5 : 0xf4);
        e->json += JS_VALUE_GET_BOOL(v) ? 4 : 5;
        return 0;
    case JS_TAG_INT:
        cbor_number(e->out, JS_VALUE_GET_INT(v));
        e->json += json_number_size(JS_VALUE_GET_INT(v));
        return 0;
    case JS_TAG_FLOAT64: {
        double d = JS_VALUE_GET_FLOAT64(v);
        if (isnan(d))
            return enc_fail(e, "NaN is not JSON");
        if (isinf(d))
            return enc_fail(e, "%s is not JSON", d > 0 ? "Infinity" : "-Infinity");
        cbor_number(e->out, d);
        e->json += json_number_size(d);
        return 0;
    }
    case JS_TAG_STRING:
    case JS_TAG_STRING_ROPE:
        e->json += 2 + cbor_string(e->out, v);
        return 0;
    case JS_TAG_UNDEFINED:
        return enc_fail(e, "undefined is not JSON");
    case JS_TAG_BIG_INT:
    case JS_TAG_SHORT_BIG_INT:
        return enc_fail(e, "BigInt is not JSON");
    case JS_TAG_SYMBOL:
        return enc_fail(e, "symbol is not JSON");
    case JS_TAG_OBJECT: {
        JSObject *p = JS_VALUE_GET_OBJ(v);
        if (JS_IsFunction(ctx, v))
            return enc_fail(e, "function is not JSON");
        switch (p->class_id) {
        case JS_CLASS_ARRAY:
            if (p->shape->proto != JS_VALUE_GET_OBJ(ctx->class_proto[JS_CLASS_ARRAY]))
                return enc_fail(e, "array subclass instance is not JSON");
            return enc_array(e, v);
        case JS_CLASS_OBJECT:
            return enc_object(e, v);
        default: {
            char kind[96];
            object_kind(ctx, v, kind, sizeof kind);
            return enc_fail(e, "%s is not JSON", kind);
        }
        }
    }
    default:
        return enc_fail(e, "value of this type is not JSON");
    }
}

/* The encoder's state, path included, is static: it is large (a path of
 * GLUE_MAX_DEPTH steps) and encoding is never re-entered, since no user code
 * runs while a value is walked. */
static crenc glue_encoder;

/* Values up to this many bytes of CBOR are encoded in one pass. */
#define GLUE_ENC_INLINE (64 * 1024)

/* Decides whether a value too large for one pass may be encoded: given its
 * exact CBOR size (and e->json, a lower bound of its JSON size), returns 0
 * to go on, or fails through enc_fail. */
typedef int (*enc_check)(crenc *e, size_t cbor_size);

/* Encodes v as CBOR, appended to out, checking it is lossless JSON. On
 * failure returns -1 and *err holds a malloc'd message naming the path. */
static int encode_json_value(JSContext *ctx, JSValueConst v, const char *root,
                             crbuf *out, char **err, enc_check check)
{
    crenc *e = &glue_encoder;
    e->ctx = ctx;
    e->out = out;
    e->root = root;
    e->depth = 0;
    e->err = NULL;
    e->json = 0;
    size_t start = out->len;
    out->max = start + GLUE_ENC_INLINE;
    int rc = enc_value(e, v);
    out->max = 0;
    if (rc == 0 && out->overflow) {
        size_t size = out->len - start;
        out->len = start;
        out->overflow = 0;
        rc = check(e, size);
        if (rc == 0) {
            if (out->cap < start + size) {
                out->data = glue_realloc(NULL, out->data, start + size);
                out->cap = start + size;
            }
            e->depth = 0;
            e->json = 0;
            rc = enc_value(e, v);
        }
    }
    if (rc)
        out->len = start;
    *err = e->err;
    return rc;
}
