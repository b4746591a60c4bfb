/* SPDX-License-Identifier: MIT */
/* Plugin loader: dlopen, resolve CCD_PLUGIN_ENTRY, ask for CCD_API_VERSION. */
#include <config.h>

#include "ccdbench.h"
#include "core/error.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

struct ccd_plugin {
    void *handle;
    char *path;
    const ccd_method *const *methods;
    size_t count;
};

ccd_status ccd_plugin_load(ccd_plugin **out, ccd_error *err, const char *path)
{
    *out = NULL;
    if (!path[0]) /* "./" would be tried: "./: cannot read file data: Is a directory" */
        return ccd_error_set(err, CCD_ERR_INPUT, "''", 0, 0, "cannot load plugin: an empty path");
    /* dlopen searches the library path for a bare name; a name given on the
     * command line means a file, so make it a path. */
    char *file = malloc(strlen(path) + 3);
    if (!file)
        return ccd_error_oom(err, path);
    strcpy(file, strchr(path, '/') ? "" : "./");
    strcat(file, path);
    void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    free(file);
    if (!handle) {
        const char *why = dlerror();
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "cannot load plugin: %s",
                             why ? why : "unknown error");
    }
    /* POSIX: converting the void * of dlsym to a function pointer is defined. */
    ccd_plugin_entry_fn entry;
    void *symbol = dlsym(handle, CCD_PLUGIN_ENTRY);
    memcpy(&entry, &symbol, sizeof entry);
    if (!symbol) {
        dlclose(handle);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "not a ccdbench plugin: symbol %s not found", CCD_PLUGIN_ENTRY);
    }
    /* Read the version before calling the entry: a version-1 entry has another
     * signature (it also wrote a count), so calling it would be undefined. */
    const unsigned *version = dlsym(handle, CCD_PLUGIN_API_SYMBOL);
    if (!version) {
        dlclose(handle);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "plugin has no API version symbol (%s): built for ccdbench API "
                             "version 1, or without CCD_PLUGIN_DEFINE; this ccdbench has "
                             "version %d: rebuild it against this ccdbench.h",
                             CCD_PLUGIN_API_SYMBOL, CCD_API_VERSION);
    }
    if (*version != CCD_API_VERSION) {
        unsigned built = *version;
        dlclose(handle);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "plugin built for ccdbench API version %u, this ccdbench has "
                             "version %d: rebuild it against this ccdbench.h",
                             built, CCD_API_VERSION);
    }
    const ccd_method *const *methods = entry(CCD_API_VERSION);
    if (!methods) {
        dlclose(handle);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0,
                             "plugin refuses ccdbench API version %d (rebuild it against "
                             "this ccdbench.h)", CCD_API_VERSION);
    }
    size_t count = 0;
    while (methods[count])
        count++;
    if (count == 0) {
        dlclose(handle);
        return ccd_error_set(err, CCD_ERR_INPUT, path, 0, 0, "plugin provides no methods");
    }
    ccd_plugin *p = calloc(1, sizeof *p);
    if (!p || !(p->path = strdup(path))) {
        free(p);
        dlclose(handle);
        return ccd_error_oom(err, path);
    }
    p->handle = handle;
    p->methods = methods;
    p->count = count;
    *out = p;
    return CCD_OK;
}

const ccd_method *const *ccd_plugin_methods(const ccd_plugin *p, size_t *count)
{
    *count = p->count;
    return p->methods;
}

const char *ccd_plugin_path(const ccd_plugin *p)
{
    return p->path;
}

void ccd_plugin_close(ccd_plugin *p)
{
    if (!p)
        return;
    dlclose(p->handle);
    free(p->path);
    free(p);
}
