/* Part of glue.c: CBOR from the host (call results, the binding spec) to JS values. */

/* The host is trusted, but a decoding bug must not corrupt the guest: every
 * read is bounds-checked and nesting is capped. */
typedef struct {
    const uint8_t *p, *end;
    int depth;
} crdec;

static int dec_head(crdec *d, int *major, int *info, uint64_t *arg)
{
    if (d->p >= d->end)
        return -1;
    uint8_t b = *d->p++;
    *major = b >> 5;
    *info = b & 31;
    if (*info < 24) {
        *arg = *info;
        return 0;
    }
    int n = *info == 24 ? 1 : *info == 25 ? 2 : *info == 26 ? 4 : *info == 27 ? 8 : -1;
    if (n < 0 || d->end - d->p < n)
        return -1;
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = (v << 8) | *d->p++;
    *arg = v;
    return 0;
}

static double half_to_double(uint16_t h)
{
    int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
    double v;
    if (exp == 0)
        v = ldexp(mant, -24);
    else if (exp != 31)
        v = ldexp(mant + 1024, exp - 25);
    else
        v = mant == 0 ? INFINITY : NAN;
    return (h & 0x8000) ? -v : v;
}

static JSValue dec_value(JSContext *ctx, crdec *d)
{
    int major, info;
    uint64_t arg;
    if (d->depth > GLUE_MAX_DEPTH + 8 || dec_head(d, &major, &info, &arg))
        return JS_ThrowInternalError(ctx, "coderun: malformed CBOR from host");
    switch (major) {
    case 0:
        return JS_NewNumber(ctx, (double)arg);
    case 1:
        return JS_NewNumber(ctx, -1.0 - (double)arg);
    case 3:
        if ((uint64_t)(d->end - d->p) < arg)
            return JS_ThrowInternalError(ctx, "coderun: truncated CBOR string");
        d->p += arg;
        return JS_NewStringLen(ctx, (const char *)d->p - arg, arg);
    case 4: {
        if (arg > (uint64_t)(d->end - d->p))
            return JS_ThrowInternalError(ctx, "coderun: truncated CBOR array");
        JSValue a = JS_NewArray(ctx);
        d->depth++;
        for (uint64_t i = 0; i < arg; i++) {
            JSValue el = dec_value(ctx, d);
            if (JS_IsException(el) ||
                JS_DefinePropertyValueUint32(ctx, a, i, el, JS_PROP_C_W_E) < 0) {
                JS_FreeValue(ctx, a);
                return JS_EXCEPTION;
            }
        }
        d->depth--;
        return a;
    }
    case 5: {
        if (arg > (uint64_t)(d->end - d->p))
            return JS_ThrowInternalError(ctx, "coderun: truncated CBOR map");
        JSValue o = JS_NewObject(ctx);
        d->depth++;
        for (uint64_t i = 0; i < arg; i++) {
            int kmajor, kinfo;
            uint64_t klen;
            if (dec_head(d, &kmajor, &kinfo, &klen) || kmajor != 3 ||
                (uint64_t)(d->end - d->p) < klen) {
                JS_FreeValue(ctx, o);
                return JS_ThrowInternalError(ctx, "coderun: CBOR map key is not text");
            }
            JSAtom a = JS_NewAtomLen(ctx, (const char *)d->p, klen);
            d->p += klen;
            JSValue val = dec_value(ctx, d);
            /* Define, never assign: a "__proto__" key from the host is an
             * ordinary own property. */
            int rc = JS_IsException(val) ? -1
                     : JS_DefinePropertyValue(ctx, o, a, val, JS_PROP_C_W_E);
            JS_FreeAtom(ctx, a);
            if (rc < 0) {
                JS_FreeValue(ctx, o);
                return JS_EXCEPTION;
            }
        }
        d->depth--;
        return o;
    }
    case 7:
        switch (info) {
        case 20: return JS_FALSE;
        case 21: return JS_TRUE;
        case 22: return JS_NULL;
        case 25: return JS_NewFloat64(ctx, half_to_double(arg));
        case 26: {
            union { uint32_t u; float f; } u = { (uint32_t)arg };
            return JS_NewFloat64(ctx, u.f);
        }
        case 27: {
            union { uint64_t u; double f; } u = { arg };
            return JS_NewFloat64(ctx, u.f);
        }
        }
        break;
    }
    return JS_ThrowInternalError(ctx, "coderun: unsupported CBOR item from host");
}

static JSValue decode_cbor(JSContext *ctx, const uint8_t *p, size_t len)
{
    crdec d = { p, p + len, 0 };
    JSValue v = dec_value(ctx, &d);
    if (!JS_IsException(v) && d.p != d.end) {
        JS_FreeValue(ctx, v);
        return JS_ThrowInternalError(ctx, "coderun: trailing bytes in CBOR from host");
    }
    return v;
}

