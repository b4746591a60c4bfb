// SPDX-License-Identifier: MIT
/*
 * box-exact — an example ccdbench plugin in C++, built outside the ccdbench tree
 * against the installed <ccdbench/ccdbench.h> and libccdbench (see README.md in
 * this directory): ccdbench's own `exact` method, reached through the C API
 * (ccd_builtin_methods), behind a swept-box filter.
 *
 * The filter: every point of a primitive moves linearly, x(t) = (1 - t) x0 + t x1,
 * and a point of a triangle or an edge is a convex combination of its vertices,
 * so at every t ∈ [0, 1] the primitive lies in the box of its vertices at t0 and
 * t1.  Two primitives whose boxes, one grown by the minimum separation d, do not
 * overlap never come within d (L∞, hence Euclidean too): the answer is "no
 * collision" without the exact computation.  Otherwise the exact method decides,
 * so the method is exact: no false positive, no false negative, the exact time of
 * impact rounded outward.
 *
 * Comparing doubles is exact; coordinates that are not doubles (rational inputs)
 * are widened by one ulp, and d is added rounded outward.
 */
#include <ccdbench/ccdbench.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <new>

namespace {

const double inf = std::numeric_limits<double>::infinity();

// An axis-aligned box, empty until a point is added.
struct Box {
    double lo[3] = {inf, inf, inf};
    double hi[3] = {-inf, -inf, -inf};

    // Add [lo, hi] on every axis.
    void add(const double lo_[3], const double hi_[3])
    {
        for (int axis = 0; axis < 3; axis++) {
            lo[axis] = std::fmin(lo[axis], lo_[axis]);
            hi[axis] = std::fmax(hi[axis], hi_[axis]);
        }
    }

    // Grow by d ≥ 0 on every side, rounding outward (round-to-nearest is off by
    // at most half an ulp, one nextafter covers it).
    Box grown(double d) const
    {
        Box b = *this;
        if (d > 0)
            for (int axis = 0; axis < 3; axis++) {
                b.lo[axis] = std::nextafter(lo[axis] - d, -inf);
                b.hi[axis] = std::nextafter(hi[axis] + d, inf);
            }
        return b;
    }

    bool overlaps(const Box &o) const
    {
        for (int axis = 0; axis < 3; axis++)
            if (hi[axis] < o.lo[axis] || o.hi[axis] < lo[axis])
                return false;
        return true;
    }
};

// The box swept by rows first..first+count-1 of q, at t0 (row) and t1 (row + 4).
Box swept(const ccd_query &q, int first, int count)
{
    Box b;
    for (int i = 0; i < count; i++)
        for (int row = first + i; row < CCD_QUERY_ROWS; row += 4) {
            double lo[3], hi[3];
            for (int axis = 0; axis < 3; axis++) {
                double x = q.v[row][axis];
                // v is the nearest double of the exact input when the bit is set.
                bool inexact = (q.inexact >> (3 * row + axis)) & 1u;
                lo[axis] = inexact ? std::nextafter(x, -inf) : x;
                hi[axis] = inexact ? std::nextafter(x, inf) : x;
            }
            b.add(lo, hi);
        }
    return b;
}

// A method of ccdbench (found by name through the C API) behind the swept-box
// filter.  One instance per plugin; the per-thread state is Scratch.
class BoxFiltered {
public:
    explicit BoxFiltered(const char *inner_name) : inner_(find(inner_name)) {}

    const ccd_method *inner() const { return inner_; }

    // The inner method's per-thread state, freed with this object.
    class Scratch {
    public:
        explicit Scratch(const ccd_method *m)
            : m_(m), state_(m && m->scratch_new ? m->scratch_new() : nullptr)
        {
        }
        ~Scratch()
        {
            if (state_ && m_->scratch_free)
                m_->scratch_free(state_);
        }
        Scratch(const Scratch &) = delete;
        Scratch &operator=(const Scratch &) = delete;
        void *state() const { return state_; }
        bool ok() const { return m_ && (!m_->scratch_new || state_); }

    private:
        const ccd_method *m_;
        void *state_;
    };

    // Rows: VF v, f0, f1, f2 (one and three); EE ea0, ea1, eb0, eb1 (two and two).
    ccd_status run(ccd_result &r, const ccd_query &q, const ccd_params &p,
                   const Scratch *s) const
    {
        if (!inner_)
            return CCD_ERR_INTERNAL;
        int split = q.kind == CCD_VF ? 1 : 2;
        // The whole step [0, 1] is swept even when t_max < 1: a superset.
        if (!swept(q, 0, split).grown(p.ms).overlaps(swept(q, split, 4 - split))) {
            r.collides = 0;
            r.toi = r.toi_upper = inf;
            r.tolerance = 0;
            r.checks = 0;
            r.hit_max_checks = 0;
            return CCD_OK;
        }
        // The inner method has options of its own (exact has none): at their
        // defaults, not this method's values.
        ccd_params inner_p = p;
        inner_p.options = nullptr;
        return ccd_method_run(&r, inner_, &q, &inner_p, s ? s->state() : nullptr);
    }

private:
    static const ccd_method *find(const char *name)
    {
        for (const ccd_method *const *m = ccd_builtin_methods(); *m; m++)
            if (std::strcmp((*m)->name, name) == 0)
                return *m;
        return nullptr;
    }

    const ccd_method *inner_;
};

const BoxFiltered box_exact("exact");

// The C interface: plain functions, no exception crosses it.
void *scratch_new() noexcept
{
    BoxFiltered::Scratch *s = new (std::nothrow) BoxFiltered::Scratch(box_exact.inner());
    if (s && !s->ok()) {
        delete s;
        return nullptr;
    }
    return s;
}

void scratch_free(void *s) noexcept
{
    delete static_cast<BoxFiltered::Scratch *>(s);
}

ccd_status query(ccd_result *r, const ccd_query *q, const ccd_params *p, void *s) noexcept
{
    return box_exact.run(*r, *q, *p, static_cast<const BoxFiltered::Scratch *>(s));
}

const ccd_method box_exact_method = {
    "box-exact",
    "example C++ plugin: swept-box filter, then ccdbench's exact method (no FP, no FN)",
    CCD_CAP_TOI | CCD_CAP_CONSERVATIVE | CCD_CAP_EXACT | CCD_CAP_USES_RATIONALS |
        CCD_CAP_MIN_SEPARATION,
    query,        // vertex_face
    query,        // edge_edge
    scratch_new,
    scratch_free,
    nullptr,      // options
    0,            // option_count
};

} // namespace

static const ccd_method *const methods[] = {&box_exact_method, nullptr};

// The plugin's two exported symbols (the API version, the entry), with C linkage
// from C++ too.
CCD_PLUGIN_DEFINE(methods);
