/*
 * The guest's malloc: Doug Lea's dlmalloc 2.8.6, from the source of the
 * wasi-libc that the toolchain links (build.sh fetches it, pinned by hash),
 * configured here. This is the one file of glue/ compiled on its own: the
 * rest is one translation unit with quickjs.c (glue.c).
 *
 * Why not wasi-libc's own build of the same allocator: that build leaves
 * out malloc_inspect_all, and coderun needs it. A run that waits for a
 * binding call keeps every page its instance ever wrote, including the
 * megabytes of a string it built and dropped long ago; the heap is free
 * there, but only the allocator knows where. coderun_trim (exports.c) walks
 * the heap with malloc_inspect_all while the run waits and tells the host
 * which whole pages hold nothing, so it can give them back to the OS.
 *
 * The configuration below is wasi-libc's, plus MALLOC_INSPECT_ALL.
 */
#include <malloc.h>
#include <stddef.h>

/* WebAssembly has no mmap: every chunk comes from sbrk (memory.grow). */
#define HAVE_MMAP 0
/* Linear memory never shrinks, so dlmalloc must not try to trim it. */
#define MORECORE_CANNOT_TRIM 1
/* A corrupted heap (a check dlmalloc makes on free and realloc) traps and
 * ends the run; wasi-libc's build says __builtin_unreachable() here, which
 * lets the compiler drop the checks. */
#define ABORT __builtin_trap()
/* No time-derived magic number: the snapshot is built reproducibly. */
#define LACKS_TIME_H 1
/* Statistics are unused. */
#define NO_MALLINFO 1
#define NO_MALLOC_STATS 1
/* The alignment wasi-libc's malloc gives, so nothing about memory use
 * changes with this build. */
#define MALLOC_ALIGNMENT 16
/* The reason for this file. */
#define MALLOC_INSPECT_ALL 1
/* dlmalloc's names stay internal ("dl" prefix, static); the C library's
 * names are defined below. */
#define USE_DL_PREFIX 1
#define DLMALLOC_EXPORT static inline

static size_t dlmalloc_usable_size(void *);

#include "malloc.c"

void *malloc(size_t size) { return dlmalloc(size); }
void free(void *ptr) { dlfree(ptr); }
void *calloc(size_t count, size_t size) { return dlcalloc(count, size); }
void *realloc(void *ptr, size_t size) { return dlrealloc(ptr, size); }
void *aligned_alloc(size_t alignment, size_t size) { return dlmemalign(alignment, size); }
size_t malloc_usable_size(void *ptr) { return dlmalloc_usable_size(ptr); }

int posix_memalign(void **out, size_t alignment, size_t size)
{
    return dlposix_memalign(out, alignment, size);
}

/* wasi-libc's other parts (musl's code) call these names. */
void *__libc_malloc(size_t) __attribute__((alias("malloc")));
void __libc_free(void *) __attribute__((alias("free")));
void *__libc_calloc(size_t, size_t) __attribute__((alias("calloc")));

/* malloc_free_regions calls fn for every region of the heap that holds no
 * allocation and no allocator bookkeeping, with its start and end. */
void malloc_free_regions(void (*fn)(void *start, void *end, void *arg), void *arg);

struct free_regions {
    void (*fn)(void *start, void *end, void *arg);
    void *arg;
};

static void visit_region(void *start, void *end, size_t used, void *arg)
{
    struct free_regions *r = arg;
    if (used == 0)
        r->fn(start, end, r->arg);
}

void malloc_free_regions(void (*fn)(void *start, void *end, void *arg), void *arg)
{
    struct free_regions r = {fn, arg};
    dlmalloc_inspect_all(visit_region, &r);
}
