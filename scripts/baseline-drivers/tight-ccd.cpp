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
#include <gmp.h>
#include <mpfr.h>
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
    if (argc != 4 || (std::strcmp(argv[3], "vf") != 0 && std::strcmp(argv[3], "ee") != 0)) {
        std::fprintf(stderr, "usage: %s QUERYFILE D vf|ee\n", argv[0]);
        return 2;
    }
    const bool vf = std::strcmp(argv[3], "vf") == 0;
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "cannot open %s\n", argv[1]);
        return 2;
    }
    std::string line;
    std::vector<Vec3d> r; // rows of one query: 0-3 at t = 0, 4-7 at t = 1
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
        r.emplace_back(nearest(f[0], f[1]), nearest(f[2], f[3]), nearest(f[4], f[5]));
        if (r.size() == 8) {
            // VF rows: vertex, face 0, 1, 2; the library takes the face first.
            // EE rows: edge 0 (two ends), edge 1 (two ends), in that order.
            int hit = vf ? bsc_tightbound::Intersect_VF_robust(r[1], r[2], r[3], r[0], r[5], r[6],
                                                               r[7], r[4])
                         : bsc_tightbound::Intersect_EE_robust(r[0], r[1], r[2], r[3], r[4], r[5],
                                                               r[6], r[7]);
            std::printf("%d\n", hit ? 1 : 0);
            r.clear();
        }
    }
    return 0;
}
