/* SPDX-License-Identifier: MIT */
/*
 * Named presets of `ccdbench run --preset NAME`: everything a run needs to
 * reproduce one table of a paper — the methods (the paper's columns, in its
 * order, with its labels), their option settings, the minimum separations
 * (one run per value, as a sweep of ms), the truth the paper counted FP/FN
 * against, and the shape of the table.
 */
#ifndef CCD_BENCH_PRESET_H
#define CCD_BENCH_PRESET_H
#include "ccdbench.h"

#include <stddef.h>

typedef enum ccd_preset_shape {
    /* Per dataset: rows t, FP, FN; one column per method (Wang et al. 2021 Table 1). */
    CCD_PRESET_SHAPE_TABLE1 = 0,
    /* Per dataset: one row per d; columns t, FP, FN of each method (Table 2). */
    CCD_PRESET_SHAPE_TABLE2 = 1,
    /* Per dataset (each simulation scene apart): one row per d; columns mean µs,
     * p99 µs, m_I hits, FP, FN of each method (the data of Figure 11). */
    CCD_PRESET_SHAPE_MS_SWEEP = 2
} ccd_preset_shape;

/* A column of the paper's table. */
typedef struct ccd_preset_column {
    const char *method; /* the registered method name (it may be missing: a plugin's, or
                         * one not built in yet), or a configuration of one, "BASE@CONFIG"
                         * (methods/method_variant.h), whose settings are the preset's
                         * "BASE@CONFIG.KEY=VALUE" lines */
    const char *label;  /* the paper's column label */
    /* The minimum separation d this method alone runs with when the run has none
     * (a decimal, e.g. "1e-8"; the method gets the nearest double), or NULL: the
     * run's d. */
    const char *ms;
} ccd_preset_column;

typedef struct ccd_preset {
    const char *name;   /* "paper-table1" */
    const char *source; /* "Wang et al. 2021, \"...\", Table 1" */
    const ccd_preset_column *columns;
    size_t column_count;
    /* Option settings, "METHOD.KEY=VALUE" as --param takes them; NULL-terminated.
     * A setting of a method that is not registered is skipped with its column. */
    const char *const *settings;
    /* "ms=D1,D2,..." (one run per d, as --sweep takes it) or NULL: one run, d = 0. */
    const char *sweep;
    ccd_norm norm; /* the distance of d (for the methods that read params.ms_norm) */
    /* FP and FN against the plain CCD truth (d = 0) whatever the methods' d: what
     * the paper counted.  0: against the truth at the run's d. */
    int plain_truth;
    ccd_preset_shape shape;
    /* The closing lines under the table: how the paper's figures were made, so the
     * reader compares like with like (text, lines ending in '\n'). */
    const char *scoring_note;
} ccd_preset;

/* The preset named `name`, or NULL. */
const ccd_preset *ccd_preset_find(const char *name);
/* The presets, in the order `--preset` lists them; *count gets their number. */
const ccd_preset *ccd_preset_all(size_t *count);
/* buf = "paper-table1, paper-table2" (truncated to size). */
void ccd_preset_names(char *buf, size_t size);
/* The paper's label of method in p, or NULL when p has no such column. */
const char *ccd_preset_label(const ccd_preset *p, const char *method);
/* The d of the column of method in p that runs at its own d, or NULL. */
const char *ccd_preset_column_ms(const ccd_preset *p, const char *method);
/* The methods of p's columns that methods[0 .. count) has (the registered ones; a
 * configuration "BASE@CONFIG" when it has BASE),
 * comma-separated, in column order (malloc'd; NULL when out of memory).  missing
 * gets the others, as "TCCD (tight-ccd)", comma-separated ("" when none;
 * truncated to size). */
char *ccd_preset_method_list(const ccd_preset *p, const ccd_method *const *methods,
                             size_t count, char *missing, size_t size);

#endif
