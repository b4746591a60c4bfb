/* SPDX-License-Identifier: MIT */
/* The truth file of an input: DIR/<path below its DATA root, or its base name>
 * with .csv(.gz) replaced by .truth.csv (the layout of `ccdbench truth --output`
 * and of the shipped ground_truth/). */
#ifndef CCD_BENCH_TRUTH_FILE_PATH_H
#define CCD_BENCH_TRUTH_FILE_PATH_H
#include "ccdbench.h"

/* The output path of input csv_path (malloc'd), or NULL when out of memory. */
char *ccd_truth_file_path(const char *dir, const char *csv_path, char *const *roots,
                          int root_count);
/* CCD_OK when no two inputs of ds share a truth file (paths[i]: that of
 * ds->files[i]), such as a/xvf.csv and b/xvf.csv given by name, or x.csv beside
 * x.csv.gz; else CCD_ERR_INPUT naming the path and both inputs. */
ccd_status ccd_truth_paths_distinct(ccd_error *err, char *const *paths, const ccd_dataset *ds);
#endif
