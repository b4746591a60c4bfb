/* SPDX-License-Identifier: MIT */
/* TEST FIXTURE: a plugin built for another API version (CCD_API_VERSION + 1): its
 * entry refuses the version ccdbench asks for, so loading it must fail. */
#include "ccdbench.h"

CCD_API const ccd_method *const *ccdbench_plugin_methods(unsigned api_version, size_t *count);

const ccd_method *const *ccdbench_plugin_methods(unsigned api_version, size_t *count)
{
    static const ccd_method *const none[] = {NULL};
    if (api_version != CCD_API_VERSION + 1)
        return NULL;
    *count = 0;
    return none;
}
