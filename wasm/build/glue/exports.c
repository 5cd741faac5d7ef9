/* Part of glue.c: the module's exports (ABI.md lists them) and what only
 * they use. */

/* Math.random replacement state lives in ctx->random_state; reseeding it
 * per run keeps a pre-initialised snapshot from repeating sequences. */
static void reseed(void)
{
    uint64_t s = 0;
    while (s == 0)
        getentropy(&s, sizeof s);
    glue_ctx->random_state = s;
}

/* import() is not available. */

static JSModuleDef *no_modules(JSContext *ctx, const char *name, void *opaque)
{
    JS_ThrowReferenceError(ctx, "import('%s') is not available: coderun programs have no modules, files or network; use the bindings you were given", name);
    return NULL;
}

/* ---- exports ----
 *
 * The host calls every operation through one export, coderun_entry, with
 * an operation number: wazero gives each function handle a host needs its
 * own 10 KiB call stack, allocated and zeroed per instance, and a run used
 * three to five of them. The operations are the static functions below. */

static void *coderun_alloc(uint32_t size)
{
    return malloc(size ? size : 1);
}

static void coderun_free(void *p)
{
    free(p);
}

/* Keeps the fuel_tick import alive for the instrumenter; never called. */
GLUE_EXPORT(coderun_fuel_probe) int32_t coderun_fuel_probe(void)
{
    return host_fuel_tick();
}

/* ---- giving free pages back ---- */

/* malloc_free_regions (dlmalloc.c) visits the heap's free regions. */
void malloc_free_regions(void (*fn)(void *start, void *end, void *arg), void *arg);
/* wasm-ld's bounds of the shadow stack, which --stack-first puts below the
 * data. */
extern unsigned char __stack_low;

#define GLUE_PAGE 4096u

/* discard_pages hands the whole pages inside [start, end) to the host. */
static void discard_pages(void *start, void *end, void *arg)
{
    (void)arg;
    uintptr_t lo = ((uintptr_t)start + GLUE_PAGE - 1) & ~(uintptr_t)(GLUE_PAGE - 1);
    uintptr_t hi = (uintptr_t)end & ~(uintptr_t)(GLUE_PAGE - 1);
    if (lo < hi)
        host_discard((void *)lo, hi - lo);
}

/* coderun_trim tells the host which pages hold nothing: the heap's free
 * regions, and the shadow stack below what this call itself may use. The
 * host calls it while a run waits, so a run that built and dropped a large
 * value does not keep its pages resident while it waits for a binding call
 * or a timer. It changes nothing the program can observe: no collection
 * runs, and no allocation is made. */
static void coderun_trim(void)
{
    malloc_free_regions(discard_pages, NULL);
    /* The stack grows down from __stack_high; everything under this frame
     * is dead between two exports. The margin leaves room for the frames
     * of the calls made from here, discard's included. */
    unsigned char here;
    uintptr_t in_use = (uintptr_t)&here - 16 * 1024;
    if (in_use > (uintptr_t)&__stack_low)
        discard_pages(&__stack_low, (void *)in_use, NULL);
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
        JS_CFUNC_DEF("crypto", 3, nat_crypto),
        JS_CFUNC_DEF("binding", 2, nat_binding),
        JS_CFUNC_DEF("intl", 1, nat_intl),
        JS_CFUNC_DEF("mapStack", 1, nat_map_stack),
        JS_CFUNC_DEF("promiseState", 1, nat_promise_state),
        JS_CFUNC_DEF("proxyDetails", 1, nat_proxy_details),
        JS_CFUNC_DEF("previewEntries", 2, nat_preview_entries),
    };
    JSValue o = JS_NewObjectProto(ctx, JS_NULL);
    JS_SetPropertyFunctionList(ctx, o, fns, countof(fns));
    return o;
}

/* coderun_init creates the runtime and context and evaluates the prelude.
 * mem_limit bounds the guest heap in bytes. Returns 0 or -1 (settled with
 * an exception message). */
static int32_t coderun_init(uint32_t mem_limit)
{
    if (glue_ctx)
        return -1; /* already initialised */
    glue_mem_limit = mem_limit;
    glue_rt = JS_NewRuntime2(&glue_malloc_functions, NULL);
    JS_SetMaxStackSize(glue_rt, GLUE_STACK_SIZE - GLUE_STACK_MARGIN);
    JS_SetModuleLoaderFunc(glue_rt, NULL, no_modules, NULL);
    glue_ctx = JS_NewContext(glue_rt);
    rejections_init();
    reseed();

    /* The prelude's calls get no callee texts for error messages (see the
     * v8-error-messages patch): a program never sees its errors' wording,
     * and the texts would grow every instance's memory image. */
    glue_rt->no_callee_names = true;
    JSValue fn = JS_Eval(glue_ctx, glue_prelude, sizeof glue_prelude - 1, "prelude.js",
                         JS_EVAL_TYPE_GLOBAL | JS_EVAL_FLAG_STRICT);
    glue_rt->no_callee_names = false;
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
    /* QuickJS keeps the backtrace of the last error built outside any
     * frame (the prelude builds one, in prelude/65-stacks.js) until the
     * next top-level eval frees it. Left in the snapshot, every run paid
     * for freeing it in coderun_run: the cold start's p50 went from about
     * 110 to 220 µs (bench/ BenchmarkColdStart). */
    JS_FreeValue(glue_ctx, glue_ctx->error_back_trace);
    glue_ctx->error_back_trace = JS_UNDEFINED;
    /* Nothing the prelude did is a program's rejection. */
    JS_FreeValue(glue_ctx, unhandled_rejection());
    return 0;
}

