/* SPDX-License-Identifier: MIT */
/*
 * ccdbench.h — the public API of libccdbench.
 *
 * Data flow:  dataset files → reader → ccd_query → method → ccd_result → stats → report
 *
 * Naming: every public symbol starts with `ccd_`; output parameters come first
 * (`ccd_foo(result, inputs...)`), as in GMP.  Functions that can fail return a
 * ccd_status and fill a ccd_error whose message reads `path:line:column: what`.
 */
#ifndef CCDBENCH_H
#define CCDBENCH_H

#include <stddef.h>
#include <stdint.h>
#include <gmp.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What libccdbench exports.  The library is compiled with -fvisibility=hidden,
 * so a function is part of its ABI only when declared here with CCD_API (the
 * test tests/cli/exported-symbols.sh holds the two lists equal).  A plugin built
 * with -fvisibility=hidden marks its entry point (CCD_PLUGIN_ENTRY) with it too. */
#if defined(__GNUC__)
#define CCD_API __attribute__((visibility("default")))
#else
#define CCD_API
#endif

/* Bumped whenever ccd_query, ccd_params, ccd_result or ccd_method change layout. */
#define CCD_API_VERSION 1

/* ------------------------------------------------------------------ errors */

typedef enum ccd_status {
    CCD_OK = 0,
    CCD_ERR_INTERNAL = 1, /* a bug or resource failure (out of memory, …)   */
    CCD_ERR_INPUT = 2     /* bad input: exit status 2 at the command line    */
} ccd_status;

typedef struct ccd_error {
    ccd_status status;
    char message[1024]; /* "path:line:column: what is wrong" */
} ccd_error;

