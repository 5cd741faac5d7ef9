/*
 * coderun guest glue for CPython: the ABI of wasm/build/ABI.md, as the
 * QuickJS-ng guest implements it, for a Python interpreter.
 *
 * The C here is the part that must be C: the module's one export, the host
 * imports, an allocator that counts the heap, and the namespace objects a
 * program must not be able to change (a type defined in C is immutable to
 * Python code; a class written in Python is not). Everything else (the
 * event loop the host steps, CBOR, the program's compilation, output) is
 * Python, in wasm/python/guest/_coderun.py, which init imports.
 */
#include "Python.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GLUE_EXPORT(name) __attribute__((export_name(#name))) __attribute__((used))
#define GLUE_IMPORT(name) __attribute__((import_module("coderun"), import_name(#name)))

/* ---- host imports (ABI.md describes each) ------------------------------- */

GLUE_IMPORT(log) void host_log(const char *ptr, uint32_t len);
GLUE_IMPORT(settle) void host_settle(uint32_t kind, const char *ptr, uint32_t len);
GLUE_IMPORT(call) int32_t host_call(const char *msg, uint32_t len, char *buf, uint32_t cap);
GLUE_IMPORT(timer_set) void host_timer_set(uint32_t id, double delay_ms);
GLUE_IMPORT(timer_clear) void host_timer_clear(uint32_t id);
GLUE_IMPORT(output_reserve) void host_output_reserve(int64_t json_bytes);
GLUE_IMPORT(oom) void host_oom(uint32_t requested);
GLUE_IMPORT(fuel_tick) int32_t host_fuel_tick(void);

enum { GLUE_SETTLE_EXCEPTION = 1 };
enum { GLUE_STATE_PENDING = 0, GLUE_STATE_SETTLED = 1 };

/* Keeps the fuel_tick import alive for the instrumenter; never called. */
GLUE_EXPORT(coderun_fuel_probe) int32_t coderun_fuel_probe(void)
{
    return host_fuel_tick();
}

/* ---- the counting allocator --------------------------------------------
 *
 * Every byte the interpreter allocates comes from these functions, through
 * the raw domain and the arena allocator (with pymalloc) or all domains
 * (without). Exhausting the limit calls the host, which ends the run:
 * a MemoryError would be catchable, and a program could go on near the
 * limit. The limit covers Python's allocations only; the host's buffers
 * (alloc) are not the program's. */

static uint64_t glue_mem_limit = UINT64_MAX;
static int64_t glue_mem_used;

static void *count_malloc(void *ctx, size_t size)
{
    (void)ctx;
    if (glue_mem_used + (int64_t)size > (int64_t)glue_mem_limit)
        host_oom(size);
    void *p = malloc(size ? size : 1);
    if (!p)
        host_oom(size);
    glue_mem_used += malloc_usable_size(p);
    return p;
}

static void *count_calloc(void *ctx, size_t n, size_t size)
{
    (void)ctx;
    size_t total;
    if (__builtin_mul_overflow(n, size, &total))
        host_oom(UINT32_MAX);
    if (glue_mem_used + (int64_t)total > (int64_t)glue_mem_limit)
        host_oom(total);
    void *p = calloc(total ? total : 1, 1);
    if (!p)
        host_oom(total);
    glue_mem_used += malloc_usable_size(p);
    return p;
}

static void count_free(void *ctx, void *p)
{
    (void)ctx;
    if (!p)
        return;
    glue_mem_used -= malloc_usable_size(p);
    free(p);
}

static void *count_realloc(void *ctx, void *p, size_t size)
{
    if (!p)
        return count_malloc(ctx, size);
    size_t old = malloc_usable_size(p);
    if (size > old && glue_mem_used - (int64_t)old + (int64_t)size > (int64_t)glue_mem_limit)
        host_oom(size);
    void *q = realloc(p, size ? size : 1);
    if (!q)
        host_oom(size);
    glue_mem_used += (int64_t)malloc_usable_size(q) - (int64_t)old;
    return q;
}

/* The frames' data stack comes from the arena allocator: counted too, so
 * that deep recursion under a raised recursion limit ends at the heap
 * limit. */
