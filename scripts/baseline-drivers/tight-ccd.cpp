// SPDX-License-Identifier: MIT
// Driver for scripts/baseline-agreement around the original TightCCD (Wang, Tang,
// Tong and Manocha 2015, "TightCCD: Efficient and Robust Continuous Collision
// Detection using Tight Error Bounds"; not part of this repository), called as the
// CCD-Wrapper of Wang et al. 2021 calls it: bsc_tightbound::Intersect_VF_robust /
// Intersect_EE_robust.  The library is header-only (src/bsc_tightbound.h and
// src/vec.h).  Build it outside the repository, e.g.:
//   git clone https://github.com/Continuous-Collision-Detection/TightCCD /tmp/orig-tightccd/src
//   (cd /tmp/orig-tightccd/src && git checkout 366384bac36ed1549d265e90c180fdd1beab42c6)
//   mkdir -p /tmp/orig-tightccd/drivers && g++ -O2 -DNDEBUG -std=c++11 \
//     -I/tmp/orig-tightccd/src/src -o /tmp/orig-tightccd/drivers/tight-ccd \
//     scripts/baseline-drivers/tight-ccd.cpp -lmpfr -lgmp
// It reads a rational CSV query file (8 rows per query, `xn,xd,yn,yd,zn,zd[,label]`),
// rounds every rational to the nearest double, and prints one line per query: "0|1".
// Usage: tight-ccd QUERYFILE D vf|ee   (D is ignored: TightCCD has no minimum separation)
#include <bsc_tightbound.h>
#include "query_csv.hpp"
#include <cstdio>
#include <fstream>
#include <vector>

int main(int argc, char **argv)
{
    query_csv::args a;
    if (!query_csv::parse_args(argc, argv, query_csv::KIND_STRICT, &a))
        return 2;
    std::ifstream in;
    if (!query_csv::open_queries(a.path, in))
        return 2;
    // r: rows of one query, 0-3 at t = 0, 4-7 at t = 1
    return query_csv::for_each_query<Vec3d>(in, [&](const std::vector<Vec3d> &r) {
        // VF rows: vertex, face 0, 1, 2; the library takes the face first.
        // EE rows: edge 0 (two ends), edge 1 (two ends), in that order.
        int hit = a.vf ? bsc_tightbound::Intersect_VF_robust(r[1], r[2], r[3], r[0], r[5], r[6],
                                                             r[7], r[4])
                       : bsc_tightbound::Intersect_EE_robust(r[0], r[1], r[2], r[3], r[4], r[5],
                                                             r[6], r[7]);
        std::printf("%d\n", hit ? 1 : 0);
    });
}
