/* SPDX-License-Identifier: MIT */
/*
 * ccdbench.h — the public API of libccdbench.
 *
 * Data flow:  dataset files → reader → ccd_query → method → ccd_result → stats → report
 *
 * A method sees a ccd_query and nothing else of the input: the label of a query
 * (its expected answer) is kept in the batch (ccd_batch.labels), never in the
 * query, so no method can read the answer it is scored against.
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
 * test tests/project/exported-symbols.sh holds the two lists equal).  A plugin built
 * with -fvisibility=hidden marks its entry point (CCD_PLUGIN_ENTRY) with it too. */
#if defined(__GNUC__)
#define CCD_API __attribute__((visibility("default")))
#else
#define CCD_API
#endif

/* Bumped when a struct below changes in a way that is not an append (see
 * "Extending the API without breaking plugins" above ccd_params).  Version 2:
 * method-specific knobs moved out of ccd_params into declared options.  Version 3:
 * the label left ccd_query for ccd_batch.labels (a method cannot read it). */
#define CCD_API_VERSION 3

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

/* Fill err and return its status.  line/column are 1-based: the message reads
 * "path:line:column: what"; line 0 means the whole file, "path: what", and then a
 * column N > 0 is a place in a one-line text such as an option's value,
 * "path: at character N: what". */
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
    uint64_t index;              /* 0-based position of the query in its file */
    /* Exact rationals when some coordinate is not a double (inexact != 0);
     * NULL otherwise, in which case v[][] *is* the exact input. Owned by the batch. */
    const ccd_exact_coords *exact;
} ccd_query;

/* Exact value of coordinate (row, axis) of q. */
CCD_API void ccd_query_coord_mpq(mpq_t out, const ccd_query *q, int row, int axis);

/* ------------------------------------------------------------------ reading and writing */

/* A batch of queries read together; exact rationals of its queries live in it.
 * labels[i] is the label of queries[i]: 1 collides, 0 does not, -1 unknown (no
 * label in the input).  The labels are not part of a query: what a method is
 * given (ccd_query) never holds the answer it is scored against.  They live in
 * memory that a forked child does not inherit (Linux: MADV_WIPEONFORK; the
 * child sees zeros), so methods run in isolation cannot find them either. */