static void *count_arena_alloc(void *ctx, size_t size) { return count_malloc(ctx, size); }
static void count_arena_free(void *ctx, void *p, size_t size)
{
    (void)size;
    count_free(ctx, p);
}

static void install_allocators(void)
{
    PyMemAllocatorEx a = {NULL, count_malloc, count_calloc, count_realloc, count_free};
    PyMem_SetAllocator(PYMEM_DOMAIN_RAW, &a);
#ifndef WITH_PYMALLOC
    PyMem_SetAllocator(PYMEM_DOMAIN_MEM, &a);
    PyMem_SetAllocator(PYMEM_DOMAIN_OBJ, &a);
#endif
    /* With pymalloc, the object and memory domains stay its own: it takes
     * its 256 KiB arenas from the arena allocator and its large blocks
     * from the raw domain, both counted here. */
    PyObjectArenaAllocator arena = {NULL, count_arena_alloc, count_arena_free};
    PyObject_SetArenaAllocator(&arena);
}

/* ---- namespace objects --------------------------------------------------
 *
 * A binding namespace is a global object whose attributes are the host's
 * functions. It is a C type so that neither the object nor its type can be
 * changed from Python (static types are immutable), and a function's
 * target (namespace index and name) cannot be rewritten either. Calling a
 * function calls the runtime's invoke hook, which only the runtime holds. */

static PyObject *glue_invoke; /* _coderun's invoke(ns, name, args, kwargs) */

typedef struct {
    PyObject_HEAD
    int ns;
    PyObject *name;   /* str: the function's name on the wire */
    PyObject *global; /* str: the namespace's global name, for repr */
} FunctionObject;

static void function_dealloc(FunctionObject *f)
{
    Py_XDECREF(f->name);
    Py_XDECREF(f->global);
    Py_TYPE(f)->tp_free((PyObject *)f);
}

static PyObject *function_call(FunctionObject *f, PyObject *args, PyObject *kwargs)
{
    if (!glue_invoke) {
        PyErr_SetString(PyExc_RuntimeError, "bindings are not ready");
        return NULL;
    }
    PyObject *ns = PyLong_FromLong(f->ns);
    if (!ns)
        return NULL;
    PyObject *r = PyObject_CallFunctionObjArgs(glue_invoke, ns, f->name, args, kwargs ? kwargs : Py_None, NULL);
    Py_DECREF(ns);
    return r;
}

static PyObject *function_repr(FunctionObject *f)
{
    return PyUnicode_FromFormat("<binding %U.%U>", f->global, f->name);
}

static PyTypeObject FunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "binding",
    .tp_basicsize = sizeof(FunctionObject),
    .tp_dealloc = (destructor)function_dealloc,
    .tp_call = (ternaryfunc)function_call,
    .tp_repr = (reprfunc)function_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .tp_doc = "A host function of a binding namespace: call it with keyword arguments and await the result.",
};

static PyObject *new_function(int ns, PyObject *global, PyObject *name)
{
    FunctionObject *f = PyObject_New(FunctionObject, &FunctionType);
    if (!f)
        return NULL;
    f->ns = ns;
    f->name = Py_NewRef(name);
    f->global = Py_NewRef(global);
    return (PyObject *)f;
}

typedef struct {
    PyObject_HEAD
    int ns;
    PyObject *global;    /* str */
    PyObject *functions; /* dict: name -> FunctionObject */
    PyObject *listed;    /* tuple of the names dir() shows (hidden ones left out) */
    int open;            /* names it lacks are sent to the host, which refuses them */
} NamespaceObject;

static void namespace_dealloc(NamespaceObject *n)
{
    Py_XDECREF(n->global);
    Py_XDECREF(n->functions);
    Py_XDECREF(n->listed);
    Py_TYPE(n)->tp_free((PyObject *)n);
}

static int is_dunder(PyObject *name)
{
    Py_ssize_t len = PyUnicode_GetLength(name);
    return len > 4 && PyUnicode_READ_CHAR(name, 0) == '_' && PyUnicode_READ_CHAR(name, 1) == '_';
}

/* lookup returns the function called name: a known one, or, in a
 * namespace with an error class, one the host will refuse (as in
 * TypeScript, where such a call rejects with the class). */
