/* Part of glue.c: the allocator QuickJS uses, which ends the run instead of throwing. */

/* QuickJS reports an exhausted JS_SetMemoryLimit as a catchable
 * InternalError; a program could swallow it and go on near the limit. The
 * run's contract is that exhausting memory is a substrate death, so the
 * allocator calls the host, which ends the run. */

static void *glue_malloc(void *opaque, size_t size)
{
    (void)opaque;
    if (glue_mem_used + size > glue_mem_limit)
        host_oom(size);
    void *p = malloc(size);
    if (!p) {
        host_oom(size);
        return NULL;
    }
    glue_mem_used += malloc_usable_size(p);
    return p;
}

static void *glue_calloc(void *opaque, size_t count, size_t size)
{
    (void)opaque;
    size_t total;
    if (__builtin_mul_overflow(count, size, &total))
        host_oom(UINT32_MAX);
    if (glue_mem_used + total > glue_mem_limit)
        host_oom(total);
    void *p = calloc(count, size);
    if (!p) {
        host_oom(total);
        return NULL;
    }
    glue_mem_used += malloc_usable_size(p);
    return p;
}

static void glue_free_fn(void *opaque, void *ptr)
{
    (void)opaque;
    if (!ptr)
        return;
    glue_mem_used -= malloc_usable_size(ptr);
    free(ptr);
}

static void *glue_realloc(void *opaque, void *ptr, size_t size)
{
    (void)opaque;
    size_t old = ptr ? malloc_usable_size(ptr) : 0;
    if (size == 0) {
        glue_free_fn(opaque, ptr);
        return NULL;
    }
    if (size > old && glue_mem_used - old + size > glue_mem_limit)
        host_oom(size);
    void *p = realloc(ptr, size);
    if (!p) {
        host_oom(size);
        return NULL;
    }
    glue_mem_used = glue_mem_used - old + malloc_usable_size(p);
    return p;
}

static size_t glue_usable_size(const void *ptr)
{
    return ptr ? malloc_usable_size((void *)ptr) : 0;
}

static const JSMallocFunctions glue_malloc_functions = {
    glue_calloc, glue_malloc, glue_free_fn, glue_realloc, glue_usable_size,
};

