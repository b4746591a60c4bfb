/* SPDX-License-Identifier: MIT */
/*
 * The methods a run evaluates: the built-ins plus those of plugins, with unique
 * names, narrowed by `--methods LIST`.
 */
#ifndef CCD_METHODS_METHOD_LIST_H
#define CCD_METHODS_METHOD_LIST_H
#include "ccdbench.h"

typedef struct ccd_method_list {
    const ccd_method **items;
    size_t count;
} ccd_method_list;

/* The method called name among items[0..count), or NULL. */
const ccd_method *ccd_method_list_find(const ccd_method_list *l, const char *name);

/* Append m; a second method with the same name is an input error reported as
 * "origin: ..." (origin: the plugin path, or "built-in"). */
ccd_status ccd_method_list_append(ccd_method_list *l, ccd_error *err, const ccd_method *m,
                                  const char *origin);

/* out = the methods named by spec, a comma-separated list of names or "all", in the
 * order given (duplicates dropped).  An unknown or empty name is an input error
 * with path "--methods". */
ccd_status ccd_method_list_select(ccd_method_list *out, ccd_error *err,
                                  const ccd_method_list *available, const char *spec);

/* The built-in methods a run or show without --methods leaves out, whatever the
 * data, each with why; they run when named or with "all".  Consecutive entries
 * with the same reason are one group. */
typedef struct ccd_opt_in_method {
    const char *name, *why;
} ccd_opt_in_method;
const ccd_opt_in_method *ccd_method_list_opt_in(size_t *count);

/* Whether m runs by default: not one of ccd_method_list_opt_in (decided by name). */
int ccd_method_list_runs_by_default(const ccd_method *m);

void ccd_method_list_free(ccd_method_list *l);

#endif