static PyObject *namespace_lookup(NamespaceObject *n, PyObject *name)
{
    PyObject *f = PyDict_GetItemWithError(n->functions, name);
    if (f)
        return Py_NewRef(f);
    if (PyErr_Occurred() || !n->open)
        return NULL;
    return new_function(n->ns, n->global, name);
}

static PyObject *namespace_getattro(NamespaceObject *n, PyObject *name)
{
    if (PyUnicode_Check(name) && !is_dunder(name)) {
        PyObject *f = namespace_lookup(n, name);
        if (f || PyErr_Occurred())
            return f;
        PyErr_Format(PyExc_AttributeError, "namespace '%U' has no function '%U'", n->global, name);
        return NULL;
    }
    return PyObject_GenericGetAttr((PyObject *)n, name);
}

static int namespace_setattro(NamespaceObject *n, PyObject *name, PyObject *value)
{
    (void)value;
    PyErr_Format(PyExc_AttributeError, "the namespace '%U' cannot be changed (setting or deleting '%S')", n->global, name);
    return -1;
}

static PyObject *namespace_subscript(NamespaceObject *n, PyObject *key)
{
    if (!PyUnicode_Check(key)) {
        PyErr_Format(PyExc_TypeError, "namespace '%U' is indexed by function names (str), not %s", n->global, Py_TYPE(key)->tp_name);
        return NULL;
    }
    PyObject *f = namespace_lookup(n, key);
    if (!f && !PyErr_Occurred())
        PyErr_Format(PyExc_KeyError, "namespace '%U' has no function '%U'", n->global, key);
    return f;
}

static int namespace_ass_subscript(NamespaceObject *n, PyObject *key, PyObject *value)
{
    return namespace_setattro(n, key, value);
}

static PyObject *namespace_repr(NamespaceObject *n)
{
    return PyUnicode_FromFormat("<namespace %U>", n->global);
}

static PyObject *namespace_dir(NamespaceObject *n, PyObject *unused)
{
    (void)unused;
    return PySequence_List(n->listed);
}

static PyObject *namespace_contains_method(NamespaceObject *n, PyObject *key)
{
    return PyBool_FromLong(PyUnicode_Check(key) && PyDict_Contains(n->functions, key) == 1);
}

static int namespace_contains(NamespaceObject *n, PyObject *key)
{
    return PyUnicode_Check(key) && PyDict_Contains(n->functions, key) == 1;
}

static PyMethodDef namespace_methods[] = {
    {"__dir__", (PyCFunction)namespace_dir, METH_NOARGS, NULL},
    {"__contains__", (PyCFunction)namespace_contains_method, METH_O, NULL},
    {NULL},
};

static PyMappingMethods namespace_mapping = {
    .mp_subscript = (binaryfunc)namespace_subscript,
    .mp_ass_subscript = (objobjargproc)namespace_ass_subscript,
};

static PySequenceMethods namespace_sequence = {
    .sq_contains = (objobjproc)namespace_contains,
};

static PyTypeObject NamespaceType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "namespace",
    .tp_basicsize = sizeof(NamespaceObject),
    .tp_dealloc = (destructor)namespace_dealloc,
    .tp_getattro = (getattrofunc)namespace_getattro,
    .tp_setattro = (setattrofunc)namespace_setattro,
    .tp_as_mapping = &namespace_mapping,
    .tp_as_sequence = &namespace_sequence,
    .tp_repr = (reprfunc)namespace_repr,
    .tp_methods = namespace_methods,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .tp_doc = "A binding namespace: its attributes are host functions.",
};

/* ---- the _coderun_host module ------------------------------------------- */

static PyObject *py_log(PyObject *self, PyObject *arg)
{
    (void)self;
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (!s)
        return NULL;
    host_log(s, (uint32_t)n);
    Py_RETURN_NONE;
}

static int glue_settled;

static PyObject *py_settle(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned int kind;
    Py_buffer b;
    if (!PyArg_ParseTuple(args, "Iy*", &kind, &b))
        return NULL;
    glue_settled = 1;
    host_settle(kind, b.buf, (uint32_t)b.len);
    PyBuffer_Release(&b);
    Py_RETURN_NONE;
}

/* An answer that fits here comes back at once (ABI.md, call). */
#define GLUE_ANSWER_CAP 65536
static char glue_answer[GLUE_ANSWER_CAP];

