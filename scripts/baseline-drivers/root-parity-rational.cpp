// SPDX-License-Identifier: MIT
// Driver for scripts/baseline-agreement around the original rational root parity
// (Rational-Root-Parity, the rational reimplementation of Brochu, Edwards and
// Bridson 2012 that Wang et al. 2021 benchmark as "RRP"; not part of this
// repository).  Build it outside the repository, e.g.:
//   git clone https://github.com/Continuous-Collision-Detection/Rational-Root-Parity /tmp/orig-rrp/src
//   (cd /tmp/orig-rrp/src && git checkout 812f8cc6bdd6768b4a70291f411581c3544bb227)
//   mkdir -p /tmp/orig-rp/drivers && g++ -O3 -DNDEBUG -std=c++14 -I/usr/include/eigen3 \
//     -I/tmp/orig-rrp/src/src -o /tmp/orig-rp/drivers/root-parity-rational \
//     scripts/baseline-drivers/root-parity-rational.cpp /tmp/orig-rrp/src/src/ECCD.cpp \
//     /tmp/orig-rrp/src/src/Utils.cpp /tmp/orig-rrp/src/src/Plots.cpp -lmpfr -lgmp
// (812f8cc6, the commit the CCD-Wrapper builds now, and c58bd6fd, the one it built
// when the paper was written, differ only in CMake files.)
// Reads a rational CSV query file (8 rows per query, `xn,xd,yn,yd,zn,zd[,label]`),
// rounds every rational to the nearest double, calls eccd::vertexFaceCCD /
// eccd::edgeEdgeCCD with the arguments in the CCD-Wrapper's order and prints one
// line per query: "0" or "1".
// Usage: root-parity-rational QUERYFILE D vf|ee   (D is ignored: plain CCD)
// The original prints "[ERROR] …" on standard output and writes a file TF<n>.txt /
// EE<n>.txt into the working directory when a query throws (it then answers
// "no"): the driver sends the original's output to standard error, writes its
// answers to the standard output it was given, and runs in $TMPDIR (or /tmp).
#include <ECCD.hpp>
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
    const char *tmp = std::getenv("TMPDIR");
    if (chdir(tmp ? tmp : "/tmp") != 0) {
        std::fprintf(stderr, "cannot enter the temporary directory\n");
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
    std::vector<Eigen::Vector3d> x;
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
        x.emplace_back(nearest(f[0], f[1]), nearest(f[2], f[3]), nearest(f[4], f[5]));
        if (x.size() == 8) {
            bool hit;
            try {
                hit = vf ? eccd::vertexFaceCCD(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7])
                         : eccd::edgeEdgeCCD(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
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
