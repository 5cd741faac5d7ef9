/*
 * coderun guest glue: drives QuickJS-ng inside a wasm32-wasi reactor.
 *
 * The host drives the event loop. Every export runs to completion and
 * returns with an empty wasm call stack; the guest never blocks inside an
 * import. Between two exports, the whole state of a run is linear memory and
 * globals, which is what makes a pre-initialised snapshot possible.
 *
 * The ABI (imports, exports, message formats) is documented in ../ABI.md.
 *
 * This file is the one translation unit (but for the allocator,
 * dlmalloc.c): quickjs.c is included, not linked,
 * so the glue can read class ids, string and array layouts directly while
 * walking values (the lossless-JSON check and the CBOR encoding happen in one
 * pass over the JSValue graph). The other files in this directory are parts
 * of it, included at the end in dependency order; each says what it holds.
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
/* The guest is about to send output (a log line, the completion value or an
 * exception message) that the host will count as at least json_bytes
 * against MaxOutputBytes. Called before a large output is converted or
 * encoded, so the host can end the run (output-limit) before the guest
 * spends memory on it; returns only if it may fit. */
GLUE_IMPORT(output_reserve) void host_output_reserve(int64_t json_bytes);
/* ECMA-402 services (Intl, toLocaleString): a JSON request in, the JSON
 * response written to out when it fits in cap. Returns the response's
 * length; more than cap means call again with a buffer that large. */
GLUE_IMPORT(intl) int32_t host_intl(const char *req, uint32_t len, char *out, uint32_t cap);
/* Maps the positions "program.ts:LINE:COLUMN" in a stack's text from the
 * evaluated JavaScript to the program's TypeScript; same buffer protocol
 * as intl. */
GLUE_IMPORT(map_stack) int32_t host_map_stack(const char *text, uint32_t len, char *out, uint32_t cap);
/* crypto.subtle's digests and HMACs, computed by the host: op is a
 * GLUE_CRYPTO_* hash, plus GLUE_CRYPTO_HMAC with a key. Writes the result
 * (at most 64 bytes) to out and returns its length, or -1 for an op the
 * host does not know. */
GLUE_IMPORT(crypto) int32_t host_crypto(int32_t op, const uint8_t *key, uint32_t key_len,
                                        const uint8_t *data, uint32_t data_len, uint8_t *out);
/* The whole pages [ptr, ptr+len) hold nothing the guest will read before
 * writing it again (coderun_trim): the host may give them back to the OS. */
GLUE_IMPORT(discard) void host_discard(void *ptr, uint32_t len);
/* Memory exhausted: never returns (the host ends the run). */
GLUE_IMPORT(oom) void host_oom(uint32_t requested);
/* Called by instrumented loop headers every quantum back-edges; returns the
 * next quantum. Declared here so the instrumenter finds the import. */
GLUE_IMPORT(fuel_tick) int32_t host_fuel_tick(void);

enum {
    GLUE_SETTLE_VALUE = 0,     /* CBOR value; empty payload = undefined */
    GLUE_SETTLE_EXCEPTION = 1, /* UTF-8 message */
    GLUE_SETTLE_INVALID = 2,   /* UTF-8 message: value is not lossless JSON */
    GLUE_SETTLE_UNHANDLED = 3, /* call id (u32 LE, 0: none), then UTF-8 message:
                                * a rejection nothing handled */
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

#include "alloc.c"   /* the accounting allocator that ends the run on exhaustion */
#include "buffer.c"  /* growable byte buffer */
#include "utf8.c"    /* JS strings to UTF-8, lone surrogates as U+FFFD */
#include "encode.c"  /* lossless JSON to CBOR, with the path of a refusal */
#include "decode.c"  /* CBOR from the host to JS values */
#include "rejections.c" /* rejections nothing handles, and the call they came from */
#include "calls.c"   /* binding calls: the pending table, promises, native.binding */
#include "natives.c" /* the other functions handed to the prelude */
#include "inspect.c" /* natives for console.log: promise state, proxies, iterators */
#include "settle.c"  /* settling the run and draining jobs */
#include "exports.c" /* the module's exports */
