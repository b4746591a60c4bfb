/* SPDX-License-Identifier: MIT */
/*
 * ccdbench._core: the CPython extension under the `ccdbench` package.  It is
 * glue only: every decision is the C library's, reached through its public API
 * (include/ccdbench/ccdbench.h), so the package also builds against an
 * installed library (python/setup.py).  The Python layer (__init__.py) shapes
 * arguments and results; this file converts between NumPy arrays and the
 * library's structs and runs the batch loops with the GIL released.
 *
 * Queries cross the boundary as
 *   points     (N, 8, 3) float64, C-contiguous: ccd_query.v
 *   kinds      (N,) int8: 0 vertex-face, 1 edge-edge
 *   rationals  dict {i: tuple of 24 str "n/d"}: the exact coordinates of the
 *              queries that have some coordinate that is not a double (row-major
 *              over rows and axes); the other queries are exactly their doubles.
 * The inexact bits are recomputed here from the rationals, never trusted.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <ccdbench/ccdbench.h>
#include <ccdbench/contact.h>
#include <ccdbench/polyhedra.h>
#include <ccdbench/potential.h>
#include <ccdbench/scaling.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

enum { COORDS = CCD_QUERY_ROWS * 3, TOI_BITS = 64 };

static PyObject *input_error; /* ccdbench.InputError, set by __init__.py */

/* ------------------------------------------------------------------ errors */

static PyObject *raise_ccd(const ccd_error *err)
{
    if (err->status == CCD_ERR_INPUT)
        PyErr_SetString(input_error ? input_error : PyExc_ValueError, err->message);
    else if (strstr(err->message, "out of memory"))
        PyErr_SetString(PyExc_MemoryError, err->message);
    else
        PyErr_SetString(PyExc_RuntimeError, err->message);
    return NULL;
}

static PyObject *set_input_error(PyObject *self, PyObject *cls)
{
    (void)self;
    if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)PyExc_Exception))
        return PyErr_Format(PyExc_TypeError, "an exception class is required");
    Py_INCREF(cls);
    Py_XDECREF(input_error);
    input_error = cls;
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ queries from arrays */

/* The queries of (points, kinds, rationals), with their exact coordinates
 * allocated here; free with queries_free. */
typedef struct query_array {
    ccd_query *q;
    ccd_exact_coords *exact; /* one per query with a rational entry */
    size_t count, exact_count;
    PyArrayObject *points;   /* kept alive while q[i].v is read */
} query_array;

static void queries_free(query_array *a)
{
    for (size_t i = 0; i < a->exact_count; i++)
        for (int r = 0; r < CCD_QUERY_ROWS; r++)
            for (int k = 0; k < 3; k++)
                mpq_clear(a->exact[i].q[r][k]);
    free(a->exact);
    free(a->q);
    Py_XDECREF(a->points);
    memset(a, 0, sizeof *a);
}

/* One rational "n", "n/d" (canonical or not) into out; 0 on success. */
static int rational_from_str(mpq_t out, PyObject *s)
{
    const char *text = PyUnicode_Check(s) ? PyUnicode_AsUTF8(s) : NULL;
    if (!text)
        return -1;
    if (mpq_set_str(out, text, 10) != 0 || mpz_sgn(mpq_denref(out)) == 0)
        return -1;
    mpq_canonicalize(out);
    return 0;
}

/* 1 when d is the double nearest x (ties to even), as the reader rounds: x lies
 * between the midpoints of d and its two neighbours, and on a midpoint only when
 * d is the even one.  Exact: the midpoints are rationals. */
static int nearest_double(mpq_srcptr x, double d, mpq_ptr t)
{
    if (!isfinite(d))
        return 0;
    const double nb[2] = {nextafter(d, -INFINITY), nextafter(d, INFINITY)};
    int even = 1;
    if (d != 0) {
        int e;
        double m = frexp(d, &e); /* d = m 2^e, |m| in [0.5, 1): the last bit of 53 */
        double last = ldexp(fabs(m), 53);
        even = e < -1021 ? fmod(ldexp(fabs(d), 1074), 2) == 0 : fmod(last, 2) == 0;
    }
    for (int side = 0; side < 2; side++) {
        if (!isfinite(nb[side]))
            continue; /* beyond the largest double: only d itself is near */
        mpq_set_d(t, nb[side]);
        mpq_t dq;
        mpq_init(dq);
        mpq_set_d(dq, d);
        mpq_add(t, t, dq);
        mpq_div_2exp(t, t, 1); /* the midpoint of d and its neighbour */
        mpq_clear(dq);
        const int c = mpq_cmp(x, t);
        if (side == 0 ? c < 0 || (c == 0 && !even) : c > 0 || (c == 0 && !even))
            return 0;
    }
    return 1;
}

static int queries_from(query_array *a, PyObject *points_obj, PyObject *kinds_obj,
                        PyObject *rationals)
{
    memset(a, 0, sizeof *a);
    a->points = (PyArrayObject *)PyArray_FROMANY(points_obj, NPY_DOUBLE, 3, 3,
                                                 NPY_ARRAY_IN_ARRAY);
    if (!a->points)
        return -1;
    npy_intp *dims = PyArray_DIMS(a->points);
    if (dims[1] != CCD_QUERY_ROWS || dims[2] != 3) {
        PyErr_Format(PyExc_ValueError, "points: expected shape (N, 8, 3), got (%zd, %zd, %zd)",
                     (Py_ssize_t)dims[0], (Py_ssize_t)dims[1], (Py_ssize_t)dims[2]);
        queries_free(a);
        return -1;
    }
    PyArrayObject *kinds = (PyArrayObject *)PyArray_FROMANY(kinds_obj, NPY_INT8, 1, 1,
                                                            NPY_ARRAY_IN_ARRAY);
    if (!kinds) {
        queries_free(a);
        return -1;
    }
    const size_t n = (size_t)dims[0];
    if ((size_t)PyArray_DIM(kinds, 0) != n) {
        PyErr_Format(PyExc_ValueError, "kinds: expected shape (%zu,), got (%zd,)", n,
                     (Py_ssize_t)PyArray_DIM(kinds, 0));
        Py_DECREF(kinds);
        queries_free(a);
        return -1;
    }
    if (!PyDict_Check(rationals)) {
        PyErr_SetString(PyExc_TypeError, "rationals: expected a dict {index: 24 strings}");
        Py_DECREF(kinds);
        queries_free(a);
        return -1;
    }
    a->count = n;
    a->q = calloc(n ? n : 1, sizeof *a->q);
    size_t nexact = (size_t)PyDict_Size(rationals);
    a->exact = calloc(nexact ? nexact : 1, sizeof *a->exact);
    if (!a->q || !a->exact) {
        Py_DECREF(kinds);
        queries_free(a);
        PyErr_NoMemory();
        return -1;
    }
    const double *v = PyArray_DATA(a->points);
    const npy_int8 *k = PyArray_DATA(kinds);
    for (size_t i = 0; i < n; i++) {
        if (k[i] != CCD_VF && k[i] != CCD_EE) {
            PyErr_Format(PyExc_ValueError, "kinds[%zu]: expected 0 (vertex-face) or 1 (edge-edge), got %d",
                         i, (int)k[i]);
            Py_DECREF(kinds);
            queries_free(a);
            return -1;
        }
        memcpy(a->q[i].v, v + i * COORDS, sizeof a->q[i].v);
        a->q[i].kind = (ccd_kind)k[i];
        a->q[i].index = i;
    }
    Py_DECREF(kinds);
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    mpq_t d;
    mpq_init(d);
    while (PyDict_Next(rationals, &pos, &key, &value)) {
        Py_ssize_t i = PyLong_AsSsize_t(key);
        if (i == -1 && PyErr_Occurred())
            goto bad;
        if (i < 0 || (size_t)i >= n) {
            PyErr_Format(PyExc_ValueError, "rationals: query %zd is not among the %zu queries", i, n);
            goto bad;
        }
        PyObject *seq = PySequence_Fast(value, "rationals: expected a sequence of 24 strings");
        if (!seq)
            goto bad;
        if (PySequence_Fast_GET_SIZE(seq) != COORDS) {
            PyErr_Format(PyExc_ValueError, "rationals[%zd]: expected 24 strings, got %zd", i,
                         PySequence_Fast_GET_SIZE(seq));
            Py_DECREF(seq);
            goto bad;
        }
        ccd_exact_coords *e = &a->exact[a->exact_count++];
        for (int r = 0; r < CCD_QUERY_ROWS; r++)
            for (int c = 0; c < 3; c++)
                mpq_init(e->q[r][c]);
        ccd_query *q = &a->q[i];
        q->inexact = 0;
        for (int j = 0; j < COORDS; j++) {
            mpq_ptr x = e->q[j / 3][j % 3];
            if (rational_from_str(x, PySequence_Fast_GET_ITEM(seq, j)) != 0) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "rationals[%zd][%d]: expected a rational \"n/d\"", i, j);
                Py_DECREF(seq);
                goto bad;
            }
            if (!nearest_double(x, q->v[j / 3][j % 3], d)) {
                PyErr_Format(PyExc_ValueError, "points[%zd, %d, %d]: not the double nearest "
                             "rationals[%zd][%d] (%R)", i, j / 3, j % 3, i, j,
                             PySequence_Fast_GET_ITEM(seq, j));
                Py_DECREF(seq);
                goto bad;
            }
            mpq_set_d(d, q->v[j / 3][j % 3]);
            if (!mpq_equal(d, x))
                q->inexact |= 1u << j;
        }
        Py_DECREF(seq);
        q->exact = q->inexact ? e : NULL;
    }
    mpq_clear(d);
    return 0;
bad:
    mpq_clear(d);
    queries_free(a);
    return -1;
}

/* ------------------------------------------------------------------ queries to arrays */

/* A growing result of a read: arrays filled batch by batch. */
typedef struct read_out {
    double *points;
    npy_int8 *kinds, *labels;
    size_t count, capacity;
    PyObject *rationals;
} read_out;

