/* SPDX-License-Identifier: MIT */
/*
 * The presets (preset.h): the tables of Wang et al. 2021, "A Large-scale
 * Benchmark and an Inclusion-based Algorithm for Continuous Collision
 * Detection".  Their settings follow §4.2, §5 and §6.2 of the paper and the
 * code that made its tables (the CCD-Wrapper benchmark of the same authors,
 * github.com/Continuous-Collision-Detection/CCD-Wrapper, src/ccd.cpp and
 * src/tools/benchmark_min_separation.cpp): docs/presets.md gives the
 * evidence for each setting.
 */
#include <config.h>

#include "bench/preset.h"
#include "methods/method_variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Table 1: the seven compared methods, MSRF (§6.2) and Tight Inclusion ("Ours"),
 * in the paper's column order.  tight-ccd (TightCCD, Wang et al. 2015) is used
 * when it is registered; until then its column says it is not available.
 * MSRF is a minimum-separation method: the benchmark ran it at the wrapper's
 * DEFAULT_MIN_DISTANCE, 1e-8, and scored it against the d = 0 truth. */
static const ccd_preset_column table1_columns[] = {
    {"irf", "IRF", NULL},
    {"uirf", "UIRF", NULL},
    {"fprf", "FPRF", NULL},
    {"tight-ccd", "TCCD", NULL},
    {"root-parity", "RP", NULL},
    {"root-parity-rational", "RRP", NULL},
    {"bsc", "BSC", NULL},
    {"msrf", "MSRF", "1e-8"},
    {"tight-inclusion", "Ours", NULL},
};

/* δ = 1e-6 for the interval methods (§4.2, IRF; §5, "Ours" with m_I = 1e6);
 * FPRF with η = 0, as the benchmark called it (its Table 3, Appendix E, gives
 * the same counts for η ≤ 1e-30). */
static const char *const table1_settings[] = {
    "irf.delta=1e-6",
    "uirf.delta=1e-6",
    "fprf.eta=0",
    "tight-inclusion.delta=1e-6",
    "tight-inclusion.max_checks=1000000",
    NULL,
};

/* Table 2: MSRF against Tight Inclusion with minimum separation (§6.2). */
static const ccd_preset_column table2_columns[] = {
    {"msrf", "MSRF", NULL},
    {"tight-inclusion", "Ours", NULL},
};

static const char *const table2_settings[] = {
    "tight-inclusion.delta=1e-6",
    "tight-inclusion.max_checks=1000000",
    NULL,
};

/* The minimum-separation sweep (Figure 11 with two curves): two configurations of
 * tight-inclusion in one run, "published" (Tight Inclusion as Wang et al. 2021 publish
 * it: the search alone decides, Algorithm 2 level by level) and "ccdbench" (this
 * build's defaults).  A configuration is its settings below; a new option of the
 * published behaviour is one more "tight-inclusion@published.KEY=VALUE" line. */
static const ccd_preset_column ms_sweep_columns[] = {
    {"tight-inclusion@published", "published", NULL},
    {"tight-inclusion", "ccdbench", NULL},
};

static const char *const ms_sweep_settings[] = {
    "tight-inclusion@published.start=search",
    "tight-inclusion@published.search=levels",
    "tight-inclusion@published.exclude=axes",
    "tight-inclusion@published.stop=boxes",
    "tight-inclusion@published.advance=0",
    "tight-inclusion@published.delta=1e-6",
    "tight-inclusion@published.max_checks=1000000",
    "tight-inclusion.delta=1e-6",
    "tight-inclusion.max_checks=1000000",
    NULL,
};

