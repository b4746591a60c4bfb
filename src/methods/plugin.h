/* SPDX-License-Identifier: MIT */
/*
 * Methods from a shared object: `ccdbench run --plugin FILE.so`.  The object
 * exports CCD_PLUGIN_API_SYMBOL, the API version it was built for (checked before
 * anything is called), and CCD_PLUGIN_ENTRY (see include/ccdbench/ccdbench.h), which is called
 * with CCD_API_VERSION and returns the plugin's methods, NULL-terminated.
 */
#ifndef CCD_METHODS_PLUGIN_H
#define CCD_METHODS_PLUGIN_H
#include "ccdbench.h"

typedef struct ccd_plugin ccd_plugin;

/* Load path; errors (cannot open, missing entry symbol, API version refused, no
 * methods) are input errors "path: what". */
ccd_status ccd_plugin_load(ccd_plugin **out, ccd_error *err, const char *path);

/* The plugin's methods (valid until ccd_plugin_close). */
const ccd_method *const *ccd_plugin_methods(const ccd_plugin *p, size_t *count);
const char *ccd_plugin_path(const ccd_plugin *p);

void ccd_plugin_close(ccd_plugin *p);

#endif
