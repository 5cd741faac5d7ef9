/* Part of glue.c: a growable byte buffer.
 *
 * A buffer with a max stops storing once it would pass it, but keeps
 * counting: len is then the size the content would have had. The encoder
 * uses this to try a value in a small buffer and, when it does not fit,
 * learn its exact size without allocating it (see encode.c). */

typedef struct {
    uint8_t *data;
    size_t len, cap;
    size_t max;   /* 0 = unbounded */
    int overflow; /* past max: nothing more is stored, len still counts */
} crbuf;

/* Makes room for n more bytes at data + len. Returns -1 (and only counts)
 * once the buffer is past its max. */
static int crbuf_reserve(crbuf *b, size_t n)
{
    if (b->overflow || (b->max && b->len + n > b->max)) {
        b->overflow = 1;
        b->len += n;
        return -1;
    }
    if (b->len + n <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n)
        cap *= 2;
    uint8_t *d = glue_realloc(NULL, b->data, cap);
    b->data = d;
    b->cap = cap;
    return 0;
}

static void crbuf_put(crbuf *b, const void *p, size_t n)
{
    if (crbuf_reserve(b, n) == 0) {
        memcpy(b->data + b->len, p, n);
        b->len += n;
    }
}

static void crbuf_byte(crbuf *b, uint8_t c) { crbuf_put(b, &c, 1); }

static void crbuf_free(crbuf *b)
{
    glue_free_fn(NULL, b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->overflow = 0;
}
