/*
 * coderun guest glue: drives QuickJS-ng inside a wasm32-wasi reactor.
 *
 * The host drives the event loop. Every export runs to completion and
 * returns with an empty wasm call stack; the guest never blocks inside an
 * import. Between two exports, the whole state of a run is linear memory and
 * globals, which is what makes a pre-initialised snapshot possible.
 *
 * The ABI (imports, exports, message formats) is documented in ABI.md.
 *
 * quickjs.c is included, not linked, so the glue can read class ids and the
 * array layout directly while walking values: the lossless-JSON check and
 * the CBOR encoding happen in one pass over the JSValue graph.
 */
#include "quickjs.c"

#include <ctype.h>
#include <time.h>

#define GLUE_EXPORT(name) __attribute__((export_name(#name))) __attribute__((used))
#define GLUE_IMPORT(name) __attribute__((import_module("coderun"), import_name(#name)))

/* ---- host imports -------------------------------------------------------- */

/* One console line. */
GLUE_IMPORT(log) void host_log(const char *ptr, uint32_t len);
/* The run's outcome; see GLUE_SETTLE_*. */
GLUE_IMPORT(settle) void host_settle(uint32_t kind, const uint8_t *ptr, uint32_t len);
/* Start a binding call. Returns 0, or the negated length of an error
 * message the host wrote into err. */
GLUE_IMPORT(call) int32_t host_call(const uint8_t *msg, uint32_t len, char *err, uint32_t cap);
/* Arm or disarm a timer; the host later calls coderun_fire_timer(id). */
GLUE_IMPORT(timer_set) void host_timer_set(uint32_t id, double delay_ms);
GLUE_IMPORT(timer_clear) void host_timer_clear(uint32_t id);
/* Memory exhausted: never returns (the host ends the run). */
GLUE_IMPORT(oom) void host_oom(uint32_t requested);
/* Called by instrumented loop headers every quantum back-edges; returns the
 * next quantum. Declared here so the instrumenter finds the import. */
GLUE_IMPORT(fuel_tick) int32_t host_fuel_tick(void);

enum {
    GLUE_SETTLE_VALUE = 0,     /* CBOR value; empty payload = undefined */
    GLUE_SETTLE_EXCEPTION = 1, /* UTF-8 message */
    GLUE_SETTLE_INVALID = 2,   /* UTF-8 message: value is not lossless JSON */
};

enum {
    GLUE_STATE_PENDING = 0, /* waiting on timers or calls */
    GLUE_STATE_SETTLED = 1, /* host_settle was called */
};

/* ---- state --------------------------------------------------------------- */

static JSRuntime *glue_rt;
static JSContext *glue_ctx;
static JSValue glue_hooks;   /* object returned by the prelude */
static JSValue glue_binding_error_fn, glue_fire_timer_fn; /* hooks looked up once */
static JSValue glue_promise; /* the program's promise */
static int glue_settled;
static uint32_t glue_next_call_id;

static uint64_t glue_mem_limit;
static uint64_t glue_mem_used;

#include "prelude.h" /* generated: static const char glue_prelude[]; */

/* ---- allocator: accounting that ends the run instead of throwing -------- */

/* QuickJS reports an exhausted JS_SetMemoryLimit as a catchable
 * InternalError; a program could swallow it and go on near the limit. The
 * run's contract is that exhausting memory is a substrate death, so the
 * allocator calls the host, which ends the run. */

static void *glue_malloc(void *opaque, size_t size)
{
    (void)opaque;
    if (glue_mem_used + size > glue_mem_limit)
        host_oom(size);
    void *p = malloc(size);
    if (!p) {
        host_oom(size);
        return NULL;
    }
    glue_mem_used += malloc_usable_size(p);
    return p;
}

static void *glue_calloc(void *opaque, size_t count, size_t size)
{
    (void)opaque;
    size_t total;
    if (__builtin_mul_overflow(count, size, &total))
        host_oom(UINT32_MAX);
    if (glue_mem_used + total > glue_mem_limit)
        host_oom(total);
    void *p = calloc(count, size);
    if (!p) {
        host_oom(total);
        return NULL;
    }
    glue_mem_used += malloc_usable_size(p);
    return p;
}

static void glue_free_fn(void *opaque, void *ptr)
{
    (void)opaque;
    if (!ptr)
        return;
    glue_mem_used -= malloc_usable_size(ptr);
    free(ptr);
}

static void *glue_realloc(void *opaque, void *ptr, size_t size)
{
    (void)opaque;
    size_t old = ptr ? malloc_usable_size(ptr) : 0;
    if (size == 0) {
        glue_free_fn(opaque, ptr);
        return NULL;
    }
    if (size > old && glue_mem_used - old + size > glue_mem_limit)
        host_oom(size);
    void *p = realloc(ptr, size);
    if (!p) {
        host_oom(size);
        return NULL;
    }
    glue_mem_used = glue_mem_used - old + malloc_usable_size(p);
    return p;
}