/* coderun_set_heap_limit sets the heap limit of an instance whose memory
 * was restored from a suspended run: the limit in that memory is the one the
 * run started with, and the Runtime resuming it applies its own. Nothing
 * else changes, unlike coderun_reseed. */
static void coderun_set_heap_limit(uint32_t mem_limit)
{
    glue_mem_limit = mem_limit;
}

/* coderun_reseed readies an initialised instance for a new run: the heap
 * limit, Math.random's state and performance's time origin. The host calls
 * it on every instance of a pre-initialised snapshot, whose memory was
 * captured right after coderun_init. Returns -1 if the instance was never
 * initialised (a plain module: call _initialize and coderun_init instead). */
static int32_t coderun_reseed(uint32_t mem_limit)
{
    if (!glue_ctx)
        return -1;
    glue_mem_limit = mem_limit;
    reseed();
    glue_ctx->time_origin = js__now_ms();
    /* performance.timeOrigin is a read-only data property captured at
     * init; the snapshot's value is stale, so it is rewritten in place.
     * QuickJS sets it to the monotonic clock's origin, which is what
     * performance.now() counts from; Node's is the wall-clock time (ms since
     * the Unix epoch) at that origin, so that timeOrigin + now() reads like
     * Date.now(). A deterministic run's wall clock is virtual, so there it
     * is the virtual epoch. */
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME, &wall);
    double time_origin = wall.tv_sec * 1e3 + wall.tv_nsec / 1e6;
    JSValue perf = JS_GetPropertyStr(glue_ctx, glue_ctx->global_obj, "performance");
    if (JS_IsObject(perf)) {
        JSProperty *pr;
        JSAtom a = JS_NewAtom(glue_ctx, "timeOrigin");
        JSShapeProperty *prs = find_own_property(&pr, JS_VALUE_GET_OBJ(perf), a);
        if (prs && (prs->flags & JS_PROP_TMASK) == JS_PROP_NORMAL)
            set_value(glue_ctx, &pr->u.value, js_float64(time_origin));
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
 * [[global, [fn...], errorClassName|null, member|null, [hidden fn...]?], ...]. */
static int32_t coderun_bind(const uint8_t *spec, uint32_t len)
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
        JS_SetPropertyStr(ctx, o, "hidden", JS_GetPropertyUint32(ctx, t, 4));
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
static int32_t coderun_run(const char *src, uint32_t len, const char *filename)
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
static int32_t coderun_fire_timer(uint32_t id)
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
static int32_t coderun_deliver(uint32_t id, uint32_t ok, uint8_t *payload, uint32_t len)
{
    JSContext *ctx = glue_ctx;
    glue_call c;
    if (glue_settled || !calls_take(id, &c)) {
        free(payload);
        return glue_settled ? GLUE_STATE_SETTLED : drain();
    }
    int rc = settle_call(ctx, c.promise, c.id, c.ns, c.name, ok, payload, len);
    free(payload);
    JS_FreeValue(ctx, c.promise);
    JS_FreeValue(ctx, c.name);
    if (rc) {
        settle_exception(JS_GetException(ctx));
        return GLUE_STATE_SETTLED;
    }
    return drain();
}

/* The operations of coderun_entry; ABI.md lists them with their arguments. */
enum {
    GLUE_OP_ALLOC = 0,
    GLUE_OP_FREE = 1,
    GLUE_OP_INIT = 2,
    GLUE_OP_RESEED = 3,
    GLUE_OP_SET_HEAP_LIMIT = 4,
    GLUE_OP_BIND = 5,
    GLUE_OP_RUN = 6,
    GLUE_OP_FIRE_TIMER = 7,
    GLUE_OP_DELIVER = 8,
    GLUE_OP_TRIM = 9,
};

/* coderun_entry runs operation op with up to four arguments and returns
 * its result (0 for an operation without one). An unknown op traps: the
 * host and the module disagree about the ABI. */
GLUE_EXPORT(coderun_entry) int32_t coderun_entry(uint32_t op, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    switch (op) {
    case GLUE_OP_ALLOC:
        return (int32_t)(uintptr_t)coderun_alloc(a);
    case GLUE_OP_FREE:
        coderun_free((void *)(uintptr_t)a);
        return 0;
    case GLUE_OP_INIT:
        return coderun_init(a);
    case GLUE_OP_RESEED:
        return coderun_reseed(a);
    case GLUE_OP_SET_HEAP_LIMIT:
        coderun_set_heap_limit(a);
        return 0;
    case GLUE_OP_BIND:
        return coderun_bind((const uint8_t *)(uintptr_t)a, b);
    case GLUE_OP_RUN:
        return coderun_run((const char *)(uintptr_t)a, b, (const char *)(uintptr_t)c);
    case GLUE_OP_FIRE_TIMER:
        return coderun_fire_timer(a);
    case GLUE_OP_DELIVER:
        return coderun_deliver(a, b, (uint8_t *)(uintptr_t)c, d);
    case GLUE_OP_TRIM:
        coderun_trim();
        return 0;
    }
    __builtin_trap();
}
