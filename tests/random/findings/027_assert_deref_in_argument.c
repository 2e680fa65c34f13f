/* rejected (valid program; random tester seeds 500051, 500131, 500132,
 * 500138 of the campaign with the scalar_ref and bit_ops rows): an assert
 * whose condition dereferences a pointer, `*(x + (i))`. The unary
 * operator's tokens were those of the whole assert invocation: "unsupported
 * unary operator 'assert'". Its spelling is now read between the file
 * locations of the expression and its operand, as for binary operators. */
#include <assert.h>
#include <math.h>

double f(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        if (i == 0)
            assert(fabs(cos(x[(i + 1) % n]) - (*(x + (i)))) < 1.0e6);
        s += x[i];
    }
    return s;
}

#pragma pargrad reverse(f) wrt(x)
