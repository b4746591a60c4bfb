// SPDX-License-Identifier: MIT
/*
 * TEST FIXTURE — CCD_PLUGIN_DEFINE from C++ (tests/project/plugin-cxx-define.sh builds
 * it with the C++ compiler, -std=c++11 and -std=c++17).  With -DCCD_TEST_WRAP the
 * macro is written inside an extern "C" block, as a C++ user wraps C code; without,
 * at plain namespace scope.  Either way ccdbench must find both symbols and read
 * the API version it was built with: a `const` at namespace scope has internal
 * linkage in C++, so a definition that does not say `extern` exports no version.
 *
 * "test-cxx-always-collides" answers every query with "collision at t = 0", like
 * tests/plugin/always_collides.c: conservative, FN = 0, FP on every other query.
 */
#include <ccdbench/ccdbench.h>

namespace {

ccd_status always_collides(ccd_result *r, const ccd_query *, const ccd_params *, void *)
{
    r->collides = 1;
    r->toi = r->toi_upper = 0.0;
    r->tolerance = 0.0;
    r->checks = 1;
    r->hit_max_checks = 0;
    return CCD_OK;
}

const ccd_method always_collides_method = {
    "test-cxx-always-collides",
    "TEST FIXTURE (tests/plugin): C++, reports a collision at t = 0 for every query",
    CCD_CAP_TOI | CCD_CAP_CONSERVATIVE,
    always_collides,
    always_collides,
    nullptr,
    nullptr,
    nullptr,
    0,
};

} // namespace

static const ccd_method *const methods[] = {&always_collides_method, nullptr};

#ifdef CCD_TEST_WRAP
extern "C" {
CCD_PLUGIN_DEFINE(methods);
}
#else
CCD_PLUGIN_DEFINE(methods);
#endif
