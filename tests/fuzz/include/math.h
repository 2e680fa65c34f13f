/* A small <math.h> for the fuzz target: the real one costs most of the
 * parse time of each input. Found first through -I (fuzz_pargrad.c). */
#ifndef PARGRAD_FUZZ_MATH_H
#define PARGRAD_FUZZ_MATH_H

#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define HUGE_VAL (__builtin_huge_val())
#define M_PI 3.14159265358979323846

double sin(double);
float sinf(float);
double cos(double);
float cosf(float);
double tan(double);
float tanf(float);
double asin(double);
float asinf(float);
double acos(double);
float acosf(float);
double atan(double);
float atanf(float);
double sinh(double);
float sinhf(float);
double cosh(double);
float coshf(float);
double tanh(double);
float tanhf(float);
double exp(double);
float expf(float);
double exp2(double);
float exp2f(float);
double expm1(double);
float expm1f(float);
double log(double);
float logf(float);
double log2(double);
float log2f(float);
double log10(double);
float log10f(float);
double log1p(double);
float log1pf(float);
double sqrt(double);
float sqrtf(float);
double cbrt(double);
float cbrtf(float);
double fabs(double);
float fabsf(float);
double erf(double);
float erff(float);
double erfc(double);
float erfcf(float);
double lgamma(double);
float lgammaf(float);
double floor(double);
float floorf(float);
double ceil(double);
float ceilf(float);
double round(double);
float roundf(float);
double trunc(double);
float truncf(float);
double atan2(double, double);
float atan2f(float, float);
double pow(double, double);
float powf(float, float);
double hypot(double, double);
float hypotf(float, float);
double fmin(double, double);
float fminf(float, float);
double fmax(double, double);
float fmaxf(float, float);
double fmod(double, double);
float fmodf(float, float);
double copysign(double, double);
float copysignf(float, float);

#endif
