/* The struct types of structs.c and its check, as a code's header would
 * declare them. */
#ifndef STRUCTS_COMMON_H
#define STRUCTS_COMMON_H

typedef struct {
    double x, y, z;
} vec3;

typedef struct {
    vec3 pos;
    vec3 vel;
    double q;
    int type;
} atom;

struct params {
    double eps;
    double soft;
    int nsteps;
};

typedef struct {
    double scale, shift;
} affine_t;

#endif
