// SPDX-License-Identifier: MIT
// Driver for scripts/baseline-agreement around the original Bernstein sign
// classification of Tang, Tong, Wang and Manocha 2014, "Fast and Exact Continuous
// Collision Detection with Bernstein Sign Classification" (bsc::Intersect_VF_robust /
// Intersect_EE_robust as distributed in Root-Parity-and-Bernstein-Sign-Classification,
// with the inflection-point patch that throws, benchmarked by Wang et al. 2021 as
// "BSC"; not part of this repository).  Build it outside the repository, e.g.:
//   git clone https://github.com/Continuous-Collision-Detection/Root-Parity-and-Bernstein-Sign-Classification /tmp/orig-rp/src
//   (cd /tmp/orig-rp/src && git checkout 8db61b2c1d399f19e73e4a16373e7a869cc95ad4)
//   mkdir -p /tmp/orig-rp/drivers && g++ -O3 -DNDEBUG -DNOMINMAX -std=c++14 -include cstddef -I/tmp/orig-rp/src \
//     -o /tmp/orig-rp/drivers/bsc scripts/baseline-drivers/bsc.cpp /tmp/orig-rp/src/expansion.cpp \
//     /tmp/orig-rp/src/interval.cpp /tmp/orig-rp/src/rootparitycollisiontest.cpp \
//     /tmp/orig-rp/src/bsc.cpp -lmpfr -lgmp
// (8db61b2 is the commit the CCD-Wrapper built when Wang et al. 2021 was written; it
// now pins 1686f79c, a later commit not in our snapshot of the repository.)
// Reads a rational CSV query file (8 rows per query, `xn,xd,yn,yd,zn,zd[,label]`),
// rounds every rational to the nearest double, calls the original with the
// arguments in the CCD-Wrapper's order (src/ccd.cpp) and prints one line per
// query: "0" or "1"; an exception is answered "1", as the wrapper does.
// Usage: bsc QUERYFILE D vf|ee   (D is ignored: plain CCD)
// The original prints diagnostics ("@@@degenerated ...") on standard output: the
// driver sends them to standard error and its answers to the standard output it
// was given.
// The wrapper passes a vertex-face query as (face vertices, vertex).
#include <bsc.h>

#include <gmp.h>
#include <mpfr.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static double nearest(const std::string &num, const std::string &den)
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

int main(int argc, char **argv)
{
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s QUERYFILE D vf|ee\n", argv[0]);
        return 2;
    }
    std::string path = argv[1];
    bool vf = std::strcmp(argv[3], "vf") == 0;
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot open %s\n", path.c_str());
        return 2;
    }
    // answers on the given standard output; whatever the original prints, on stderr
    std::fflush(stdout);
    FILE *answers = fdopen(dup(1), "w");
    if (!answers || dup2(2, 1) < 0) {
        std::fprintf(stderr, "cannot redirect the standard output\n");
        return 2;
    }
    std::string line;
    std::vector<Vec3d> x;
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
        x.push_back(Vec3d(nearest(f[0], f[1]), nearest(f[2], f[3]), nearest(f[4], f[5])));
        if (x.size() == 8) {
            bool hit;
            try {
                hit = vf ? bsc::Intersect_VF_robust(x[1], x[2], x[3], x[0], x[5], x[6], x[7], x[4])
                         : bsc::Intersect_EE_robust(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
            } catch (...) {
                hit = true; // the CCD-Wrapper's answer to an exception
            }
            std::fprintf(answers, "%d\n", hit ? 1 : 0);
            x.clear();
        }
    }
    std::fclose(answers);
    return 0;
}
