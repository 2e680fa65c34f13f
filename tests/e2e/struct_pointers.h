/* The types of struct_pointers.c (and its check): structs that hold
 * pointers to arrays, declared in a header as codes do. */
#ifndef STRUCT_POINTERS_H
#define STRUCT_POINTERS_H

typedef struct {
    int nx;
    double dx;
    double *u;           /* the state */
    double *flux;        /* scratch, one per cell face */
    const double *kappa; /* the coefficients */
} grid_t;

struct layer {
    int n_in, n_out;
    double *W; /* n_out rows of n_in */
    double *b;
};

typedef struct {
    int n;
    const double *w;
    double scale;
} weights_t;

/* a dense layer; a network is an array of them */
typedef struct {
    int n_in, n_out;
    double *W; /* n_out rows of n_in */
    double *b;
} dense_t;

struct fields {
    double *rho, *p;
};
struct state {
    int n;
    struct fields f;
    double gamma;
};

#endif
