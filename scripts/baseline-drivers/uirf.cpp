// SPDX-License-Identifier: MIT
// Driver for scripts/baseline-agreement around the original univariate interval root finder (UIRF) of
// the Interval-Based CCD code benchmarked by Wang et al. 2021, "A Large-scale Benchmark
// and an Inclusion-based Algorithm for Continuous Collision Detection" (not part of
// this repository).  The benchmark's wrapper (CCD-Wrapper, src/ccd.cpp) calls
// intervalccd::vertexFaceCCD_Redon and intervalccd::edgeEdgeCCD_Redon with the default
// input tolerance 1e-6; so does this driver (D is ignored: plain CCD).  It needs Boost's
// interval library (Debian: libboost-dev).  Build it outside the repository:
//   git clone https://github.com/Continuous-Collision-Detection/Interval-Based /tmp/orig-interval/src
//   (cd /tmp/orig-interval/src && git checkout 4237dfde4e3f0a757ac738d052423957e3c5d16b)
//   mkdir -p /tmp/orig-interval/src/include && ln -sfn ../intervalccd /tmp/orig-interval/src/include/interval_ccd
//   # Eigen >= 3.4 defines Eigen::Vector itself: rename the reference's alias (no other change)
//   sed -i 's/using Vector = /using VectorN = /' /tmp/orig-interval/src/intervalccd/interval.hpp
//   sed -i 's/Eigen::Vector<Interval/Eigen::VectorN<Interval/' /tmp/orig-interval/src/intervalccd/interval_root_finder.cpp
//   mkdir -p /tmp/orig-interval/drivers && g++ -O2 -std=c++14 -DNDEBUG -I/usr/include/eigen3 \
//     -I/tmp/orig-interval/src/include -o /tmp/orig-interval/drivers/uirf scripts/baseline-drivers/uirf.cpp \
//     /tmp/orig-interval/src/intervalccd/interval_ccd.cpp \
//     /tmp/orig-interval/src/intervalccd/interval_root_finder.cpp -lmpfr -lgmp
// Reads a rational CSV query file (8 rows per query, `xn,xd,yn,yd,zn,zd[,label]`),
// rounds every rational to the nearest double, and prints one line per query: "0|1 toi".
// Usage: uirf QUERYFILE D [vf|ee]   (kind inferred from the path if absent)
#include <interval_ccd/interval_ccd.hpp>
#include <gmp.h>
#include <mpfr.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
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
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s QUERYFILE D [vf|ee]\n", argv[0]);
        return 2;
    }
    std::string path = argv[1];
    double d = std::strtod(argv[2], nullptr);
    (void)d; // plain CCD: the wrapper passes no minimum separation
    bool vf;
    if (argc > 3)
        vf = std::strcmp(argv[3], "vf") == 0;
    else
        vf = path.find("vertex-face") != std::string::npos || path.find("vf") != std::string::npos;
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "cannot open %s\n", path.c_str());
        return 2;
    }
    std::string line;
    std::vector<Eigen::Vector3d> rows;
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
            double toi = 0;
            bool hit = vf ? intervalccd::vertexFaceCCD_Redon(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], toi)
                          : intervalccd::edgeEdgeCCD_Redon(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], toi);
            std::printf("%d %.17g\n", hit ? 1 : 0, hit ? toi : 2.0);
            rows.clear();
        }
    }
    return 0;
}
