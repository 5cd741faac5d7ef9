/*
 * Dev host for the prelude: compiles the real glue.c natively (gcc) and
 * plays the host's part with a virtual clock, so prelude changes can be
 * tested without the wasm toolchain.
 *
 *   host PRELUDE.js PROGRAM.js [-b SPEC]...
 *
 * PROGRAM.js is the body of an async function (as after the TypeScript
 * transform). Each -b adds a binding namespace, in order:
 *   GLOBAL/CLASS/MEMBER/fn1,fn2,...   (CLASS empty = no error class)
 * Fake host behaviour for calls: a function named "fail..." is rejected
 * with "boom from FN", "refuse" is refused at call time (RangeError),
 * "slow..." answers after 50 virtual ms, anything else echoes its args
 * after 1 virtual ms.
 *
 * The prelude is read at run time (see prelude.h in run.sh), so the glue
 * is compiled once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

char *dev_prelude;
size_t dev_prelude_len;

#include "glue.c"

/* ---- event queue on a virtual clock ---------------------------------- */

enum { EV_TIMER, EV_DELIVER };
typedef struct {
    int kind, live;
    double due;
    uint64_t seq;
    uint32_t id, ok;
    uint8_t *payload;
    uint32_t len;
} event;

static event evq[4096];
static int nev;
static uint64_t seqno;
static double vnow;

static void push(int kind, uint32_t id, double due, uint32_t ok, const uint8_t *p, uint32_t len)
{
    if (nev == (int)(sizeof evq / sizeof evq[0])) {
        fprintf(stderr, "dev host: event queue full\n");
        exit(2);
    }
    event *e = &evq[nev++];
    e->kind = kind;
    e->live = 1;
    e->due = due;
    e->seq = seqno++;
    e->id = id;
    e->ok = ok;
    e->payload = NULL;
    e->len = len;
    if (p) {
        /* The glue frees delivered payloads with free(). */
        e->payload = malloc(len ? len : 1);
        memcpy(e->payload, p, len);
    }
}

static void drop_timer(uint32_t id)
{
    for (int i = 0; i < nev; i++)
        if (evq[i].live && evq[i].kind == EV_TIMER && evq[i].id == id)
            evq[i].live = 0;
}

static event *next_event(void)
{
    event *best = NULL;
    for (int i = 0; i < nev; i++) {
        event *e = &evq[i];
        if (e->live && (!best || e->due < best->due || (e->due == best->due && e->seq < best->seq)))
            best = e;
    }
    return best;
}

/* ---- CBOR to text (results and echoed args) ---------------------------- */

static const uint8_t *cbor_print(const uint8_t *p, const uint8_t *end)
{
    if (p >= end)
        return end;
    int major = *p >> 5, info = *p & 31;
    p++;
    uint64_t arg = info;
    if (info >= 24 && info <= 27) {
        int n = 1 << (info - 24);
        arg = 0;
        for (int i = 0; i < n && p < end; i++)
            arg = (arg << 8) | *p++;
    }
    switch (major) {
    case 0: printf("%llu", (unsigned long long)arg); break;
    case 1: printf("-%llu", (unsigned long long)arg + 1); break;
    case 3: printf("\"%.*s\"", (int)arg, p); p += arg; break;
    case 4:
        printf("[");
        for (uint64_t i = 0; i < arg; i++) {
            if (i) printf(",");
            p = cbor_print(p, end);
        }
        printf("]");
        break;
    case 5:
        printf("{");
        for (uint64_t i = 0; i < arg; i++) {
            if (i) printf(",");
            p = cbor_print(p, end);
            printf(":");
            p = cbor_print(p, end);
        }
        printf("}");
        break;
    case 7:
        if (info == 20) printf("false");
        else if (info == 21) printf("true");
        else if (info == 22) printf("null");
        else if (info == 27) {
            union { uint64_t u; double d; } u = { arg };
            printf("%.17g", u.d);
        } else printf("?");
        break;
    default: printf("?");
    }
    return p;
}

/* Skips one CBOR head; returns its argument. */
static uint64_t cbor_skip_head(const uint8_t **pp)
{
    const uint8_t *p = *pp;
    int info = *p & 31;
    p++;
    uint64_t arg = info;
    if (info >= 24 && info <= 27) {
        int n = 1 << (info - 24);
        arg = 0;
        for (int i = 0; i < n; i++)
            arg = (arg << 8) | *p++;
    }
    *pp = p;
    return arg;
}

/* ---- host imports ------------------------------------------------------ */

void host_log(const char *ptr, uint32_t len)
{
    fwrite(ptr, 1, len, stdout);
    fputc('\n', stdout);
}

void host_settle(uint32_t kind, const uint8_t *ptr, uint32_t len)
{
    if (kind == 0) {
        printf("=> RESULT ");
        if (len == 0)
            printf("undefined");
        else
            cbor_print(ptr, ptr + len);
        printf("\n");
    } else {
        printf("=> %s %.*s\n", kind == 1 ? "EXCEPTION" : "INVALID", (int)len, ptr);
    }
}

/* Intl is computed by Go (internal/intl) and tested through the real
 * engine; this host answers every request with an error. */
int32_t host_intl(const char *req, uint32_t len, char *out, uint32_t cap)
{
    const char *m = "!{\"name\":\"Error\",\"message\":\"Intl is not available in the prelude dev host\"}";
    uint32_t n = (uint32_t)strlen(m);
    if (n <= cap)
        memcpy(out, m, n);
    return (int32_t)n;
}

/* Digests and HMACs are computed by Go (internal/engine) and tested through
 * the real engine; this host knows none. */
