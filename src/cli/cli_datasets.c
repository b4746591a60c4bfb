/* SPDX-License-Identifier: MIT */
/* Which dataset to read: the paths given, or the default dataset. */
#include <config.h>

#include "bench/runner.h"
#include "core/error.h"
#include "cli/cli.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#ifndef CCD_PKGDATADIR
#error "CCD_PKGDATADIR must be defined (src/cli/local.mk)"
#endif
#ifndef CCD_SOURCE_DATADIR
#error "CCD_SOURCE_DATADIR must be defined (src/cli/local.mk)"
#endif
#ifndef CCD_SOURCE_TRUTHDIR
#error "CCD_SOURCE_TRUTHDIR must be defined (src/cli/local.mk)"
#endif

static int is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *ccd_cli_default_datadir(void)
{
    const char *env = getenv("CCD_DATADIR");
    if (env && *env)
        return env;
    if (is_directory(CCD_PKGDATADIR "/datasets/default"))
        return CCD_PKGDATADIR "/datasets";
    return CCD_SOURCE_DATADIR;
}

char *ccd_cli_default_dataset(void)
{
    return strdup(ccd_cli_default_datadir());
}

const char *ccd_cli_default_truthdir(void)
{
    const char *env = getenv("CCD_TRUTHDIR");
    if (env && *env)
        return env;
    const char *data = ccd_cli_default_datadir();
    if (strcmp(data, CCD_PKGDATADIR "/datasets") == 0)
        return is_directory(CCD_PKGDATADIR "/ground_truth") ? CCD_PKGDATADIR "/ground_truth"
                                                             : NULL;
    if (strcmp(data, CCD_SOURCE_DATADIR) == 0)
        return is_directory(CCD_SOURCE_TRUTHDIR) ? CCD_SOURCE_TRUTHDIR : NULL;
    return NULL; /* CCD_DATADIR without CCD_TRUTHDIR */
}

char *ccd_cli_shipped_truth(mpq_srcptr ms, int norm)
{
    const char *root = ccd_cli_default_truthdir();
    if (!root)
        return NULL;
    char *path = NULL;
    if (!ms || mpq_sgn(ms) == 0)
        return strdup(root);
    /* d = 10^-k exactly: <root>/ms/1e-<k>-<inf|2> */
    if (mpz_cmp_ui(mpq_numref(ms), 1) != 0)
        return NULL;
    mpz_t p;
    mpz_init_set_ui(p, 1);
    int k = 0;
    while (mpz_cmp(p, mpq_denref(ms)) < 0 && k < 400)
        mpz_mul_ui(p, p, 10), k++;
    int power_of_ten = mpz_cmp(p, mpq_denref(ms)) == 0 && k > 0;
    mpz_clear(p);
    if (!power_of_ten ||
        asprintf(&path, "%s/ms/1e-%d-%s", root, k, norm == 2 ? "2" : "inf") < 0)
        return NULL;
    if (!is_directory(path)) {
        free(path);
        return NULL;
    }
    return path;
}

/* Say on stderr what discovery left out (data reached twice, special files). */
static void print_notes(const ccd_dataset *ds)
{
    for (size_t i = 0; i < ds->note_count; i++)
        fprintf(stderr, "ccdbench: %s\n", ds->notes[i]);
}

ccd_status ccd_cli_discover(ccd_dataset *ds, ccd_error *err, char *const *paths, int count)
{
    ccd_status st;
    if (count > 0) {
        st = ccd_dataset_discover(ds, err, (const char *const *)paths, (size_t)count);
    } else {
        char *path = ccd_cli_default_dataset();
        if (!path)
            return ccd_error_oom(err, "ccdbench");
        const char *one[1] = {path};
        st = ccd_dataset_discover(ds, err, one, 1);
        free(path);
    }
    if (st == CCD_OK)
        print_notes(ds);
    return st;
}

void ccd_cli_note_unlabelled(const ccd_cli_set_count *counts, size_t n,
                             const char *consequence)
{
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(counts[j].set, counts[i].set) == 0;
        if (seen)
            continue; /* already said with the first of its set */
        uint64_t sum = 0;
        for (size_t j = i; j < n; j++)
            if (strcmp(counts[j].set, counts[i].set) == 0)
                sum += counts[j].count;
        if (sum)
            fprintf(stderr, "ccdbench: set %s: %llu quer%s no label; %s\n", counts[i].set,
                    (unsigned long long)sum, sum == 1 ? "y has" : "ies have", consequence);
    }
}

void ccd_cli_note_unlabelled_run(const ccd_run_stats *stats)
{
    if (stats->group_count == 0)
        return;
    ccd_cli_set_count *counts = calloc(stats->group_count, sizeof *counts);
    if (!counts)
        return; /* only a note */
    for (size_t g = 0; g < stats->group_count; g++)
        counts[g] = (ccd_cli_set_count){stats->groups[g].set, stats->groups[g].unlabelled};
    ccd_cli_note_unlabelled(counts, stats->group_count, "the exact oracle decides them");
    free(counts);
}
