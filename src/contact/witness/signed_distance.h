/* SPDX-License-Identifier: MIT */
/*
 * Signed distances, normals and activity indicators of Beker et al. for two
 * bodies (ccd_contact_edge_edge, ccd_contact_vertex_sdf): declared, with their
 * sign convention, in the public header ccdbench/contact.h.
 */
#ifndef CCD_CONTACT_SIGNED_DISTANCE_H
#define CCD_CONTACT_SIGNED_DISTANCE_H
#include "ccdbench/contact.h"
#endif
