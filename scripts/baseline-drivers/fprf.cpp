// SPDX-License-Identifier: MIT
// Driver for scripts/baseline-agreement around the original FPRF (Vouga's CTCD code,
// as benchmarked by Wang et al. 2021, "A Large-scale Benchmark and an Inclusion-based
// Algorithm for Continuous Collision Detection"; not part of this repository).  The
// benchmark's wrapper (CCD-Wrapper, src/ccd.cpp) calls CTCD::vertexFaceCTCD and
// CTCD::edgeEdgeCTCD with eta = 0 and compiles CTCD.cpp with -ffp-contract=off; so
// does this driver (D is ignored: FPRF is plain CCD).  Build it outside the repository:
//   git clone https://github.com/Continuous-Collision-Detection/Floating-Point-Root-Finder /tmp/orig-fprf/src
//   (cd /tmp/orig-fprf/src && git checkout e5fe5c9767207df5047e375fb20180a665ae186f)
//   mkdir -p /tmp/orig-fprf/drivers && g++ -O2 -std=c++11 -ffp-contract=off -I/usr/include/eigen3 \
//     -I/tmp/orig-fprf/src/include -o /tmp/orig-fprf/drivers/fprf scripts/baseline-drivers/fprf.cpp \
//     /tmp/orig-fprf/src/src/CTCD.cpp -lmpfr -lgmp
// Reads a rational CSV query file (8 rows per query, `xn,xd,yn,yd,zn,zd[,label]`),
// rounds every rational to the nearest double, and prints one line per query: "0|1 toi".
// Usage: fprf QUERYFILE D [vf|ee]   (kind inferred from the path if absent)
#include <CTCD.h>
#include "query_csv.hpp"
#include <cstdio>
#include <fstream>
#include <vector>

int main(int argc, char **argv)
{
    query_csv::args a;
    if (!query_csv::parse_args(argc, argv, query_csv::KIND_OPTIONAL, &a))
        return 2;
    (void)a.d; // plain CCD: the wrapper passes no minimum separation
    std::ifstream in;
    if (!query_csv::open_queries(a.path, in))
        return 2;
    return query_csv::for_each_query<Eigen::Vector3d>(in, [&](const std::vector<Eigen::Vector3d> &rows) {
        double toi = 0;
        bool hit = a.vf ? CTCD::vertexFaceCTCD(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], 0.0, toi)
                        : CTCD::edgeEdgeCTCD(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], 0.0, toi);
        std::printf("%d %.17g\n", hit ? 1 : 0, hit ? toi : 2.0);
    });
}
