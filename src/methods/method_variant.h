/* SPDX-License-Identifier: MIT */
/*
 * Configurations of a method under their own names: "BASE@CONFIG" (e.g.
 * "tight-inclusion@published") is the method BASE with the same query functions
 * and option table, under another name.  `--param BASE@CONFIG.KEY=VALUE` sets its
 * options apart from BASE's, so one run, and one result file, holds several
 * configurations of one method side by side (a sweep, a preset's columns).
 */
#ifndef CCD_METHODS_METHOD_VARIANT_H
#define CCD_METHODS_METHOD_VARIANT_H
#include "methods/method_list.h"

#include <string.h>

enum { CCD_METHOD_VARIANT_SEP = '@' };

/* The configurations made so far (each malloc'd, freed with the set). */
typedef struct ccd_method_variants {
    ccd_method **items;
    size_t count;
} ccd_method_variants;

/* The length of BASE when name is "BASE@CONFIG" (both parts non-empty, BASE
 * without '@'), else 0.  Inline: the presets read names without linking the lists. */
static inline size_t ccd_method_variant_base_length(const char *name)
{
    const char *sep = strchr(name, CCD_METHOD_VARIANT_SEP);
    if (!sep || sep == name || sep[1] == '\0')
        return 0;
    return (size_t)(sep - name);
}

/* For every name "BASE@CONFIG" of spec (comma-separated method names) that
 * available does not have and whose BASE it has: make the configuration, keep it in
 * v and append it to available.  Other names are left alone (selecting them reports
 * them).  Out of memory: an error, with what was made so far kept in v. */
ccd_status ccd_method_variants_add(ccd_method_variants *v, ccd_error *err,
                                   ccd_method_list *available, const char *spec);

void ccd_method_variants_free(ccd_method_variants *v);

#endif
