/* Part of glue.c: binding calls. The functions native.binding makes send a
 * call message to the host and return a promise; coderun_deliver
 * (exports.c) settles it from the table of pending calls below. */

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

/* A call buffer that grew past this (a large argument) is freed after use
 * rather than kept for the rest of the run. */
#define GLUE_CALL_BUF_KEEP 4096

/* The host refuses call messages larger than this (hostcalls.MaxPayloadBytes);
 * arguments that cannot fit are refused here, before they are encoded. */
#define GLUE_MAX_CALL_BYTES (32 * 1024 * 1024)

static int call_args_check(crenc *e, size_t cbor_size)
{
    if (cbor_size > GLUE_MAX_CALL_BYTES - 64)
        return enc_fail(e, "%zu bytes as CBOR, more than the %d MiB a call may carry",
                        cbor_size, GLUE_MAX_CALL_BYTES >> 20);
    return 0;
}

/* Why a call is rejected; the prelude's bindingError picks the error's
 * type from it when the namespace has no error class. */
enum {
    GLUE_CALL_FAILED = 0,   /* the host function failed: Error */
    GLUE_CALL_REFUSED = 1,  /* the host refused to start it: RangeError */
    GLUE_CALL_BAD_ARGS = 2, /* the arguments are not lossless JSON: TypeError */
};

/* Rejects promise with the error the prelude builds for a call of `name`
 * in namespace ns: an instance of the namespace's error class when it has
 * one, whatever went wrong, so a program handles every failed call alike. */
static void reject_call(JSContext *ctx, JSValueConst promise, uint32_t id, uint32_t ns, JSValueConst name,
                        JSValue message, int why)
{
    JSValue args[4] = { JS_NewUint32(ctx, ns), name, message, JS_NewInt32(ctx, why) };
    JSValue err = JS_Call(ctx, glue_binding_error_fn, JS_UNDEFINED, 4, args);
    JS_FreeValue(ctx, message);
    if (JS_IsException(err)) {
        promise_reject_exception(ctx, promise);
    } else {
        mark_call_error(ctx, err, id);
        fulfill_or_reject_promise(ctx, promise, err, true);
        JS_FreeValue(ctx, err);
    }
}

/* The room for an immediate call's answer: larger answers come later,
 * through coderun_deliver. */
#define GLUE_ANSWER_CAP 4096

/* The first byte of an immediate answer (hostcalls.AnswerFailed/Value). */
enum { GLUE_ANSWER_FAILED = 0, GLUE_ANSWER_VALUE = 1 };

/* Settles the promise of call id, of `name` in namespace ns, with its outcome:
 * ok with a CBOR value, else a UTF-8 rejection message. A value the guest
 * cannot decode rejects the call instead. Returns -1 if building the
 * rejection threw (the exception is pending), else 0. */
static int settle_call(JSContext *ctx, JSValueConst promise, uint32_t id, uint32_t ns, JSValueConst name,
                       int ok, const uint8_t *payload, uint32_t len)
{
    JSValue v;
    if (ok) {
        v = decode_cbor(ctx, payload, len);
        if (JS_IsException(v)) {
            JSValue exc = JS_GetException(ctx);
            v = JS_ToString(ctx, exc);
            JS_FreeValue(ctx, exc);
            ok = 0;
        }
    } else {
        v = JS_NewStringLen(ctx, (const char *)payload, len);
    }
    if (JS_IsException(v))
        return -1;
    if (ok) {
        promise_settle(ctx, promise, v, 0);
        JS_FreeValue(ctx, v);
        return 0;
    }
    /* The prelude builds the rejection: the namespace's error class, with
     * the member naming the function. */
    JSValueConst args[4] = { JS_NewUint32(ctx, ns), name, v, JS_NewInt32(ctx, GLUE_CALL_FAILED) };
    JSValue err = JS_Call(ctx, glue_binding_error_fn, JS_UNDEFINED, 4, args);
    JS_FreeValue(ctx, v);
    if (JS_IsException(err))
        return -1;
    mark_call_error(ctx, err, id);
    promise_settle(ctx, promise, err, 1);
    JS_FreeValue(ctx, err);
    return 0;
}

/* start_call sends the call of function `name` in namespace ns, whose
 * message fields [ns, fn] are already encoded at head (n bytes), with
 * argument args, as the message [id, ns, fn, args] (see ABI.md), and
 * returns the call's promise, which coderun_deliver settles (or this, for
 * an answer or a refusal the host gives at once). Arguments that are not
 * lossless JSON and a refusal by the host reject the promise (reject_call);
 * nothing is thrown synchronously. */
