/* SPDX-License-Identifier: MIT */
/* ccdbench: dispatch to the subcommand (one file each in src/cli/). */
#include <config.h>

#include "cli/cli.h"

#include <errno.h>
#include <fcntl.h>
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "Usage: ccdbench COMMAND [OPTION]... [ARG]...\n"
    "Benchmark continuous collision detection (CCD) methods against exact ground truth.\n"
    "\n"
    "Commands:\n"
    "  run       run methods on a dataset and print FP/FN and timing per family and kind\n"
    "  info      summarise a dataset\n"
    "  methods   list the available methods\n"
    "  truth     exact labels and times of impact; --verify the labels in the files\n"
    "  show      one query exactly: rationals, exact truth, methods' answers, --distance\n"
    "  wrong     every false negative and positive of a method (or where two disagree)\n"
    "  gen       write generated query families with exact labels\n"
    "  bench     measure ccdbench itself: the query reader (io), the run's schedule\n"
    "            replayed on T threads (schedule)\n"
    "  contact   differentiable contact routines\n"
    "  report    paper tables and figures from result files (run --json)\n"
    "  gate      CI gate: fail when a method has false negatives, too many FPs or slows down\n"
    "  merge     combine the result files of the shards of one run\n"
    "  scene     whole simulation steps: broad phase, methods and exact toi per step\n"
    "\n"
    "`ccdbench COMMAND --help` describes each command.  With no DATA, commands use\n"
    "every set of the shipped dataset (every set under $CCD_DATADIR if it is set).\n"
    "Exit status: 0 ok, 1 verification failure (or internal failure), 2 bad input or usage.\n";

typedef int (*command_fn)(int argc, char **argv);

/* A standard descriptor that is closed when we start would be reused by the
 * first file we open, and our table or messages would be written into it.  Fill
 * it with /dev/null opened the wrong way round, so that writing to a closed
 * stdout fails (EBADF) and is reported, as it would be if it stayed closed. */
static void hold_standard_descriptors(void)
{
    static const int modes[3] = {O_WRONLY, O_RDONLY, O_WRONLY};
    for (int fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            int got = open("/dev/null", modes[fd]);
            if (got >= 0 && got != fd)
                close(got); /* a lower one was closed too and took it: filled in turn */
        }
}

/* Every command writes its results to stdout through stdio; a write that failed
 * (disk full, file-size limit, closed stdout) shows in the stream's error flag
 * or in the final flush.  Checked here, once, for every command: the message
 * "stdout: why" and exit status 1 (unless the command already failed). */
static int finish_stdout(int status)
{
    int failed = ferror(stdout), e = EIO;
    if (fflush(stdout) != 0) { /* after a failed write, fails again with its errno */
        failed = 1;
        e = errno;
    }
    if (failed && e == EIO) {
        /* the write that failed flushed a full buffer and its errno is gone (the
         * rest fitted in the buffer and flushed fine): ask the descriptor again.
         * The output is incomplete already; one more byte tells disk full,
         * file-size limit or closed stdout apart from a vague I/O error. */
        if (write(fileno(stdout), "\n", 1) < 0)
            e = errno;
    }
    if (fclose(stdout) != 0 && !failed) {
        failed = 1;
        e = errno;
    }
    if (!failed)
        return status;
    fprintf(stderr, "stdout: %s\n", strerror(e));
    return status == CCD_EXIT_OK ? CCD_EXIT_FAILURE : status;
}

static int dispatch(int argc, char **argv);

int main(int argc, char **argv)
{
    hold_standard_descriptors();
    /* Past a file-size limit (ulimit -f), let the write fail with EFBIG and be
     * reported, instead of SIGXFSZ killing us with temporaries left behind. */
    signal(SIGXFSZ, SIG_IGN);
#ifdef M_MMAP_THRESHOLD
    /* Blocks above 128 KiB from mmap, always: glibc raises the threshold to the
     * size of any mmapped block freed, after which the search scratch that
     * Tight Inclusion frees and grows again (tight_inclusion_search.c) came
     * from the heap, copied at each doubling, and a one-thread run of the
     * shared data peaked at 48 MB instead of 27. */
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
    return finish_stdout(dispatch(argc, argv));
}

static int dispatch(int argc, char **argv)
{
    if (argc < 2)
        return fputs(usage, stderr), CCD_EXIT_USAGE;
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return CCD_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("ccdbench %s (plugin API version %d)\n", PACKAGE_VERSION, CCD_API_VERSION);
        return CCD_EXIT_OK;
    }
    static const struct {
        const char *name;
        command_fn fn;
    } commands[] = {
        {"run", ccd_cmd_run},
        {"info", ccd_cmd_info},
        {"methods", ccd_cmd_methods},
        {"truth", ccd_cmd_truth},
        {"show", ccd_cmd_show},
        {"gen", ccd_cmd_gen},
        {"contact", ccd_cmd_contact},
        {"report", ccd_cmd_report},
        {"gate", ccd_cmd_gate},
        {"merge", ccd_cmd_merge},
        {"scene", ccd_cmd_scene},
        {"wrong", ccd_cmd_wrong},
    };
    if (strcmp(cmd, "bench") == 0) {
        if (argc >= 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
            fputs("Usage: ccdbench bench io|schedule [OPTION]...\n"
                  "Benchmarks of ccdbench itself:\n"
                  "  io        the query reader's throughput on generated files (plain and\n"
                  "            gzip); `ccdbench bench io --help` lists its options\n"
                  "  schedule  the run's schedule replayed on T threads from the per-query\n"
                  "            times of a one-thread result file\n",
                  stdout);
            return CCD_EXIT_OK;
        }
        if (argc >= 3 && strcmp(argv[2], "io") == 0)
            return ccd_cmd_bench_io(argc - 2, argv + 2);
        if (argc >= 3 && strcmp(argv[2], "schedule") == 0)
            return ccd_cmd_bench_schedule(argc - 2, argv + 2);
        return ccd_cli_usage_error(
            "bench: expected 'bench io' or 'bench schedule' (see ccdbench bench --help)");
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0) {
            return commands[i].fn(argc - 1, argv + 1);
        }
    return ccd_cli_usage_error("unknown command '%s' (see ccdbench --help)", cmd);
}