/* call(msg) starts a binding call: (0, None) accepted; (-1, refusal text);
 * (1, CBOR bytes) answered at once; (2, rejection text) rejected at once. */
static PyObject *py_call(PyObject *self, PyObject *arg)
{
    (void)self;
    Py_buffer b;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0)
        return NULL;
    int32_t r = host_call(b.buf, (uint32_t)b.len, glue_answer, GLUE_ANSWER_CAP);
    PyBuffer_Release(&b);
    if (r == 0)
        return Py_BuildValue("(iO)", 0, Py_None);
    if (r < 0)
        return Py_BuildValue("(is#)", -1, glue_answer, (Py_ssize_t)-r);
    if (glue_answer[0] == 1)
        return Py_BuildValue("(iy#)", 1, glue_answer + 1, (Py_ssize_t)(r - 1));
    return Py_BuildValue("(is#)", 2, glue_answer + 1, (Py_ssize_t)(r - 1));
}

static PyObject *py_timer_set(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned int id;
    double ms;
    if (!PyArg_ParseTuple(args, "Id", &id, &ms))
        return NULL;
    host_timer_set(id, ms);
    Py_RETURN_NONE;
}

static PyObject *py_timer_clear(PyObject *self, PyObject *arg)
{
    (void)self;
    unsigned long id = PyLong_AsUnsignedLong(arg);
    if (PyErr_Occurred())
        return NULL;
    host_timer_clear((uint32_t)id);
    Py_RETURN_NONE;
}

static PyObject *py_output_reserve(PyObject *self, PyObject *arg)
{
    (void)self;
    long long n = PyLong_AsLongLong(arg);
    if (PyErr_Occurred())
        return NULL;
    host_output_reserve(n);
    Py_RETURN_NONE;
}

/* namespace(index, global, names, hidden, open) */
static PyObject *py_namespace(PyObject *self, PyObject *args)
{
    (void)self;
    int ns, open;
    PyObject *global, *names, *hidden;
    if (!PyArg_ParseTuple(args, "iUO!O!p", &ns, &global, &PyList_Type, &names, &PyList_Type, &hidden, &open))
        return NULL;
    NamespaceObject *n = PyObject_New(NamespaceObject, &NamespaceType);
    if (!n)
        return NULL;
    n->ns = ns;
    n->open = open;
    n->global = Py_NewRef(global);
    n->functions = PyDict_New();
    PyObject *listed = PyList_New(0);
    n->listed = NULL;
    if (!n->functions || !listed)
        goto fail;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(names); i++) {
        PyObject *name = PyList_GET_ITEM(names, i);
        if (!PyUnicode_Check(name)) {
            PyErr_SetString(PyExc_TypeError, "function names must be str");
            goto fail;
        }
        PyObject *f = new_function(ns, global, name);
        if (!f || PyDict_SetItem(n->functions, name, f) < 0) {
            Py_XDECREF(f);
            goto fail;
        }
        Py_DECREF(f);
        int h = PySequence_Contains(hidden, name);
        if (h < 0 || (!h && PyList_Append(listed, name) < 0))
            goto fail;
    }
    n->listed = PyList_AsTuple(listed);
    Py_DECREF(listed);
    if (!n->listed) {
        Py_DECREF(n);
        return NULL;
    }
    return (PyObject *)n;
fail:
    Py_XDECREF(listed);
    Py_DECREF(n);
    return NULL;
}

/* set_invoke(fn) installs the runtime's invoke hook, once. */
static PyObject *py_set_invoke(PyObject *self, PyObject *fn)
{
    (void)self;
    if (glue_invoke) {
        PyErr_SetString(PyExc_RuntimeError, "the invoke hook is set");
        return NULL;
    }
    glue_invoke = Py_NewRef(fn);
    Py_RETURN_NONE;
}

static PyObject *py_heap_used(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyLong_FromLongLong(glue_mem_used);
}

