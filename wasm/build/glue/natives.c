/* Part of glue.c: the natives handed to the prelude (see make_native in
 * exports.c), besides native.binding (calls.c). The prelude keeps them out of
 * the program's reach. */

/* print(line): one console line. */
static JSValue nat_print(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValue s = JS_ToString(ctx, argv[0]);
    if (JS_IsException(s))
        return s;
    size_t n = text_utf8(s, 1);
    JS_FreeValue(ctx, s);
    host_log((const char *)glue_text.data, n);
    text_done();
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

/* crypto(op, key, data): the digest or HMAC (ABI.md, crypto) of data, an
 * ArrayBuffer. key is undefined for a digest; both are Uint8Arrays the
 * prelude made. The input cap is the ABI's: the host refuses more. */
#define GLUE_CRYPTO_MAX_INPUT (32u << 20)
static JSValue nat_crypto(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t op;
    size_t key_len = 0, data_len = 0;
    uint8_t *key = NULL, *data;
    uint8_t out[64];
    if (JS_ToInt32(ctx, &op, argv[0]))
        return JS_EXCEPTION;
    if (!JS_IsUndefined(argv[1])) {
        key = JS_GetUint8Array(ctx, &key_len, argv[1]);
        if (!key && JS_HasException(ctx))
            return JS_EXCEPTION;
    }
    data = JS_GetUint8Array(ctx, &data_len, argv[2]);
    if (!data && JS_HasException(ctx))
        return JS_EXCEPTION;
    if (data_len > GLUE_CRYPTO_MAX_INPUT || key_len > GLUE_CRYPTO_MAX_INPUT)
        return JS_ThrowRangeError(ctx, "crypto.subtle takes at most %u MiB of data or key in one call; this one has %zu bytes",
                                  GLUE_CRYPTO_MAX_INPUT >> 20, data_len > key_len ? data_len : key_len);
    int32_t n = host_crypto(op, key, (uint32_t)key_len, data, (uint32_t)data_len, out);
    if (n < 0 || n > (int32_t)sizeof out)
        return JS_ThrowInternalError(ctx, "the host cannot compute crypto operation %d", (int)op);
    return JS_NewArrayBufferCopy(ctx, out, (size_t)n);
}

/* The imports that take a text and answer a text: the answer is written
 * into the caller's buffer when it fits, else its length says how much
 * room to call again with. */
enum { TEXT_INTL, TEXT_MAP_STACK };

static int32_t text_import(int which, const char *in, uint32_t len, char *out, uint32_t cap)
{
    return which == TEXT_INTL ? host_intl(in, len, out, cap) : host_map_stack(in, len, out, cap);
}

/* Calls a text import with argv[0]. Most answers fit the stack buffer; a
 * larger one is fetched again into heap memory, which counts against the
 * limit. */
static JSValue call_text_import(JSContext *ctx, int which, JSValueConst arg)
{
    size_t len;
    const char *req = JS_ToCStringLen(ctx, &len, arg);
    if (!req)
        return JS_EXCEPTION;
    char small[512];
    char *out = small;
    int32_t n = text_import(which, req, (uint32_t)len, out, sizeof small);
    if (n > (int32_t)sizeof small) {
        out = js_malloc(ctx, (size_t)n);
        if (!out) {
            JS_FreeCString(ctx, req);
            return JS_EXCEPTION;
        }
        int32_t again = text_import(which, req, (uint32_t)len, out, (uint32_t)n);
        if (again != n) {
            js_free(ctx, out);
            JS_FreeCString(ctx, req);
            return JS_ThrowInternalError(ctx, "the host answered twice differently");
        }
    }
    JS_FreeCString(ctx, req);
    JSValue s = n < 0 ? JS_ThrowInternalError(ctx, "the host answered with a bad length")
                      : JS_NewStringLen(ctx, out, (size_t)n);
    if (out != small)
        js_free(ctx, out);
    return s;
}

/* intl(request): the host's ECMA-402 services (internal/intl). The request
 * and the response are text; a response starting with '!' is an error the
 * prelude throws. */
static JSValue nat_intl(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return call_text_import(ctx, TEXT_INTL, argv[0]);
}

/* mapStack(frames): the frames of a stack with their positions in the
 * program's own lines and columns. */
static JSValue nat_map_stack(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return call_text_import(ctx, TEXT_MAP_STACK, argv[0]);
}
