// SPDX-License-Identifier: MIT
// Driver for scripts/baseline-agreement around the original MSRF (the
// Minimum-Separation-Root-Finder library of Lu et al. 2019, not part of this
// repository).  Build it outside the repository, e.g.:
//   git clone https://github.com/Continuous-Collision-Detection/Minimum-Separation-Root-Finder /tmp/orig-msrf/src
//   (cd /tmp/orig-msrf/src && git checkout 1aeb9ac0a404b43980bc82912fac836b720b609b)
//   mkdir -p /tmp/orig-msrf/drivers && g++ -O2 -std=c++11 -I/usr/include/eigen3 \
//     -I/tmp/orig-msrf/src/src -o /tmp/orig-msrf/drivers/msrf scripts/baseline-drivers/msrf.cpp \
//     /tmp/orig-msrf/src/src/minimum_separation_root_finder.cpp -lmpfr -lgmp
// Driver for the original MSRF (Lu et al. 2019 code): reads a rational CSV query
// file (8 rows per query, `xn,xd,yn,yd,zn,zd[,label]`), rounds every rational to
// the nearest double, and prints one line per query: "0|1 toi".
// Usage: msrf_driver QUERYFILE D [vf|ee]   (kind inferred from the path if absent)
#include <minimum_separation_root_finder.hpp>
#include "query_csv.hpp"
#include <cstdio>
#include <fstream>
#include <vector>

int main(int argc, char **argv)
{
    query_csv::args a;
    if (!query_csv::parse_args(argc, argv, query_csv::KIND_OPTIONAL, &a))
        return 2;
    std::ifstream in;
    if (!query_csv::open_queries(a.path, in))
        return 2;
    return query_csv::for_each_query<Eigen::Vector3d>(in, [&](const std::vector<Eigen::Vector3d> &rows) {
        double toi = 0;
        bool hit = a.vf ? msccd::root_finder::vertexFaceMSCCD(rows[0], rows[1], rows[2], rows[3],
                                                              rows[4], rows[5], rows[6], rows[7], a.d, toi)
                        : msccd::root_finder::edgeEdgeMSCCD(rows[0], rows[1], rows[2], rows[3],
                                                            rows[4], rows[5], rows[6], rows[7], a.d, toi);
        std::printf("%d %.17g\n", hit ? 1 : 0, hit ? toi : 2.0);
    });
}
