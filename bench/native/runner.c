/*
 * runner: the native side of coderun's wasm-versus-native benchmarks.
 *
 * It evaluates a workload file with QuickJS-ng compiled natively (gcc -O2,
 * from the same qjs-src package the wasm is built from) and times it. The
 * file must define a global function `work()`; the runner calls it and
 * reports how long that took.
 *
 *   runner [-n N] [-warmup W] [-shared] FILE
 *
 * By default every iteration is isolated, like a coderun run: a fresh
 * JSRuntime and JSContext, the file evaluated, work() called once, then
 * everything freed. -shared evaluates the file once in one context and calls
 * work() N times there instead.
 *
 * It prints one line of key=value pairs on stdout:
 *
 *   n=N total_ns=T work_ns=W total_mean_ns=TM work_mean_ns=WM result=JSON
 *
 * total_ns is the median time of a whole iteration (runtime and context
 * creation, evaluation, the call and teardown); work_ns is the median time
 * of the work() call alone; the _mean_ variants are arithmetic means; result
 * is JSON.stringify of what the last work() call returned, so the caller can
 * check that both sides computed the same thing. Errors go to stderr with
 * exit status 1; bad usage exits with status 2.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "quickjs.h"

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            char *grown = realloc(buf, cap + 1);
            if (!grown)
                free(buf);
            buf = grown;
        }
    }
    fclose(f);
    if (!buf)
        return NULL;
    buf[n] = 0; /* QuickJS wants the source NUL-terminated */
    *len = n;
    return buf;
}

/* die reports the pending exception of ctx and exits. */
static void die(JSContext *ctx, const char *what)
{
    JSValue exc = JS_GetException(ctx);
    const char *msg = JS_ToCString(ctx, exc);
    fprintf(stderr, "runner: %s: %s\n", what, msg ? msg : "(unprintable exception)");
    exit(1);
}

/* load evaluates the workload in ctx and returns its work function. */
static JSValue load(JSContext *ctx, const char *src, size_t len, const char *path)
{
    JSValue r = JS_Eval(ctx, src, len, path, JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(r))
        die(ctx, "evaluating the workload");
    JS_FreeValue(ctx, r);
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue fn = JS_GetPropertyStr(ctx, global, "work");
    JS_FreeValue(ctx, global);
    if (!JS_IsFunction(ctx, fn)) {
        fprintf(stderr, "runner: %s does not define a global function work()\n", path);
        exit(1);
    }
    return fn;
}

/* call runs work() and, when result is not NULL, stores its JSON there. */
static void call(JSContext *ctx, JSValueConst fn, char **result)
{
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 0, NULL);
    if (JS_IsException(r))
        die(ctx, "work()");
    if (result) {
        JSValue json = JS_JSONStringify(ctx, r, JS_UNDEFINED, JS_UNDEFINED);
        const char *s = JS_IsException(json) ? NULL : JS_ToCString(ctx, json);
        free(*result);
        *result = strdup(s ? s : "null");
        if (s)
            JS_FreeCString(ctx, s);
        JS_FreeValue(ctx, json);
    }
    JS_FreeValue(ctx, r);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int64_t median(int64_t *v, int n)
{
    qsort(v, n, sizeof *v, cmp_i64);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int64_t mean(const int64_t *v, int n)
{
    int64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    return sum / n;
}

static void usage(void)
{
    fprintf(stderr, "usage: runner [-n N] [-warmup W] [-shared] FILE\n");
    exit(2);
}

int main(int argc, char **argv)
{
    int n = 10, warmup = 1, shared = 0;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-warmup") && i + 1 < argc)
            warmup = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-shared"))
            shared = 1;
        else if (argv[i][0] != '-' && !path)
            path = argv[i];
        else
            usage();
    }
    if (!path || n < 1 || warmup < 0)
        usage();

    size_t len;
    char *src = read_file(path, &len);
    if (!src) {
        fprintf(stderr, "runner: cannot read %s\n", path);
        return 1;
    }
    int64_t *total = calloc(n, sizeof *total), *work = calloc(n, sizeof *work);
    char *result = NULL;

    JSRuntime *rt = NULL;
    JSContext *ctx = NULL;
    JSValue fn = JS_UNDEFINED;
    if (shared) {
        rt = JS_NewRuntime();
        ctx = JS_NewContext(rt);
        fn = load(ctx, src, len, path);
    }
    for (int i = -warmup; i < n; i++) {
        int64_t t0 = now_ns();
        if (!shared) {
            rt = JS_NewRuntime();
            ctx = JS_NewContext(rt);
            fn = load(ctx, src, len, path);
        }
        int64_t t1 = now_ns();
        call(ctx, fn, i == n - 1 ? &result : NULL);
        int64_t t2 = now_ns();
        if (!shared) {
            JS_FreeValue(ctx, fn);
            JS_FreeContext(ctx);
            JS_FreeRuntime(rt);
        }
        int64_t t3 = now_ns();
        if (i >= 0) {
            total[i] = t3 - t0;
            work[i] = t2 - t1;
        }
    }
    if (shared) {
        JS_FreeValue(ctx, fn);
        JS_FreeContext(ctx);
        JS_FreeRuntime(rt);
    }

    int64_t tm = mean(total, n), wm = mean(work, n);
    printf("n=%d total_ns=%lld work_ns=%lld total_mean_ns=%lld work_mean_ns=%lld result=%s\n", n,
           (long long)median(total, n), (long long)median(work, n), (long long)tm, (long long)wm,
           result ? result : "null");
    free(result);
    free(total);
    free(work);
    free(src);
    return 0;
}
