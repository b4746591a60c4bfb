/* SPDX-License-Identifier: MIT */
/* `ccdbench bench schedule`: the batch loop's schedule replayed on T threads from
 * the per-query times of a result file (bench/schedule_replay.h). */
#include <config.h>

#include "bench/result_file.h"
#include "bench/schedule_replay.h"
#include "bench/work_queue.h"
#include "cli/cli.h"
#include "core/error.h"
#include "report/report.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ccdbench bench schedule [OPTION]... RESULT\n"
    "Replay the schedule of `ccdbench run` on T threads: from the per-query times of\n"
    "RESULT, a result file of a one-thread run written with --per-query --json, the\n"
    "time the run's pass over the data would take, by the loop's own rules (the ring\n"
    "of batches, pieces parsed by any thread, the input read ahead by any thread,\n"
    "chunks of the oldest batch by the cost measured so far; cutting and consuming\n"
    "by one thread at a time, as timed in RESULT).  Assumes each query costs what it cost in RESULT's run\n"
    "(docs/performance.md#replay).  The run replayed is the run without --per-query:\n"
    "the records' writing is left out unless --records.\n"
    "\n"
    "  --threads LIST     thread counts to replay (default 1,2,4,8,16,32,64)\n"
    "  --batch-size N     queries a batch (default 1024)\n"
    "  --costs            replay a run given RESULT's times as expected costs\n"
    "                     (`run --costs RESULT`: the slowest queries first)\n"
    "  --records          replay RESULT's run itself, the writing of its per-query\n"
    "                     records included (to set the replay against its wall time)\n"
    "  --format F         text (default), markdown, csv or json\n"
    "  --help             show this help\n"
    "\n"
    "Exit status: 0 ok, 1 out of memory, 2 bad usage or a bad result file.\n";

enum { MAX_THREAD_COUNTS = 32, OPT_THREADS = 1, OPT_BATCH, OPT_COSTS, OPT_RECORDS };

int ccd_cmd_bench_schedule(int argc, char **argv)
{
    static const struct option options[] = {{"threads", required_argument, NULL, OPT_THREADS},
                                            {"batch-size", required_argument, NULL, OPT_BATCH},
                                            {"costs", no_argument, NULL, OPT_COSTS},
                                            {"records", no_argument, NULL, OPT_RECORDS},
                                            CCD_CLI_COMMON_OPTIONS};
    double threads[MAX_THREAD_COUNTS] = {1, 2, 4, 8, 16, 32, 64};
    size_t nthreads = 7, batch_size = CCD_WORK_BATCH;
    ccd_report_format format = CCD_FORMAT_TEXT;
    int c, expected = 0, records = 0;
    while ((c = getopt_long(argc, argv, "h", options, NULL)) != -1) {
        if (c == OPT_THREADS) {
            if (ccd_cli_parse_number_list(threads, &nthreads, MAX_THREAD_COUNTS,
                                          "bench schedule", "--threads", optarg, 0))
                return CCD_EXIT_USAGE;
            for (size_t i = 0; i < nthreads; i++)
                if (threads[i] != floor(threads[i]) || threads[i] > 4096)
                    return ccd_cli_usage_error("bench schedule: --threads: %s: expected whole "
                                               "numbers from 1 to 4096", optarg);
        } else if (c == OPT_COSTS) {
            expected = 1;
        } else if (c == OPT_RECORDS) {
            records = 1;
        } else if (c == OPT_BATCH) {
            if (ccd_cli_parse_count(&batch_size, "bench schedule", "--batch-size", optarg, 1,
                                    (long)CCD_WORK_BATCH_MAX - 1))
                return CCD_EXIT_USAGE;
        } else {
            int st = ccd_cli_common_option(&format, c, "bench schedule", usage, argv);
            if (st != CCD_CLI_NEXT_OPTION)
                return st;
        }
    }
    if (argc - optind != 1)
        return ccd_cli_usage_error("bench schedule: expected one result file (see ccdbench "
                                   "bench schedule --help)");
    ccd_error err;
    ccd_result_doc doc;
    if (ccd_result_read(&doc, &err, argv[optind]) != CCD_OK)
        return ccd_cli_fail(&err);
    ccd_schedule_work work;
    ccd_status st = ccd_schedule_costs(&work, &err, &doc);
    ccd_result_doc_free(&doc);
    if (st == CCD_OK && records) /* the service wrote them as it consumed */
        work.consume_ns += work.records_ns;
    if (st != CCD_OK)
        return ccd_cli_fail(&err);
    static const char *const header[] = {"threads", "seconds", "speed_up", "efficiency",
                                         "chunks"};
    static const char *const title[] = {"threads", "seconds", "speed-up", "efficiency",
                                        "chunks"};
    static const unsigned char numeric[] = {1, 1, 1, 1, 1};
    ccd_report_table t;
    if (ccd_report_table_init(&t, 5, nthreads, header, title, numeric) != 0) {
        ccd_schedule_work_free(&work);
        return ccd_cli_out_of_memory();
    }
    uint64_t one = 0; /* the queries' work (the makespan on one thread adds the service) */
    for (size_t i = 0; i < work.count; i++)
        one += work.cost_ns[i];
    uint64_t base = 0; /* the makespan on one thread: the speed-ups' reference */
    const int precise = ccd_cli_precise(format);
    for (size_t i = 0; i < nthreads && st == CCD_OK; i++) {
        uint64_t makespan;
        size_t chunks;
        if (i == 0 && (st = ccd_schedule_replay(&base, NULL, &err, &work, 1, batch_size,
                                                expected)) != CCD_OK)
            break;
        st = ccd_schedule_replay(&makespan, &chunks, &err, &work, (int)threads[i], batch_size,
                                 expected);
        if (st != CCD_OK)
            break;
        const double up = makespan ? (double)base / (double)makespan : 1;
        char **row = t.cells + i * t.columns;
        row[0] = ccd_report_printf("%d", (int)threads[i]);
        row[1] = ccd_report_printf(precise ? "%.9f" : "%.3f", (double)makespan * 1e-9);
        row[2] = ccd_report_printf(precise ? "%.6f" : "%.2f", up);
        row[3] = ccd_report_printf(precise ? "%.6f" : "%.2f", up / threads[i]);
        row[4] = ccd_report_printf("%zu", chunks);
    }
    ccd_schedule_work_free(&work);
    if (st != CCD_OK) {
        ccd_report_table_free(&t);
        return ccd_cli_fail(&err);
    }
    if (ccd_report_table_complete(&t) != 0)
        return ccd_cli_out_of_memory();
    ccd_cli_note(format, 1, "%zu queries, %.3f s of work on one thread, reading %.3f s, "
                 "cutting %.3f s, parsing %.3f s and consuming %.3f s; replayed by the rules of "
                 "the batch loop (batches of %zu, pieces of %d, a ring of %d%s%s)", work.count,
                 (double)one * 1e-9, (double)work.load_ns * 1e-9, (double)work.read_ns * 1e-9,
                 (double)work.parse_ns * 1e-9,
                 (double)work.consume_ns * 1e-9, batch_size, CCD_WORK_PIECE, CCD_WORK_RING,
                 expected ? ", these costs expected" : "",
                 records ? ", the per-query records written" : "");
    return ccd_cli_print_table(format, &t);
}