static int read_out_append(read_out *o, const ccd_batch *b)
{
    if (o->count + b->count > o->capacity) {
        size_t cap = o->capacity ? o->capacity : 1024;
        while (cap < o->count + b->count)
            cap *= 2;
        double *p = realloc(o->points, cap * COORDS * sizeof *p);
        if (p)
            o->points = p;
        npy_int8 *k = realloc(o->kinds, cap);
        if (k)
            o->kinds = k;
        npy_int8 *l = realloc(o->labels, cap);
        if (l)
            o->labels = l;
        if (!p || !k || !l) {
            PyErr_NoMemory();
            return -1;
        }
        o->capacity = cap;
    }
    for (size_t i = 0; i < b->count; i++) {
        const ccd_query *q = &b->queries[i];
        const size_t at = o->count + i;
        memcpy(o->points + at * COORDS, q->v, sizeof q->v);
        o->kinds[at] = (npy_int8)q->kind;
        o->labels[at] = b->labels[i];
        if (!q->inexact)
            continue;
        PyObject *t = PyTuple_New(COORDS);
        if (!t)
            return -1;
        mpq_t x;
        mpq_init(x);
        for (int j = 0; j < COORDS; j++) {
            ccd_query_coord_mpq(x, q, j / 3, j % 3);
            char *s = mpq_get_str(NULL, 10, x);
            PyObject *u = s ? PyUnicode_FromString(s) : PyErr_NoMemory();
            if (s) {
                void (*gmp_free)(void *, size_t);
                mp_get_memory_functions(NULL, NULL, &gmp_free);
                gmp_free(s, strlen(s) + 1);
            }
            if (!u) {
                mpq_clear(x);
                Py_DECREF(t);
                return -1;
            }
            PyTuple_SET_ITEM(t, j, u);
        }
        mpq_clear(x);
        PyObject *key = PyLong_FromSize_t(at);
        int rc = key ? PyDict_SetItem(o->rationals, key, t) : -1;
        Py_XDECREF(key);
        Py_DECREF(t);
        if (rc != 0)
            return -1;
    }
    o->count += b->count;
    return 0;
}

/* Hand a malloc'd buffer to a new NumPy array that frees it. */
static PyObject *owned_array(void *data, int nd, npy_intp *dims, int type)
{
    if (!data) {
        data = malloc(1);
        if (!data)
            return PyErr_NoMemory();
    }
    PyObject *arr = PyArray_SimpleNewFromData(nd, dims, type, data);
    if (!arr) {
        free(data);
        return NULL;
    }
    PyArray_ENABLEFLAGS((PyArrayObject *)arr, NPY_ARRAY_OWNDATA);
    return arr;
}

static PyObject *read_out_finish(read_out *o)
{
    npy_intp pdims[3] = {(npy_intp)o->count, CCD_QUERY_ROWS, 3}, n = (npy_intp)o->count;
    PyObject *points = owned_array(o->points, 3, pdims, NPY_DOUBLE);
    o->points = NULL;
    PyObject *kinds = points ? owned_array(o->kinds, 1, &n, NPY_INT8) : NULL;
    if (points)
        o->kinds = NULL;
    PyObject *labels = kinds ? owned_array(o->labels, 1, &n, NPY_INT8) : NULL;
    if (kinds)
        o->labels = NULL;
    PyObject *out = labels ? Py_BuildValue("(OOOO)", points, kinds, labels, o->rationals) : NULL;
    Py_XDECREF(points);
    Py_XDECREF(kinds);
    Py_XDECREF(labels);
    return out;
}

static void read_out_free(read_out *o)
{
    free(o->points);
    free(o->kinds);
    free(o->labels);
    Py_XDECREF(o->rationals);
}

/* ------------------------------------------------------------------ Reader */

/* _core.Reader(csv_path, labels_path or None, kind, max_digits): a streaming
 * reader; .read(n) -> (points, kinds, labels, rationals) of up to n queries
 * (rationals keyed from 0 within the chunk), or None at the end. */
typedef struct {
    PyObject_HEAD
    ccd_reader *reader;
    ccd_batch batch;
    int batch_ready;
    int busy; /* a read is under way without the GIL: another thread must wait */
} ReaderObject;

static void Reader_dealloc(ReaderObject *self)
{
    if (self->reader)
        ccd_reader_close(self->reader);
    if (self->batch_ready)
        ccd_batch_free(&self->batch);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Reader_init(ReaderObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"csv_path", "labels_path", "kind", "max_digits", NULL};
    PyObject *csv_obj, *labels_obj = Py_None;
    int kind;
    Py_ssize_t max_digits = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O&Oi|n", kwlist, PyUnicode_FSConverter,
                                     &csv_obj, &labels_obj, &kind, &max_digits))
        return -1;
    PyObject *labels_bytes = NULL;
    if (labels_obj != Py_None && !PyUnicode_FSConverter(labels_obj, &labels_bytes)) {
        Py_DECREF(csv_obj);
        return -1;
    }
    if (kind != CCD_VF && kind != CCD_EE) {
        Py_DECREF(csv_obj);
        Py_XDECREF(labels_bytes);
        PyErr_SetString(PyExc_ValueError, "kind: expected 0 (vertex-face) or 1 (edge-edge)");
        return -1;
    }
    if (max_digits < 0) {
        Py_DECREF(csv_obj);
        Py_XDECREF(labels_bytes);
        PyErr_SetString(PyExc_ValueError, "max_digits: expected an integer >= 0");
        return -1;
    }
    if (self->busy) {
        Py_DECREF(csv_obj);
        Py_XDECREF(labels_bytes);
        PyErr_SetString(PyExc_RuntimeError, "the reader is in use by another thread");
        return -1;
    }
    if (self->reader) { /* __init__ called again: the old stream goes */
        ccd_reader_close(self->reader);
        self->reader = NULL;
    }
    ccd_error err = {0};
    ccd_status st = ccd_reader_open(&self->reader, &err, PyBytes_AS_STRING(csv_obj),
                                    labels_bytes ? PyBytes_AS_STRING(labels_bytes) : NULL,
                                    (ccd_kind)kind);
    Py_DECREF(csv_obj);
    Py_XDECREF(labels_bytes);
    if (st != CCD_OK) {
        self->reader = NULL;
        raise_ccd(&err);
        return -1;
    }
    ccd_reader_set_max_digits(self->reader, (size_t)max_digits);
    return 0;
}

static PyObject *Reader_read(ReaderObject *self, PyObject *args)
{
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "n", &n))
        return NULL;
    if (n <= 0)
        return PyErr_Format(PyExc_ValueError, "n: expected a count > 0, got %zd", n);
    if (!self->reader)
        Py_RETURN_NONE;
    if (self->busy)
        return PyErr_Format(PyExc_RuntimeError, "the reader is in use by another thread");
    if (!self->batch_ready || self->batch.capacity != (size_t)n) {
        if (self->batch_ready)
            ccd_batch_free(&self->batch);
        self->batch_ready = 0;
        if (ccd_batch_init(&self->batch, (size_t)n) != CCD_OK)
            return PyErr_NoMemory();
        self->batch_ready = 1;
    }
    ccd_error err = {0};
    ccd_status st;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    st = ccd_reader_read(&self->batch, &err, self->reader);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (st != CCD_OK)
        return raise_ccd(&err);
    if (self->batch.count == 0) {
        ccd_reader_close(self->reader);
        self->reader = NULL;
        Py_RETURN_NONE;
    }
    read_out o = {0};
    if (!(o.rationals = PyDict_New()))
        return NULL;
    PyObject *out = read_out_append(&o, &self->batch) == 0 ? read_out_finish(&o) : NULL;
    read_out_free(&o);
    return out;
}

static PyMethodDef Reader_methods[] = {
    {"read", (PyCFunction)Reader_read, METH_VARARGS,
     "read(n) -> (points, kinds, labels, rationals) of up to n queries, or None at the end"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ccdbench._core.Reader",
    .tp_basicsize = sizeof(ReaderObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Reader(csv_path, labels_path, kind, max_digits=0): the benchmark's CSV, streamed",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Reader_init,
    .tp_dealloc = (destructor)Reader_dealloc,
    .tp_methods = Reader_methods,
};

/* ------------------------------------------------------------------ discover */

static PyObject *str_or_none(const char *s)
{
    if (!s)
        Py_RETURN_NONE;
    return PyUnicode_DecodeFSDefault(s);
}

/* discover(paths, max_digits) -> (files, notes): files as dicts in the order of
 * ccd_dataset_discover (sorted by path). */
static PyObject *discover(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *paths_obj;
    if (!PyArg_ParseTuple(args, "O", &paths_obj))
        return NULL;
    PyObject *seq = PySequence_Fast(paths_obj, "paths: expected a sequence of paths");
    if (!seq)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **bytes = calloc((size_t)n + 1, sizeof *bytes);
    const char **paths = calloc((size_t)n + 1, sizeof *paths);
    PyObject *out = NULL;
    if (!bytes || !paths) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyUnicode_FSConverter(PySequence_Fast_GET_ITEM(seq, i), &bytes[i]))
            goto done;
        paths[i] = PyBytes_AS_STRING(bytes[i]);
    }
    ccd_dataset ds;
    ccd_error err = {0};
    if (ccd_dataset_discover(&ds, &err, paths, (size_t)n) != CCD_OK) {
        raise_ccd(&err);
        goto done;
    }
    PyObject *files = PyList_New(0), *notes = PyList_New(0);
    int ok = files && notes;
    for (size_t i = 0; ok && i < ds.count; i++) {
        const ccd_dataset_file *f = &ds.files[i];
        PyObject *d = Py_BuildValue("{s:N,s:N,s:i,s:N,s:N,s:N}", "csv_path",
                                    str_or_none(f->csv_path), "labels_path",
                                    str_or_none(f->labels_path), "kind", (int)f->kind, "set",
                                    str_or_none(f->set), "family", str_or_none(f->family),
                                    "step", str_or_none(f->step));
        ok = d && PyList_Append(files, d) == 0;
        Py_XDECREF(d);
    }
    for (size_t i = 0; ok && i < ds.note_count; i++) {
        PyObject *s = str_or_none(ds.notes[i]);
        ok = s && PyList_Append(notes, s) == 0;
        Py_XDECREF(s);
    }
    ccd_dataset_free(&ds);
    if (ok)
        out = Py_BuildValue("(OO)", files, notes);
    Py_XDECREF(files);
    Py_XDECREF(notes);
done:
    for (Py_ssize_t i = 0; bytes && i < n; i++)
        Py_XDECREF(bytes[i]);
    free(bytes);
    free(paths);
    Py_DECREF(seq);
    return out;
}

/* ------------------------------------------------------------------ write */

/* _core.Writer(path, gzip, with_labels): the benchmark's CSV written query by
 * query (.put(points, kinds, labels or None, rationals)), to a temporary file
 * renamed over path by .close(); .abort() (or the writer's end without close)
 * removes the temporary, so no half-written file is left. */
typedef struct {
    PyObject_HEAD
    ccd_writer *w;
    int with_labels;
    int busy; /* a put or close is under way without the GIL */
} WriterObject;

