/* SPDX-License-Identifier: MIT */
/* libFuzzer target of the ground-truth file reader (src/bench/truth_file_reader.c,
 * what `run --truth-dir` and the shipped ground_truth/ go through).
 *
 * Input: the bytes of a truth file.  It is loaded twice: as plain CCD truth and
 * as truth for minimum separation 1/100 (in L-infinity, or in L2 for inputs of
 * odd length), so both the plain and the "# ms=" paths are reached.  Each load
 * must succeed or fail with CCD_ERR_INPUT and "path:line:column: ", never crash,
 * leak or read out of bounds, and every row it keeps must be consistent:
 * collides 0 or 1, no interval without a collision, and otherwise
 * 0 <= lo_down <= hi_up <= 1 with lo_down = hi_up for an exact (rational) toi.
 * A truth file is text: one holding a NUL byte must be refused. */
#include <config.h>

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "bench/truth_file_reader.h"
#include "fuzz_check.h"

static void check_load(const char *path, int has_nul, mpq_srcptr ms, int norm)
{
    char *paths[1] = {(char *)path};
    ccd_truth_file_set t;
    ccd_error err;
    ccd_status st = ccd_truth_file_set_load(&t, &err, paths, 1, ms, norm);
    if (st != CCD_OK) {
        if (st != CCD_ERR_INPUT || t.count != 0 || t.files != NULL)
            abort();
        ccd_fuzz_check_message(&err, &path, 1);
        return;
    }
    if (t.count != 1 || has_nul)
        abort();
    const ccd_truth_file *f = &t.files[0];
    if (f->first_line != (ms ? 3u : 2u))
        abort();
    for (uint64_t i = 0; i < f->count; i++) {
        const ccd_truth_row *row = &f->rows[i];
        if (row->collides > 1)
            abort();
        if (!row->collides) {
            if (row->lo_down != 0 || row->hi_up != 0 || row->rational || row->down_known)
                abort();
            continue;
        }
        if (!(0 <= row->lo_down && row->lo_down <= row->hi_up && row->hi_up <= 1))
            abort();
        if (row->rational && row->lo_down != row->hi_up)
            abort();
    }
    ccd_truth_file_set_free(&t);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const char *path = ccd_fuzz_write_file(data, size, ".truth.csv");
    int has_nul = memchr(data, '\0', size) != NULL;
    check_load(path, has_nul, NULL, 0);
    mpq_t ms;
    mpq_init(ms);
    mpq_set_ui(ms, 1, 100);
    check_load(path, has_nul, ms, (size & 1) ? 2 : 0);
    mpq_clear(ms);
    return 0;
}