static PyMethodDef host_methods[] = {
    {"log", py_log, METH_O, "log(line): one line of Logs."},
    {"settle", py_settle, METH_VARARGS, "settle(kind, payload): the run's outcome."},
    {"call", py_call, METH_O, "call(msg): start a binding call."},
    {"timer_set", py_timer_set, METH_VARARGS, "timer_set(id, delay_ms)"},
    {"timer_clear", py_timer_clear, METH_O, "timer_clear(id)"},
    {"output_reserve", py_output_reserve, METH_O, "output_reserve(json_bytes)"},
    {"namespace", py_namespace, METH_VARARGS, "namespace(index, global, names, hidden, open)"},
    {"set_invoke", py_set_invoke, METH_O, "set_invoke(fn)"},
    {"heap_used", py_heap_used, METH_NOARGS, "heap_used(): bytes the heap limit counts."},
    {NULL},
};

static struct PyModuleDef host_module = {
    PyModuleDef_HEAD_INIT, "_coderun_host", "coderun's host imports; only the runtime may hold them.",
    /* 0, not -1: a second import then calls init_host_module, which
     * refuses, instead of copying the first module. */
    0, host_methods,
};

/* The module can be created once, for the runtime: a program importing it
 * later gets an ImportError, not the host's functions. */
static int host_module_made;

static PyObject *init_host_module(void)
{
    if (host_module_made) {
        PyErr_SetString(PyExc_ImportError, "_coderun_host is coderun's own module");
        return NULL;
    }
    if (PyType_Ready(&FunctionType) < 0 || PyType_Ready(&NamespaceType) < 0)
        return NULL;
    host_module_made = 1;
    return PyModule_Create(&host_module);
}

/* ---- operations ---------------------------------------------------------- */

static PyObject *glue_runtime; /* the _coderun module */

/* settle_internal reports a failure of the runtime itself (not of the
 * program) as the run's exception, with Python's own rendering. */
static void settle_internal(const char *what)
{
    PyObject *exc = PyErr_GetRaisedException();
    PyObject *text = exc ? PyObject_Str(exc) : NULL;
    const char *msg = text ? PyUnicode_AsUTF8(text) : NULL;
    PyErr_Clear();
    char buf[1024];
    int n = snprintf(buf, sizeof buf, "InternalError: coderun's Python runtime failed in %s: %s: %s", what,
                     exc ? Py_TYPE(exc)->tp_name : "?", msg ? msg : "?");
    Py_XDECREF(text);
    Py_XDECREF(exc);
    glue_settled = 1;
    host_settle(GLUE_SETTLE_EXCEPTION, buf, n < 0 ? 0 : (n >= (int)sizeof buf ? sizeof buf - 1 : (uint32_t)n));
}

/* call_runtime calls _coderun.NAME(args...) and returns its int result, or
 * -1 after settling with the runtime's own failure. */
static int32_t call_runtime(const char *name, PyObject *args)
{
    if (!args) {
        settle_internal(name);
        return -1;
    }
    PyObject *fn = PyObject_GetAttrString(glue_runtime, name);
    PyObject *r = fn ? PyObject_Call(fn, args, NULL) : NULL;
    Py_XDECREF(fn);
    Py_DECREF(args);
    if (!r) {
        settle_internal(name);
        return -1;
    }
    long v = PyLong_AsLong(r);
    Py_DECREF(r);
    if (v == -1 && PyErr_Occurred()) {
        settle_internal(name);
        return -1;
    }
    return (int32_t)v;
}

static int32_t state(int32_t r)
{
    return (r < 0 || glue_settled) ? GLUE_STATE_SETTLED : r;
}