static size_t glue_usable_size(const void *ptr)
{
    return ptr ? malloc_usable_size((void *)ptr) : 0;
}

static const JSMallocFunctions glue_malloc_functions = {
    glue_calloc, glue_malloc, glue_free_fn, glue_realloc, glue_usable_size,
};

/* ---- growable byte buffer ------------------------------------------------ */

typedef struct {
    uint8_t *data;
    size_t len, cap;
    size_t max; /* 0 = unbounded */
    int overflow;
} crbuf;

static int crbuf_reserve(crbuf *b, size_t n)
{
    if (b->overflow)
        return -1;
    if (b->max && b->len + n > b->max) {
        b->overflow = 1;
        return -1;
    }
    if (b->len + n <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n)
        cap *= 2;
    uint8_t *d = glue_realloc(NULL, b->data, cap);
    b->data = d;
    b->cap = cap;
    return 0;
}

static void crbuf_put(crbuf *b, const void *p, size_t n)
{
    if (crbuf_reserve(b, n) == 0) {
        memcpy(b->data + b->len, p, n);
        b->len += n;
    }
}

static void crbuf_byte(crbuf *b, uint8_t c) { crbuf_put(b, &c, 1); }

static void crbuf_free(crbuf *b)
{
    glue_free_fn(NULL, b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* ---- CBOR encoding of lossless JSON ------------------------------------- */

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
    char *err; /* malloc'd message on failure */
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
                const char *s = JS_ToCString(ctx, npr->u.value);
                if (s && *s) {
                    snprintf(buf, cap, "class instance (%s)", s);
                    JS_FreeCString(ctx, s);
                    return;
                }
                JS_FreeCString(ctx, s);
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
    if (p->fast_array) {
        len = p->u.array.count;
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
    int64_t len64;
    if (js_get_length64(ctx, &len64, v)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return enc_fail(e, "array length is unreadable");
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
        size_t klen;
        JSValue ks = JS_AtomToString(ctx, a);
        const char *k = JS_ToCStringLen(ctx, &klen, ks);
        JS_FreeValue(ctx, ks);
        if (!k) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            JS_FreeValue(ctx, desc.value);
            rc = enc_fail(e, "key is unreadable");
            break;
        }
        cbor_text(e->out, k, klen);
        JS_FreeCString(ctx, k);
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
    if (e->out->overflow)
        return enc_fail(e, "too large");
    switch (JS_VALUE_GET_NORM_TAG(v)) {
    case JS_TAG_NULL:
        crbuf_byte(e->out, 0xf6);
        return 0;
    case JS_TAG_BOOL:
        crbuf_byte(e->out, JS_VALUE_GET_BOOL(v) ? 0xf5 : 0xf4);
        return 0;
    case JS_TAG_INT:
        cbor_number(e->out, JS_VALUE_GET_INT(v));
        return 0;
    case JS_TAG_FLOAT64: {
        double d = JS_VALUE_GET_FLOAT64(v);
        if (isnan(d))
            return enc_fail(e, "NaN is not JSON");
        if (isinf(d))
            return enc_fail(e, "%s is not JSON", d > 0 ? "Infinity" : "-Infinity");
        cbor_number(e->out, d);
        return 0;
    }
    case JS_TAG_STRING:
    case JS_TAG_STRING_ROPE: {
        size_t n;
        const char *s = JS_ToCStringLen(ctx, &n, v);
        if (!s) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            return enc_fail(e, "string is unreadable");
        }
        cbor_text(e->out, s, n);
        JS_FreeCString(ctx, s);
        return 0;
    }
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

/* Encodes v as CBOR into out, checking it is lossless JSON. On failure
 * returns -1 and *err holds a malloc'd message naming the path. */
static int encode_json_value(JSContext *ctx, JSValueConst v, const char *root,
                             crbuf *out, char **err)
{
    crenc *e = &glue_encoder;
    e->ctx = ctx;
    e->out = out;
    e->root = root;
    e->depth = 0;
    e->err = NULL;
    int rc = enc_value(e, v);
    *err = e->err;
    return rc;
}

/* ---- CBOR decoding into JSValues ---------------------------------------- */

/* The host is trusted, but a decoding bug must not corrupt the guest: every
 * read is bounds-checked and nesting is capped. */
typedef struct {
    const uint8_t *p, *end;
    int depth;
} crdec;

static int dec_head(crdec *d, int *major, int *info, uint64_t *arg)
{
    if (d->p >= d->end)
        return -1;
    uint8_t b = *d->p++;
    *major = b >> 5;
    *info = b & 31;
    if (*info < 24) {
        *arg = *info;
        return 0;
    }
    int n = *info == 24 ? 1 : *info == 25 ? 2 : *info == 26 ? 4 : *info == 27 ? 8 : -1;
    if (n < 0 || d->end - d->p < n)
        return -1;
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = (v << 8) | *d->p++;
    *arg = v;
    return 0;
}

static double half_to_double(uint16_t h)
{
    int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    double v;
    if (exp == 0)
        v = ldexp(mant, -24);
    else if (exp != 31)
        v = ldexp(mant + 1024, exp - 25);
    else
        v = mant == 0 ? INFINITY : NAN;
    return (h & 0x8000) ? -v : v;
}

static JSValue dec_value(JSContext *ctx, crdec *d)
{
    int major, info;
    uint64_t arg;
    if (d->depth > GLUE_MAX_DEPTH + 8 || dec_head(d, &major, &info, &arg))
        return JS_ThrowInternalError(ctx, "coderun: malformed CBOR from host");
    switch (major) {
    case 0:
        return JS_NewNumber(ctx, (double)arg);
    case 1:
        return JS_NewNumber(ctx, -1.0 - (double)arg);
    case 3:
        if ((uint64_t)(d->end - d->p) < arg)
            return JS_ThrowInternalError(ctx, "coderun: truncated CBOR string");
        d->p += arg;
        return JS_NewStringLen(ctx, (const char *)d->p - arg, arg);
    case 4: {
        if (arg > (uint64_t)(d->end - d->p))
            return JS_ThrowInternalError(ctx, "coderun: truncated CBOR array");
        JSValue a = JS_NewArray(ctx);
        d->depth++;
        for (uint64_t i = 0; i < arg; i++) {
            JSValue el = dec_value(ctx, d);
            if (JS_IsException(el) ||
                JS_DefinePropertyValueUint32(ctx, a, i, el, JS_PROP_C_W_E) < 0) {
                JS_FreeValue(ctx, a);
                return JS_EXCEPTION;
            }
        }
        d->depth--;
        return a;
    }
    case 5: {
        if (arg > (uint64_t)(d->end - d->p))
            return JS_ThrowInternalError(ctx, "coderun: truncated CBOR map");
        JSValue o = JS_NewObject(ctx);
        d->depth++;
        for (uint64_t i = 0; i < arg; i++) {
            int kmajor, kinfo;
            uint64_t klen;
            if (dec_head(d, &kmajor, &kinfo, &klen) || kmajor != 3 ||
                (uint64_t)(d->end - d->p) < klen) {
                JS_FreeValue(ctx, o);
                return JS_ThrowInternalError(ctx, "coderun: CBOR map key is not text");
            }
            JSAtom a = JS_NewAtomLen(ctx, (const char *)d->p, klen);
            d->p += klen;
            JSValue val = dec_value(ctx, d);
            /* Define, never assign: a "__proto__" key from the host is an
             * ordinary own property. */
            int rc = JS_IsException(val) ? -1
                     : JS_DefinePropertyValue(ctx, o, a, val, JS_PROP_C_W_E);
            JS_FreeAtom(ctx, a);
            if (rc < 0) {
                JS_FreeValue(ctx, o);
                return JS_EXCEPTION;
            }
        }
        d->depth--;
        return o;
    }
    case 7:
        switch (info) {
        case 20: return JS_FALSE;
        case 21: return JS_TRUE;
        case 22: return JS_NULL;
        case 25: return JS_NewFloat64(ctx, half_to_double(arg));
        case 26: {
            union { uint32_t u; float f; } u = { (uint32_t)arg };
            return JS_NewFloat64(ctx, u.f);
        }
        case 27: {
            union { uint64_t u; double f; } u = { arg };
            return JS_NewFloat64(ctx, u.f);
        }
        }
        break;
    }
    return JS_ThrowInternalError(ctx, "coderun: unsupported CBOR item from host");
}

static JSValue decode_cbor(JSContext *ctx, const uint8_t *p, size_t len)
{
    crdec d = { p, p + len, 0 };
    JSValue v = dec_value(ctx, &d);
    if (!JS_IsException(v) && d.p != d.end) {
        JS_FreeValue(ctx, v);
        return JS_ThrowInternalError(ctx, "coderun: trailing bytes in CBOR from host");
    }
    return v;
}

/* ---- pending binding calls ---------------------------------------------- */

/* A binding call's promise is settled from C, not through resolving
 * functions held in JavaScript: a round trip then allocates one promise and
 * one table slot instead of an executor closure, two resolving functions, a
 * record object and Map entries, and delivery runs no prelude code unless
 * the call is rejected. This is most of the per-call cost of `await
 * tools.f()` in the guest.
 *
 * The table is open-addressed on the call id with linear probing. Ids are
 * allocated sequentially, so `id & mask` rarely collides; deletion shifts
 * later entries back, so there are no tombstones. The promise and name held
 * here are counted references: they keep the promise (and whatever awaits
 * it) alive exactly as the prelude's Map did. */

typedef struct {
    uint32_t id; /* 0 = empty slot; call ids start at 1 */
    uint32_t ns;
    JSValue promise;
    JSValue name; /* the function name, for a rejection's member property */
} glue_call;

static glue_call *glue_calls;
static uint32_t glue_calls_mask; /* capacity - 1; capacity is a power of 2 */
static uint32_t glue_calls_count;

static void calls_put(glue_call c);

/* Keeps the load factor at or below one half. */
static void calls_grow(void)
{
    glue_call *old = glue_calls;
    uint32_t old_cap = old ? glue_calls_mask + 1 : 0;
    uint32_t cap = old_cap ? old_cap * 2 : 64;
    glue_calls = glue_calloc(NULL, cap, sizeof *glue_calls);
    glue_calls_mask = cap - 1;
    glue_calls_count = 0;
    for (uint32_t i = 0; i < old_cap; i++)
        if (old[i].id)
            calls_put(old[i]);
    glue_free_fn(NULL, old);
}

static void calls_put(glue_call c)
{
    if (!glue_calls || (glue_calls_count + 1) * 2 > glue_calls_mask + 1)
        calls_grow();
    uint32_t i = c.id & glue_calls_mask;
    while (glue_calls[i].id)
        i = (i + 1) & glue_calls_mask;
    glue_calls[i] = c;
    glue_calls_count++;
}

/* Removes call id into *out; 0 if it is not pending (unknown or already
 * delivered ids are ignored, as a hostile or buggy host may send them). */
static int calls_take(uint32_t id, glue_call *out)
{
    if (!glue_calls || id == 0)
        return 0;
    uint32_t mask = glue_calls_mask;
    uint32_t i = id & mask;
    while (glue_calls[i].id != id) {
        if (glue_calls[i].id == 0)
            return 0;
        i = (i + 1) & mask;
    }
    *out = glue_calls[i];
    glue_calls_count--;
    /* Backward-shift deletion: move up each later entry of the probe run
     * that may sit at the freed slot, so lookups never stop short. */
    for (uint32_t j = (i + 1) & mask; glue_calls[j].id; j = (j + 1) & mask) {
        uint32_t home = glue_calls[j].id & mask;
        if (((j - home) & mask) >= ((j - i) & mask)) {
            glue_calls[i] = glue_calls[j];
            i = j;
        }
    }
    glue_calls[i].id = 0;
    return 1;
}

/* A pending intrinsic promise with no resolving functions: what
 * `new Promise(executor)` builds before it runs the executor. The glue
 * settles it with promise_settle; nothing else can. */
static JSValue new_pending_promise(JSContext *ctx)
{
    JSValue obj = JS_NewObjectProtoClass(ctx, ctx->class_proto[JS_CLASS_PROMISE], JS_CLASS_PROMISE);
    if (JS_IsException(obj))
        return obj;
    JSPromiseData *s = js_mallocz(ctx, sizeof *s);
    if (!s) {
        JS_FreeValue(ctx, obj);
        return JS_EXCEPTION;
    }
    s->promise_state = JS_PROMISE_PENDING;
    s->is_handled = false;
    init_list_head(&s->promise_reactions[0]);
    init_list_head(&s->promise_reactions[1]);
    s->promise_result = JS_UNDEFINED;
    JS_SetOpaqueInternal(obj, s);
    return obj;
}

/* Settles promise as its resolve (is_reject = 0) or reject function would
 * (js_promise_resolve_function_call): a resolution that is an object with a
 * callable `then` is followed, so a program that defines
 * Object.prototype.then sees it called exactly as with `resolve(value)`. */
static void promise_settle(JSContext *ctx, JSValueConst promise, JSValueConst value, int is_reject)
{
    if (is_reject || !JS_IsObject(value)) {
        fulfill_or_reject_promise(ctx, promise, value, is_reject);
        return;
    }
    /* value is freshly decoded, so it cannot be the promise itself. */
    JSValue then = JS_GetProperty(ctx, value, JS_ATOM_then);
    if (JS_IsException(then)) {
        JSValue error = JS_GetException(ctx);
        fulfill_or_reject_promise(ctx, promise, error, true);
        JS_FreeValue(ctx, error);
    } else if (!JS_IsFunction(ctx, then)) {
        JS_FreeValue(ctx, then);
        fulfill_or_reject_promise(ctx, promise, value, false);
    } else {
        JSValueConst args[3] = { promise, value, then };
        JS_EnqueueJob(ctx, js_promise_resolve_thenable_job, 3, args);
        JS_FreeValue(ctx, then);
    }
}

/* Rejects promise with the pending exception. */
static void promise_reject_exception(JSContext *ctx, JSValueConst promise)
{
    JSValue err = JS_GetException(ctx);
    fulfill_or_reject_promise(ctx, promise, err, true);
    JS_FreeValue(ctx, err);
}

/* ---- natives handed to the prelude -------------------------------------- */

static JSValue nat_print(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    size_t n;
    const char *s = JS_ToCStringLen(ctx, &n, argv[0]);
    if (!s)
        return JS_EXCEPTION;
    host_log(s, n);
    JS_FreeCString(ctx, s);
    return JS_UNDEFINED;
}

static JSValue nat_set_timer(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uint32_t id;
    double delay;
    if (JS_ToUint32(ctx, &id, argv[0]) || JS_ToFloat64(ctx, &delay, argv[1]))
        return JS_EXCEPTION;
    if (!(delay >= 0))
        delay = 0;
    host_timer_set(id, delay);
    return JS_UNDEFINED;
}

static JSValue nat_clear_timer(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uint32_t id;
    if (JS_ToUint32(ctx, &id, argv[0]))
        return JS_EXCEPTION;
    host_timer_clear(id);
    return JS_UNDEFINED;
}

static JSValue nat_monotonic(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return JS_NewFloat64(ctx, ts.tv_sec * 1e3 + ts.tv_nsec / 1e6);
}

static JSValue nat_fill_random(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    size_t n;
    uint8_t *p = JS_GetUint8Array(ctx, &n, argv[0]);
    if (!p)
        return JS_EXCEPTION;
    for (size_t off = 0; off < n; off += 256) {
        size_t chunk = n - off < 256 ? n - off : 256;
        if (getentropy(p + off, chunk))
            return JS_ThrowInternalError(ctx, "random source failed");
    }
    return JS_UNDEFINED;
}

/* call(nsIndex, fnName, args) -> promise. Sends the CBOR message
 * [id, nsIndex, fnName, args] (see ABI.md) and returns the call's promise,
 * which coderun_deliver settles. Arguments that are not lossless JSON
 * (TypeError) and a refusal by the host (RangeError) reject the promise;
 * nothing is thrown synchronously. */
/* A call buffer that grew past this (a large argument) is freed after use
 * rather than kept for the rest of the run. */
#define GLUE_CALL_BUF_KEEP 4096

static JSValue nat_call(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    /* The encoding buffer is reused across calls: a call message is built
     * and handed to the host before the next one can start. */
    static crbuf msg;
    uint32_t ns;
    if (JS_ToUint32(ctx, &ns, argv[0]))
        return JS_EXCEPTION;
    JSValue promise = new_pending_promise(ctx);
    if (JS_IsException(promise))
        return promise;
    size_t fnlen;
    const char *fn = JS_ToCStringLen(ctx, &fnlen, argv[1]);
    if (!fn) {
        JS_FreeValue(ctx, promise);
        return JS_EXCEPTION;
    }
    uint32_t id = ++glue_next_call_id;
    msg.len = 0;
    cbor_head(&msg, 4, 4);
    cbor_head(&msg, 0, id);
    cbor_head(&msg, 0, ns);
    cbor_text(&msg, fn, fnlen);
    JS_FreeCString(ctx, fn);
    char *err = NULL;
    JSValue args = argc > 2 ? argv[2] : JS_UNDEFINED;
    if (JS_IsUndefined(args)) {
        crbuf_byte(&msg, 0xf6); /* a call without arguments passes null */
    } else if (encode_json_value(ctx, args, "args", &msg, &err)) {
        if (msg.cap > GLUE_CALL_BUF_KEEP)
            crbuf_free(&msg);
        JS_ThrowTypeError(ctx, "%s", err);
        glue_free_fn(NULL, err);
        promise_reject_exception(ctx, promise);
        return promise;
    }
    char ebuf[512];
    int32_t rc = host_call(msg.data, msg.len, ebuf, sizeof ebuf);
    if (msg.cap > GLUE_CALL_BUF_KEEP)
        crbuf_free(&msg);
    if (rc < 0) {
        /* Refused (a limit, an unknown name): the prelude builds the
         * rejection, the namespace's error class or a RangeError. */
        size_t n = (size_t)-rc < sizeof ebuf ? (size_t)-rc : sizeof ebuf;
        JSValue args[4] = { JS_NewUint32(ctx, ns), argv[1], JS_NewStringLen(ctx, ebuf, n), JS_TRUE };
        JSValue err = JS_Call(ctx, glue_binding_error_fn, JS_UNDEFINED, 4, args);
        JS_FreeValue(ctx, args[2]);
        if (JS_IsException(err)) {
            promise_reject_exception(ctx, promise);
        } else {
            fulfill_or_reject_promise(ctx, promise, err, true);
            JS_FreeValue(ctx, err);
        }
        return promise;
    }
    calls_put((glue_call){ id, ns, js_dup(promise), js_dup(argv[1]) });
    return promise;
}

/* Math.random replacement state lives in ctx->random_state; reseeding it
 * per run keeps a pre-initialised snapshot from repeating sequences. */
static void reseed(void)
{
    uint64_t s = 0;
    while (s == 0)
        getentropy(&s, sizeof s);
    glue_ctx->random_state = s;
}

/* ---- settling ------------------------------------------------------------ */

static void settle_text(uint32_t kind, const char *s, size_t n)
{
    glue_settled = 1;
    host_settle(kind, (const uint8_t *)s, n);
}

/* Renders a thrown value through the prelude's formatter, falling back to
 * plain conversion if the formatter itself fails. */
static void settle_exception(JSValue exc)
{
    JSContext *ctx = glue_ctx;
    JSValue fmt = JS_GetPropertyStr(ctx, glue_hooks, "formatThrown");
    JSValue text = JS_Call(ctx, fmt, JS_UNDEFINED, 1, vc(&exc));
    JS_FreeValue(ctx, fmt);
    if (JS_IsException(text)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        text = JS_ToString(ctx, exc);
        if (JS_IsException(text)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            text = JS_NewString(ctx, "Uncaught exception (unprintable)");
        }
    }
    size_t n;
    const char *s = JS_ToCStringLen(ctx, &n, text);
    if (s)
        settle_text(GLUE_SETTLE_EXCEPTION, s, n);
    else
        settle_text(GLUE_SETTLE_EXCEPTION, "Uncaught exception", 18);
    JS_FreeCString(ctx, s);
    JS_FreeValue(ctx, text);
    JS_FreeValue(ctx, exc);
}

static void settle_value(JSValue v)
{
    if (JS_IsUndefined(v)) {
        glue_settled = 1;
        host_settle(GLUE_SETTLE_VALUE, NULL, 0);
        return;
    }
    crbuf out = { 0 };
    char *err = NULL;
    if (encode_json_value(glue_ctx, v, "$", &out, &err)) {
        settle_text(GLUE_SETTLE_INVALID, err, strlen(err));
        glue_free_fn(NULL, err);
    } else {
        glue_settled = 1;
        host_settle(GLUE_SETTLE_VALUE, out.data, out.len);
    }
    crbuf_free(&out);
}

/* Runs every pending job, then settles if the program's promise did. */
static int drain(void)
{
    JSContext *pctx;
    for (;;) {
        int r = JS_ExecutePendingJob(glue_rt, &pctx);
        if (r == 0)
            break;
        if (r < 0) {
            /* An exception escaping a job (e.g. a throwing callback queued
             * with queueMicrotask) ends the run, like an uncaught error. */
            settle_exception(JS_GetException(glue_ctx));
            return GLUE_STATE_SETTLED;
        }
    }
    if (glue_settled)
        return GLUE_STATE_SETTLED;
    switch (JS_PromiseState(glue_ctx, glue_promise)) {
    case JS_PROMISE_FULFILLED:
        settle_value(JS_PromiseResult(glue_ctx, glue_promise));
        return GLUE_STATE_SETTLED;
    case JS_PROMISE_REJECTED:
        settle_exception(JS_PromiseResult(glue_ctx, glue_promise));
        return GLUE_STATE_SETTLED;
    default:
        return GLUE_STATE_PENDING;
    }
}

/* ---- module loader: import() is not available --------------------------- */

static JSModuleDef *no_modules(JSContext *ctx, const char *name, void *opaque)
{
    JS_ThrowReferenceError(ctx, "import('%s') is not available: coderun programs have no modules, files or network; use the bindings you were given", name);
    return NULL;
}

/* ---- exports --------------------------------------------------------------- */

GLUE_EXPORT(coderun_alloc) void *coderun_alloc(uint32_t size)
{
    return malloc(size ? size : 1);
}

GLUE_EXPORT(coderun_free) void coderun_free(void *p)
{
    free(p);
}

/* Keeps the fuel_tick import alive for the instrumenter; never called. */
GLUE_EXPORT(coderun_fuel_probe) int32_t coderun_fuel_probe(void)
{
    return host_fuel_tick();
}

#define GLUE_STACK_SIZE (1024 * 1024)
#define GLUE_STACK_MARGIN (128 * 1024)

static JSValue make_native(JSContext *ctx)
{
    static const JSCFunctionListEntry fns[] = {
        JS_CFUNC_DEF("print", 1, nat_print),
        JS_CFUNC_DEF("setTimer", 2, nat_set_timer),
        JS_CFUNC_DEF("clearTimer", 1, nat_clear_timer),
        JS_CFUNC_DEF("monotonic", 0, nat_monotonic),
        JS_CFUNC_DEF("fillRandom", 1, nat_fill_random),
        JS_CFUNC_DEF("call", 3, nat_call),
    };
    JSValue o = JS_NewObjectProto(ctx, JS_NULL);
    JS_SetPropertyFunctionList(ctx, o, fns, countof(fns));
    return o;
}

/* coderun_init creates the runtime and context and evaluates the prelude.
 * mem_limit bounds the guest heap in bytes. Returns 0 or -1 (settled with
 * an exception message). */
GLUE_EXPORT(coderun_init) int32_t coderun_init(uint32_t mem_limit)
{
    if (glue_ctx)
        return -1; /* already initialised */
    glue_mem_limit = mem_limit;
    glue_rt = JS_NewRuntime2(&glue_malloc_functions, NULL);
    JS_SetMaxStackSize(glue_rt, GLUE_STACK_SIZE - GLUE_STACK_MARGIN);
    JS_SetModuleLoaderFunc(glue_rt, NULL, no_modules, NULL);
    glue_ctx = JS_NewContext(glue_rt);
    reseed();

    JSValue fn = JS_Eval(glue_ctx, glue_prelude, sizeof glue_prelude - 1, "prelude.js",
                         JS_EVAL_TYPE_GLOBAL | JS_EVAL_FLAG_STRICT);
    if (JS_IsException(fn)) {
        settle_exception(JS_GetException(glue_ctx));
        return -1;
    }
    JSValue native = make_native(glue_ctx);
    glue_hooks = JS_Call(glue_ctx, fn, JS_UNDEFINED, 1, vc(&native));
    JS_FreeValue(glue_ctx, native);
    JS_FreeValue(glue_ctx, fn);
    if (JS_IsException(glue_hooks)) {
        settle_exception(JS_GetException(glue_ctx));
        return -1;
    }
    glue_promise = JS_UNDEFINED;
    glue_binding_error_fn = JS_GetPropertyStr(glue_ctx, glue_hooks, "bindingError");
    glue_fire_timer_fn = JS_GetPropertyStr(glue_ctx, glue_hooks, "fireTimer");
    return 0;
}

/* coderun_reseed readies an initialised instance for a new run: the heap
 * limit, Math.random's state and performance's time origin. The host calls
 * it on every instance of a pre-initialised snapshot, whose memory was
 * captured right after coderun_init. Returns -1 if the instance was never
 * initialised (a plain module: call _initialize and coderun_init instead). */
GLUE_EXPORT(coderun_reseed) int32_t coderun_reseed(uint32_t mem_limit)
{
    if (!glue_ctx)
        return -1;
    glue_mem_limit = mem_limit;
    reseed();
    glue_ctx->time_origin = js__now_ms();
    /* performance.timeOrigin is a read-only data property captured at
     * init; the snapshot's value is stale, so it is rewritten in place. */
    JSValue perf = JS_GetPropertyStr(glue_ctx, glue_ctx->global_obj, "performance");
    if (JS_IsObject(perf)) {
        JSProperty *pr;
        JSAtom a = JS_NewAtom(glue_ctx, "timeOrigin");
        JSShapeProperty *prs = find_own_property(&pr, JS_VALUE_GET_OBJ(perf), a);
        if (prs && (prs->flags & JS_PROP_TMASK) == JS_PROP_NORMAL)
            set_value(glue_ctx, &pr->u.value, js_float64(glue_ctx->time_origin));
        JS_FreeAtom(glue_ctx, a);
    }
    JS_FreeValue(glue_ctx, perf);
    return 0;
}

static JSValue hook(const char *name)
{
    return JS_GetPropertyStr(glue_ctx, glue_hooks, name);
}

/* coderun_bind installs the binding namespaces. spec is CBOR:
 * [[global, [fn...], errorClassName|null, member|null], ...]. */
GLUE_EXPORT(coderun_bind) int32_t coderun_bind(const uint8_t *spec, uint32_t len)
{
    JSContext *ctx = glue_ctx;
    JSValue raw = decode_cbor(ctx, spec, len);
    if (JS_IsException(raw)) {
        settle_exception(JS_GetException(ctx));
        return -1;
    }
    /* Reshape into the objects the prelude expects. */
    uint32_t n = 0;
    JSValue arr = JS_NewArray(ctx);
    int64_t len64 = 0;
    if (js_get_length64(ctx, &len64, raw)) {
        JS_FreeValue(ctx, raw);
        settle_exception(JS_GetException(ctx));
        return -1;
    }
    n = len64;
    for (uint32_t i = 0; i < n; i++) {
        JSValue t = JS_GetPropertyUint32(ctx, raw, i);
        JSValue o = JS_NewObject(ctx);
        JS_SetPropertyStr(ctx, o, "global", JS_GetPropertyUint32(ctx, t, 0));
        JS_SetPropertyStr(ctx, o, "functions", JS_GetPropertyUint32(ctx, t, 1));
        JSValue cls = JS_GetPropertyUint32(ctx, t, 2);
        if (JS_IsNull(cls)) {
            JS_SetPropertyStr(ctx, o, "errorClass", JS_NULL);
        } else {
            JSValue ec = JS_NewObject(ctx);
            JS_SetPropertyStr(ctx, ec, "name", cls);
            JS_SetPropertyStr(ctx, ec, "member", JS_GetPropertyUint32(ctx, t, 3));
            JS_SetPropertyStr(ctx, o, "errorClass", ec);
        }
        JS_SetPropertyUint32(ctx, arr, i, o);
        JS_FreeValue(ctx, t);
    }
    JS_FreeValue(ctx, raw);
    JSValue install = hook("installBindings");
    JSValue r = JS_Call(ctx, install, JS_UNDEFINED, 1, vc(&arr));
    JS_FreeValue(ctx, install);
    JS_FreeValue(ctx, arr);
    if (JS_IsException(r)) {
        settle_exception(JS_GetException(ctx));
        return -1;
    }
    JS_FreeValue(ctx, r);
    return 0;
}

/* coderun_run evaluates the transformed program (which must evaluate to a
 * function returning a promise), calls it and runs jobs until idle.
 * Returns a GLUE_STATE_*. */
GLUE_EXPORT(coderun_run) int32_t coderun_run(const char *src, uint32_t len, const char *filename)
{
    JSContext *ctx = glue_ctx;
    JSValue fn = JS_Eval(ctx, src, len, filename, JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(fn)) {
        settle_exception(JS_GetException(ctx));
        return GLUE_STATE_SETTLED;
    }
    JSValue p = JS_Call(ctx, fn, JS_UNDEFINED, 0, NULL);
    JS_FreeValue(ctx, fn);
    if (JS_IsException(p)) {
        settle_exception(JS_GetException(ctx));
        return GLUE_STATE_SETTLED;
    }
    glue_promise = p;
    return drain();
}

/* coderun_fire_timer runs timer id's callback, then jobs until idle. */
GLUE_EXPORT(coderun_fire_timer) int32_t coderun_fire_timer(uint32_t id)
{
    JSContext *ctx = glue_ctx;
    if (glue_settled)
        return GLUE_STATE_SETTLED;
    JSValue arg = JS_NewUint32(ctx, id);
    JSValue r = JS_Call(ctx, glue_fire_timer_fn, JS_UNDEFINED, 1, &arg);
    if (JS_IsException(r)) {
        settle_exception(JS_GetException(ctx));
        return GLUE_STATE_SETTLED;
    }
    if (JS_IsObject(r)) {
        /* {error: value}: the callback threw; that ends the run. */
        JSValue err = JS_GetPropertyStr(ctx, r, "error");
        JS_FreeValue(ctx, r);
        settle_exception(err);
        return GLUE_STATE_SETTLED;
    }
    JS_FreeValue(ctx, r);
    return drain();
}

/* coderun_deliver settles call id: ok=1 with a CBOR value, ok=0 with a UTF-8
 * error message. The payload buffer (from coderun_alloc) is freed here.
 * Unknown and repeated ids are ignored. */
GLUE_EXPORT(coderun_deliver) int32_t coderun_deliver(uint32_t id, uint32_t ok, uint8_t *payload, uint32_t len)
{
    JSContext *ctx = glue_ctx;
    glue_call c;
    if (glue_settled || !calls_take(id, &c)) {
        free(payload);
        return glue_settled ? GLUE_STATE_SETTLED : drain();
    }
    JSValue v;
    if (ok) {
        v = decode_cbor(ctx, payload, len);
        if (JS_IsException(v)) {
            /* A result the guest cannot decode rejects that call instead. */
            JSValue exc = JS_GetException(ctx);
            v = JS_ToString(ctx, exc);
            JS_FreeValue(ctx, exc);
            ok = 0;
        }
    } else {
        v = JS_NewStringLen(ctx, (const char *)payload, len);
    }
    free(payload);
    int rc = -1;
    if (ok) {
        promise_settle(ctx, c.promise, v, 0);
        rc = 0;
    } else if (!JS_IsException(v)) {
        /* The prelude builds the rejection: the namespace's error class,
         * with the member naming the function. */
        JSValue args[4] = { JS_NewUint32(ctx, c.ns), c.name, v, JS_FALSE };
        JSValue err = JS_Call(ctx, glue_binding_error_fn, JS_UNDEFINED, 4, args);
        if (!JS_IsException(err)) {
            promise_settle(ctx, c.promise, err, 1);
            JS_FreeValue(ctx, err);
            rc = 0;
        }
    }
    JS_FreeValue(ctx, v);
    JS_FreeValue(ctx, c.promise);
    JS_FreeValue(ctx, c.name);
    if (rc) {
        settle_exception(JS_GetException(ctx));
        return GLUE_STATE_SETTLED;
    }
    return drain();
}
