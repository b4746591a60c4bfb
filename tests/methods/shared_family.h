/* SPDX-License-Identifier: MIT */
/* The six families of the shared benchmark data that the data-driven tests of the
 * baselines count separately, in the order of their tables. */
#ifndef CCD_TESTS_SHARED_FAMILY_H
#define CCD_TESTS_SHARED_FAMILY_H
#include "ccdbench.h"

#include <string.h>

enum { TEST_SHARED_FAMILIES = 6 };

/* 0 handcrafted VF, 1 handcrafted EE, 2 armadillo-rollers VF, 3 cloth-funnel VF,
 * 4 cloth-funnel EE, 5 n-body-simulation VF; -1 for any other file. */
static inline int test_shared_family(const ccd_dataset_file *f)
{
    if (strcmp(f->set, "sample-queries") == 0)
        return f->kind == CCD_VF ? 0 : 1;
    if (strcmp(f->family, "armadillo-rollers") == 0)
        return 2;
    if (strcmp(f->family, "cloth-funnel") == 0)
        return f->kind == CCD_VF ? 3 : 4;
    if (strcmp(f->family, "n-body-simulation") == 0)
        return 5;
    return -1;
}

#endif
