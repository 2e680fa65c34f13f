/* Structs as simulation codes write them: an array of atoms with a nested
 * position and an integer type field, a struct of parameters by pointer,
 * a transform passed by value, local struct temporaries and accumulators,
 * whole-struct copies, and helpers taking structs by value and by pointer.
 * C89 habits: counters declared first, struct tags. */
#include <math.h>

#include "structs_common.h"

static double dist2(vec3 a, vec3 b) {
    vec3 d;
    d.x = a.x - b.x;
    d.y = a.y - b.y;
    d.z = a.z - b.z;
    return d.x * d.x + d.y * d.y + d.z * d.z;
}

static double pair_energy(const atom *a, const atom *b, const struct params *prm) {
    double r2 = dist2(a->pos, b->pos) + prm->soft;
    return prm->eps * a->q * b->q / sqrt(r2);
}

/* Pairwise energy, transformed: every field of atoms, prm and tr is active
 * except the integer ones. */
double coulomb(int n, const atom *atoms, const struct params *prm, affine_t tr) {
    double e = 0.0;
    int i, j;
#pragma pargrad reduce(+ : e)
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (j != i && atoms[i].type >= 0)
                e += pair_energy(&atoms[i], &atoms[j], prm);
    return tr.scale * e + tr.shift;
}

#pragma pargrad reverse(coulomb) wrt(atoms, prm, tr)

/* A few explicit Euler steps in place, each atom copied to a local,
 * updated and stored back; returns the kinetic energy. */
double advance(int n, atom *p, const struct params *prm, double dt) {
    int s, i;
    double ke = 0.0;
    for (s = 0; s < prm->nsteps; s++) {
#pragma pargrad map
        for (i = 0; i < n; i++) {
            atom a = p[i];
            a.vel.x -= dt * prm->eps * sin(a.pos.x);
            a.vel.y -= dt * prm->eps * a.pos.y * a.q;
            a.vel.z -= dt * (a.pos.z + prm->soft * a.vel.z);
            a.pos.x += dt * a.vel.x;
            a.pos.y += dt * a.vel.y;
            a.pos.z += dt * a.vel.z;
            p[i] = a;
        }
    }
#pragma pargrad reduce(+ : ke)
    for (i = 0; i < n; i++)
        ke += 0.5 * (p[i].vel.x * p[i].vel.x + p[i].vel.y * p[i].vel.y + p[i].vel.z * p[i].vel.z);
    return ke;
}

#pragma pargrad reverse(advance) wrt(p, prm, dt) out(return, p)

/* The spread of points around their centroid, the centroid kept in a local
 * struct accumulated by a sequential loop; a pointer walks the array. */
double spread(int n, const vec3 *pts) {
    vec3 c = {0};
    double s = 0.0;
    const vec3 *q;
    int i;
    for (i = 0; i < n; i++) {
        c.x += pts[i].x;
        c.y += pts[i].y;
        c.z += pts[i].z;
    }
    c.x /= n;
    c.y /= n;
    c.z /= n;
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++) {
        q = pts + i;
        s += dist2(*q, c) * (1.0 + 0.1 * q->x);
    }
    return s / n;
}

#pragma pargrad reverse(spread) wrt(pts)
