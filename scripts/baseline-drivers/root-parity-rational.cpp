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
#include "query_csv.hpp"
#include <unistd.h>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <vector>

int main(int argc, char **argv)
{
    query_csv::args a;
    if (!query_csv::parse_args(argc, argv, query_csv::KIND_REQUIRED, &a))
        return 2;
    std::ifstream in;
    if (!query_csv::open_queries(a.path, in))
        return 2;
    const char *tmp = std::getenv("TMPDIR");
    if (chdir(tmp ? tmp : "/tmp") != 0) {
        std::fprintf(stderr, "cannot enter the temporary directory\n");
        return 2;
    }
    // answers on the given standard output; whatever the original prints, on stderr
    FILE *answers = query_csv::redirect_stdout();
    if (!answers)
        return 2;
    int status = query_csv::for_each_query<Eigen::Vector3d>(in, [&](const std::vector<Eigen::Vector3d> &x) {
        bool hit;
        try {
            hit = a.vf ? eccd::vertexFaceCCD(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7])
                       : eccd::edgeEdgeCCD(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
        } catch (...) {
            hit = true; // the CCD-Wrapper's answer to an exception
        }
        std::fprintf(answers, "%d\n", hit ? 1 : 0);
    });
    std::fclose(answers);
    return status;
}
