/* Part of glue.c: settling the run (value, exception, invalid output) and
 * draining the job queue after each export's work. */

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
    if (is_string_value(text)) {
        size_t n = text_utf8(text, 0);
        settle_text(GLUE_SETTLE_EXCEPTION, (const char *)glue_text.data, n);
        text_done();
    } else {
        settle_text(GLUE_SETTLE_EXCEPTION, "Uncaught exception", 18);
    }
    JS_FreeValue(ctx, text);
    JS_FreeValue(ctx, exc);
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