int32_t host_crypto(int32_t op, const uint8_t *key, uint32_t key_len,
                    const uint8_t *data, uint32_t data_len, uint8_t *out)
{
    (void)op, (void)key, (void)key_len, (void)data, (void)data_len, (void)out;
    return -1;
}

/* The dev host runs plain JavaScript: positions need no mapping. */
int32_t host_map_stack(const char *text, uint32_t len, char *out, uint32_t cap)
{
    if (len <= cap)
        memcpy(out, text, len);
    return (int32_t)len;
}

/* Trimming is the wasm host's memory management; natively there is nothing
 * to give back, and no dlmalloc to ask. */
unsigned char __stack_low;
void malloc_free_regions(void (*fn)(void *start, void *end, void *arg), void *arg)
{
    (void)fn;
    (void)arg;
}
void host_discard(void *ptr, uint32_t len)
{
    (void)ptr;
    (void)len;
}

int32_t host_call(const uint8_t *msg, uint32_t len, char *err, uint32_t cap)
{
    const uint8_t *p = msg, *end = msg + len;
    cbor_skip_head(&p); /* array(4) */
    uint32_t id = cbor_skip_head(&p);
    uint32_t ns = cbor_skip_head(&p);
    uint64_t fnlen = cbor_skip_head(&p);
    char fn[256];
    snprintf(fn, sizeof fn, "%.*s", (int)fnlen, p);
    p += fnlen;
    printf("[host] call #%u ns=%u fn=\"%s\" args=", id, ns, fn);
    cbor_print(p, end);
    printf("\n");
    if (strcmp(fn, "refuse") == 0) {
        const char *m = "too many calls";
        snprintf(err, cap, "%s", m);
        return -(int32_t)strlen(m);
    }
    if (strncmp(fn, "fail", 4) == 0) {
        char m[300];
        int n = snprintf(m, sizeof m, "boom from %s", fn);
        push(EV_DELIVER, id, vnow + 1, 0, (const uint8_t *)m, n);
    } else {
        push(EV_DELIVER, id, vnow + (strncmp(fn, "slow", 4) == 0 ? 50 : 1), 1, p, end - p);
    }
    return 0;
}

void host_timer_set(uint32_t id, double delay_ms)
{
    drop_timer(id);
    push(EV_TIMER, id, vnow + delay_ms, 0, NULL, 0);
}

void host_timer_clear(uint32_t id) { drop_timer(id); }

void host_oom(uint32_t requested)
{
    printf("=> OOM (%u bytes)\n", requested);
    exit(0);
}

int32_t host_fuel_tick(void) { return 1 << 20; }

/* The fake host has no output budget. */
void host_output_reserve(int64_t json_bytes) { (void)json_bytes; }

/* ---- binding spec -------------------------------------------------------- */

static void put_text(crbuf *b, const char *s, size_t n) { cbor_text(b, s, n); }

/* GLOBAL/CLASS/MEMBER/fn1,fn2 -> [global, [fns], class|null, member|null] */
static void put_spec(crbuf *b, char *s)
{
    char *parts[4] = { 0 };
    for (int i = 0; i < 3; i++) {
        parts[i] = s;
        s = strchr(s, '/');
        if (!s) {
            fprintf(stderr, "bad -b spec\n");
            exit(2);
        }
        *s++ = 0;
    }
    parts[3] = s;
    cbor_head(b, 4, 4);
    put_text(b, parts[0], strlen(parts[0]));
    int nf = *parts[3] ? 1 : 0;
    for (char *q = parts[3]; *q; q++)
        nf += *q == ',';
    cbor_head(b, 4, nf);
    for (char *q = parts[3]; nf > 0; nf--) {
        char *c = strchr(q, ',');
        size_t n = c ? (size_t)(c - q) : strlen(q);
        put_text(b, q, n);
        q += n + (c ? 1 : 0);
    }
    if (*parts[1]) {
        put_text(b, parts[1], strlen(parts[1]));
        put_text(b, parts[2], strlen(parts[2]));
    } else {
        crbuf_byte(b, 0xf6);
        crbuf_byte(b, 0xf6);
    }
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc(n + 1);
    if (fread(buf, 1, n, f) != (size_t)n)
        exit(2);
    buf[n] = 0;
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: host PRELUDE.js PROGRAM.js [-b SPEC]...\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    dev_prelude = slurp(argv[1], &dev_prelude_len);
    size_t plen;
    char *prog = slurp(argv[2], &plen);
    const char *pre = "(async function () { \"use strict\";\n";
    const char *post = "\n})\n";
    size_t n = strlen(pre) + plen + strlen(post);
    char *src = malloc(n + 1);
    snprintf(src, n + 1, "%s%s%s", pre, prog, post);

    if (coderun_init(256u << 20) != 0)
        return 1;
    crbuf spec = { 0 };
    int nspec = 0;
    for (int i = 3; i + 1 < argc; i += 2)
        if (strcmp(argv[i], "-b") == 0)
            nspec++;
    cbor_head(&spec, 4, nspec);
    for (int i = 3; i + 1 < argc; i += 2)
        if (strcmp(argv[i], "-b") == 0)
            put_spec(&spec, argv[i + 1]);
    if (coderun_bind(spec.data, spec.len) != 0)
        return 1;

    int st = coderun_run(src, n, "program.ts");
    while (st == GLUE_STATE_PENDING) {
        event *e = next_event();
        if (!e) {
            printf("=> PENDING (nothing left to wait for)\n");
            break;
        }
        e->live = 0;
        if (e->due > vnow)
            vnow = e->due;
        if (e->kind == EV_TIMER)
            st = coderun_fire_timer(e->id);
        else
            st = coderun_deliver(e->id, e->ok, e->payload, e->len);
    }
    return 0;
}
