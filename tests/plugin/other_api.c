/* SPDX-License-Identifier: MIT */
/* TEST FIXTURE: a plugin built for ccdbench API version 1, whose entry returned an
 * array and wrote its length and which exported no version symbol.  Loading it must
 * fail with one clear message, without calling the entry (its signature differs). */
#include <stddef.h>

struct ccd_method;

__attribute__((visibility("default"))) const struct ccd_method *const *
ccdbench_plugin_methods(unsigned api_version, size_t *count);

const struct ccd_method *const *ccdbench_plugin_methods(unsigned api_version, size_t *count)
{
    static const struct ccd_method *const none[1] = {NULL};
    (void)api_version;
    *count = 0;
    return none;
}
