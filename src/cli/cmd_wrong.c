/* SPDX-License-Identifier: MIT */
/* `ccdbench wrong`: every false negative and false positive of a method, or every
 * query where two methods disagree, with the place of the query in its file.
 * The options and set-up are run's (cmd_run.c); the search is
 * bench/wrong_answers.h, the listing report/wrong_listing.h. */
#include <config.h>

#include "bench/runner.h"
#include "bench/wrong_answers.h"
#include "cli/cli.h"
#include "report/wrong_listing.h"

#include <stdio.h>
#include <stdlib.h>

static const char usage[] =
    "Usage: ccdbench wrong [OPTION]... METHOD [DATA]...\n"
    "List every wrong answer of METHOD on the queries under DATA (default: the shipped\n"
    "datasets, against their shipped exact truth): its false negatives, then its false\n"
    "positives, one line each,\n"
    "  PATH:LINE: query N: METHOD says no, truth collides (exact toi T)\n"
    "  PATH:LINE: query N: METHOD says collides (toi T), truth no\n"
    "where LINE is that of the query's first row in its file.  A summary line follows\n"
    "on stderr.\n"
    "\n"
    "  --vs OTHER         list instead the queries where METHOD and OTHER disagree:\n"
    "                     PATH:LINE: query N: METHOD says S, OTHER says S'; truth T\n"
    "  --format F         text (default), csv or json (numbers as %.17g)\n"
    "  --plugin FILE.so   also load the methods of a plugin (repeatable)\n"
    "  --threads N        OpenMP threads (default: all cores); the listing does not\n"
    "                     depend on N\n"
    "  --truth T, --truth-dir DIR   where the truth comes from, as for run: labels\n"
    "                     (default; the exact oracle for a query without one), exact,\n"
    "                     or the truth files of `ccdbench truth --output DIR`\n"
    "  --param M.K=V, --delta X, --max-checks N, --ms D, --norm N, --t-max T,\n"
    "  --no-zero-toi, --filter F, --eta X   the methods' settings, as for run;\n"
    "                     M@NAME is method M with options of its own (--param M@NAME.K=V)\n"
    "  --isolate, --no-isolate, --query-timeout S   plugin methods, as for run\n"
    "  --max-digits N     longest integer accepted in DATA (default 1000, as for run)\n"
    "  --help             show this help\n"
    "\n"
    "A toi is shown when known: the method's when it says collides and reports one,\n"
    "the exact one when the exact oracle or a truth file gave the truth.  A query a\n"
    "method fails on (see run's Method failures) is counted in the summary, not\n"
    "listed.  The methods never see the truth.\n"
    "\n"
    "Exit status: 0 listed (wrong answers or none), 1 internal failure, 2 bad input\n"
    "or usage.\n";

static int list_wrong(void *ctx, const ccd_dataset *ds, const ccd_run_config *cfg,
                      ccd_report_format format, ccd_cli_progress *bar)
{
    (void)ctx;
    ccd_error err;
    ccd_wrong_answers w;
    ccd_status st = ccd_wrong_answers_run(&w, &err, ds, cfg);
    ccd_cli_progress_finish(bar);
    if (st != CCD_OK)
        return ccd_cli_fail(&err);
    int other = cfg->method_count == 2;
    const char *names[2] = {cfg->methods[0]->name, other ? cfg->methods[1]->name : NULL};
    ccd_wrong_listing_write(stdout, &w, ds, names, other, format);
    char summary[1024];
    ccd_wrong_listing_summary(summary, sizeof summary, &w, names, other);
    fprintf(stderr, "ccdbench: %s\n", summary);
    ccd_wrong_answers_free(&w);
    return CCD_EXIT_OK;
}

int ccd_cmd_wrong(int argc, char **argv)
{
    const ccd_cli_run_mode mode = {.name = "wrong", .usage = usage, .run = list_wrong};
    return ccd_cli_run_mode_main(argc, argv, &mode);
}
