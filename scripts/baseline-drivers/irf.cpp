// SPDX-License-Identifier: MIT
// Driver for scripts/baseline-agreement around the original multivariate interval root finder (IRF) of
// the Interval-Based CCD code benchmarked by Wang et al. 2021, "A Large-scale Benchmark
// and an Inclusion-based Algorithm for Continuous Collision Detection" (not part of
// this repository).  The benchmark's wrapper (CCD-Wrapper, src/ccd.cpp) calls
// intervalccd::vertexFaceCCD_Interval and intervalccd::edgeEdgeCCD_Interval with the default
// input tolerance 1e-6; so does this driver (D is ignored: plain CCD).  It needs Boost's
// interval library (Debian: libboost-dev).  Build it outside the repository:
//   git clone https://github.com/Continuous-Collision-Detection/Interval-Based /tmp/orig-interval/src
//   (cd /tmp/orig-interval/src && git checkout 4237dfde4e3f0a757ac738d052423957e3c5d16b)
//   mkdir -p /tmp/orig-interval/src/include && ln -sfn ../intervalccd /tmp/orig-interval/src/include/interval_ccd
//   # Eigen >= 3.4 defines Eigen::Vector itself: rename the reference's alias (no other change)
//   sed -i 's/using Vector = /using VectorN = /' /tmp/orig-interval/src/intervalccd/interval.hpp
//   sed -i 's/Eigen::Vector<Interval/Eigen::VectorN<Interval/' /tmp/orig-interval/src/intervalccd/interval_root_finder.cpp
//   mkdir -p /tmp/orig-interval/drivers && g++ -O2 -std=c++14 -DNDEBUG -I/usr/include/eigen3 \
//     -I/tmp/orig-interval/src/include -o /tmp/orig-interval/drivers/irf scripts/baseline-drivers/irf.cpp \
//     /tmp/orig-interval/src/intervalccd/interval_ccd.cpp \
//     /tmp/orig-interval/src/intervalccd/interval_root_finder.cpp -lmpfr -lgmp
// Reads a rational CSV query file (8 rows per query, `xn,xd,yn,yd,zn,zd[,label]`),
// rounds every rational to the nearest double, and prints one line per query: "0|1 toi".
// Usage: irf QUERYFILE D [vf|ee]   (kind inferred from the path if absent)
// With CCDBENCH_DRIVER_CPU_LIMIT=S in the environment, each query runs in a child
// process limited to S seconds of CPU time, and one over it prints "t".
#include <interval_ccd/interval_ccd.hpp>
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
    double limit = query_csv::cpu_limit(); // "t" for a query over the limit
    int failed = 0;
    int status = query_csv::for_each_query<Eigen::Vector3d>(in, [&](const std::vector<Eigen::Vector3d> &rows) {
        failed |= query_csv::run_limited(limit, stdout, [&] {
            double toi = 0;
            bool hit = a.vf ? intervalccd::vertexFaceCCD_Interval(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], toi)
                            : intervalccd::edgeEdgeCCD_Interval(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], toi);
            std::printf("%d %.17g\n", hit ? 1 : 0, hit ? toi : 2.0);
        });
    });
    return status ? status : failed;
}
