// SPDX-License-Identifier: MIT
// Driver for scripts/baseline-agreement around the original root parity of
// Brochu, Edwards and Bridson 2012, "Efficient Geometrically Exact Continuous
// Collision Detection" (Tyson Brochu's code, rootparity::RootParityCollisionTest,
// as distributed in Root-Parity-and-Bernstein-Sign-Classification and benchmarked
// by Wang et al. 2021 as "RP"; not part of this repository).  Build it outside the
// repository, e.g.:
//   git clone https://github.com/Continuous-Collision-Detection/Root-Parity-and-Bernstein-Sign-Classification /tmp/orig-rp/src
//   (cd /tmp/orig-rp/src && git checkout 8db61b2c1d399f19e73e4a16373e7a869cc95ad4)
//   mkdir -p /tmp/orig-rp/drivers && g++ -O3 -DNDEBUG -DNOMINMAX -std=c++14 -include cstddef -I/tmp/orig-rp/src \
//     -o /tmp/orig-rp/drivers/root-parity scripts/baseline-drivers/root-parity.cpp /tmp/orig-rp/src/expansion.cpp \
//     /tmp/orig-rp/src/interval.cpp /tmp/orig-rp/src/rootparitycollisiontest.cpp \
//     /tmp/orig-rp/src/bsc.cpp -lmpfr -lgmp
// (8db61b2 is the commit the CCD-Wrapper built when Wang et al. 2021 was written; it
// now pins 1686f79c, a later commit not in our snapshot of the repository.)
// Reads a rational CSV query file (8 rows per query, `xn,xd,yn,yd,zn,zd[,label]`),
// rounds every rational to the nearest double, calls the original with the
// arguments in the CCD-Wrapper's order (src/ccd.cpp) and prints one line per
// query: "0" or "1"; an exception is answered "1", as the wrapper does.
// Usage: root-parity QUERYFILE D vf|ee   (D is ignored: plain CCD)
// The original prints diagnostics ("@@@degenerated ...") on standard output: the
// driver sends them to standard error and its answers to the standard output it
// was given.
// The wrapper passes a vertex-face query's face vertices in the order 1, 0, 2.
#include <rootparitycollisiontest.h>
#include "query_csv.hpp"
#include <cstdio>
#include <fstream>
#include <vector>

using rootparity::RootParityCollisionTest;

int main(int argc, char **argv)
{
    query_csv::args a;
    if (!query_csv::parse_args(argc, argv, query_csv::KIND_REQUIRED, &a))
        return 2;
    std::ifstream in;
    if (!query_csv::open_queries(a.path, in))
        return 2;
    // answers on the given standard output; whatever the original prints, on stderr
    FILE *answers = query_csv::redirect_stdout();
    if (!answers)
        return 2;
    int status = query_csv::for_each_query<Vec3d>(in, [&](const std::vector<Vec3d> &x) {
        bool hit;
        try {
            hit = a.vf ? RootParityCollisionTest(x[0], x[2], x[1], x[3], x[4], x[6], x[5], x[7], false).run_test()
                       : RootParityCollisionTest(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], true).run_test();
        } catch (...) {
            hit = true; // the CCD-Wrapper's answer to an exception
        }
        std::fprintf(answers, "%d\n", hit ? 1 : 0);
    });
    std::fclose(answers);
    return status;
}