static JSValue start_call(JSContext *ctx, uint32_t ns, JSValueConst name, const uint8_t *head, size_t n,
                          JSValueConst args)
{
    /* The encoding buffer is reused across calls: a call message is built
     * and handed to the host before the next one can start. */
    static crbuf msg;
    JSValue promise = new_pending_promise(ctx);
    if (JS_IsException(promise))
        return promise;
    uint32_t id = ++glue_next_call_id;
    msg.len = 0;
    cbor_head(&msg, 4, 4);
    cbor_head(&msg, 0, id);
    crbuf_put(&msg, head, n);
    char *err = NULL;
    if (JS_IsUndefined(args)) {
        crbuf_byte(&msg, 0xf6); /* a call without arguments passes null */
    } else if (encode_json_value(ctx, args, "args", &msg, &err, call_args_check)) {
        if (msg.cap > GLUE_CALL_BUF_KEEP)
            crbuf_free(&msg);
        reject_call(ctx, promise, id, ns, name, JS_NewString(ctx, err), GLUE_CALL_BAD_ARGS);
        glue_free_fn(NULL, err);
        return promise;
    }
    /* The host writes a refusal here, or the answer of a call of an
     * immediate namespace (ABI.md: call). Static: a call cannot start
     * while another's answer is being read. */
    static uint8_t answer[GLUE_ANSWER_CAP];
    int32_t rc = host_call(msg.data, msg.len, (char *)answer, sizeof answer);
    if (msg.cap > GLUE_CALL_BUF_KEEP)
        crbuf_free(&msg);
    if (rc < 0) {
        /* Refused (a limit, an unknown name). */
        size_t len = (size_t)-rc < sizeof answer ? (size_t)-rc : sizeof answer;
        reject_call(ctx, promise, id, ns, name, JS_NewStringLen(ctx, (const char *)answer, len), GLUE_CALL_REFUSED);
        return promise;
    }
    if (rc > 0) {
        /* Answered at once: settle the promise now, as coderun_deliver
         * would have later. */
        size_t len = (size_t)rc < sizeof answer ? (size_t)rc : sizeof answer;
        if (settle_call(ctx, promise, id, ns, name, answer[0] == GLUE_ANSWER_VALUE, answer + 1, len - 1))
            promise_reject_exception(ctx, promise);
        return promise;
    }
    calls_put((glue_call){ id, ns, js_dup(promise), js_dup(name) });
    return promise;
}

/* A binding function's data: its namespace index, its name, and the two
 * as the call message encodes them (an ArrayBuffer nothing else can
 * reach), so a call encodes neither again. */
enum { BINDING_NS, BINDING_NAME, BINDING_HEAD, BINDING_DATA_LEN };

/* A call of a binding function: binding_call(args) -> promise. */
static JSValue binding_call(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv, int magic,
                            JSValueConst *data)
{
    size_t n;
    const uint8_t *head = JS_GetArrayBuffer(ctx, &n, data[BINDING_HEAD]);
    if (!head)
        return JS_EXCEPTION;
    /* length 1: QuickJS passes at least one argument, undefined if none */
    return start_call(ctx, (uint32_t)JS_VALUE_GET_INT(data[BINDING_NS]), data[BINDING_NAME], head, n, argv[0]);
}

/* binding(nsIndex, name) -> the function that calls `name` in namespace
 * nsIndex. It is a C function, so a call runs no bytecode before the
 * message is sent; like a method `name(args)` it has that name and length
 * 1 and is not a constructor. */
static JSValue nat_binding(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uint32_t ns;
    if (JS_ToUint32(ctx, &ns, argv[0]) || ns > INT32_MAX)
        return JS_ThrowRangeError(ctx, "coderun: bad namespace index");
    if (!is_string_value(argv[1]))
        return JS_ThrowTypeError(ctx, "coderun: a function name must be a string");
    crbuf b = { 0 };
    cbor_head(&b, 0, ns);
    cbor_string(&b, argv[1]);
    JSValue head = JS_NewArrayBufferCopy(ctx, b.data, b.len);
    crbuf_free(&b);
    if (JS_IsException(head))
        return head;
    JSValueConst data[BINDING_DATA_LEN] = { JS_NewInt32(ctx, (int32_t)ns), argv[1], head };
    JSValue fn = JS_NewCFunctionData(ctx, binding_call, 1, 0, BINDING_DATA_LEN, data);
    JS_FreeValue(ctx, head);
    if (JS_IsException(fn))
        return fn;
    JSAtom atom = JS_ValueToAtom(ctx, argv[1]);
    if (atom == JS_ATOM_NULL) {
        JS_FreeValue(ctx, fn);
        return JS_EXCEPTION;
    }
    js_function_set_properties(ctx, fn, atom, 1);
    JS_FreeAtom(ctx, atom);
    return fn;
}
