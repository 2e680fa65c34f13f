/* The table of math.h functions pargrad differentiates, and their partial
 * derivatives. */
#ifndef PARGRAD_DERIVS_H
#define PARGRAD_DERIVS_H

#include "ir.h"

/* Index of the function named `cname` ("sin", "sinf", ...), or -1. Sets *ty
 * to the type it computes in (double, or float for the f variants). */
int deriv_lookup(const char *cname, Type *ty);
const char *deriv_name(int fn);
int deriv_arity(int fn);
/* Emits the partial derivative of fn with respect to argument k, at args with
 * result `res`, into the builder's body. */
Operand deriv_partial(Builder *bd, int fn, int k, const Operand *args, Operand res);
/* db times that partial: for fmin, fmax and fdim db itself where it
 * passes, 0 elsewhere (never inf * 0) */
Operand deriv_adjoint(Builder *bd, int fn, int k, const Operand *args, Operand res, Operand db);
int deriv_count(void);

/* Calls kept as they are, without derivatives (printf, timers): the header
 * that declares `name`, or NULL when it is not one of them. */
const char *effect_header(const char *name);
/* exit, abort, _Exit: nothing after the call runs */
bool effect_ends_program(const char *name);
/* A branch ending in such a call: the code after its if sees the other
 * branch's values only */
bool body_ends_program(const Body *b);

#endif