static int32_t coderun_init(uint32_t heap_limit)
{
    PyStatus st;
    PyPreConfig pre;
    PyPreConfig_InitIsolatedConfig(&pre);
    pre.utf8_mode = 1;
    st = Py_PreInitialize(&pre);
    if (PyStatus_Exception(st))
        goto failed;
    install_allocators();
    glue_mem_limit = heap_limit;

    if (PyImport_AppendInittab("_coderun_host", init_host_module) < 0)
        goto failed;

    PyConfig c;
    PyConfig_InitIsolatedConfig(&c);
    c.site_import = 0;          /* no site-packages: the standard library only */
    c.write_bytecode = 0;       /* the library is precompiled; nothing is writable */
    c.use_hash_seed = 1;        /* string hashing is not randomised: runs are */
    c.hash_seed = 0;            /* reproducible, and a snapshot would fix it anyway */
    c.install_signal_handlers = 0;
    c.pathconfig_warnings = 0;
    c.buffered_stdio = 0;
    c.module_search_paths_set = 1;
    st = PyConfig_SetString(&c, &c.home, L"/usr/local");
    if (!PyStatus_Exception(st))
        st = PyWideStringList_Append(&c.module_search_paths, L"/usr/local/lib/python313.zip");
    if (!PyStatus_Exception(st))
        st = PyConfig_SetString(&c, &c.program_name, L"python");
    if (!PyStatus_Exception(st))
        st = Py_InitializeFromConfig(&c);
    PyConfig_Clear(&c);
    if (PyStatus_Exception(st))
        goto failed;

    glue_runtime = PyImport_ImportModule("_coderun");
    if (!glue_runtime) {
        settle_internal("init");
        return -1;
    }
    return 0;
failed: {
    char buf[512];
    int n = snprintf(buf, sizeof buf, "InternalError: CPython failed to start: %s%s%s",
                     st.func ? st.func : "", st.func ? ": " : "", st.err_msg ? st.err_msg : "?");
    glue_settled = 1;
    host_settle(GLUE_SETTLE_EXCEPTION, buf, n < 0 ? 0 : (n >= (int)sizeof buf ? sizeof buf - 1 : (uint32_t)n));
    return -1;
}
}

/* A snapshot's instances start after init: reseed readies one. */
static int glue_initialised;

static int32_t coderun_reseed(uint32_t heap_limit)
{
    if (!glue_initialised)
        return -1;
    glue_mem_limit = heap_limit;
    /* A failure settles the run with it; the instance is ready either way. */
    call_runtime("reseed", PyTuple_New(0));
    return 0;
}

static int32_t coderun_bind(const char *spec, uint32_t len)
{
    int32_t r = call_runtime("bind", Py_BuildValue("(y#)", spec, (Py_ssize_t)len));
    return r < 0 ? -1 : 0;
}

static int32_t coderun_run(const char *src, uint32_t len, const char *filename)
{
    PyObject *args = Py_BuildValue("(s#s)", src, (Py_ssize_t)len, filename);
    if (!args) {
        /* Not UTF-8: the host sends UTF-8, so this is a program the host
         * could not have sent. */
        settle_internal("run");
        return GLUE_STATE_SETTLED;
    }
    return state(call_runtime("run", args));
}

static int32_t coderun_fire_timer(uint32_t id)
{
    return state(call_runtime("fire_timer", Py_BuildValue("(I)", id)));
}

static int32_t coderun_deliver(uint32_t id, uint32_t ok, char *payload, uint32_t len)
{
    PyObject *args = ok ? Py_BuildValue("(Iiy#)", id, 1, payload, (Py_ssize_t)len)
                        : Py_BuildValue("(Iis#)", id, 0, payload, (Py_ssize_t)len);
    free(payload);
    return state(call_runtime("deliver", args));
}

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

/* coderun_entry runs operation op (ABI.md); an unknown op traps. */
GLUE_EXPORT(coderun_entry) int32_t coderun_entry(uint32_t op, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    switch (op) {
    case GLUE_OP_ALLOC:
        return (int32_t)(uintptr_t)malloc(a ? a : 1);
    case GLUE_OP_FREE:
        free((void *)(uintptr_t)a);
        return 0;
    case GLUE_OP_INIT: {
        int32_t r = coderun_init(a);
        glue_initialised = r == 0;
        return r;
    }
    case GLUE_OP_RESEED:
        return coderun_reseed(a);
    case GLUE_OP_SET_HEAP_LIMIT:
        glue_mem_limit = a;
        return 0;
    case GLUE_OP_BIND:
        return coderun_bind((const char *)(uintptr_t)a, b);
    case GLUE_OP_RUN:
        return coderun_run((const char *)(uintptr_t)a, b, (const char *)(uintptr_t)c);
    case GLUE_OP_FIRE_TIMER:
        return coderun_fire_timer(a);
    case GLUE_OP_DELIVER:
        return coderun_deliver(a, b, (char *)(uintptr_t)c, d);
    case GLUE_OP_TRIM:
        /* The pages a waiting run could give back are not reported yet: a
         * host may ignore trim, and this guest does. */
        return 0;
    }
    __builtin_trap();
}