/* Fill err and return its status.  line/column are 1-based; 0 means "whole file". */
CCD_API ccd_status ccd_error_set(ccd_error *err, ccd_status status, const char *path,
                                 unsigned long line, unsigned long column, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* ------------------------------------------------------------------ queries */

typedef enum ccd_kind { CCD_VF = 0, CCD_EE = 1 } ccd_kind;

/* Rows of a query, in file order.
 * VF: v, f0, f1, f2 at t0, then the same at t1.
 * EE: ea0, ea1, eb0, eb1 at t0, then the same at t1. */
enum { CCD_QUERY_ROWS = 8 };

/* The exact coordinates of a query whose coordinates are not all doubles. */
typedef struct ccd_exact_coords {
    mpq_t q[CCD_QUERY_ROWS][3];
} ccd_exact_coords;

typedef struct ccd_query {
    double v[CCD_QUERY_ROWS][3]; /* nearest double (ties to even) of every coordinate */
    uint32_t inexact;            /* bit 3*row+axis set when v[row][axis] != the exact rational */
    ccd_kind kind;
    int label;                   /* 1 collides, 0 does not, -1 unknown (no label in the input) */
    uint64_t index;              /* 0-based position of the query in its file */
    /* Exact rationals when some coordinate is not a double (inexact != 0);
     * NULL otherwise, in which case v[][] *is* the exact input. Owned by the batch. */
    const ccd_exact_coords *exact;
} ccd_query;

/* Exact value of coordinate (row, axis) of q. */
CCD_API void ccd_query_coord_mpq(mpq_t out, const ccd_query *q, int row, int axis);

/* ------------------------------------------------------------------ reading and writing */

/* A batch of queries read together; exact rationals of its queries live in it. */
typedef struct ccd_batch {
    ccd_query *queries;
    size_t count;    /* queries held                      */
    size_t capacity; /* queries the batch can hold        */
    struct ccd_batch_store *store; /* internal: exact coordinates, reused across reads */
} ccd_batch;

CCD_API ccd_status ccd_batch_init(ccd_batch *b, size_t capacity);
CCD_API void ccd_batch_free(ccd_batch *b);

/* Streaming reader of the benchmark's rational CSV (6 or 7 columns, plain or
 * gzip, detected by content).  labels_path: JSON array of booleans/0/1, or NULL
 * (then labels come from the 7th column, or are -1).  Memory does not grow with
 * the file size. */
typedef struct ccd_reader ccd_reader;
CCD_API ccd_status ccd_reader_open(ccd_reader **out, ccd_error *err, const char *csv_path,
                                   const char *labels_path, ccd_kind kind);
/* Fill b with up to b->capacity queries (b->count = 0 at the end of the input). */
CCD_API ccd_status ccd_reader_read(ccd_reader *r, ccd_batch *b, ccd_error *err);
/* Bytes of (uncompressed) input consumed so far. */
CCD_API uint64_t ccd_reader_bytes_read(const ccd_reader *r);
/* The longest integer (numerator or denominator, in decimal digits, without sign
 * or leading blanks) the reader accepts; a longer one is bad input, named by its
 * field.  GMP's cost grows faster than linearly in the number of digits, so an
 * unbounded integer lets one small file take minutes and gigabytes.  The default
 * covers every double exactly: the largest has 309 digits and the denominator of
 * the smallest subnormal, 2^1074, has 324; the public datasets need at most 34.
 * max_digits 0 sets the default. */
enum { CCD_MAX_DIGITS_DEFAULT = 1000 };
CCD_API void ccd_reader_set_max_digits(ccd_reader *r, size_t max_digits);
CCD_API void ccd_reader_close(ccd_reader *r);

/* Writer of the same format.  A regular file (or a new one) is written to a
 * temporary beside path and renamed over it on ccd_writer_close, so no
 * half-written file is ever left behind; ccd_writer_abort removes the temporary.
 * A symbolic link is followed; a device or FIFO is written straight through. */
typedef struct ccd_writer ccd_writer;
enum { CCD_WRITE_GZIP = 1u << 0, CCD_WRITE_LABELS = 1u << 1 };
CCD_API ccd_status ccd_writer_open(ccd_writer **out, ccd_error *err, const char *path,
                                   unsigned flags);
CCD_API ccd_status ccd_writer_put(ccd_writer *w, ccd_error *err, const ccd_query *q);
CCD_API ccd_status ccd_writer_close(ccd_writer *w, ccd_error *err);
CCD_API void ccd_writer_abort(ccd_writer *w);

/* One CSV file of a dataset and where it came from. */
typedef struct ccd_dataset_file {
    char *csv_path;
    char *labels_path; /* NULL: labels inline or absent */
    ccd_kind kind;
    char *set;    /* "sample-queries", "scalable-ccd", or the directory given     */
    char *family; /* scene: "erleben-spikes", "armadillo-rollers", "default", …   */
    char *step;   /* file stem: "data_0_0", "326vf", …                           */
} ccd_dataset_file;

typedef struct ccd_dataset {
    ccd_dataset_file *files;
    size_t count;
    /* What discovery left out, one "path: why" line each (no newline): the same
     * file or directory reached twice (by device and inode: "./d: same
     * directory as d, counted once"), or a CSV name inside a directory that is not a
     * regular file ("d/xvf.csv: skipped (not a regular file: a FIFO)").  The caller
     * shows them; ccd_dataset_free frees them. */
    char **notes;
    size_t note_count;
    size_t max_digits; /* readers of these files: ccd_reader_set_max_digits; 0: default */
} ccd_dataset;

/* Discover CSV files under the given files or directories, in both public layouts:
 *   NYU:          <scene>/{vertex-face,edge-edge}/<name>.csv[.gz]  (labels inline)
 *   Scalable-CCD: <scene>/queries/<step>{vf,ee}.csv[.gz] + <scene>/mma_bool/<step>{vf,ee}_mma_bool.json
 * Files come out sorted by path, so runs are deterministic.  A file or directory
 * reached twice (named twice, or a directory and something inside it, or through a
 * link) is taken once, where it was first reached, and noted in out->notes.  A path
 * given that is neither a regular file nor a directory is an error. */
CCD_API ccd_status ccd_dataset_discover(ccd_dataset *out, ccd_error *err,
                                        const char *const *paths, size_t npaths);
CCD_API void ccd_dataset_free(ccd_dataset *d);

/* ------------------------------------------------------------------ methods */

typedef struct ccd_params {
    double delta;        /* tolerance δ (default 1e-6)                               */
    long max_checks;     /* m_I (default 1e6); negative: no early stop               */
    double ms;           /* minimum separation d ≥ 0 (default 0)                     */
    double t_max;        /* search [0, t_max] (default 1)                            */
    int no_zero_toi;     /* refine until toi > 0 when a contact is found at 0        */
    int ms_norm;         /* 0: L∞ (default), 2: Euclidean                           */
    double eta;          /* tolerance η of the floating-point root finders (1e-6)   */
    int ti_filter;       /* Tight Inclusion floating-point filter: CCD_FILTER_*      */
    /* Optional scene-wide floating-point filter errors per axis (x, y, z);
     * NULL: methods compute per-query filters. */
    const double *scene_filter;
} ccd_params;

enum {
    CCD_FILTER_LINEAR = 0,  /* default: rigorous bound linear in the coordinate magnitude */
    CCD_FILTER_PAPER = 1,   /* Wang et al. 2021, eq. (5): C·max(max|x|,1)^3               */
    CCD_FILTER_CLAMPED = 2  /* public reference implementation: C·min(max|x|,1)^3          */
};

CCD_API void ccd_params_default(ccd_params *p);

typedef struct ccd_result {
    int collides;       /* 1: the method reports a collision                              */
    double toi;         /* earliest time of impact; conservative methods: a lower bound;
                           INFINITY when no collision                                      */
    double toi_upper;   /* an upper bound of the same time when the method knows one,
                           else equal to toi                                               */
    double tolerance;   /* tolerance reached (inclusion methods), else 0                  */
    long checks;        /* work counter (boxes checked, roots isolated, …)                */
    int hit_max_checks; /* 1: stopped early because max_checks was reached                */
} ccd_result;

/* Capabilities of a method. */
enum {
    CCD_CAP_TOI = 1u << 0,            /* reports a time of impact                      */
    CCD_CAP_CONSERVATIVE = 1u << 1,   /* claims no false negatives (toi ≤ exact toi)   */
    CCD_CAP_MIN_SEPARATION = 1u << 2, /* honours params.ms                              */
    CCD_CAP_EXACT = 1u << 3,          /* claims no false positives and no false negatives */
    CCD_CAP_USES_RATIONALS = 1u << 4  /* reads q->exact rather than only the doubles   */
};

/* One query function per kind.  Returns CCD_OK, or an error status: CCD_ERR_INPUT
 * when the query is outside the range the method accepts, CCD_ERR_INTERNAL for
 * anything else.  The runner counts an error status, or a result that breaks the
 * rules of ccd_result and the method's capabilities, as a failure of the method on
 * that query, says why, and goes on.  scratch is the per-thread object from
 * scratch_new (or NULL). */
typedef ccd_status (*ccd_query_fn)(ccd_result *r, const ccd_query *q, const ccd_params *p,
                                   void *scratch);

typedef struct ccd_method {
    const char *name;    /* "tight-inclusion", "exact", …                         */
    const char *summary; /* one line for `ccdbench methods`                        */
    unsigned caps;
    ccd_query_fn vertex_face;
    ccd_query_fn edge_edge;
    void *(*scratch_new)(void);    /* optional: per-thread state, created once per thread */
    void (*scratch_free)(void *s); /* optional */
} ccd_method;

/* A plugin .so exports this symbol (CCD_PLUGIN_ENTRY) and returns its methods. */
typedef const ccd_method *const *(*ccd_plugin_entry_fn)(unsigned api_version, size_t *count);
#define CCD_PLUGIN_ENTRY "ccdbench_plugin_methods"

/* Built-in methods, NULL-terminated. */
CCD_API const ccd_method *const *ccd_builtin_methods(void);

/* Run one query through a method (dispatch on q->kind). */
CCD_API ccd_status ccd_method_run(const ccd_method *m, ccd_result *r, const ccd_query *q,
                                  const ccd_params *p, void *scratch);

#ifdef __cplusplus
}
#endif
#endif /* CCDBENCH_H */
