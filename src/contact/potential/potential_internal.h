/* SPDX-License-Identifier: MIT */
/*
 * The layered bounding-sphere hierarchy as the double evaluation
 * (potential_bsh.c) and its 256-bit reference (potential_reference.c) both
 * traverse it: one definition of the tree, one of the switch distances.
 */
#ifndef CCD_CONTACT_POTENTIAL_INTERNAL_H
#define CCD_CONTACT_POTENTIAL_INTERNAL_H
#include <stddef.h>
#include <stdint.h>

#include "ccdbench/potential.h"

typedef struct bsh_node {
    double c[3], R;   /* centre (mean of the distinct vertices) and layered radius */
    int32_t child[2]; /* -1 for a leaf */
    uint32_t tri;     /* the leaf's triangle */
} bsh_node;

struct ccd_bsh {
    const ccd_mesh *m;
    size_t n;
    bsh_node *node; /* node[0] is the root */
};

/* The switch distances of a node pair (Eqs. 6 and 8): d₁ = R_I + R_J, where the
 * blend starts, and d₂ = (1 + ε) d₁, beyond which the closed form alone is used.
 * Both evaluations round them the same way, so they define one function. */
static inline void ccd_bsh_switch(double *d1, double *d2, const bsh_node *I, const bsh_node *J,
                                  double eps)
{
    *d1 = I->R + J->R;
    *d2 = (1 + eps) * *d1;
}

/* C(I) of Eq. 8: the two children of an internal node, the node itself for a
 * leaf.  Returns their number. */
static inline int ccd_bsh_children(int32_t c[2], const ccd_bsh *h, int32_t i)
{
    const bsh_node *n = &h->node[i];
    if (n->child[0] < 0) {
        c[0] = i;
        return 1;
    }
    c[0] = n->child[0], c[1] = n->child[1];
    return 2;
}

/* One node pair of Algorithm 1, for the checks of Lemma A.3: terms[0] = P_c of
 * the pair, terms[1] = P_BSH (the blend), terms[2] = P_d₁ (the exact term of two
 * leaves, or the sum of P_BSH over the child pairs); *r the centre distance and
 * *d1 = R_I + R_J.  Values only. */
ccd_potential_status ccd_bsh_node_pair(double terms[3], double *r, double *d1, const ccd_bsh *a,
                                       const ccd_pose *pose_a, int32_t i, const ccd_bsh *b,
                                       const ccd_pose *pose_b, int32_t j, double eps);
#endif
