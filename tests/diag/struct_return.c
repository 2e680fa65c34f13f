/* expect: 10:13: call to 'ext_add', which returns a struct pargrad cannot see */
/* A function returning a struct by value that the file does not define:
 * helpers of the file or the user's headers are inlined, this one is not. */
typedef struct { double x, y; } v2;
v2 ext_add(v2 a, v2 b);

double total(int n, const v2 *p) {
    v2 s = {0};
    for (int i = 0; i < n; i++)
        s = ext_add(s, p[i]);
    return s.x * s.y;
}

#pragma pargrad reverse(total) wrt(p)
