/* Regression (random tester, seed 100918): constant arithmetic that
 * pargrad does not lift itself (shifts), inside a chain of additions with
 * variables, is folded by clang as before; the loop down a chain's left
 * operands stops there instead of rejecting the operator. */
double const_subexpr(int n, const double *x) {
    double s = x[0] + (((1u << 4) * 0.05) + x[1]) + ((2 << 1) + x[2]) * 0.5;
    for (int i = 3; i < n; i++)
        s = s * 0.9 + ((1 << 3) - 7.5) * x[i] * x[i] + (7 >> 1) * x[i];
    return s;
}

#pragma pargrad reverse(const_subexpr) wrt(x)
