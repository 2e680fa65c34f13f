/* Struct fields the generated file must write out again as the caller
 * declared them: a field whose struct type has no name (`struct { double
 * u, w; } vel;`), and fields that are const once the particle is made
 * (its mass, its charge), whose adjoints the gradient computes all the
 * same; a function pointer and a union the energy does not use, whose
 * storage the generated definition keeps in place. */
#include "struct_fields.h"

double kinetic(int n, const particle *p) {
    double e = 0.0;
    for (int i = 0; i < n; i++)
        e += 0.5 * p[i].mass * (p[i].vel.u * p[i].vel.u + p[i].vel.w * p[i].vel.w) +
             0.1 * p[i].charge * p[i].vel.u;
    return e;
}

#pragma pargrad reverse(kinetic) wrt(p)
