/* Part of glue.c: JavaScript strings to UTF-8.
 *
 * Every string that leaves the guest (values, call arguments and names, log
 * lines, exception messages) goes through here, so one rule holds
 * everywhere: a lone surrogate becomes one U+FFFD, as Node does when it
 * writes a string out. (QuickJS's own JS_ToCString writes a lone surrogate
 * as three bytes that are not UTF-8, which the host would reject or turn
 * into three replacement characters.)
 *
 * The string is read in place, ropes included, without an intermediate
 * copy: a measuring pass gives the exact UTF-8 size (and the JSON-escaped
 * size the host's output budget counts) before anything is allocated. */

/* The size of a string's output form. */
typedef struct {
    size_t utf8; /* bytes of UTF-8 */
    size_t json; /* bytes of its JSON string content (escapes counted, quotes not) */
} strsize;

/* The conversion state: out is NULL when only measuring. A high surrogate
 * at the end of one rope piece may pair with a low one at the start of the
 * next, so it waits in `high`. */
typedef struct {
    uint8_t *out;
    strsize size;
    uint32_t high; /* a high surrogate not yet written, or 0 */
} u8conv;

/* JSON escapes as the host counts them (run.go, jsonStringLen): two bytes
 * for the short escapes, six for other control characters. */
static inline size_t json_extra(uint32_t c)
{
    switch (c) {
    case '"': case '\\': case '\n': case '\r': case '\t': case '\b': case '\f':
        return 1;
    default:
        return c < 0x20 ? 5 : 0;
    }
}

static inline void u8_code_point(u8conv *c, uint32_t cp)
{
    size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    c->size.utf8 += n;
    c->size.json += n + (cp < 0x80 ? json_extra(cp) : 0);
    if (!c->out)
        return;
    uint8_t *d = c->out;
    switch (n) {
    case 1:
        d[0] = cp;
        break;
    case 2:
        d[0] = 0xc0 | cp >> 6;
        d[1] = 0x80 | (cp & 0x3f);
        break;
    case 3:
        d[0] = 0xe0 | cp >> 12;
        d[1] = 0x80 | ((cp >> 6) & 0x3f);
        d[2] = 0x80 | (cp & 0x3f);
        break;
    default:
        d[0] = 0xf0 | cp >> 18;
        d[1] = 0x80 | ((cp >> 12) & 0x3f);
        d[2] = 0x80 | ((cp >> 6) & 0x3f);
        d[3] = 0x80 | (cp & 0x3f);
        break;
    }
    c->out = d + n;
}

/* Writes a waiting high surrogate, which nothing can pair any more. */
static inline void u8_flush(u8conv *c)
{
    if (c->high) {
        u8_code_point(c, 0xfffd);
        c->high = 0;
    }
}

/* One UTF-16 code unit. */
static inline void u8_unit(u8conv *c, uint32_t u)
{
    if (c->high && u >= 0xdc00 && u <= 0xdfff) {
        u8_code_point(c, 0x10000 + ((c->high - 0xd800) << 10) + (u - 0xdc00));
        c->high = 0;
        return;
    }
    u8_flush(c);
    if (u >= 0xd800 && u <= 0xdbff)
        c->high = u;
    else if (u >= 0xdc00 && u <= 0xdfff)
        u8_code_point(c, 0xfffd);
    else
        u8_code_point(c, u);
}

static void u8_piece(u8conv *c, JSString *p)
{
    uint32_t n = p->len;
    if (p->is_wide_char) {
        const uint16_t *s = strv(p);
        for (uint32_t i = 0; i < n; i++)
            u8_unit(c, s[i]);
        return;
    }
    const uint8_t *s = strv(p);
    if (n)
        u8_flush(c); /* a Latin-1 piece cannot complete a pair */
    for (uint32_t i = 0; i < n; i++)
        u8_code_point(c, s[i]);
}

/* Feeds every piece of string value v (a string or a rope) to c. */
static void u8_string(u8conv *c, JSValueConst v)
{
    if (JS_VALUE_GET_TAG(v) == JS_TAG_STRING) {
        u8_piece(c, JS_VALUE_GET_STRING(v));
    } else {
        JSStringRopeIter it;
        JSString *p;
        string_rope_iter_init(&it, v);
        while ((p = string_rope_iter_next(&it)))
            u8_piece(c, p);
    }
    u8_flush(c);
}

static int is_string_value(JSValueConst v)
{
    int tag = JS_VALUE_GET_TAG(v);
    return tag == JS_TAG_STRING || tag == JS_TAG_STRING_ROPE;
}

/* The output size of string value v. */
static strsize utf8_measure(JSValueConst v)
{
    u8conv c = { 0 };
    u8_string(&c, v);
    return c.size;
}

/* Writes the UTF-8 form of v, whose size utf8_measure gave, at out. */
static void utf8_write(JSValueConst v, uint8_t *out)
{
    u8conv c = { out };
    u8_string(&c, v);
}

/* Appends the UTF-8 form of string value v to b (or only counts it, once b
 * is past its max). */
static void crbuf_put_string(crbuf *b, JSValueConst v, size_t utf8_len)
{
    if (crbuf_reserve(b, utf8_len) == 0) {
        utf8_write(v, b->data + b->len);
        b->len += utf8_len;
    }
}

/* ---- texts for the host ---- */

/* Texts the host counts against MaxOutputBytes (log lines, exception
 * messages) are announced to it before they are converted once they are
 * this long, so one that cannot fit ends the run before its copy is
 * allocated. */
#define GLUE_TEXT_ANNOUNCE (64 * 1024)
/* The text buffer is kept between texts unless it grew past this. */
#define GLUE_TEXT_KEEP 4096

static crbuf glue_text;

/* Converts string value s into glue_text and returns its length in bytes.
 * count_json says which size the host counts for it: the JSON-escaped one
 * for a log line, the UTF-8 one for an exception message. */
static size_t text_utf8(JSValueConst s, int count_json)
{
    strsize z = utf8_measure(s);
    size_t counted = count_json ? z.json : z.utf8;
    if (counted > GLUE_TEXT_ANNOUNCE)
        host_output_reserve(counted);
    if (glue_text.cap < z.utf8 || !glue_text.data) {
        glue_text.data = glue_realloc(NULL, glue_text.data, z.utf8 ? z.utf8 : 1);
        glue_text.cap = z.utf8 ? z.utf8 : 1;
    }
    utf8_write(s, glue_text.data);
    glue_text.len = z.utf8;
    return z.utf8;
}

/* Frees a large text buffer once the host has read it. */
static void text_done(void)
{
    if (glue_text.cap > GLUE_TEXT_KEEP)
        crbuf_free(&glue_text);
}