static void Writer_dealloc(WriterObject *self)
{
    if (self->w)
        ccd_writer_abort(self->w);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Writer_init(WriterObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"path", "gzip", "with_labels", NULL};
    PyObject *path;
    int gzip, with_labels;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O&pp", kwlist, PyUnicode_FSConverter, &path,
                                     &gzip, &with_labels))
        return -1;
    if (self->w) {
        ccd_writer_abort(self->w);
        self->w = NULL;
    }
    ccd_error err = {0};
    ccd_status st = ccd_writer_open(&self->w, &err, PyBytes_AS_STRING(path),
                                    (gzip ? CCD_WRITE_GZIP : 0u) |
                                        (with_labels ? CCD_WRITE_LABELS : 0u));
    Py_DECREF(path);
    if (st != CCD_OK) {
        self->w = NULL;
        raise_ccd(&err);
        return -1;
    }
    self->with_labels = with_labels;
    return 0;
}

static PyObject *Writer_put(WriterObject *self, PyObject *args)
{
    PyObject *points, *kinds, *labels_obj, *rationals;
    if (!PyArg_ParseTuple(args, "OOOO", &points, &kinds, &labels_obj, &rationals))
        return NULL;
    if (!self->w)
        return PyErr_Format(PyExc_ValueError, "the writer is closed");
    if (self->busy)
        return PyErr_Format(PyExc_RuntimeError, "the writer is in use by another thread");
    query_array a;
    if (queries_from(&a, points, kinds, rationals) != 0)
        return NULL;
    PyArrayObject *labels = NULL;
    if (labels_obj != Py_None) {
        labels = (PyArrayObject *)PyArray_FROMANY(labels_obj, NPY_INT8, 1, 1, NPY_ARRAY_IN_ARRAY);
        if (!labels || (size_t)PyArray_DIM(labels, 0) != a.count) {
            if (labels)
                PyErr_Format(PyExc_ValueError, "labels: expected shape (%zu,), got (%zd,)",
                             a.count, (Py_ssize_t)PyArray_DIM(labels, 0));
            Py_XDECREF(labels);
            queries_free(&a);
            return NULL;
        }
    }
    const npy_int8 *l = labels ? PyArray_DATA(labels) : NULL;
    ccd_error err = {0};
    ccd_status st = CCD_OK;
    self->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    for (size_t i = 0; st == CCD_OK && i < a.count; i++)
        st = ccd_writer_put(self->w, &err, &a.q[i], l ? l[i] : -1);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    Py_XDECREF(labels);
    queries_free(&a);
    if (st != CCD_OK) {
        ccd_writer_abort(self->w); /* nothing half-written is left */
        self->w = NULL;
        return raise_ccd(&err);
    }
    Py_RETURN_NONE;
}

static PyObject *Writer_close(WriterObject *self, PyObject *unused)
{
    (void)unused;
    if (!self->w)
        Py_RETURN_NONE;
    if (self->busy)
        return PyErr_Format(PyExc_RuntimeError, "the writer is in use by another thread");
    ccd_error err = {0};
    ccd_status st;
    ccd_writer *w = self->w;
    self->w = NULL;
    Py_BEGIN_ALLOW_THREADS
    st = ccd_writer_close(w, &err);
    Py_END_ALLOW_THREADS
    if (st != CCD_OK)
        return raise_ccd(&err);
    Py_RETURN_NONE;
}

static PyObject *Writer_abort(WriterObject *self, PyObject *unused)
{
    (void)unused;
    if (self->busy)
        return PyErr_Format(PyExc_RuntimeError, "the writer is in use by another thread");
    if (self->w)
        ccd_writer_abort(self->w);
    self->w = NULL;
    Py_RETURN_NONE;
}

