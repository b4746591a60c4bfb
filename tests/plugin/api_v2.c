/* SPDX-License-Identifier: MIT */
/* TEST FIXTURE: a plugin built for ccdbench API version 2, the last one whose
 * ccd_query carried the label (the answer) to the method.  It exports the version
 * symbol as CCD_PLUGIN_DECLARE_API did then; loading it must fail with one clear
 * message, without calling the entry (its queries would be laid out differently). */
#include <stdlib.h>

struct ccd_method;

__attribute__((visibility("default"))) const unsigned ccdbench_plugin_api_version = 2;
__attribute__((visibility("default"))) const struct ccd_method *const *
ccdbench_plugin_methods(unsigned api_version);

const struct ccd_method *const *ccdbench_plugin_methods(unsigned api_version)
{
    (void)api_version;
    abort(); /* never called: ccdbench refuses the version first */
}
