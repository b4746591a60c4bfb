// SPDX-License-Identifier: MIT
// Driver for scripts/ms-ratio around the authors' Tight Inclusion (Wang et al. 2021,
// "A Large Scale Benchmark and an Inclusion-Based Algorithm for Continuous Collision
// Detection"; not part of this repository), called with a minimum separation D:
// inclusion_ccd::vertexFaceCCD_double / edgeEdgeCCD_double with err = {-1, -1, -1}
// (the original computes its filter from the query), tolerance delta, t_max = 1,
// max_itr = m_I, CCD_TYPE = 1 and no_zero_toi = false.  Built by hand outside the
// repository (its CMake build downloads dependencies), e.g. at commit
// f1c66b40086377ac81b1283b88652ad855838325 of
// github.com/Continuous-Collision-Detection/Tight-Inclusion unpacked in /tmp/scratch-ti:
//   g++ -O3 -march=native -DNDEBUG -std=c++17 -DTIGHT_INCLUSION_DOUBLE -DNOMINMAX \
//     -I/tmp/scratch-ti -I/usr/include/eigen3 -o /tmp/scratch-ti/tight-inclusion \
//     scripts/baseline-drivers/tight-inclusion.cpp /tmp/scratch-ti/tight_inclusion/*.cpp \
//     -lmpfr -lgmp
// It reads a rational CSV query file (8 rows per query), rounds every rational to the
// nearest double, keeps every STRIDE-th query (0, STRIDE, 2·STRIDE, …; default 1),
// runs them REPS times (default 1) one after the other on one thread, and prints one
// line per kept query, "0|1 M" (M = 1: the query stopped at max_itr, i.e. the
// tolerance reached is above delta), then "# queries N mean_us T", T the mean time
// per query of the fastest of the REPS passes.
// Usage: tight-inclusion QUERYFILE D vf|ee [STRIDE [REPS [DELTA [MAX_ITR]]]]
#include <tight_inclusion/inclusion_ccd.hpp>
#include "query_csv.hpp"
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

namespace {

struct answer {
    bool hit;
    bool stopped; // reached max_itr
};

answer run_query(const std::vector<Eigen::Vector3d> &r, bool vf, double d, double delta,
                 long max_itr)
{
    const std::array<double, 3> err = {-1, -1, -1};
    double toi = 0, reached = 0;
    bool hit;
    // VF rows: vertex, face 0, 1, 2 (as the original takes them); EE: edge a, edge b.
    if (vf)
        hit = inclusion_ccd::vertexFaceCCD_double(r[0], r[1], r[2], r[3], r[4], r[5], r[6],
                                                  r[7], err, d, toi, delta, 1.0, (int)max_itr,
                                                  reached, 1, false);
    else
        hit = inclusion_ccd::edgeEdgeCCD_double(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
                                                err, d, toi, delta, 1.0, (int)max_itr, reached,
                                                1, false);
    return {hit, reached > delta};
}

} // namespace

int main(int argc, char **argv)
{
    query_csv::args a;
    if (argc < 4 || !query_csv::parse_args(argc < 4 ? argc : 4, argv, query_csv::KIND_STRICT,
                                           &a)) {
        std::fprintf(stderr,
                     "usage: %s QUERYFILE D vf|ee [STRIDE [REPS [DELTA [MAX_ITR]]]]\n",
                     argv[0]);
        return 2;
    }
    const long stride = argc > 4 ? std::strtol(argv[4], nullptr, 10) : 1;
    const int reps = argc > 5 ? std::atoi(argv[5]) : 1;
    const double delta = argc > 6 ? std::strtod(argv[6], nullptr) : 1e-6;
    const long max_itr = argc > 7 ? std::strtol(argv[7], nullptr, 10) : 1000000;
    if (stride < 1 || reps < 1 || !(delta > 0) || max_itr < 1) {
        std::fprintf(stderr, "%s: STRIDE, REPS, MAX_ITR must be >= 1, DELTA > 0\n", argv[0]);
        return 2;
    }
    std::ifstream in;
    if (!query_csv::open_queries(a.path, in))
        return 2;
    std::vector<std::vector<Eigen::Vector3d>> queries;
    long index = 0;
    int status = query_csv::for_each_query<Eigen::Vector3d>(
        in, [&](const std::vector<Eigen::Vector3d> &r) {
            if (index++ % stride == 0)
                queries.push_back(r);
        });
    if (status)
        return status;
    std::vector<answer> answers(queries.size());
    double best = -1;
    for (int pass = 0; pass < reps; pass++) {
        auto start = std::chrono::steady_clock::now();
        for (size_t i = 0; i < queries.size(); i++)
            answers[i] = run_query(queries[i], a.vf, a.d, delta, max_itr);
        std::chrono::duration<double, std::micro> took = std::chrono::steady_clock::now() - start;
        if (best < 0 || took.count() < best)
            best = took.count();
    }
    for (const answer &ans : answers)
        std::printf("%d %d\n", ans.hit ? 1 : 0, ans.stopped ? 1 : 0);
    std::printf("# queries %zu mean_us %.6g\n", queries.size(),
                queries.empty() ? 0.0 : best / (double)queries.size());
    return 0;
}
