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
            bool hit = vf ? CTCD::vertexFaceCTCD(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], 0.0, toi)
                          : CTCD::edgeEdgeCTCD(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], 0.0, toi);
            std::printf("%d %.17g\n", hit ? 1 : 0, hit ? toi : 2.0);
            rows.clear();
        }
    }
    return 0;
}
