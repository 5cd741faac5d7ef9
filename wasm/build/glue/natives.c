/* Part of glue.c: the natives handed to the prelude (see make_native in
 * exports.c), besides native.call (calls.c). The prelude keeps them out of
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

/* intl(request): the host's ECMA-402 services (internal/intl). The request
 * and the response are JSON text; a response starting with '!' is an
 * error the prelude throws. Most responses fit the stack buffer; a larger
 * one is fetched again into heap memory, which counts against the limit. */
static JSValue nat_intl(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    size_t len;
    const char *req = JS_ToCStringLen(ctx, &len, argv[0]);
    if (!req)
        return JS_EXCEPTION;
    char small[512];
    char *out = small;
    int32_t n = host_intl(req, (uint32_t)len, out, sizeof small);
    if (n > (int32_t)sizeof small) {
        out = js_malloc(ctx, (size_t)n);
        if (!out) {
            JS_FreeCString(ctx, req);
            return JS_EXCEPTION;
        }
        int32_t again = host_intl(req, (uint32_t)len, out, (uint32_t)n);
        if (again != n) {
            js_free(ctx, out);
            JS_FreeCString(ctx, req);
            return JS_ThrowInternalError(ctx, "intl: the host answered twice differently");
        }
    }
    JS_FreeCString(ctx, req);
    JSValue s = n < 0 ? JS_ThrowInternalError(ctx, "intl: bad response length")
                      : JS_NewStringLen(ctx, out, (size_t)n);
    if (out != small)
        js_free(ctx, out);
    return s;
}