static PyMethodDef Writer_methods[] = {
    {"put", (PyCFunction)Writer_put, METH_VARARGS,
     "put(points, kinds, labels, rationals): append queries"},
    {"close", (PyCFunction)Writer_close, METH_NOARGS, "finish: rename the file into place"},
    {"abort", (PyCFunction)Writer_abort, METH_NOARGS, "remove the temporary file"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject WriterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ccdbench._core.Writer",
    .tp_basicsize = sizeof(WriterObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Writer(path, gzip, with_labels): the benchmark's CSV, streamed",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Writer_init,
    .tp_dealloc = (destructor)Writer_dealloc,
    .tp_methods = Writer_methods,
};

/* ------------------------------------------------------------------ the batch loop */

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int thread_count(int threads)
{
#ifdef _OPENMP
    return threads > 0 ? threads : omp_get_max_threads();
#else
    (void)threads;
    return 1;
#endif
}

/* exact(points, kinds, rationals, ms or None, norm, fractions, threads) ->
 * (collides bool, toi_lo float64, toi_hi float64, lo_strings, hi_strings):
 * toi_lo/toi_hi the largest double ≤ and the smallest double ≥ the exact toi
 * (inf when no collision); with fractions, the exact interval of width ≤ 2^-64
 * as "n/d" strings (None where no collision), else two Nones. */
static PyObject *exact(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *points, *kinds, *rationals, *ms_obj;
    int norm, fractions, threads;
    if (!PyArg_ParseTuple(args, "OOOOipi", &points, &kinds, &rationals, &ms_obj, &norm,
                          &fractions, &threads))
        return NULL;
    if (norm != CCD_NORM_LINF && norm != CCD_NORM_L2)
        return PyErr_Format(PyExc_ValueError, "norm: expected 'inf' or 2");
    mpq_t ms;
    mpq_init(ms);
    if (ms_obj != Py_None) {
        if (rational_from_str(ms, ms_obj) != 0 || mpq_sgn(ms) < 0) {
            PyErr_Clear();
            mpq_clear(ms);
            return PyErr_Format(PyExc_ValueError, "ms: expected a rational d >= 0");
        }
    }
    query_array a;
    if (queries_from(&a, points, kinds, rationals) != 0) {
        mpq_clear(ms);
        return NULL;
    }
    const size_t n = a.count;
    npy_intp dim = (npy_intp)n;
    PyObject *collides = PyArray_SimpleNew(1, &dim, NPY_BOOL);
    PyObject *lo = PyArray_SimpleNew(1, &dim, NPY_DOUBLE);
    PyObject *hi = PyArray_SimpleNew(1, &dim, NPY_DOUBLE);
    char **los = fractions ? calloc(n ? n : 1, sizeof *los) : NULL;
    char **his = fractions ? calloc(n ? n : 1, sizeof *his) : NULL;
    PyObject *out = NULL;
    if (!collides || !lo || !hi || (fractions && (!los || !his))) {
        PyErr_NoMemory();
        goto done;
    }
    npy_bool *c = PyArray_DATA((PyArrayObject *)collides);
    double *l = PyArray_DATA((PyArrayObject *)lo), *h = PyArray_DATA((PyArrayObject *)hi);
    int failed = 0;
    size_t failed_at = 0;
    Py_BEGIN_ALLOW_THREADS
#pragma omp parallel num_threads(thread_count(threads))
    {
        ccd_oracle *o = ccd_oracle_new();
        mpq_t tl, th;
        mpq_inits(tl, th, NULL);
#pragma omp for schedule(dynamic, 16)
        for (size_t i = 0; i < n; i++) {
            int hit = 0;
            ccd_status st = o ? ccd_oracle_decide(&hit, &a.q[i], ms, (ccd_norm)norm, o)
                              : CCD_ERR_INTERNAL;
            c[i] = (npy_bool)(st == CCD_OK && hit);
            l[i] = h[i] = INFINITY;
            if (st == CCD_OK && hit) {
                if (fractions) { /* the interval `ccdbench truth --output` writes */
                    ccd_oracle_toi_interval(tl, th, TOI_BITS, o);
                    los[i] = mpq_get_str(NULL, 10, tl);
                    his[i] = mpq_get_str(NULL, 10, th);
                }
                ccd_oracle_toi_doubles(&l[i], &h[i], o);
            }
            if (st != CCD_OK) {
#pragma omp critical(ccdbench_exact_failure)
                if (!failed || i < failed_at) {
                    failed = 1;
                    failed_at = i;
                }
            }
        }
        mpq_clears(tl, th, NULL);
        ccd_oracle_free(o);
    }
    Py_END_ALLOW_THREADS
    if (failed) {
        PyErr_Format(PyExc_RuntimeError, "the exact oracle failed on query %zu", failed_at);
        goto done;
    }
    PyObject *lo_list = Py_None, *hi_list = Py_None;
    Py_INCREF(lo_list);
    Py_INCREF(hi_list);
    if (fractions) {
        Py_DECREF(lo_list);
        Py_DECREF(hi_list);
        lo_list = PyList_New((Py_ssize_t)n);
        hi_list = PyList_New((Py_ssize_t)n);
        for (size_t i = 0; lo_list && hi_list && i < n; i++) {
            PyObject *x = los[i] ? PyUnicode_FromString(los[i]) : (Py_INCREF(Py_None), Py_None);
            PyObject *y = his[i] ? PyUnicode_FromString(his[i]) : (Py_INCREF(Py_None), Py_None);
            if (!x || !y) {
                Py_XDECREF(x);
                Py_XDECREF(y);
                Py_CLEAR(lo_list);
                break;
            }
            PyList_SET_ITEM(lo_list, (Py_ssize_t)i, x);
            PyList_SET_ITEM(hi_list, (Py_ssize_t)i, y);
        }
    }
    if (lo_list && hi_list)
        out = Py_BuildValue("(OOOOO)", collides, lo, hi, lo_list, hi_list);
    Py_XDECREF(lo_list);
    Py_XDECREF(hi_list);
done:
    if (los || his) {
        void (*gmp_free)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &gmp_free);
        for (size_t i = 0; i < n; i++) {
            if (los && los[i])
                gmp_free(los[i], strlen(los[i]) + 1);
            if (his && his[i])
                gmp_free(his[i], strlen(his[i]) + 1);
        }
    }
    free(los);
    free(his);
    Py_XDECREF(collides);
    Py_XDECREF(lo);
    Py_XDECREF(hi);
    queries_free(&a);
    mpq_clear(ms);
    return out;
}

/* ------------------------------------------------------------------ methods */

/* A method of the library or of a loaded plugin; the plugin stays loaded while
 * a Method of it lives. */
typedef struct {
    PyObject_HEAD
    const ccd_method *method;
    PyObject *plugin; /* the Plugin object, or NULL for a built-in */
} MethodObject;

typedef struct {
    PyObject_HEAD
    ccd_plugin *plugin;
} PluginObject;

static PyTypeObject MethodType, PluginType;

static void Method_dealloc(MethodObject *self)
{
    Py_XDECREF(self->plugin);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *method_new(const ccd_method *m, PyObject *plugin)
{
    MethodObject *o = PyObject_New(MethodObject, &MethodType);
    if (!o)
        return NULL;
    o->method = m;
    o->plugin = plugin;
    Py_XINCREF(plugin);
    return (PyObject *)o;
}

static PyObject *option_value(const ccd_option *o, ccd_option_value v)
{
    switch (o->type) {
    case CCD_OPTION_DOUBLE:
        return PyFloat_FromDouble(v.d);
    case CCD_OPTION_INTEGER:
        return PyLong_FromLong(v.i);
    case CCD_OPTION_BOOLEAN:
        return PyBool_FromLong(v.i);
    case CCD_OPTION_ENUM:
        return PyUnicode_FromString(o->enum_names[v.i]);
    }
    Py_RETURN_NONE;
}

/* Method.describe() -> dict: name, summary, caps, options [{name, type, default, range, help}] */
static PyObject *Method_describe(MethodObject *self, PyObject *unused)
{
    (void)unused;
    static const char *const type_names[] = {"double", "integer", "boolean", "enum"};
    const ccd_method *m = self->method;
    PyObject *options = PyList_New(0);
    if (!options)
        return NULL;
    for (size_t i = 0; i < m->option_count; i++) {
        const ccd_option *o = &m->options[i];
        char range[256];
        ccd_option_range(range, sizeof range, o);
        PyObject *d = Py_BuildValue("{s:s,s:s,s:N,s:s,s:s}", "name", o->name, "type",
                                    type_names[o->type], "default", option_value(o, o->def),
                                    "range", range, "help", o->help ? o->help : "");
        if (!d || PyList_Append(options, d) != 0) {
            Py_XDECREF(d);
            Py_DECREF(options);
            return NULL;
        }
        Py_DECREF(d);
    }
    return Py_BuildValue("{s:s,s:s,s:I,s:N}", "name", m->name, "summary",
                         m->summary ? m->summary : "", "caps", m->caps, "options", options);
}

static PyMethodDef Method_methods[] = {
    {"describe", (PyCFunction)Method_describe, METH_NOARGS,
     "describe() -> dict of the method's name, summary, capability bits and options"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject MethodType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ccdbench._core.Method",
    .tp_basicsize = sizeof(MethodObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a CCD method of the library or of a plugin",
    .tp_dealloc = (destructor)Method_dealloc,
    .tp_methods = Method_methods,
};

static PyObject *builtin_methods(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *list = PyList_New(0);
    const ccd_method *const *all = ccd_builtin_methods();
    for (size_t i = 0; list && all[i]; i++) {
        PyObject *m = method_new(all[i], NULL);
        if (!m || PyList_Append(list, m) != 0)
            Py_CLEAR(list);
        Py_XDECREF(m);
    }
    return list;
}

static void Plugin_dealloc(PluginObject *self)
{
    ccd_plugin_close(self->plugin);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* load_plugin(path) -> list of Method */
static PyObject *load_plugin(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *path_obj;
    if (!PyArg_ParseTuple(args, "O&", PyUnicode_FSConverter, &path_obj))
        return NULL;
    ccd_plugin *plugin;
    ccd_error err = {0};
    ccd_status st = ccd_plugin_load(&plugin, &err, PyBytes_AS_STRING(path_obj));
    Py_DECREF(path_obj);
    if (st != CCD_OK)
        return raise_ccd(&err);
    PluginObject *po = PyObject_New(PluginObject, &PluginType);
    if (!po) {
        ccd_plugin_close(plugin);
        return NULL;
    }
    po->plugin = plugin;
    size_t count;
    const ccd_method *const *methods = ccd_plugin_methods(plugin, &count);
    PyObject *list = PyList_New(0);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *m = method_new(methods[i], (PyObject *)po);
        if (!m || PyList_Append(list, m) != 0)
            Py_CLEAR(list);
        Py_XDECREF(m);
    }
    Py_DECREF(po);
    return list;
}

static PyTypeObject PluginType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ccdbench._core.Plugin",
    .tp_basicsize = sizeof(PluginObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a loaded plugin (closed when its last method is gone)",
    .tp_dealloc = (destructor)Plugin_dealloc,
};

/* Option values of m from a dict {name: text}: every name must be an option of
 * m, every text a valid value ("--param"-style messages, path "name"). */
static int options_from(ccd_option_value *out, const ccd_method *m, PyObject *dict)
{
    ccd_options_default(out, m);
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(dict, &pos, &key, &value)) {
        const char *name = PyUnicode_AsUTF8(key), *text = PyUnicode_AsUTF8(value);
        if (!name || !text)
            return -1;
        long i = ccd_option_find(m, name);
        if (i < 0) {
            PyErr_Format(PyExc_ValueError, "%s: method %s has no option %s", name, m->name, name);
            return -1;
        }
        ccd_error err = {0};
        if (ccd_option_parse(&out[i], &err, &m->options[i], text, name) != CCD_OK) {
            raise_ccd(&err);
            return -1;
        }
    }
    return 0;
}

/* run(method, points, kinds, rationals, options {name: text}, t_max, ms, ms_norm,
 *     no_zero_toi, threads) -> (collides, toi, toi_upper, tolerance, checks,
 *     hit_max_checks, seconds, failed) */
static PyObject *run(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *method_obj, *points, *kinds, *rationals, *options_dict;
    double t_max, ms;
    int ms_norm, no_zero_toi, threads;
    if (!PyArg_ParseTuple(args, "O!OOOO!ddipi", &MethodType, &method_obj, &points, &kinds,
                          &rationals, &PyDict_Type, &options_dict, &t_max, &ms, &ms_norm,
                          &no_zero_toi, &threads))
        return NULL;
    const ccd_method *m = ((MethodObject *)method_obj)->method;
    if (!(t_max > 0 && t_max <= 1))
        return PyErr_Format(PyExc_ValueError, "t_max: expected a value in (0, 1]");
    if (!(ms >= 0 && ms < INFINITY))
        return PyErr_Format(PyExc_ValueError, "ms: expected a finite value >= 0");
    if (ms_norm != CCD_NORM_LINF && ms_norm != CCD_NORM_L2)
        return PyErr_Format(PyExc_ValueError, "norm: expected 'inf' or 2");
    ccd_option_value *values = calloc(m->option_count + 1, sizeof *values);
    if (!values)
        return PyErr_NoMemory();
    if (options_from(values, m, options_dict) != 0) {
        free(values);
        return NULL;
    }
    query_array a;
    if (queries_from(&a, points, kinds, rationals) != 0) {
        free(values);
        return NULL;
    }
    ccd_params p;
    ccd_params_default(&p);
    p.t_max = t_max;
    p.ms = ms;
    p.ms_norm = (ccd_norm)ms_norm;
    p.no_zero_toi = no_zero_toi;
    p.options = m->option_count ? values : NULL;
    const size_t n = a.count;
    npy_intp dim = (npy_intp)n;
    PyObject *arrays[8] = {
        PyArray_SimpleNew(1, &dim, NPY_BOOL),   PyArray_SimpleNew(1, &dim, NPY_DOUBLE),
        PyArray_SimpleNew(1, &dim, NPY_DOUBLE), PyArray_SimpleNew(1, &dim, NPY_DOUBLE),
        PyArray_SimpleNew(1, &dim, NPY_INT64),  PyArray_SimpleNew(1, &dim, NPY_BOOL),
        PyArray_SimpleNew(1, &dim, NPY_DOUBLE), PyArray_SimpleNew(1, &dim, NPY_BOOL),
    };
    PyObject *out = NULL;
    for (int j = 0; j < 8; j++)
        if (!arrays[j])
            goto done;
    npy_bool *collides = PyArray_DATA((PyArrayObject *)arrays[0]);
    double *toi = PyArray_DATA((PyArrayObject *)arrays[1]);
    double *toi_upper = PyArray_DATA((PyArrayObject *)arrays[2]);
    double *tolerance = PyArray_DATA((PyArrayObject *)arrays[3]);
    npy_int64 *checks = PyArray_DATA((PyArrayObject *)arrays[4]);
    npy_bool *hit = PyArray_DATA((PyArrayObject *)arrays[5]);
    double *seconds = PyArray_DATA((PyArrayObject *)arrays[6]);
    npy_bool *failed = PyArray_DATA((PyArrayObject *)arrays[7]);
    int no_scratch = 0;
    Py_BEGIN_ALLOW_THREADS
#pragma omp parallel num_threads(thread_count(threads))
    {
        void *scratch = m->scratch_new ? m->scratch_new() : NULL;
        if (m->scratch_new && !scratch) {
#pragma omp atomic write
            no_scratch = 1;
        }
#pragma omp for schedule(dynamic, 1)
        for (size_t i = 0; i < n; i++) {
            ccd_result r = {0};
            const double t0 = seconds_now();
            ccd_status st = m->scratch_new && !scratch ? CCD_ERR_INTERNAL
                                                       : ccd_method_run(&r, m, &a.q[i], &p, scratch);
            seconds[i] = seconds_now() - t0;
            failed[i] = st != CCD_OK;
            collides[i] = st == CCD_OK && r.collides;
            toi[i] = st == CCD_OK ? r.toi : NAN;
            toi_upper[i] = st == CCD_OK ? r.toi_upper : NAN;
            tolerance[i] = st == CCD_OK ? r.tolerance : NAN;
            checks[i] = st == CCD_OK ? r.checks : 0;
            hit[i] = st == CCD_OK && r.hit_max_checks;
        }
        if (scratch)
            m->scratch_free(scratch);
    }
    Py_END_ALLOW_THREADS
    if (no_scratch) {
        PyErr_Format(PyExc_MemoryError, "%s: cannot create its per-thread state", m->name);
        goto done;
    }
    out = Py_BuildValue("(OOOOOOOO)", arrays[0], arrays[1], arrays[2], arrays[3], arrays[4],
                        arrays[5], arrays[6], arrays[7]);
done:
    for (int j = 0; j < 8; j++)
        Py_XDECREF(arrays[j]);
    queries_free(&a);
    free(values);
    return out;
}

/* ------------------------------------------------------------------ result files */

static PyObject *check_result(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *path_obj;
    if (!PyArg_ParseTuple(args, "O&", PyUnicode_FSConverter, &path_obj))
        return NULL;
    ccd_error err = {0};
    ccd_status st;
    Py_BEGIN_ALLOW_THREADS
    st = ccd_result_file_check(&err, PyBytes_AS_STRING(path_obj));
    Py_END_ALLOW_THREADS
    Py_DECREF(path_obj);
    if (st != CCD_OK)
        return raise_ccd(&err);
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ contact routines */

/* A C-contiguous float64 array of shape (N, dims...) from obj, or NULL with a
 * ValueError naming the expected shape. */
static PyArrayObject *batch_array(PyObject *obj, const char *name, int nd, const npy_intp *dims,
                                  const char *shape)
{
    PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(obj, NPY_DOUBLE, 0, 0, NPY_ARRAY_IN_ARRAY);
    if (!a)
        return NULL;
    int ok = PyArray_NDIM(a) == nd + 1;
    for (int i = 0; ok && i < nd; i++)
        ok = PyArray_DIM(a, i + 1) == dims[i];
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "%s: expected shape %s", name, shape);
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

static PyObject *new_array(int nd, npy_intp n, const npy_intp *dims)
{
    npy_intp shape[4] = {n, 0, 0, 0};
    for (int i = 0; i < nd; i++)
        shape[i + 1] = dims[i];
    return PyArray_ZEROS(nd + 1, shape, NPY_DOUBLE, 0);
}

/* A tuple of o[0 .. count) (new references to them), or NULL. */
static PyObject *tuple_of(PyObject *const *o, int count)
{
    PyObject *t = PyTuple_New(count);
    for (int i = 0; t && i < count; i++) {
        Py_INCREF(o[i]);
        PyTuple_SET_ITEM(t, i, o[i]);
    }
    return t;
}

/* witness(kind, x, (w_reg, eps_clip, eps_min, eps_comp), jacobian, threads):
 * Beker et al.'s witness points of every row of x (N, 4, 3).
 * EE -> (pa, pb, alpha, colliding[, dpa, dpb, dalpha, dcolliding]);
 * VF -> (pf, inside[, dpf, dinside]); derivatives are d output / d x with x
 * flattened row-major (12 columns). */
static PyObject *witness(PyObject *self, PyObject *args)
{
    (void)self;
    int kind, jacobian, threads;
    PyObject *x_obj;
    ccd_smoothing sm;
    if (!PyArg_ParseTuple(args, "iO(dddd)pi", &kind, &x_obj, &sm.w_reg, &sm.eps_clip,
                          &sm.eps_min, &sm.eps_comp, &jacobian, &threads))
        return NULL;
    if (kind != CCD_VF && kind != CCD_EE)
        return PyErr_Format(PyExc_ValueError, "kind: expected 0 (vertex-face) or 1 (edge-edge)");
    if (!(sm.w_reg >= 0 && sm.eps_clip >= 0 && sm.eps_min >= 0 && sm.eps_comp >= 0) ||
        !isfinite(sm.w_reg + sm.eps_clip + sm.eps_min + sm.eps_comp))
        return PyErr_Format(PyExc_ValueError, "smoothing: expected finite values >= 0");
    static const npy_intp xdims[2] = {4, 3};
    PyArrayObject *x = batch_array(x_obj, "x", 2, xdims, "(N, 4, 3)");
    if (!x)
        return NULL;
    const npy_intp n = PyArray_DIM(x, 0);
    const double (*xs)[4][3] = PyArray_DATA(x);
    static const npy_intp d3[1] = {3}, d2[1] = {2}, j3[2] = {3, 12}, j2[2] = {2, 12},
                          j1[1] = {12};
    PyObject *o[8] = {0};
    int count;
    if (kind == CCD_EE) {
        count = jacobian ? 8 : 4;
        o[0] = new_array(1, n, d3);
        o[1] = new_array(1, n, d3);
        o[2] = new_array(1, n, d2);
        o[3] = new_array(0, n, NULL);
        if (jacobian) {
            o[4] = new_array(2, n, j3);
            o[5] = new_array(2, n, j3);
            o[6] = new_array(2, n, j2);
            o[7] = new_array(1, n, j1);
        }
    } else {
        count = jacobian ? 4 : 2;
        o[0] = new_array(1, n, d3);
        o[1] = new_array(0, n, NULL);
        if (jacobian) {
            o[2] = new_array(2, n, j3);
            o[3] = new_array(1, n, j1);
        }
    }
    PyObject *out = NULL;
    for (int i = 0; i < count; i++)
        if (!o[i])
            goto done;
    double *v[8];
    for (int i = 0; i < count; i++)
        v[i] = PyArray_DATA((PyArrayObject *)o[i]);
    Py_BEGIN_ALLOW_THREADS
#pragma omp parallel for schedule(static) num_threads(thread_count(threads))
    for (npy_intp i = 0; i < n; i++) {
        if (kind == CCD_EE) {
            ccd_ee_witness w;
            ccd_ee_jacobian jac;
            if (jacobian)
                ccd_ee_witness_jacobian(&w, &jac, xs[i], &sm);
            else
                ccd_ee_witness_eval(&w, xs[i], &sm);
            memcpy(v[0] + 3 * i, w.pa, sizeof w.pa);
            memcpy(v[1] + 3 * i, w.pb, sizeof w.pb);
            memcpy(v[2] + 2 * i, w.alpha, sizeof w.alpha);
            v[3][i] = w.colliding;
            if (jacobian) {
                memcpy(v[4] + 36 * i, jac.pa, sizeof jac.pa);
                memcpy(v[5] + 36 * i, jac.pb, sizeof jac.pb);
                memcpy(v[6] + 24 * i, jac.alpha, sizeof jac.alpha);
                memcpy(v[7] + 12 * i, jac.colliding, sizeof jac.colliding);
            }
        } else {
            ccd_vf_witness w;
            ccd_vf_jacobian jac;
            if (jacobian)
                ccd_vf_witness_jacobian(&w, &jac, xs[i], &sm);
            else
                ccd_vf_witness_eval(&w, xs[i], &sm);
            memcpy(v[0] + 3 * i, w.pf, sizeof w.pf);
            v[1][i] = w.inside;
            if (jacobian) {
                memcpy(v[2] + 36 * i, jac.pf, sizeof jac.pf);
                memcpy(v[3] + 12 * i, jac.inside, sizeof jac.inside);
            }
        }
    }
    Py_END_ALLOW_THREADS
    out = tuple_of(o, count);
done:
    for (int i = 0; i < 8; i++)
        Py_XDECREF(o[i]);
    Py_DECREF(x);
    return out;
}

/* sdf(kind, x, params, a, b, rot, trans, threads) -> (phi (N,), grad (N, 3)):
 * Beker et al.'s SDF primitives at the points x (N, 3).
 *   "superquadric": params (a, b, c, e1, e2), a and b unused;
 *   "planes": a = normals (K, 3), b = a point of each plane (K, 3), params (tau,);
 *   "points": a = samples (K, 3), b = their normals (K, 3), params (sigma,).
 * rot (3, 3) and trans (3,): the pose, world = rot · local + trans. */
static PyObject *sdf(PyObject *self, PyObject *args)
{
    (void)self;
    const char *kind;
    PyObject *x_obj, *params, *a_obj, *b_obj, *rot_obj, *trans_obj;
    int threads;
    if (!PyArg_ParseTuple(args, "sOO!OOOOi", &kind, &x_obj, &PyTuple_Type, &params, &a_obj,
                          &b_obj, &rot_obj, &trans_obj, &threads))
        return NULL;
    static const npy_intp d3[1] = {3};
    PyArrayObject *x = batch_array(x_obj, "x", 1, d3, "(N, 3)");
    PyArrayObject *a = NULL, *b = NULL, *rot = NULL, *trans = NULL;
    PyObject *phi = NULL, *grad = NULL, *out = NULL;
    if (!x)
        return NULL;
    ccd_sdf f;
    memset(&f, 0, sizeof f);
    ccd_sdf_pose_identity(&f);
    if (!(rot = (PyArrayObject *)PyArray_FROMANY(rot_obj, NPY_DOUBLE, 2, 2, NPY_ARRAY_IN_ARRAY)) ||
        PyArray_DIM(rot, 0) != 3 || PyArray_DIM(rot, 1) != 3) {
        if (rot)
            PyErr_SetString(PyExc_ValueError, "rot: expected shape (3, 3)");
        goto done;
    }
    if (!(trans = (PyArrayObject *)PyArray_FROMANY(trans_obj, NPY_DOUBLE, 1, 1, NPY_ARRAY_IN_ARRAY)) ||
        PyArray_DIM(trans, 0) != 3) {
        if (trans)
            PyErr_SetString(PyExc_ValueError, "trans: expected shape (3,)");
        goto done;
    }
    memcpy(f.rot, PyArray_DATA(rot), sizeof f.rot);
    memcpy(f.trans, PyArray_DATA(trans), sizeof f.trans);
    if (strcmp(kind, "superquadric") == 0) {
        f.type = CCD_SDF_SUPERQUADRIC;
        if (!PyArg_ParseTuple(params, "ddddd", &f.u.sq.a, &f.u.sq.b, &f.u.sq.c, &f.u.sq.e1,
                              &f.u.sq.e2))
            goto done;
        if (!(f.u.sq.a > 0 && f.u.sq.b > 0 && f.u.sq.c > 0 && f.u.sq.e1 > 0 && f.u.sq.e2 > 0) ||
            !isfinite(f.u.sq.a + f.u.sq.b + f.u.sq.c + f.u.sq.e1 + f.u.sq.e2)) {
            PyErr_SetString(PyExc_ValueError, "superquadric: expected finite a, b, c, e1, e2 > 0");
            goto done;
        }
    } else if (strcmp(kind, "planes") == 0 || strcmp(kind, "points") == 0) {
        const int planes = kind[1] == 'l';
        double width;
        if (!PyArg_ParseTuple(params, "d", &width))
            goto done;
        if (!(a = batch_array(a_obj, planes ? "normals" : "points", 1, d3, "(K, 3)")) ||
            !(b = batch_array(b_obj, planes ? "points" : "normals", 1, d3, "(K, 3)")))
            goto done;
        const npy_intp k = PyArray_DIM(a, 0);
        if (k < 1 || PyArray_DIM(b, 0) != k) {
            PyErr_SetString(PyExc_ValueError, "expected K >= 1 normals and K points");
            goto done;
        }
        if (planes) {
            if (!(width >= 0 && isfinite(width))) {
                PyErr_SetString(PyExc_ValueError, "tau: expected a finite value >= 0");
                goto done;
            }
            f.type = CCD_SDF_POLYHEDRON;
            f.u.cp.normal = PyArray_DATA(a);
            f.u.cp.point = PyArray_DATA(b);
            f.u.cp.count = (size_t)k;
            f.u.cp.tau = width;
        } else {
            if (!(width > 0 && isfinite(width))) {
                PyErr_SetString(PyExc_ValueError, "sigma: expected a finite value > 0");
                goto done;
            }
            f.type = CCD_SDF_POINT_CLOUD;
            f.u.pc.point = PyArray_DATA(a);
            f.u.pc.normal = PyArray_DATA(b);
            f.u.pc.count = (size_t)k;
            f.u.pc.sigma = width;
        }
    } else {
        PyErr_SetString(PyExc_ValueError, "kind: expected superquadric, planes or points");
        goto done;
    }
    const npy_intp n = PyArray_DIM(x, 0);
    phi = new_array(0, n, NULL);
    grad = new_array(1, n, d3);
    if (!phi || !grad)
        goto done;
    const double (*xs)[3] = PyArray_DATA(x);
    double *pv = PyArray_DATA((PyArrayObject *)phi);
    double (*gv)[3] = PyArray_DATA((PyArrayObject *)grad);
    Py_BEGIN_ALLOW_THREADS
#pragma omp parallel for schedule(static) num_threads(thread_count(threads))
    for (npy_intp i = 0; i < n; i++)
        pv[i] = ccd_sdf_eval(gv[i], &f, xs[i]);
    Py_END_ALLOW_THREADS
    out = Py_BuildValue("(OO)", phi, grad);
done:
    Py_XDECREF(phi);
    Py_XDECREF(grad);
    Py_XDECREF(a);
    Py_XDECREF(b);
    Py_XDECREF(rot);
    Py_XDECREF(trans);
    Py_DECREF(x);
    return out;
}

/* smoothing_level(kind, s, length) -> (w_reg, eps_clip, eps_min, eps_comp) */
static PyObject *smoothing_level(PyObject *self, PyObject *args)
{
    (void)self;
    int kind;
    double level, length;
    if (!PyArg_ParseTuple(args, "idd", &kind, &level, &length))
        return NULL;
    if (kind != CCD_VF && kind != CCD_EE)
        return PyErr_Format(PyExc_ValueError, "kind: expected 0 (vertex-face) or 1 (edge-edge)");
    ccd_smoothing sm;
    ccd_smoothing_level(&sm, (ccd_kind)kind, level, length);
    return Py_BuildValue("(dddd)", sm.w_reg, sm.eps_clip, sm.eps_min, sm.eps_comp);
}

/* potential_triangles(a, b, gradient, hessian, threads) -> (value, status,
 * grad or None, hess or None, plane): Ye et al.'s exact long-range potential of
 * the triangle pairs a, b (N, 3, 3); +inf and status 1 on contact (the
 * derivatives there NaN). */
static PyObject *potential_triangles(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *a_obj, *b_obj;
    int gradient, hessian, threads;
    if (!PyArg_ParseTuple(args, "OOppi", &a_obj, &b_obj, &gradient, &hessian, &threads))
        return NULL;
    static const npy_intp tri[2] = {3, 3};
    PyArrayObject *a = batch_array(a_obj, "a", 2, tri, "(N, 3, 3)");
    if (!a)
        return NULL;
    PyArrayObject *b = batch_array(b_obj, "b", 2, tri, "(N, 3, 3)");
    if (!b) {
        Py_DECREF(a);
        return NULL;
    }
    if (PyArray_DIM(a, 0) != PyArray_DIM(b, 0)) {
        Py_DECREF(a);
        Py_DECREF(b);
        return PyErr_Format(PyExc_ValueError, "a, b: expected the same number of pairs");
    }
    const npy_intp n = PyArray_DIM(a, 0);
    static const npy_intp g[1] = {18}, h[2] = {18, 18}, pl[1] = {4};
    npy_intp dim = n;
    PyObject *value = new_array(0, n, NULL);
    PyObject *status = PyArray_ZEROS(1, &dim, NPY_INT8, 0);
    PyObject *grad = gradient || hessian ? new_array(1, n, g) : (Py_INCREF(Py_None), Py_None);
    PyObject *hess = hessian ? new_array(2, n, h) : (Py_INCREF(Py_None), Py_None);
    PyObject *plane = new_array(1, n, pl);
    PyObject *out = NULL;
    if (value && status && grad && hess && plane) {
        const double *av = PyArray_DATA(a), *bv = PyArray_DATA(b);
        double *vv = PyArray_DATA((PyArrayObject *)value);
        npy_int8 *sv = PyArray_DATA((PyArrayObject *)status);
        double *gv = grad != Py_None ? PyArray_DATA((PyArrayObject *)grad) : NULL;
        double *hv = hess != Py_None ? PyArray_DATA((PyArrayObject *)hess) : NULL;
        double *pv = PyArray_DATA((PyArrayObject *)plane);
        Py_BEGIN_ALLOW_THREADS
#pragma omp parallel for schedule(dynamic, 64) num_threads(thread_count(threads))
        for (npy_intp i = 0; i < n; i++) {
            ccd_potential_status st = ccd_potential_triangles(
                &vv[i], gv ? gv + 18 * i : NULL, hv ? hv + 324 * i : NULL, pv + 4 * i,
                av + 9 * i, bv + 9 * i);
            sv[i] = (npy_int8)st;
            if (st == CCD_POTENTIAL_CONTACT) { /* left untouched there: say so */
                for (int k = 0; gv && k < 18; k++)
                    gv[18 * i + k] = NAN;
                for (int k = 0; hv && k < 324; k++)
                    hv[324 * i + k] = NAN;
                for (int k = 0; k < 4; k++)
                    pv[4 * i + k] = NAN;
            }
        }
        Py_END_ALLOW_THREADS
        out = Py_BuildValue("(OOOOO)", value, status, grad, hess, plane);
    }
    Py_XDECREF(value);
    Py_XDECREF(status);
    Py_XDECREF(grad);
    Py_XDECREF(hess);
    Py_XDECREF(plane);
    Py_DECREF(a);
    Py_DECREF(b);
    return out;
}

/* ------------------------------------------------------------------ polyhedra */

/* _core.Polyhedron: a convex polyhedron of Cheng Yi & Drumwright's contact
 * routine, made by polyhedron(kind, ...) below. */
typedef struct {
    PyObject_HEAD
    ccd_polyhedron p;
    int ready;
} PolyhedronObject;

static void Polyhedron_dealloc(PolyhedronObject *self)
{
    if (self->ready)
        ccd_polyhedron_free(&self->p);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Polyhedron_vertices(PolyhedronObject *self, void *closure)
{
    (void)closure;
    npy_intp dims[2] = {(npy_intp)self->p.vertex_count, 3};
    PyObject *a = PyArray_SimpleNew(2, dims, NPY_DOUBLE);
    if (a)
        memcpy(PyArray_DATA((PyArrayObject *)a), self->p.vertex,
               self->p.vertex_count * sizeof *self->p.vertex);
    return a;
}

static PyObject *Polyhedron_counts(PolyhedronObject *self, void *closure)
{
    (void)closure;
    return Py_BuildValue("(nnn)", (Py_ssize_t)self->p.vertex_count,
                         (Py_ssize_t)self->p.edge_count, (Py_ssize_t)self->p.face_count);
}

static PyGetSetDef Polyhedron_getset[] = {
    {"vertices", (getter)Polyhedron_vertices, NULL, "(V, 3) vertices in the body frame", NULL},
    {"counts", (getter)Polyhedron_counts, NULL, "(vertices, edges, faces)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject PolyhedronType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ccdbench._core.Polyhedron",
    .tp_basicsize = sizeof(PolyhedronObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a convex polyhedron (polyhedron_box, _sphere, _hull, _read)",
    .tp_dealloc = (destructor)Polyhedron_dealloc,
    .tp_getset = Polyhedron_getset,
};

/* polyhedron(kind, arg1, arg2): "box" (half (3,)), "sphere" (vertices, radius),
 * "hull" (points (M, 3)), "read" (path). */
static PyObject *polyhedron(PyObject *self, PyObject *args)
{
    (void)self;
    const char *kind;
    PyObject *arg1, *arg2 = Py_None;
    if (!PyArg_ParseTuple(args, "sO|O", &kind, &arg1, &arg2))
        return NULL;
    PolyhedronObject *o = PyObject_New(PolyhedronObject, &PolyhedronType);
    if (!o)
        return NULL;
    o->ready = 0;
    ccd_error err = {0};
    ccd_status st;
    if (strcmp(kind, "read") == 0) {
        PyObject *path;
        if (!PyUnicode_FSConverter(arg1, &path)) {
            Py_DECREF(o);
            return NULL;
        }
        st = ccd_polyhedron_read(&o->p, &err, PyBytes_AS_STRING(path));
        Py_DECREF(path);
    } else if (strcmp(kind, "sphere") == 0) {
        Py_ssize_t vertices = PyLong_AsSsize_t(arg1);
        double radius = PyFloat_AsDouble(arg2);
        if (PyErr_Occurred() || vertices < 0) {
            Py_DECREF(o);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "vertices: expected 50, 98 or 182");
            return NULL;
        }
        st = ccd_polyhedron_sphere(&o->p, &err, (size_t)vertices, radius);
    } else if (strcmp(kind, "box") == 0 || strcmp(kind, "hull") == 0) {
        const int box = kind[0] == 'b';
        PyArrayObject *a = (PyArrayObject *)PyArray_FROMANY(arg1, NPY_DOUBLE, box ? 1 : 2,
                                                            box ? 1 : 2, NPY_ARRAY_IN_ARRAY);
        if (!a || (box ? PyArray_DIM(a, 0) != 3 : PyArray_DIM(a, 1) != 3)) {
            if (a)
                PyErr_SetString(PyExc_ValueError, box ? "half: expected shape (3,)"
                                                      : "points: expected shape (M, 3)");
            Py_XDECREF(a);
            Py_DECREF(o);
            return NULL;
        }
        st = box ? ccd_polyhedron_box(&o->p, &err, PyArray_DATA(a))
                 : ccd_polyhedron_hull(&o->p, &err, PyArray_DATA(a), (size_t)PyArray_DIM(a, 0));
        Py_DECREF(a);
    } else {
        Py_DECREF(o);
        return PyErr_Format(PyExc_ValueError, "kind: expected box, sphere, hull or read");
    }
    if (st != CCD_OK) {
        Py_DECREF(o);
        return raise_ccd(&err);
    }
    o->ready = 1;
    return (PyObject *)o;
}

/* Poses (N, 7): w, x, y, z (a quaternion, normalised), then the position. */
static int poses_from(ccd_pose *out, const double *v, npy_intp n, const char *name)
{
    for (npy_intp i = 0; i < n; i++) {
        const double *q = v + 7 * i;
        int ok = 1;
        for (int k = 0; k < 7; k++)
            ok &= isfinite(q[k]);
        if (!ok || (q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0)) {
            PyErr_Format(PyExc_ValueError, "%s[%zd]: expected a finite pose w, x, y, z, px, "
                         "py, pz with a quaternion other than 0", name, (Py_ssize_t)i);
            return -1;
        }
        for (int k = 4; k < 7; k++)
            if (fabs(q[k]) > CCD_POSE_MAX_POSITION) {
                PyErr_Format(PyExc_ValueError, "%s[%zd]: a position beyond %g", name,
                             (Py_ssize_t)i, CCD_POSE_MAX_POSITION);
                return -1;
            }
        ccd_pose_from_quaternion(&out[i], q, q + 4);
    }
    return 0;
}

/* polyhedra(A, B, poses_a (N, 7), poses_b (N, 7), jacobian, threads) ->
 * (status, intersecting, phi, normal, plane_d, closest, point_count, points[,
 *  dphi, dn, jacobian_defined]) */
static PyObject *polyhedra(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *pa_obj, *pb_obj;
    PolyhedronObject *A, *B;
    int jacobian, threads;
    if (!PyArg_ParseTuple(args, "O!O!OOpi", &PolyhedronType, &A, &PolyhedronType, &B, &pa_obj,
                          &pb_obj, &jacobian, &threads))
        return NULL;
    static const npy_intp pose_dims[1] = {7};
    PyArrayObject *pa = batch_array(pa_obj, "pose_a", 1, pose_dims, "(N, 7)");
    PyArrayObject *pb = pa ? batch_array(pb_obj, "pose_b", 1, pose_dims, "(N, 7)") : NULL;
    ccd_pose *poses = NULL;
    PyObject *o[11] = {0};
    PyObject *out = NULL;
    if (!pb)
        goto done;
    const npy_intp n = PyArray_DIM(pa, 0);
    if (PyArray_DIM(pb, 0) != n) {
        PyErr_SetString(PyExc_ValueError, "pose_a, pose_b: expected the same number of poses");
        goto done;
    }
    if (!(poses = malloc(2 * (size_t)(n ? n : 1) * sizeof *poses))) {
        PyErr_NoMemory();
        goto done;
    }
    if (poses_from(poses, PyArray_DATA(pa), n, "pose_a") != 0 ||
        poses_from(poses + n, PyArray_DATA(pb), n, "pose_b") != 0)
        goto done;
    npy_intp dim = n;
    static const npy_intp d3[1] = {3}, c23[2] = {2, 3}, pts[2] = {CCD_POLYH_MAX_POINTS, 3},
                          j12[1] = {12}, j312[2] = {3, 12};
    o[0] = PyArray_ZEROS(1, &dim, NPY_INT8, 0);
    o[1] = PyArray_ZEROS(1, &dim, NPY_BOOL, 0);
    o[2] = new_array(0, n, NULL);
    o[3] = new_array(1, n, d3);
    o[4] = new_array(0, n, NULL);
    o[5] = new_array(2, n, c23);
    o[6] = PyArray_ZEROS(1, &dim, NPY_INT64, 0);
    o[7] = new_array(2, n, pts);
    const int count = jacobian ? 11 : 8;
    if (jacobian) {
        o[8] = new_array(1, n, j12);
        o[9] = new_array(2, n, j312);
        o[10] = PyArray_ZEROS(1, &dim, NPY_BOOL, 0);
    }
    for (int i = 0; i < count; i++)
        if (!o[i])
            goto done;
    npy_int8 *status = PyArray_DATA((PyArrayObject *)o[0]);
    npy_bool *inter = PyArray_DATA((PyArrayObject *)o[1]);
    double *phi = PyArray_DATA((PyArrayObject *)o[2]), *normal = PyArray_DATA((PyArrayObject *)o[3]);
    double *plane = PyArray_DATA((PyArrayObject *)o[4]), *closest = PyArray_DATA((PyArrayObject *)o[5]);
    npy_int64 *npoints = PyArray_DATA((PyArrayObject *)o[6]);
    double *points = PyArray_DATA((PyArrayObject *)o[7]);
    double *dphi = jacobian ? PyArray_DATA((PyArrayObject *)o[8]) : NULL;
    double *dn = jacobian ? PyArray_DATA((PyArrayObject *)o[9]) : NULL;
    npy_bool *defined = jacobian ? PyArray_DATA((PyArrayObject *)o[10]) : NULL;
    int failed = 0;
    npy_intp failed_at = 0;
    ccd_error first = {0};
    Py_BEGIN_ALLOW_THREADS
#pragma omp parallel for schedule(dynamic, 8) num_threads(thread_count(threads))
    for (npy_intp i = 0; i < n; i++) {
        ccd_polyhedra_result r;
        ccd_error err = {0};
        ccd_status st = ccd_polyhedra_contact(&r, &err, &A->p, &poses[i], &B->p, &poses[n + i], NULL);
        if (st != CCD_OK) {
#pragma omp critical(ccdbench_polyhedra_failure)
            if (!failed || i < failed_at) {
                failed = 1;
                failed_at = i;
                first = err;
            }
            continue;
        }
        status[i] = (npy_int8)r.status;
        inter[i] = (npy_bool)r.intersecting;
        phi[i] = r.phi;
        memcpy(normal + 3 * i, r.normal, sizeof r.normal);
        plane[i] = r.plane_d;
        memcpy(closest + 6 * i, r.closest, sizeof r.closest);
        npoints[i] = (npy_int64)r.point_count;
        for (size_t k = 0; k < CCD_POLYH_MAX_POINTS; k++)
            for (int c = 0; c < 3; c++)
                points[(size_t)i * 3 * CCD_POLYH_MAX_POINTS + 3 * k + c] =
                    k < r.point_count ? r.point[k][c] : NAN;
        if (jacobian) {
            double jp[12], jn[3][12];
            ccd_error jerr = {0};
            defined[i] = ccd_polyhedra_contact_jacobian(jp, jn, &jerr, &A->p, &poses[i], &B->p,
                                                        &poses[n + i], NULL) == CCD_OK;
            for (int k = 0; k < 12; k++) {
                dphi[12 * i + k] = defined[i] ? jp[k] : NAN;
                for (int c = 0; c < 3; c++)
                    dn[36 * i + 12 * c + k] = defined[i] ? jn[c][k] : NAN;
            }
        }
    }
    Py_END_ALLOW_THREADS
    if (failed) {
        if (first.status == CCD_ERR_INPUT)
            PyErr_Format(input_error ? input_error : PyExc_ValueError, "pair %zd: %s",
                         (Py_ssize_t)failed_at, first.message);
        else
            raise_ccd(&first);
        goto done;
    }
    out = tuple_of(o, count);
done:
    for (int i = 0; i < 11; i++)
        Py_XDECREF(o[i]);
    free(poses);
    Py_XDECREF(pa);
    Py_XDECREF(pb);
    return out;
}

/* ------------------------------------------------------------------ minimum scaling */

/* _core.Shape(text): a primitive of the minimum-scaling routine, written as
 * `ccdbench contact scaling pair` takes it. */
typedef struct {
    PyObject_HEAD
    ccd_shape s;
} ShapeObject;

static int Shape_init(ShapeObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"text", NULL};
    const char *text;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "s", kwlist, &text))
        return -1;
    ccd_error err = {0};
    if (ccd_shape_parse(&self->s, &err, "shape", text) != CCD_OK) {
        raise_ccd(&err);
        return -1;
    }
    return 0;
}

static PyObject *Shape_kind(ShapeObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(ccd_shape_kind_name(self->s.kind));
}

static PyObject *Shape_params(ShapeObject *self, void *closure)
{
    (void)closure;
    size_t n = ccd_shape_param_count(&self->s);
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    for (size_t i = 0; t && i < n; i++) {
        PyObject *u = PyUnicode_FromString(ccd_shape_param_name(&self->s, i));
        if (!u) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)i, u);
    }
    return t;
}

static PyObject *Shape_position(ShapeObject *self, void *closure)
{
    (void)closure;
    return Py_BuildValue("(ddd)", self->s.position[0], self->s.position[1], self->s.position[2]);
}

static PyGetSetDef Shape_getset[] = {
    {"kind", (getter)Shape_kind, NULL, "the kind's name", NULL},
    {"params", (getter)Shape_params, NULL, "the names of the shape's parameters, in order", NULL},
    {"position", (getter)Shape_position, NULL, "the centre the shape is scaled about", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject ShapeType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ccdbench._core.Shape",
    .tp_basicsize = sizeof(ShapeObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Shape(text): a convex primitive, e.g. Shape('box,h=1:1:1,x=3:0:0')",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Shape_init,
    .tp_getset = Shape_getset,
};

/* The shapes of a batch: a Shape, or a sequence of N (or 1) Shapes. */
static int shapes_from(const ccd_shape **out, PyObject *obj, npy_intp n, const char *name)
{
    if (PyObject_TypeCheck(obj, &ShapeType)) {
        for (npy_intp i = 0; i < n; i++)
            out[i] = &((ShapeObject *)obj)->s;
        return 0;
    }
    PyObject *seq = PySequence_Fast(obj, "expected a Shape or a sequence of Shapes");
    if (!seq)
        return -1;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    if (m != n && m != 1) {
        PyErr_Format(PyExc_ValueError, "%s: expected 1 or %zd shapes, got %zd", name,
                     (Py_ssize_t)n, m);
        Py_DECREF(seq);
        return -1;
    }
    for (npy_intp i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, m == 1 ? 0 : i);
        if (!PyObject_TypeCheck(item, &ShapeType)) {
            PyErr_Format(PyExc_TypeError, "%s[%zd]: expected a Shape", name, (Py_ssize_t)i);
            Py_DECREF(seq);
            return -1;
        }
        out[i] = &((ShapeObject *)item)->s;
    }
    Py_DECREF(seq); /* the items stay alive in the caller's sequence */
    return 0;
}

/* scaling(a, b, n, centres_a or None, centres_b or None, rho, derivatives,
 * threads) -> (status, alpha, phi, p, normal, iterations[, dalpha, dp]):
 * dalpha (N, 2, P) and dp (N, 2, P, 3) over each shape's parameters (NaN
 * beyond its count, P = the most any shape has). */
static PyObject *scaling(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *a_obj, *b_obj, *ca_obj, *cb_obj;
    Py_ssize_t n;
    double rho;
    int derivatives, threads;
    if (!PyArg_ParseTuple(args, "OOnOOdpi", &a_obj, &b_obj, &n, &ca_obj, &cb_obj, &rho,
                          &derivatives, &threads))
        return NULL;
    if (!(rho >= 0 && rho < INFINITY))
        return PyErr_Format(PyExc_ValueError, "rho: expected a finite value >= 0");
    const ccd_shape **sa = calloc((size_t)(n ? n : 1), sizeof *sa);
    const ccd_shape **sb = calloc((size_t)(n ? n : 1), sizeof *sb);
    PyArrayObject *ca = NULL, *cb = NULL;
    PyObject *o[8] = {0};
    PyObject *out = NULL;
    static const npy_intp d3[1] = {3};
    if (!sa || !sb) {
        PyErr_NoMemory();
        goto done;
    }
    if (shapes_from(sa, a_obj, n, "a") != 0 || shapes_from(sb, b_obj, n, "b") != 0)
        goto done;
    if (ca_obj != Py_None && (!(ca = batch_array(ca_obj, "position_a", 1, d3, "(N, 3)")) ||
                              PyArray_DIM(ca, 0) != n)) {
        if (ca)
            PyErr_Format(PyExc_ValueError, "position_a: expected shape (%zd, 3)", n);
        goto done;
    }
    if (cb_obj != Py_None && (!(cb = batch_array(cb_obj, "position_b", 1, d3, "(N, 3)")) ||
                              PyArray_DIM(cb, 0) != n)) {
        if (cb)
            PyErr_Format(PyExc_ValueError, "position_b: expected shape (%zd, 3)", n);
        goto done;
    }
    npy_intp dim = n;
    static const npy_intp dd[2] = {2, CCD_SCALING_MAX_PARAMS},
                          dq[3] = {2, CCD_SCALING_MAX_PARAMS, 3};
    o[0] = PyArray_ZEROS(1, &dim, NPY_INT8, 0);
    o[1] = new_array(0, n, NULL);
    o[2] = new_array(0, n, NULL);
    o[3] = new_array(1, n, d3);
    o[4] = new_array(1, n, d3);
    o[5] = PyArray_ZEROS(1, &dim, NPY_INT64, 0);
    const int count = derivatives ? 8 : 6;
    if (derivatives) {
        o[6] = new_array(2, n, dd);
        o[7] = new_array(3, n, dq);
    }
    for (int i = 0; i < count; i++)
        if (!o[i])
            goto done;
    npy_int8 *status = PyArray_DATA((PyArrayObject *)o[0]);
    double *alpha = PyArray_DATA((PyArrayObject *)o[1]), *phi = PyArray_DATA((PyArrayObject *)o[2]);
    double *p = PyArray_DATA((PyArrayObject *)o[3]), *normal = PyArray_DATA((PyArrayObject *)o[4]);
    npy_int64 *iters = PyArray_DATA((PyArrayObject *)o[5]);
    double *dalpha = derivatives ? PyArray_DATA((PyArrayObject *)o[6]) : NULL;
    double *dp = derivatives ? PyArray_DATA((PyArrayObject *)o[7]) : NULL;
    const double *cav = ca ? PyArray_DATA(ca) : NULL, *cbv = cb ? PyArray_DATA(cb) : NULL;
    Py_BEGIN_ALLOW_THREADS
#pragma omp parallel for schedule(dynamic, 4) num_threads(thread_count(threads))
    for (npy_intp i = 0; i < n; i++) {
        ccd_shape a = *sa[i], b = *sb[i];
        if (cav)
            memcpy(a.position, cav + 3 * i, sizeof a.position);
        if (cbv)
            memcpy(b.position, cbv + 3 * i, sizeof b.position);
        ccd_scaling_result r;
        memset(&r, 0, sizeof r);
        ccd_scaling_status st;
        ccd_scaling_derivatives d;
        const int P = CCD_SCALING_MAX_PARAMS;
        if (derivatives) {
            st = ccd_scaling_derivatives_solve(&d, &r, &a, &b, rho); /* checks the shapes */
            for (int k = 0; k < 2; k++)
                for (int j = 0; j < P; j++) {
                    const int ok = st == CCD_SCALING_OK && (size_t)j < d.params[k];
                    dalpha[((size_t)i * 2 + k) * P + j] = ok ? d.dalpha[k][j] : NAN;
                    for (int c = 0; c < 3; c++)
                        dp[(((size_t)i * 2 + k) * P + j) * 3 + c] = ok ? d.dp[k][j][c] : NAN;
                }
        } else {
            st = ccd_scaling_solve(&r, &a, &b, rho); /* checks the shapes */
        }
        status[i] = (npy_int8)st;
        iters[i] = r.iterations;
        const int ok = st == CCD_SCALING_OK;
        alpha[i] = ok ? r.alpha : NAN;
        phi[i] = ok ? r.phi : NAN;
        for (int c = 0; c < 3; c++) {
            p[3 * i + c] = ok ? r.p[c] : NAN;
            normal[3 * i + c] = ok ? r.normal[c] : NAN;
        }
    }
    Py_END_ALLOW_THREADS
    out = tuple_of(o, count);
done:
    for (int i = 0; i < 8; i++)
        Py_XDECREF(o[i]);
    Py_XDECREF(ca);
    Py_XDECREF(cb);
    free(sa);
    free(sb);
    return out;
}

static PyObject *scaling_status_name(PyObject *self, PyObject *args)
{
    (void)self;
    int st;
    if (!PyArg_ParseTuple(args, "i", &st))
        return NULL;
    return PyUnicode_FromString(ccd_scaling_status_name((ccd_scaling_status)st));
}

static PyObject *polyhedra_status_name(PyObject *self, PyObject *args)
{
    (void)self;
    int st;
    if (!PyArg_ParseTuple(args, "i", &st))
        return NULL;
    return PyUnicode_FromString(ccd_polyhedra_status_name((ccd_polyhedra_status)st));
}

/* ------------------------------------------------------------------ module */

static PyMethodDef module_methods[] = {
    {"_set_input_error", set_input_error, METH_O, "the exception class of bad input"},
    {"discover", discover, METH_VARARGS, "discover(paths) -> (files, notes)"},
    {"exact", exact, METH_VARARGS,
     "exact(points, kinds, rationals, ms, norm, fractions, threads) -> "
     "(collides, toi_lo, toi_hi, lo_strings, hi_strings)"},
    {"builtin_methods", builtin_methods, METH_NOARGS, "the built-in methods"},
    {"load_plugin", load_plugin, METH_VARARGS, "load_plugin(path) -> the plugin's methods"},
    {"run", run, METH_VARARGS,
     "run(method, points, kinds, rationals, options, t_max, ms, ms_norm, no_zero_toi, "
     "threads) -> (collides, toi, toi_upper, tolerance, checks, hit_max_checks, seconds, "
     "failed)"},
    {"check_result", check_result, METH_VARARGS, "check_result(path): raise on a bad result file"},
    {"witness", witness, METH_VARARGS,
     "witness(kind, x, smoothing, jacobian, threads): Beker et al.'s witness points"},
    {"sdf", sdf, METH_VARARGS,
     "sdf(kind, x, params, a, b, rot, trans, threads): Beker et al.'s SDF primitives"},
    {"smoothing_level", smoothing_level, METH_VARARGS,
     "smoothing_level(kind, s, length) -> (w_reg, eps_clip, eps_min, eps_comp)"},
    {"polyhedron", polyhedron, METH_VARARGS,
     "polyhedron(kind, ...): box (half), sphere (vertices, radius), hull (points), read (path)"},
    {"polyhedra", polyhedra, METH_VARARGS,
     "polyhedra(A, B, poses_a, poses_b, jacobian, threads): Cheng Yi & Drumwright's contact"},
    {"polyhedra_status_name", polyhedra_status_name, METH_VARARGS, "a status's name"},
    {"scaling", scaling, METH_VARARGS,
     "scaling(a, b, n, centres_a, centres_b, rho, derivatives, threads): Le Cleac'h et al."},
    {"scaling_status_name", scaling_status_name, METH_VARARGS, "a status's name"},
    {"potential_triangles", potential_triangles, METH_VARARGS,
     "potential_triangles(a, b, gradient, hessian, threads): Ye et al.'s potential"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "ccdbench._core",
    "The C library of ccdbench (see the ccdbench package)", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void);
PyMODINIT_FUNC PyInit__core(void)
{
    import_array();
    PyTypeObject *const internal[] = {&MethodType, &PluginType, &PolyhedronType};
    for (size_t i = 0; i < sizeof internal / sizeof *internal; i++)
        if (PyType_Ready(internal[i]) < 0)
            return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    /* the types Python makes itself: Reader(...), Writer(...), Shape(...) */
    struct {
        const char *name;
        PyTypeObject *type;
    } const exported[] = {{"Reader", &ReaderType}, {"Writer", &WriterType}, {"Shape", &ShapeType}};
    for (size_t i = 0; i < sizeof exported / sizeof *exported; i++) {
        if (PyType_Ready(exported[i].type) < 0) {
            Py_DECREF(m);
            return NULL;
        }
        Py_INCREF(exported[i].type);
        if (PyModule_AddObject(m, exported[i].name, (PyObject *)exported[i].type) < 0) {
            Py_DECREF(exported[i].type);
            Py_DECREF(m);
            return NULL;
        }
    }
    if (PyModule_AddIntConstant(m, "API_VERSION", CCD_API_VERSION) < 0 ||
        PyModule_AddIntConstant(m, "CAP_TOI", CCD_CAP_TOI) < 0 ||
        PyModule_AddIntConstant(m, "CAP_CONSERVATIVE", CCD_CAP_CONSERVATIVE) < 0 ||
        PyModule_AddIntConstant(m, "CAP_MIN_SEPARATION", CCD_CAP_MIN_SEPARATION) < 0 ||
        PyModule_AddIntConstant(m, "CAP_EXACT", CCD_CAP_EXACT) < 0 ||
        PyModule_AddIntConstant(m, "CAP_USES_RATIONALS", CCD_CAP_USES_RATIONALS) < 0 ||
        PyModule_AddIntConstant(m, "CAP_SEPARATION_ONLY", CCD_CAP_SEPARATION_ONLY) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
