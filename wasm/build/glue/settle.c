/* Part of glue.c: settling the run (value, exception, invalid output) and
 * draining the job queue after each export's work. */

static void settle_text(uint32_t kind, const char *s, size_t n)
{
    glue_settled = 1;
    host_settle(kind, (const uint8_t *)s, n);
}

/* Settles with a rendered thrown value: kind GLUE_SETTLE_EXCEPTION, or
 * GLUE_SETTLE_UNHANDLED with the id of the call the rejection came from
 * (0 for none) in four little-endian bytes before the text. */
static void settle_rendered(uint32_t kind, uint32_t call, const char *s, size_t n)
{
    if (kind != GLUE_SETTLE_UNHANDLED) {
        settle_text(kind, s, n);
        return;
    }
    crbuf b = { 0 };
    uint8_t id[4] = { call, call >> 8, call >> 16, call >> 24 };
    crbuf_put(&b, id, sizeof id);
    crbuf_put(&b, s, n);
    settle_text(kind, (const char *)b.data, b.len);
    crbuf_free(&b);
}

/* Renders a thrown value through the prelude's formatter, falling back to
 * plain conversion if the formatter itself fails, and settles with it
 * (settle_rendered). */
static void settle_thrown(uint32_t kind, uint32_t call, JSValue exc)
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
    if (is_string_value(text)) {
        size_t n = text_utf8(text, 0);
        settle_rendered(kind, call, (const char *)glue_text.data, n);
        text_done();
    } else {
        settle_rendered(kind, call, "Uncaught exception", 18);
    }
    JS_FreeValue(ctx, text);
    JS_FreeValue(ctx, exc);
}

/* Settles with a thrown value: the run ends with an exception. */
static void settle_exception(JSValue exc)
{
    settle_thrown(GLUE_SETTLE_EXCEPTION, 0, exc);
}

/* A completion value too large to encode in one pass is announced to the
 * host, which ends the run (output-limit) if its JSON cannot fit in
 * MaxOutputBytes; otherwise it is encoded into one exact allocation. */
static int value_check(crenc *e, size_t cbor_size)
{
    (void)cbor_size;
    host_output_reserve(e->json);
    return 0;
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
    if (encode_json_value(glue_ctx, v, "$", &out, &err, value_check)) {
        settle_text(GLUE_SETTLE_INVALID, err, strlen(err));
        glue_free_fn(NULL, err);
    } else {
        glue_settled = 1;
        host_settle(GLUE_SETTLE_VALUE, out.data, out.len);
    }
    crbuf_free(&out);
}

/* Runs every pending job, then settles if a promise was rejected and nothing
 * handled it (rejections.c), or if the program's promise settled. */
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
            JS_FreeValue(glue_ctx, unhandled_rejection());
            settle_exception(JS_GetException(glue_ctx));
            return GLUE_STATE_SETTLED;
        }
    }
    JSValue unhandled = unhandled_rejection();
    if (glue_settled) {
        JS_FreeValue(glue_ctx, unhandled);
        return GLUE_STATE_SETTLED;
    }
    /* The program's own promise has no handler either: its rejection is
     * the program's failure, reported as such when it came first. Another
     * one ends the run even if the program's promise fulfilled in this
     * drain, as it ends Node's process after the last line ran. */
    if (JS_IsObject(unhandled) &&
        !(JS_IsObject(glue_promise) && JS_VALUE_GET_OBJ(unhandled) == JS_VALUE_GET_OBJ(glue_promise))) {
        JSValue reason = JS_PromiseResult(glue_ctx, unhandled);
        JS_FreeValue(glue_ctx, unhandled);
        settle_thrown(GLUE_SETTLE_UNHANDLED, call_of(reason), reason);
        return GLUE_STATE_SETTLED;
    }
    JS_FreeValue(glue_ctx, unhandled);
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
