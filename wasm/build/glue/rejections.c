/* Part of glue.c: promise rejections nothing handles. As in Node, a promise
 * rejected with no handler that still has none once the job queue has
 * drained ends the run with its reason: a handler attached by a later job of
 * the same drain counts, one attached in a later turn (a timer, a call's
 * answer) comes too late. This is what a call made without `await` that
 * fails looks like; ignoring it would report a failed program as a
 * success.
 *
 * QuickJS reports every rejection of a promise without handlers to
 * track_rejection; drain asks unhandled_rejection, at its end, which of
 * them still has none. The error a binding call rejects with carries the
 * call's id under a private key (no program can see or change it), so
 * the host can name the call. */

static JSValue *glue_rejected; /* promises rejected with no handler during this drain */
static uint32_t glue_rejected_len, glue_rejected_cap;
static JSAtom glue_call_atom; /* private key: the call id on a binding call's rejection */

static void track_rejection(JSContext *ctx, JSValueConst promise, JSValueConst reason, bool is_handled,
                            void *opaque)
{
    (void)ctx, (void)reason, (void)opaque;
    if (is_handled)
        return; /* a handler came: unhandled_rejection reads it from the promise */
    if (glue_rejected_len == glue_rejected_cap) {
        uint32_t cap = glue_rejected_cap ? glue_rejected_cap * 2 : 16;
        glue_rejected = glue_realloc(NULL, glue_rejected, cap * sizeof *glue_rejected);
        glue_rejected_cap = cap;
    }
    glue_rejected[glue_rejected_len++] = js_dup(promise);
}

/* Installs the tracker and creates the private key; once, in coderun_init,
 * so a snapshot instance has both. */
static void rejections_init(void)
{
    JS_SetHostPromiseRejectionTracker(glue_rt, track_rejection, NULL);
    JSValue key = JS_NewPrivateSymbol(glue_ctx, "coderun call");
    glue_call_atom = JS_ValueToAtom(glue_ctx, key);
    JS_FreeValue(glue_ctx, key);
}

/* Marks err as the rejection of call id (see call_of). */
static void mark_call_error(JSContext *ctx, JSValueConst err, uint32_t id)
{
    if (!JS_IsObject(err))
        return;
    JSObject *p = JS_VALUE_GET_OBJ(err);
    JSProperty *pr;
    if (find_own_property(&pr, p, glue_call_atom))
        return;
    pr = add_property(ctx, p, glue_call_atom, JS_PROP_C_W_E);
    if (pr)
        pr->u.value = js_int32((int32_t)id);
}

/* The id of the binding call whose rejection reason is, or 0. */
static uint32_t call_of(JSValueConst reason)
{
    JSProperty *pr;
    if (!JS_IsObject(reason) || !find_own_property(&pr, JS_VALUE_GET_OBJ(reason), glue_call_atom))
        return 0;
    return JS_VALUE_GET_TAG(pr->u.value) == JS_TAG_INT ? (uint32_t)JS_VALUE_GET_INT(pr->u.value) : 0;
}

/* Returns (a new reference to) the first promise rejected during this drain
 * that still has no handler, or JS_UNDEFINED, and forgets them all. */
static JSValue unhandled_rejection(void)
{
    JSValue first = JS_UNDEFINED;
    for (uint32_t i = 0; i < glue_rejected_len; i++) {
        JSPromiseData *s = JS_GetOpaque(glue_rejected[i], JS_CLASS_PROMISE);
        if (JS_IsUndefined(first) && s && s->promise_state == JS_PROMISE_REJECTED && !s->is_handled)
            first = js_dup(glue_rejected[i]);
        JS_FreeValue(glue_ctx, glue_rejected[i]);
    }
    glue_rejected_len = 0;
    return first;
}