typedef struct ccd_batch {
    ccd_query *queries;
    int8_t *labels;
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
CCD_API ccd_status ccd_reader_read(ccd_batch *b, ccd_error *err, ccd_reader *r);
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
/* label: 1, 0 or -1 (unknown); with CCD_WRITE_LABELS it must be 0 or 1. */
CCD_API ccd_status ccd_writer_put(ccd_writer *w, ccd_error *err, const ccd_query *q, int label);
CCD_API ccd_status ccd_writer_close(ccd_writer *w, ccd_error *err);
CCD_API void ccd_writer_abort(ccd_writer *w);

/* A file as discovery saw it (its stat): which file it is and which version,
 * so that a run looks at each file once (on a network file system each look is
 * a round trip).  known == 0: not looked at (a dataset built by hand); whoever
 * needs it looks then. */
typedef struct ccd_file_stamp {
    uint64_t device, inode, bytes;
    int64_t mtime_sec;
    long mtime_nsec;
    int known;
} ccd_file_stamp;

/* One CSV file of a dataset and where it came from. */
typedef struct ccd_dataset_file {
    char *csv_path;
    char *labels_path; /* NULL: labels inline or absent */
    ccd_kind kind;
    char *set;    /* "sample-queries", "scalable-ccd", or the directory given     */
    char *family; /* scene: "erleben-spikes", "armadillo-rollers", "default", …   */
    char *step;   /* file stem: "data_0_0", "326vf", …                           */
    ccd_file_stamp csv_stamp, labels_stamp; /* filled by ccd_dataset_discover */
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

/*
 * Extending the API without breaking plugins.
 *
 * ccd_params holds only what every method understands.  A knob that only some
 * methods have (Tight Inclusion's δ, the root finders' η, …) is an *option*: the
 * method declares it in its ccd_method entry (a table of ccd_option: name, type,
 * default, range, help), the user sets it with `--param METHOD.KEY=VALUE`, and the
 * method reads its value by index into its own table (ccd_option_double,
 * ccd_option_int), so no string is looked up per query.  Adding an option to a
 * method changes neither struct layout nor CCD_API_VERSION.
 *
 * A common field is only ever appended to ccd_params; ccd_params.size says how
 * much of the struct the caller filled (ccd_params_default sets it), so a method
 * built against a newer header can tell an older caller's struct from its own.
 * Fields are likewise only appended to ccd_method.  CCD_API_VERSION is bumped only
 * when a layout changes otherwise, and a plugin built for another version is
 * refused when it is loaded (CCD_PLUGIN_API_SYMBOL).
 */

/* The norm of the minimum separation d. */
typedef enum ccd_norm {
    CCD_NORM_LINF = 0, /* max-norm (L∞): the default */
    CCD_NORM_L2 = 2    /* Euclidean                    */
} ccd_norm;

/* The value of one option: .d for CCD_OPTION_DOUBLE, .i for the others (a boolean
 * is 0 or 1, an enum the index of its name in ccd_option.enum_names). */
typedef union ccd_option_value {
    double d;
    long i;
} ccd_option_value;

typedef enum ccd_option_type {
    CCD_OPTION_DOUBLE = 0,
    CCD_OPTION_INTEGER = 1,
    CCD_OPTION_BOOLEAN = 2, /* written true/false, 1/0 or yes/no */
    CCD_OPTION_ENUM = 3     /* written as one of enum_names       */
} ccd_option_type;

/* One option a method declares.  Names are lower-case with '_' (e.g. "max_checks");
 * the valid values are [min, max] (ignored for booleans and enums). */
typedef struct ccd_option {
    const char *name;
    ccd_option_type type;
    ccd_option_value def;
    ccd_option_value min, max;
    const char *const *enum_names; /* CCD_OPTION_ENUM: NULL-terminated names; else NULL */
    const char *help;              /* one line for `ccdbench methods --details` */
} ccd_option;

typedef struct ccd_params {
    size_t size;         /* sizeof(ccd_params) as the caller compiled it            */
    double t_max;        /* search [0, t_max] (default 1)                            */
    double ms;           /* minimum separation d ≥ 0 (default 0)                     */
    ccd_norm ms_norm;    /* norm of d (default CCD_NORM_LINF)                        */
    int no_zero_toi;     /* refine until toi > 0 when a contact is found at 0        */
    /* The values of the called method's options, in the order of its table
     * (ccd_method.options); NULL: every option at its default. */
    const ccd_option_value *options;
} ccd_params;

enum {
    CCD_FILTER_LINEAR = 0,  /* default: rigorous bound linear in the coordinate magnitude */
    CCD_FILTER_PAPER = 1,   /* Wang et al. 2021, eq. (5): C·max(max|x|,1)^3               */
    CCD_FILTER_CLAMPED = 2  /* public reference implementation: C·min(max|x|,1)^3          */
};

/* t_max 1, ms 0 (L∞), no_zero_toi 0, options NULL, size set. */
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
    CCD_CAP_USES_RATIONALS = 1u << 4, /* reads q->exact rather than only the doubles   */
    CCD_CAP_SEPARATION_ONLY = 1u << 5 /* its domain is d > 0: a run without --ms leaves
                                       * it out unless it is named                     */
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
    const ccd_option *options;     /* the method's options (NULL: none)                  */
    size_t option_count;
} ccd_method;

/* Value of option `index` of m's table for a query run with p: p->options[index],
 * or the declared default when p carries no option values.  No string lookup: a
 * method passes the index of the option in its own table. */
static inline double ccd_option_double(const ccd_params *p, const ccd_method *m, size_t index)
{
    return p->options ? p->options[index].d : m->options[index].def.d;
}
static inline long ccd_option_int(const ccd_params *p, const ccd_method *m, size_t index)
{
    return p->options ? p->options[index].i : m->options[index].def.i;
}

/* out[0..m->option_count) = the declared defaults. */
CCD_API void ccd_options_default(ccd_option_value *out, const ccd_method *m);
/* The index of m's option called key, or -1. */
CCD_API long ccd_option_find(const ccd_method *m, const char *key);
/* Parse text as a value of option o and check its type and range; errors are
 * input errors "what: why" with what (e.g. "--param") as the path. */
CCD_API ccd_status ccd_option_parse(ccd_option_value *out, ccd_error *err, const ccd_option *o,
                                    const char *text, const char *what);
/* The valid values of o, for people: "(0, inf)", "[0, 100]", "any integer",
 * "linear|paper|clamped", "true|false". */
CCD_API void ccd_option_range(char *buf, size_t size, const ccd_option *o);
/* Write v as option o's value ("1e-06", "1000000", "true", "linear") into buf. */
CCD_API void ccd_option_format(char *buf, size_t size, const ccd_option *o, ccd_option_value v);

/* Method lists, built-in and plugin alike, are NULL-terminated arrays.
 *
 * A plugin .so exports two symbols: CCD_PLUGIN_API_SYMBOL, an unsigned holding the
 * CCD_API_VERSION it was built with (CCD_PLUGIN_DECLARE_API defines it), and
 * CCD_PLUGIN_ENTRY, which returns its methods.  ccdbench reads the version first and
 * refuses a plugin built for another one (or for version 1, which had no such
 * symbol) without calling it. */
typedef const ccd_method *const *(*ccd_plugin_entry_fn)(unsigned api_version);
#define CCD_PLUGIN_ENTRY "ccdbench_plugin_methods"
#define CCD_PLUGIN_API_SYMBOL "ccdbench_plugin_api_version"
/* C++: a `const` at namespace scope has internal linkage unless declared extern,
 * and a function outside an extern "C" block gets a mangled name; CCD_PLUGIN_EXTERN_C
 * gives both symbols external C linkage whether or not the user wrote the macros
 * inside an extern "C" block (a linkage specification may nest). */
#ifdef __cplusplus
#define CCD_PLUGIN_EXTERN_C extern "C"
#else
#define CCD_PLUGIN_EXTERN_C extern
#endif
#define CCD_PLUGIN_DECLARE_API                                                            \
    CCD_PLUGIN_EXTERN_C CCD_API const unsigned ccdbench_plugin_api_version;              \
    const unsigned ccdbench_plugin_api_version = CCD_API_VERSION
/* Both symbols of a plugin whose methods are the NULL-terminated array `methods`:
 * the API version, and the entry, which gives ccdbench of another API version
 * NULL.  Write `CCD_PLUGIN_DEFINE(methods);` once, at file scope (in C++, at
 * global scope, inside an extern "C" block or not). */
#define CCD_PLUGIN_DEFINE(methods)                                                        \
    CCD_PLUGIN_DECLARE_API;                                                               \
    CCD_PLUGIN_EXTERN_C CCD_API const ccd_method *const *ccdbench_plugin_methods(         \
        unsigned api_version);                                                            \
    const ccd_method *const *ccdbench_plugin_methods(unsigned api_version)               \
    {                                                                                     \
        return api_version == CCD_API_VERSION ? (methods) : NULL;                         \
    }                                                                                     \
    CCD_PLUGIN_EXTERN_C const unsigned ccdbench_plugin_api_version

/* Built-in methods, NULL-terminated. */
CCD_API const ccd_method *const *ccd_builtin_methods(void);

/* Methods from a shared object (`ccdbench run --plugin FILE.so`): the object's
 * API version is read and checked before anything is called.  A path without a
 * '/' names a file in the working directory, not one on the library path.
 * Errors (cannot open, no entry, another API version, no methods) are input
 * errors "path: what".  The methods stay valid until ccd_plugin_close. */
typedef struct ccd_plugin ccd_plugin;
CCD_API ccd_status ccd_plugin_load(ccd_plugin **out, ccd_error *err, const char *path);
CCD_API const ccd_method *const *ccd_plugin_methods(const ccd_plugin *p, size_t *count);
CCD_API const char *ccd_plugin_path(const ccd_plugin *p);
CCD_API void ccd_plugin_close(ccd_plugin *p);

/* Run one query through a method (dispatch on q->kind): the answer into *r. */
CCD_API ccd_status ccd_method_run(ccd_result *r, const ccd_method *m, const ccd_query *q,
                                  const ccd_params *p, void *scratch);

/* ------------------------------------------------------------------ exact truth */

/* The exact oracle (src/exact/DESIGN.md) with its time of impact as an interval
 * of exact rationals, as `ccdbench truth` writes it.  (The `exact` method gives
 * the same decision through ccd_method_run, its toi rounded to doubles.)
 * A ccd_oracle is one thread's scratch: use one per thread. */
typedef struct ccd_oracle ccd_oracle;
CCD_API ccd_oracle *ccd_oracle_new(void); /* NULL when out of memory */
CCD_API void ccd_oracle_free(ccd_oracle *o);
/* Decide q on t in [0, 1]: *collides 1 or 0.  ms: NULL or 0 for plain CCD, else
 * the exact minimum separation d > 0 in norm ms_norm.  CCD_ERR_INTERNAL when
 * the oracle fails (out of memory).  When it collides, the two functions below
 * give the exact earliest time of impact, until the next decision. */
CCD_API ccd_status ccd_oracle_decide(int *collides, const ccd_query *q, mpq_srcptr ms,
                                     ccd_norm ms_norm, ccd_oracle *o);
/* The largest double <= and the smallest double >= the time of impact. */
CCD_API void ccd_oracle_toi_doubles(double *down, double *up, const ccd_oracle *o);
/* An interval [lo, hi] of exact rationals that holds the time of impact, of
 * width at most 2^-bits (lo == hi when the time is rational): its isolating
 * interval refined, as `ccdbench truth --output` writes it with bits = 64. */
CCD_API void ccd_oracle_toi_interval(mpq_t lo, mpq_t hi, unsigned long bits, ccd_oracle *o);

/* ------------------------------------------------------------------ result files */

/* Read and check a result file (`ccdbench run --json`) as `ccdbench report`
 * does, per-query records included: CCD_OK, or CCD_ERR_INPUT with
 * "path:line:column: what is wrong" (docs/formats.md#result-files). */
CCD_API ccd_status ccd_result_file_check(ccd_error *err, const char *path);

/* ------------------------------------------------------------------ wrong answers */

/* One query a method answered wrongly (a false negative or positive), or, when two
 * methods are compared, one on which they disagree. */
typedef struct ccd_wrong_answer {
    size_t file;        /* its file: ds->files[file] */
    uint64_t query;     /* its index in the file (0-based) */
    unsigned long line; /* the line of its first row in the file (1-based) */
    ccd_kind kind;
    int says[2];        /* 1 collides, 0 not: the method's answer, then (comparison) the other's */
    double toi[2];      /* their toi when they say collides and report one (CCD_CAP_TOI),
                         * else NAN */
    int truth;          /* 1 collides, 0 not */
    double truth_toi;   /* the exact toi rounded down, when the exact oracle or a truth file
                         * gave the truth and it collides, else NAN */
} ccd_wrong_answer;

typedef struct ccd_wrong_answers {
    /* One method: its false negatives, then its false positives, each in file and
     * query order.  Two: the queries where they disagree, in file and query order. */
    ccd_wrong_answer *items;
    size_t count;
    size_t fn, fp;           /* one method: of items; two: the first method's, of items */
    uint64_t queries;        /* queries run */
    uint64_t exact_truth;    /* of them, with the truth from the exact oracle or truth files */
    uint64_t failed[2];      /* queries a method gave no valid answer to (listed nowhere) */
} ccd_wrong_answers;

/* Every wrong answer of method on ds (other NULL), or every query where method
 * and other disagree, with params p (NULL: ccd_params_default) for both.  The
 * truth is the files' labels, or the exact oracle for a query without one or
 * for all when exact is 1 (as `ccdbench run --truth labels|exact`); the methods
 * never see it.  On error (bad input: "path:line:column: what") out is empty. */
CCD_API ccd_status ccd_wrong_answers_find(ccd_wrong_answers *out, ccd_error *err,
                                          const ccd_dataset *ds, const ccd_method *method,
                                          const ccd_method *other, const ccd_params *p,
                                          int exact);
CCD_API void ccd_wrong_answers_free(ccd_wrong_answers *w);

#ifdef __cplusplus
}
#endif
#endif /* CCDBENCH_H */