static const ccd_preset presets[] = {
    {
        .name = "paper-table1",
        .source = "Wang et al. 2021, \"A Large-scale Benchmark and an Inclusion-based "
                  "Algorithm for Continuous Collision Detection\", Table 1",
        .columns = table1_columns,
        .column_count = sizeof table1_columns / sizeof table1_columns[0],
        .settings = table1_settings,
        .sweep = NULL,
        .norm = CCD_NORM_LINF,
        .plain_truth = 1,
        .shape = CCD_PRESET_SHAPE_TABLE1,
        .scoring_note =
            "Settings of the paper: delta 1e-6 (IRF, UIRF, Ours), m_I 1e6 (Ours), eta 0 (FPRF),\n"
            "MSRF at d = 1e-8; FP/FN against the d = 0 truth, as in the paper.\n",
    },
    {
        .name = "paper-table2",
        .source = "Wang et al. 2021, \"A Large-scale Benchmark and an Inclusion-based "
                  "Algorithm for Continuous Collision Detection\", Table 2",
        .columns = table2_columns,
        .column_count = sizeof table2_columns / sizeof table2_columns[0],
        .settings = table2_settings,
        .sweep = "ms=1e-2,1e-8,1e-16,1e-30,1e-100",
        .norm = CCD_NORM_LINF,
        .plain_truth = 1,
        .shape = CCD_PRESET_SHAPE_TABLE2,
        .scoring_note =
            "FP/FN against the d = 0 truth (plain CCD), as the paper counted them: a\n"
            "collision reported within d but not at d = 0 is a false positive.  MSRF\n"
            "measures d in L2, Ours in L-infinity; delta 1e-6, m_I 1e6 (Ours).\n",
    },
    {
        .name = "ms-sweep",
        .source = "Wang et al. 2021, \"A Large-scale Benchmark and an Inclusion-based "
                  "Algorithm for Continuous Collision Detection\", Figure 11",
        .columns = ms_sweep_columns,
        .column_count = sizeof ms_sweep_columns / sizeof ms_sweep_columns[0],
        .settings = ms_sweep_settings,
        .sweep = "ms=0,1e-8,1e-6,1e-4,1e-3,1e-2",
        .norm = CCD_NORM_LINF,
        .plain_truth = 0,
        .shape = CCD_PRESET_SHAPE_MS_SWEEP,
        .scoring_note =
            "FP/FN against the exact minimum-separation truth at each d (L-infinity): a\n"
            "query within d at some t in [0, 1] is a collision.  published: start=search,\n"
            "search=levels, exclude=axes, stop=boxes (Algorithm 2 as published); ccdbench:\n"
            "the defaults; both delta 1e-6, m_I 1e6.\n",
    },
};

const ccd_preset *ccd_preset_all(size_t *count)
{
    *count = sizeof presets / sizeof presets[0];
    return presets;
}

const ccd_preset *ccd_preset_find(const char *name)
{
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (strcmp(presets[i].name, name) == 0)
            return &presets[i];
    return NULL;
}

void ccd_preset_names(char *buf, size_t size)
{
    size_t used = 0;
    if (size == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof presets / sizeof presets[0] && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", presets[i].name);
        if (n < 0)
            return;
        used += (size_t)n;
    }
}

const char *ccd_preset_label(const ccd_preset *p, const char *method)
{
    for (size_t c = 0; c < p->column_count; c++)
        if (strcmp(p->columns[c].method, method) == 0)
            return p->columns[c].label;
    return NULL;
}

const char *ccd_preset_column_ms(const ccd_preset *p, const char *method)
{
    for (size_t c = 0; c < p->column_count; c++)
        if (strcmp(p->columns[c].method, method) == 0)
            return p->columns[c].ms;
    return NULL;
}

/* Whether methods[0 .. count) has one called name, or, for a configuration
 * "BASE@CONFIG", one called BASE. */
static int has_method(const ccd_method *const *methods, size_t count, const char *name)
{
    size_t length = ccd_method_variant_base_length(name);
    for (size_t m = 0; m < count; m++)
        if (strcmp(methods[m]->name, name) == 0 ||
            (length && strlen(methods[m]->name) == length &&
             strncmp(methods[m]->name, name, length) == 0))
            return 1;
    return 0;
}

char *ccd_preset_method_list(const ccd_preset *p, const ccd_method *const *methods,
                             size_t count, char *missing, size_t size)
{
    size_t len = 1, used = 0;
    for (size_t c = 0; c < p->column_count; c++)
        len += strlen(p->columns[c].method) + 1;
    char *list = calloc(len, 1);
    if (!list)
        return NULL;
    if (size)
        missing[0] = '\0';
    for (size_t c = 0; c < p->column_count; c++) {
        const ccd_preset_column *col = &p->columns[c];
        if (has_method(methods, count, col->method)) {
            if (*list)
                strcat(list, ",");
            strcat(list, col->method);
        } else if (used < size) {
            int n = snprintf(missing + used, size - used, "%s%s (%s)", used ? ", " : "",
                             col->label, col->method);
            used += n > 0 ? (size_t)n : 0;
        }
    }
    return list;
}
