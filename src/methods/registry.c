/* SPDX-License-Identifier: MIT */
/* The built-in methods, in the order `ccdbench methods` lists them. */
#include <config.h>

#include "methods/builtin.h"

const ccd_method *const *ccd_builtin_methods(void)
{
    static const ccd_method *const methods[] = {
        &ccd_method_exact,
        &ccd_method_tight_inclusion,
        &ccd_method_tight_inclusion_scalar,
        &ccd_method_tight_inclusion_dfs,
        &ccd_method_fprf,
        &ccd_method_irf,
        &ccd_method_uirf,
        &ccd_method_root_parity,
        &ccd_method_root_parity_rational,
        &ccd_method_bsc,
        &ccd_method_tight_ccd,
        &ccd_method_msrf,
        &ccd_method_additive_ccd,
        NULL,
    };
    return methods;
}

const char *ccd_builtin_limit(const ccd_method *m)
{
    /* tight_inclusion.c: TI_MAX_COORD, the corner values |F| <= 4 max|x| stay finite. */
    if (m == &ccd_method_tight_inclusion || m == &ccd_method_tight_inclusion_scalar ||
        m == &ccd_method_tight_inclusion_dfs)
        return "finite coordinates of magnitude at most 2^1000 (beyond that its corner "
               "products overflow)";
    return NULL;
}
