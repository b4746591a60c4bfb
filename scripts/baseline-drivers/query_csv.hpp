// SPDX-License-Identifier: MIT
// What every driver in scripts/baseline-drivers shares: the arguments
// `QUERYFILE D [vf|ee]`, and the benchmark's rational CSV query file (8 rows per
// query, `xn,xd,yn,yd,zn,zd[,label]`), every rational rounded to the nearest double.
// Header-only; a driver includes it as "query_csv.hpp", found beside the driver.
#ifndef CCDBENCH_BASELINE_DRIVERS_QUERY_CSV_HPP
#define CCDBENCH_BASELINE_DRIVERS_QUERY_CSV_HPP

#include <gmp.h>
#include <mpfr.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <istream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

namespace query_csv {

// The double nearest to num/den (round to nearest, ties to even); exits 2 on a bad rational.
inline double nearest(const std::string &num, const std::string &den)
{
    mpq_t q;
    mpq_init(q);
    std::string s = num + "/" + den;
    if (mpq_set_str(q, s.c_str(), 10) != 0) {
        std::fprintf(stderr, "bad rational %s\n", s.c_str());
        std::exit(2);
    }
    mpq_canonicalize(q);
    mpfr_t f;
    mpfr_init2(f, 53);
    mpfr_set_q(f, q, MPFR_RNDN);
    double d = mpfr_get_d(f, MPFR_RNDN);
    mpfr_clear(f);
    mpq_clear(q);
    return d;
}

struct args {
    std::string path; // QUERYFILE
    double d;         // D, the minimum separation
    bool vf;          // vertex-face, else edge-edge
};

// How a driver takes the kind argument.
enum kind_arg {
    KIND_OPTIONAL, // `QUERYFILE D [vf|ee]`: inferred from the path if absent
    KIND_REQUIRED, // `QUERYFILE D vf|ee`: anything but "vf" is edge-edge
    KIND_STRICT,   // `QUERYFILE D vf|ee`, exactly 3 arguments, "vf" or "ee"
};

// Parses argv into *out; on a wrong call prints the usage line and returns false.
inline bool parse_args(int argc, char **argv, kind_arg kind, args *out)
{
    bool ok;
    switch (kind) {
    case KIND_OPTIONAL:
        ok = argc >= 3;
        break;
    case KIND_REQUIRED:
        ok = argc >= 4;
        break;
    default:
        ok = argc == 4 && (std::strcmp(argv[3], "vf") == 0 || std::strcmp(argv[3], "ee") == 0);
        break;
    }
    if (!ok) {
        std::fprintf(stderr, "usage: %s QUERYFILE D %s\n", argv[0],
                     kind == KIND_OPTIONAL ? "[vf|ee]" : "vf|ee");
        return false;
    }
    out->path = argv[1];
    out->d = std::strtod(argv[2], nullptr);
    if (argc > 3)
        out->vf = std::strcmp(argv[3], "vf") == 0;
    else
        out->vf = out->path.find("vertex-face") != std::string::npos ||
                  out->path.find("vf") != std::string::npos;
    return true;
}

// Opens the query file into `in`; prints "cannot open PATH" and returns false if it cannot.
inline bool open_queries(const std::string &path, std::ifstream &in)
{
    in.open(path);
    if (!in) {
        std::fprintf(stderr, "cannot open %s\n", path.c_str());
        return false;
    }
    return true;
}

// For an original that prints diagnostics on standard output: returns a stream on
// the standard output the driver was given, for its answers, and sends whatever
// else is written to the standard output to standard error.  Prints a message and
// returns nullptr if it cannot.
inline FILE *redirect_stdout()
{
    std::fflush(stdout);
    FILE *answers = fdopen(dup(1), "w");
    if (!answers || dup2(2, 1) < 0) {
        std::fprintf(stderr, "cannot redirect the standard output\n");
        return nullptr;
    }
    return answers;
}

// Reads the queries of `in`, calling on_query(rows) with the 8 rows of each query
// (0-3 at t = 0, 4-7 at t = 1), each built as Vec(x, y, z).  Skips empty lines and
// a trailing '\r'.  Returns 0, or 2 after printing a line with fewer than 6 fields.
template <class Vec, class OnQuery>
int for_each_query(std::istream &in, OnQuery on_query)
{
    std::string line;
    std::vector<Vec> rows;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        std::string tok;
        while (std::getline(ss, tok, ','))
            f.push_back(tok);
        if (f.size() < 6) {
            std::fprintf(stderr, "bad line: %s\n", line.c_str());
            return 2;
        }
        rows.emplace_back(nearest(f[0], f[1]), nearest(f[2], f[3]), nearest(f[4], f[5]));
        if (rows.size() == 8) {
            on_query(rows);
            rows.clear();
        }
    }
    return 0;
}

// The per-query CPU-time limit in seconds from $CCDBENCH_DRIVER_CPU_LIMIT (set by
// scripts/baseline-agreement --time-limit), or 0: no limit.
inline double cpu_limit()
{
    const char *s = std::getenv("CCDBENCH_DRIVER_CPU_LIMIT");
    return s ? std::strtod(s, nullptr) : 0;
}

// Runs answer() -- which prints one query's answer line on `out` -- under a CPU-time
// limit of `seconds` (0: none, in this process).  With a limit it runs in a child
// process whose profiling timer (user + system CPU time, so a loaded machine does
// not shorten it) kills it with SIGPROF when the limit is spent; the line "t" is
// then printed instead: timed out, not compared.  Returns 0, or 2 if the child
// could not be run or died otherwise.
template <class Answer>
int run_limited(double seconds, FILE *out, Answer answer)
{
    if (seconds <= 0) {
        answer();
        return 0;
    }
    std::fflush(out); // nothing buffered may be written twice
    std::fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        std::perror("fork");
        return 2;
    }
    if (pid == 0) {
        struct itimerval t = {};
        t.it_value.tv_sec = (time_t)seconds;
        t.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
        setitimer(ITIMER_PROF, &t, nullptr);
        answer();
        std::fflush(out);
        std::fflush(stdout);
        _exit(0);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        ;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPROF) {
        std::fprintf(out, "t\n");
        return 0;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    std::fprintf(stderr, "the query's child process failed (status %d)\n", status);
    return 2;
}

} // namespace query_csv

#endif
