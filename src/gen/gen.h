/* SPDX-License-Identifier: MIT */
/*
 * `ccdbench gen`: queries with exact labels.  Each family builds configurations
 * in exact rational arithmetic (see gen_family.h); the driver applies the user's
 * scale and translation, optionally rounds every coordinate to the nearest
 * double, and labels every query with the exact oracle (ccd_exact_decide).
 * Output: DIR/<family>/{vertex-face,edge-edge}/data.csv[.gz], 7 columns.
 *
 * Determinism: query i of (family, kind) is a function of (seed, family name,
 * kind, i) alone, so the same arguments give the same bytes whatever the number
 * of threads.
 */
#ifndef CCD_GEN_GEN_H
#define CCD_GEN_GEN_H
#include <stddef.h>
#include <stdint.h>

#include "ccdbench.h"

typedef enum ccd_gen_rationals {
    CCD_GEN_EXACT = 0, /* write the exact rationals (non-dyadic ones where they arise) */
    CCD_GEN_DOUBLE = 1 /* round each coordinate to the nearest double, then label     */
} ccd_gen_rationals;

enum { CCD_GEN_VF = 1u << 0, CCD_GEN_EE = 1u << 1 };

/* Largest |coordinate| of every family but `scaled` (before --scale/--translate),
 * and of `scaled`. */
#define CCD_GEN_FAMILY_EXTENT 16.0
#define CCD_GEN_SCALED_EXTENT 1e6

typedef struct ccd_gen_config {
    const size_t *families; /* indices into the family table */
    size_t family_count;
    uint64_t count; /* queries per family and kind */
    uint64_t seed;
    unsigned kinds; /* CCD_GEN_VF | CCD_GEN_EE */
    int gzip;
    ccd_gen_rationals rationals;
    mpq_t scale;        /* x ↦ scale·x + translate (per axis); identity by default */
    mpq_t translate[3];
    int threads; /* 0: OpenMP default */
    /* Called after each file is written (optional). */
    void (*on_file)(void *ctx, const char *family, ccd_kind kind, const char *path,
                    uint64_t queries, uint64_t positives);
    void *ctx;
} ccd_gen_config;

/* Defaults: no family (set families), 100 queries, seed 1, both kinds, exact
 * rationals, identity transform, OpenMP's thread count. */
void ccd_gen_config_init(ccd_gen_config *cfg);
void ccd_gen_config_clear(ccd_gen_config *cfg);

size_t ccd_gen_family_count(void);
const char *ccd_gen_family_name(size_t family);
const char *ccd_gen_family_summary(size_t family);
/* Index of the family called name; -1 when there is none. */
long ccd_gen_family_find(const char *name);

/* Per-thread scratch of ccd_gen_query. */
typedef struct ccd_gen_scratch ccd_gen_scratch;
ccd_gen_scratch *ccd_gen_scratch_new(void);
void ccd_gen_scratch_free(ccd_gen_scratch *s);

/*
 * Build query `index` of (family, kind) under cfg and label it exactly:
 * coords receives its exact coordinates (initialised by the caller, all 24), q
 * the query (q->exact points to coords when a coordinate is not a double, else
 * NULL), *label the oracle's answer (1 collides, 0 does not).  CCD_ERR_INPUT when
 * a coordinate falls outside the range of doubles (after --scale/--translate).
 */
ccd_status ccd_gen_query(ccd_query *q, int *label, ccd_exact_coords *coords, ccd_error *err,
                         const ccd_gen_config *cfg, size_t family, ccd_kind kind,
                         uint64_t index, ccd_gen_scratch *s);

/* Write every (family, kind) file of cfg under outdir (created as needed). */
ccd_status ccd_gen_write(ccd_error *err, const char *outdir, const ccd_gen_config *cfg);

/* Exact value of a decimal ("-1.25e-3", "1e6", "0.1") or a fraction ("1/3").
 * Returns 0, or -1 when text is not such a number (or its exponent exceeds 400). */
int ccd_gen_parse_rational(mpq_t out, const char *text);

#endif
