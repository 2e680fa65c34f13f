/* The libclang front end: the translation unit, the helpers every phase of
 * lifting uses (cursors, types, the environment of bindings) and the lifting
 * of whole functions. Expressions, statements and loops are lifted in
 * lift_expr.c, lift_stmt.c and lift_loop.c. */
#define _POSIX_C_SOURCE 200809L
#include "lift.h"

#include <limits.h>

#ifndef PARGRAD_CLANG_RESOURCE
#define PARGRAD_CLANG_RESOURCE "/usr/lib/llvm-14/lib/clang/14.0.6/include"
#endif

/* ---- small libclang helpers ---- */

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Kids *k = data;
    if (k->n < 16)
        k->items[k->n] = c;
    k->n++;
    k->last = c;
    return CXChildVisit_Continue;
}

Kids kids_of(CXCursor c) {
    Kids k = {.n = 0};
    clang_visitChildren(c, collect_kid, &k);
    if (k.n > 16)
        k.n = 16;
    return k;
}

/* c and d are one node of the tree. clang_equalCursors also compares the
 * declaration a walk came through, which differs between two walks that
 * reach a node by different paths (through a function's definition or its
 * declaration, a call's argument list or its children). */
bool same_node(CXCursor c, CXCursor d) {
    return clang_getCursorKind(c) == clang_getCursorKind(d) &&
           clang_hashCursor(c) == clang_hashCursor(d) &&
           clang_equalRanges(clang_getCursorExtent(c), clang_getCursorExtent(d));
}

/* The initialiser of a variable declaration, or a null cursor (an
 * array's kids also hold its extent; only a brace list initialises one). */
CXCursor var_initialiser(CXCursor decl) {
    Kids k = kids_of(decl);
    for (int i = k.n - 1; i >= 0; i--) {
        enum CXCursorKind kind = clang_getCursorKind(k.items[i]);
        if (!clang_isExpression(kind))
            continue;
        bool array = clang_getArrayElementType(clang_getCursorType(decl)).kind != CXType_Invalid;
        return array && kind != CXCursor_InitListExpr ? clang_getNullCursor() : k.items[i];
    }
    return clang_getNullCursor();
}

static enum CXChildVisitResult collect_all(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    KidList *k = data;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 8;
        CXCursor *items = arena_alloc(k->a, sizeof(CXCursor) * (size_t)k->cap);
        if (k->n)
            memcpy(items, k->items, sizeof(CXCursor) * (size_t)k->n);
        k->items = items;
    }
    k->items[k->n++] = c;
    return CXChildVisit_Continue;
}

/* Every child of c, in an array allocated in the arena. */
KidList all_kids(Arena *a, CXCursor c) {
    KidList k = {.a = a};
    clang_visitChildren(c, collect_all, &k);
    return k;
}

/* A header's text and path, kept in the arena: the output's comments quote
 * its lines after the translation unit is gone. */
typedef struct HeaderText {
    CXFile file;
    const char *path;
    char *text;
} HeaderText;

/* The text and path of the file holding a place: the input, or one of the
 * user's headers (helpers and operators defined there). */
static const char *file_text(Frontend *fe, CXFile file, const char **path) {
    if (path)
        *path = fe->path;
    if (!file || clang_File_isEqual(file, fe->main_file))
        return fe->text;
    HeaderText *h = NULL;
    for (int i = 0; i < fe->headers.len && !h; i++)
        if (clang_File_isEqual(((HeaderText *)fe->headers.items[i])->file, file))
            h = fe->headers.items[i];
    if (!h) {
        size_t size = 0;
        const char *t = clang_getFileContents(fe->tu, file, &size);
        CXString name = clang_getFileName(file);
        h = arena_alloc(fe->a, sizeof(HeaderText));
        h->file = file;
        h->path = arena_strdup(fe->a, clang_getCString(name));
        h->text = arena_alloc(fe->a, size + 1);
        if (t)
            memcpy(h->text, t, size);
        h->text[size] = 0;
        clang_disposeString(name);
        vec_push(fe->a, &fe->headers, h);
    }
    if (path)
        *path = h->path;
    return h->text;
}

const char *frontend_file_text(void *fe, const char *path) {
    Frontend *f = fe;
    if (!path || !strcmp(path, f->path))
        return f->text;
    for (int i = 0; i < f->headers.len; i++)
        if (!strcmp(((HeaderText *)f->headers.items[i])->path, path))
            return ((HeaderText *)f->headers.items[i])->text;
    return NULL;
}

static SrcLoc floc_of(Frontend *fe, CXCursor c) {
    CXFile file;
    unsigned line, col, off;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &col, &off);
    SrcLoc l = {NULL, (int)line, (int)col};
    file_text(fe, file, &l.file);
    return l;
}

SrcLoc loc_of(Lift *L, CXCursor c) {
    return floc_of(L->fe, c);
}

bool user_definition(CXCursor c) {
    return !clang_Location_isInSystemHeader(clang_getCursorLocation(c));
}

static unsigned offset_of(CXSourceLocation loc) {
    unsigned off;
    clang_getExpansionLocation(loc, NULL, NULL, NULL, &off);
    return off;
}

/* The text of the file where a cursor starts. */
static const char *cursor_file_text(Frontend *fe, CXCursor c) {
    CXFile file;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &file, NULL, NULL,
                               NULL);
    return file_text(fe, file, NULL);
}

const char *cursor_spelling(Lift *L, CXCursor c) {
    CXString s = clang_getCursorSpelling(c);
    const char *r = arena_strdup(L->a, clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* text[b, e) in the arena, or NULL where the offsets do not fit it. */
static char *text_between(Frontend *fe, const char *text, unsigned b, unsigned e) {
    if (b > e || e > strlen(text))
        return NULL;
    char *s = arena_alloc(fe->a, e - b + 1);
    memcpy(s, text + b, e - b);
    s[e - b] = 0;
    return s;
}

/* The source text of a cursor's extent. */
const char *extent_text(Frontend *fe, CXCursor c) {
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned b = offset_of(clang_getRangeStart(r)), e = offset_of(clang_getRangeEnd(r));
    const char *s = text_between(fe, cursor_file_text(fe, c), b, e);
    return s ? s : "";
}

/* Whether text is one macro argument's part: brackets balanced, no comma
 * outside them (one that spans two arguments has the comma between). */
static bool within_one_argument(const char *text) {
    int depth = 0;
    for (const char *p = text; *p; p++) {
        depth += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
        if (depth < 0 || (depth == 0 && *p == ','))
            return false;
    }
    return depth == 0;
}

/* The text a cursor was written as: its extent where no macro expanded
 * it, the argument's text for a node within one argument of a
 * function-like macro (where extent_text gives the invocation's), NULL for
 * a node with a token of the macro's body (written in the definition, for
 * every use alike). The file location of a body's token is where the
 * macro was expanded, of an argument's token where the argument is. */
const char *written_text(Frontend *fe, CXCursor c) {
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile fs, fend;
    unsigned b, e, xb, xe;
    clang_getFileLocation(clang_getRangeStart(r), &fs, NULL, NULL, &b);
    clang_getFileLocation(clang_getRangeEnd(r), &fend, NULL, NULL, &e);
    clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &xb);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &xe);
    CXFile mf;
    unsigned ms, me;
    if (macro_body_range(fe, c, &mf, &ms, &me)) /* spelled over the whole invocation */
        return NULL;
    if (b == xb && e == xe)
        return extent_text(fe, c);
    if (!fs || !clang_File_isEqual(fs, fend) || b == xb || e == xe || e <= b)
        return NULL;
    const char *w = text_between(fe, file_text(fe, fs, NULL), b, e);
    return w && within_one_argument(w) ? w : NULL;
}

/* The written text of c, a node of the expression `context`, or of the
 * first node inside its parentheses and implicit conversions that has one:
 * the argument of a macro whose body wraps it as `(x)`. A macro invocation
 * written there (MAX(MIN(a, b), s)) is its own text: its root is the first
 * node of an invocation other than context's. */
const char *written_text_within(Frontend *fe, CXCursor c, CXCursor context) {
    CXFile cf = NULL, f;
    unsigned cs = 0, ce = 0, s, e;
    bool in_macro = macro_body_range(fe, context, &cf, &cs, &ce);
    for (;;) {
        const char *t = written_text(fe, c);
        if (t)
            return t;
        if (macro_body_range(fe, c, &f, &s, &e) &&
            !(in_macro && clang_File_isEqual(f, cf) && s == cs && e == ce))
            return e > s ? text_between(fe, file_text(fe, f, NULL), s, e) : NULL;
        enum CXCursorKind k = clang_getCursorKind(c);
        Kids kids = kids_of(c);
        if ((k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) || kids.n != 1)
            return NULL;
        c = kids.items[0];
    }
}

/* The preprocessor lines right above the statement at c (its pragmas,
 * with their continuation lines), as written; "" where there are none */
const char *pragmas_before(Lift *L, CXCursor c) {
    const char *t = cursor_file_text(L->fe, c);
    size_t at = offset_of(clang_getRangeStart(clang_getCursorExtent(c)));
    if (at > strlen(t))
        return "";
    size_t first = at;
    while (first > 0 && t[first - 1] != '\n')
        first--;
    size_t end = first; /* the start of the statement's line */
    while (first > 0) {
        size_t ls = first - 1; /* the line above: [ls, first - 1) */
        while (ls > 0 && t[ls - 1] != '\n')
            ls--;
        size_t q = ls;
        while (q < first - 1 && (t[q] == ' ' || t[q] == '\t'))
            q++;
        bool continued = ls >= 2 && t[ls - 2] == '\\'; /* the line above it ends with \ */
        if (t[q] != '#' && !continued)
            break;
        first = ls;
    }
    const char *s = text_between(L->fe, t, (unsigned)first, (unsigned)end);
    return s ? s : "";
}

/* The parts of `for (init; cond; step) body`, null where absent: libclang
 * lists only the present ones, so each is placed by where it starts
 * against the two semicolons of the header. False if the header cannot be
 * read (written by a macro). */
bool for_parts(Lift *L, CXCursor c, CXCursor parts[4]) {
    const char *t = cursor_file_text(L->fe, c);
    size_t len = strlen(t);
    unsigned at = offset_of(clang_getRangeStart(clang_getCursorExtent(c)));
    unsigned semi[2] = {0, 0};
    int depth = 0, nsemi = 0;
    if (at + 3 > len || strncmp(t + at, "for", 3) != 0)
        return false;
    for (size_t i = at + 3; i < len && nsemi < 2; i++) {
        if (t[i] == '/' && t[i + 1] == '*') {
            const char *e = strstr(t + i + 2, "*/");
            i = e ? (size_t)(e - t) + 1 : len;
        } else if (t[i] == '/' && t[i + 1] == '/') {
            while (i < len && t[i] != '\n')
                i++;
        } else if (t[i] == '(') {
            depth++;
        } else if (t[i] == ')') {
            if (--depth == 0)
                return false;
        } else if (t[i] == ';' && depth == 1) {
            semi[nsemi++] = (unsigned)i;
        }
    }
    if (nsemi < 2)
        return false;
    Kids k = kids_of(c);
    for (int p = 0; p < 4; p++)
        parts[p] = clang_getNullCursor();
    parts[3] = k.last;
    for (int i = 0; i + 1 < k.n; i++) {
        unsigned s = offset_of(clang_getRangeStart(clang_getCursorExtent(k.items[i])));
        parts[s < semi[0] ? 0 : s < semi[1] ? 1 : 2] = k.items[i];
    }
    return true;
}

/* A cursor's extent in the main file. Where its end comes from a macro, the
 * place the macro is used: tokenizing then covers the source the user wrote
 * (`SCALE * x` with a constant SCALE). Operators inside function-like macro
 * bodies are not visible this way, and such code is rejected. */
static CXSourceRange file_extent(CXTranslationUnit tu, CXCursor c) {
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile fb, fe;
    unsigned ob, oe;
    clang_getExpansionLocation(clang_getRangeStart(r), &fb, NULL, NULL, &ob);
    clang_getExpansionLocation(clang_getRangeEnd(r), &fe, NULL, NULL, &oe);
    if (!fb || fb != fe)
        return r;
    if (oe <= ob)
        oe = ob + 1;
    /* by offset: a location from a line and column is found by scanning
     * the line, slow on long lines */
    return clang_getRange(clang_getLocationForOffset(tu, fb, ob),
                          clang_getLocationForOffset(tu, fe, oe));
}

/* C's operators as string constants: one per spelling, not one per use. */
static const char *intern_punctuation(Lift *L, const char *p) {
    static const char *const known[] = {
        "+",  "-", "*",  "/",  "%",  "<",  "<=", ">",   ">=",  "==", "!=", "&&",
        "||", "=", "+=", "-=", "*=", "/=", "%=", "++",  "--",  "!",  "~",  "&",
        "|",  "^", "<<", ">>", "&=", "|=", "^=", "<<=", ">>=", ",",  "(",  ")"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(known[i], p) == 0)
            return known[i];
    return arena_strdup(L->a, p);
}

/* The first (or last) punctuation token of `range` in [from, to), or "". */
static const char *punctuation_in(Lift *L, CXSourceRange range, unsigned from, unsigned to,
                                  bool last) {
    CXTranslationUnit tu = L->fe->tu;
    CXToken *toks;
    unsigned nt;
    clang_tokenize(tu, range, &toks, &nt);
    const char *op = "";
    for (unsigned i = 0; i < nt; i++) {
        unsigned off = offset_of(clang_getTokenLocation(tu, toks[i]));
        if (off >= from && off < to && clang_getTokenKind(toks[i]) == CXToken_Punctuation) {
            CXString s = clang_getTokenSpelling(tu, toks[i]);
            op = intern_punctuation(L, clang_getCString(s));
            clang_disposeString(s);
            if (!last)
                break;
        }
    }
    clang_disposeTokens(tu, toks, nt);
    return op;
}

static bool is_binary_operator(const char *op) {
    static const char *const ops[] = {"+",  "-",  "*",  "/",  "%",  "<",  "<=", ">",   ">=",  "==",
                                      "!=", "&&", "||", "=",  "+=", "-=", "*=", "/=",  "%=",  "&",
                                      "|",  "^",  "<<", ">>", "&=", "|=", "^=", "<<=", ">>=", ","};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i], op) == 0)
            return true;
    return false;
}

bool main_file_expansion(Frontend *fe, CXCursor c, unsigned *b, unsigned *e) {
    if (clang_getCursorKind(c) != CXCursor_MacroExpansion)
        return false;
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, b);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, e);
    return f && clang_File_isEqual(f, fe->main_file);
}

/* Whether token t's spelling is s */
static bool token_is(Frontend *fe, CXToken t, const char *s) {
    CXString sp = clang_getTokenSpelling(fe->tu, t);
    bool same = strcmp(clang_getCString(sp), s) == 0;
    clang_disposeString(sp);
    return same;
}

static enum CXChildVisitResult note_macro_name(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    if (clang_getCursorKind(c) == CXCursor_MacroDefinition) {
        CXString name = clang_getCursorSpelling(c);
        vec_push(fe->a, &fe->macro_names, arena_strdup(fe->a, clang_getCString(name)));
        clang_disposeString(name);
    }
    return CXChildVisit_Continue;
}

/* Whether some macro of the translation unit is called name */
static bool is_macro_name(Frontend *fe, const char *name) {
    if (!fe->macro_names_listed) {
        clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), note_macro_name, fe);
        fe->macro_names_listed = true;
    }
    for (int i = 0; i < fe->macro_names.len; i++)
        if (strcmp(fe->macro_names.items[i], name) == 0)
            return true;
    return false;
}

/* Whether macro invocation c expands to one token, as if it were written
 * there: a number (`#define N 100`), or a macro giving back its one
 * argument, a number or a name that is no macro (polybench.h's
 * `#define SCALAR_VAL(x) x` in SCALAR_VAL(2.0), `#define ID(x) (x)`). An
 * operator beside it is then the file's own, as written (binop_of). */
static bool atomic_expansion(Frontend *fe, CXCursor c) {
    CXCursor def = clang_getCursorReferenced(c);
    if (clang_getCursorKind(def) != CXCursor_MacroDefinition)
        return false;
    CXToken *dt, *it;
    unsigned nd, ni;
    clang_tokenize(fe->tu, clang_getCursorExtent(def), &dt, &nd);
    clang_tokenize(fe->tu, clang_getCursorExtent(c), &it, &ni);
    bool atomic = false;
    if (!clang_Cursor_isMacroFunctionLike(def)) {
        atomic = nd == 2 && clang_getTokenKind(dt[1]) == CXToken_Literal;
    } else if (nd >= 5 && ni == 4 && token_is(fe, dt[1], "(") && token_is(fe, dt[3], ")")) {
        /* NAME ( p ) p, or NAME ( p ) ( p ); invoked as NAME ( a ) */
        CXString param = clang_getTokenSpelling(fe->tu, dt[2]);
        const char *p = clang_getCString(param);
        bool body = (nd == 5 && token_is(fe, dt[4], p)) ||
                    (nd == 7 && token_is(fe, dt[4], "(") && token_is(fe, dt[5], p) &&
                     token_is(fe, dt[6], ")"));
        CXToken arg = it[2];
        CXString word = clang_getTokenSpelling(fe->tu, arg);
        bool plain = clang_getTokenKind(arg) == CXToken_Literal ||
                     (clang_getTokenKind(arg) == CXToken_Identifier &&
                      !is_macro_name(fe, clang_getCString(word)));
        clang_disposeString(word);
        atomic = body && plain && clang_getTokenKind(dt[2]) == CXToken_Identifier;
        clang_disposeString(param);
    }
    clang_disposeTokens(fe->tu, dt, nd);
    clang_disposeTokens(fe->tu, it, ni);
    return atomic;
}

static enum CXChildVisitResult collect_expansion(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    Frontend *fe = data;
    unsigned b, e;
    if (!main_file_expansion(fe, c, &b, &e))
        return CXChildVisit_Continue;
    if (fe->nexpansions == fe->capexpansions) {
        fe->capexpansions = fe->capexpansions ? 2 * fe->capexpansions : 64;
        fe->expansions = xrealloc(fe->expansions, sizeof(unsigned[3]) * (size_t)fe->capexpansions);
    }
    fe->expansions[fe->nexpansions][0] = b;
    fe->expansions[fe->nexpansions][1] = e;
    fe->expansions[fe->nexpansions][2] = atomic_expansion(fe, c);
    fe->nexpansions++;
    return CXChildVisit_Continue;
}

/* Whether offset `off` of the input lies in a macro invocation. The
 * expansions of the input are listed once, in source order. */
/* The last expansion of the input starting at or before off, or -1 */
static int expansion_before(Frontend *fe, unsigned off) {
    if (!fe->expansions_listed) {
        clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), collect_expansion, fe);
        fe->expansions_listed = true;
    }
    int lo = 0, hi = fe->nexpansions; /* the first expansion starting after off */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (fe->expansions[mid][0] <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - 1;
}

static bool in_macro_expansion(Frontend *fe, CXFile file, unsigned off) {
    if (!clang_File_isEqual(file, fe->main_file))
        return true; /* a header: take the slow path */
    int x = expansion_before(fe, off);
    return x >= 0 && fe->expansions[x][1] >= off;
}

/* Whether an expansion of one token starts at off (atomic_expansion) */
static bool atomic_at(Frontend *fe, CXFile file, unsigned off) {
    if (!clang_File_isEqual(file, fe->main_file))
        return false;
    int x = expansion_before(fe, off);
    return x >= 0 && fe->expansions[x][0] == off && fe->expansions[x][2];
}

/* The text between two places where they are written, without blanks, in
 * op (false if they are in different files, far apart, or reversed). */
static bool spelled_between(Lift *L, CXSourceLocation from, CXSourceLocation to, char *op,
                            unsigned cap) {
    CXFile ff, tf;
    unsigned fo, to_off;
    clang_getFileLocation(from, &ff, NULL, NULL, &fo);
    clang_getFileLocation(to, &tf, NULL, NULL, &to_off);
    size_t size;
    const char *text = ff && tf && clang_File_isEqual(ff, tf) && fo <= to_off && to_off - fo < cap
                           ? clang_getFileContents(L->fe->tu, ff, &size)
                           : NULL;
    if (!text || to_off > size)
        return false;
    unsigned n = 0;
    for (unsigned i = fo; i < to_off; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\\')
            op[n++] = text[i];
    op[n] = 0;
    return true;
}

/* Inside a macro's argument (assert(n > 0)), whose expansion libclang 14
 * cannot tokenise: the text between the operands where they are written.
 * (In a macro's body, SQ(x), libclang 14 gives only the expansion's place:
 * no operator is found there.) */
static const char *binop_spelled(Lift *L, CXCursor lhs, CXCursor rhs) {
    char op[64];
    CXSourceLocation from = clang_getRangeEnd(clang_getCursorExtent(lhs));
    CXSourceLocation to = clang_getRangeStart(clang_getCursorExtent(rhs));
    CXFile f;
    unsigned s, e; /* an operand that is a macro's result: the whole invocation */
    if (macro_body_range(L->fe, lhs, &f, &s, &e))
        from = clang_getLocationForOffset(L->fe->tu, f, e);
    if (macro_body_range(L->fe, rhs, &f, &s, &e))
        to = clang_getLocationForOffset(L->fe->tu, f, s);
    if (!spelled_between(L, from, to, op, sizeof op))
        return "";
    /* a comma there separates a macro's arguments */
    return is_binary_operator(op) && strcmp(op, ",") ? intern_punctuation(L, op) : "";
}

/* The operator of a binary or compound-assignment expression: the last
 * token before the right operand, read from the few characters before it.
 * The left operand's extent is needed only when that fails (a comment or a
 * macro between them): clang finds the start of a chain a + b + c + ... by
 * walking down its left operands, which would make long chains quadratic. */
const char *binop_of(Lift *L, CXCursor c) {
    Kids k = kids_of(c);
    if (k.n < 2)
        return "";
    const char *in_macro = macro_operator(L->fe, c);
    if (in_macro)
        return in_macro;
    CXTranslationUnit tu = L->fe->tu;
    CXFile file;
    unsigned off;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(k.items[1])), &file, NULL,
                               NULL, &off);
    if (file && off > 0 && (!in_macro_expansion(L->fe, file, off) || atomic_at(L->fe, file, off))) {
        /* The first token of the window may be cut: the operator must come
         * after it. */
        unsigned from = off > 16 ? off - 16 : 0;
        CXSourceRange window = clang_getRange(clang_getLocationForOffset(tu, file, from),
                                              clang_getLocationForOffset(tu, file, off));
        const char *op = punctuation_in(L, window, from + 4, off, true);
        if (*op && is_binary_operator(op))
            return op;
    }
    unsigned lhs_end = offset_of(clang_getRangeEnd(file_extent(tu, k.items[0])));
    const char *op = punctuation_in(L, file_extent(tu, c), lhs_end, UINT_MAX, false);
    /* in a macro invocation the comma separates arguments */
    bool usable = *op && is_binary_operator(op) &&
                  (strcmp(op, ",") || !file || !in_macro_expansion(L->fe, file, off));
    return usable ? op : binop_spelled(L, k.items[0], k.items[1]);
}

static bool is_unary_operator(const char *op) {
    static const char *const ops[] = {"++", "--", "*", "&", "-", "+", "!", "~"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(op, ops[i]) == 0)
            return true;
    return false;
}

/* A unary operator inside a macro argument, `assert(*(x + i) > 0)`: the
 * tokens of its extent are the whole invocation's, but the expression and
 * its operand have file locations where they are written, and the
 * operator lies between their starts (prefix) or their ends (postfix). */
static const char *unop_spelled(Lift *L, CXCursor c, bool *postfix) {
    CXSourceRange whole = clang_getCursorExtent(c);
    CXSourceRange operand = clang_getCursorExtent(kids_of(c).items[0]);
    char op[8];
    *postfix = false;
    if (spelled_between(L, clang_getRangeStart(whole), clang_getRangeStart(operand), op,
                        sizeof op) &&
        *op)
        return is_unary_operator(op) ? intern_punctuation(L, op) : "";
    *postfix = true;
    if (spelled_between(L, clang_getRangeEnd(operand), clang_getRangeEnd(whole), op, sizeof op))
        return is_unary_operator(op) ? intern_punctuation(L, op) : "";
    return "";
}

/* The operator of a unary expression; *postfix tells where it stands. */
const char *unop_of(Lift *L, CXCursor c, bool *postfix) {
    const char *in_macro = macro_operator(L->fe, c);
    if (in_macro) {
        *postfix = false;
        return in_macro;
    }
    CXToken *toks;
    unsigned nt;
    clang_tokenize(L->fe->tu, file_extent(L->fe->tu, c), &toks, &nt);
    const char *op = "";
    *postfix = false;
    if (nt > 0) {
        CXString s = clang_getTokenSpelling(L->fe->tu, toks[0]);
        if (clang_getTokenKind(toks[0]) == CXToken_Punctuation) {
            op = intern_punctuation(L, clang_getCString(s));
        } else {
            CXString e = clang_getTokenSpelling(L->fe->tu, toks[nt - 1]);
            op = intern_punctuation(L, clang_getCString(e));
            clang_disposeString(e);
            *postfix = true;
        }
        clang_disposeString(s);
    }
    clang_disposeTokens(L->fe->tu, toks, nt);
    return is_unary_operator(op) ? op : unop_spelled(L, c, postfix);
}

/* Skips parentheses and implicit conversions. */
CXCursor strip_implicit(CXCursor c) {
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
            return c;
        Kids kids = kids_of(c);
        if (kids.n != 1)
            return c;
        c = kids.items[0];
    }
}

bool map_type(CXType t, Type *out) {
    CXType ct = clang_getCanonicalType(t);
    switch (ct.kind) {
    case CXType_Double:
        *out = type_double();
        return true;
    case CXType_Float:
        *out = type_float();
        return true;
    case CXType_Enum: /* an integer of C (its constants are ints) */
        *out = (Type){.kind = TY_INT, .cname = "int"};
        return true;
    case CXType_Bool:
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_SChar:
    case CXType_UChar:
    case CXType_Short:
    case CXType_UShort:
    case CXType_Int:
    case CXType_UInt:
    case CXType_Long:
    case CXType_ULong:
    case CXType_LongLong:
    case CXType_ULongLong: {
        /* by kind, not by spelling: `const uint64_t` is an unsigned long */
        static const struct {
            enum CXTypeKind kind;
            const char *name;
        } known[] = {{CXType_Bool, "_Bool"},
                     {CXType_Char_S, "char"},
                     {CXType_Char_U, "char"},
                     {CXType_SChar, "signed char"},
                     {CXType_UChar, "unsigned char"},
                     {CXType_Short, "short"},
                     {CXType_UShort, "unsigned short"},
                     {CXType_Int, "int"},
                     {CXType_UInt, "unsigned int"},
                     {CXType_Long, "long"},
                     {CXType_ULong, "unsigned long"},
                     {CXType_LongLong, "long long"},
                     {CXType_ULongLong, "unsigned long long"}};
        out->kind = TY_INT;
        out->cname = "int";
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            if (known[i].kind == ct.kind)
                out->cname = known[i].name;
        return true;
    }
    default:
        return false;
    }
}

void lift_fail(Lift *L, CXCursor at, const char *hint, const char *fmt, const char *arg) {
    lift_fail_at(L, loc_of(L, at), hint, fmt, arg);
}

/* A failure at a location that is not a cursor's (a pragma's); not
 * reported while trying a form (probing). */
void lift_fail_at(Lift *L, SrcLoc at, const char *hint, const char *fmt, const char *arg) {
    if (!L->failed && !L->probing)
        diag_error(L->fe->d, at, hint, fmt, arg);
    L->failed = true;
}

Builder lift_builder(Lift *L, CXCursor at) {
    return (Builder){L->a, L->f, L->cur, loc_of(L, at)};
}

/* ---- environment ---- */
/* Bindings are found through a hash table instead of a scan of the whole
 * environment for every name (quadratic in long functions). Every bind adds
 * an entry; entries outlive the scopes that truncate the environment, and
 * one is valid while its slot is still bound to its declaration. */
typedef struct EnvEntry {
    int index;
    unsigned hash;
    int next; /* older entry in the same bucket, or -1 */
} EnvEntry;

/* Equal cursors have equal data[0] (the declaration). */
static unsigned decl_hash(CXCursor decl) {
    uintptr_t p = (uintptr_t)decl.data[0];
    return (unsigned)(p ^ (p >> 29)) * 2654435761u;
}

static void add_entry(Lift *L, int index, unsigned hash) {
    if (L->nentries == L->capentries) {
        L->capentries = L->capentries ? 2 * L->capentries : 256;
        L->entries = xrealloc(L->entries, sizeof(EnvEntry) * (size_t)L->capentries);
        /* rehash, oldest first, so that buckets stay newest first */
        L->mask = (unsigned)L->capentries - 1;
        L->heads = xrealloc(L->heads, sizeof(int) * (size_t)L->capentries);
        for (unsigned i = 0; i <= L->mask; i++)
            L->heads[i] = -1;
        for (int i = 0; i < L->nentries; i++) {
            EnvEntry *e = &L->entries[i];
            e->next = L->heads[e->hash & L->mask];
            L->heads[e->hash & L->mask] = i;
        }
    }
    EnvEntry *e = &L->entries[L->nentries];
    *e = (EnvEntry){index, hash, L->heads[hash & L->mask]};
    L->heads[hash & L->mask] = L->nentries++;
}

Binding *env_bind(Lift *L, CXCursor decl, const char *name) {
    if (L->nenv == L->capenv) {
        L->capenv = L->capenv ? 2 * L->capenv : 64;
        L->env = xrealloc(L->env, sizeof(Binding) * (size_t)L->capenv);
    }
    Binding *b = &L->env[L->nenv++];
    memset(b, 0, sizeof *b);
    b->decl = decl;
    b->name = name;
    add_entry(L, L->nenv - 1, decl_hash(decl));
    return b;
}

/* The innermost binding of the declaration ref refers to, or -1. Among the
 * valid entries for it the newest has the highest slot: every bind after
 * a slot's current one went to a higher slot. */
int env_lookup(Lift *L, CXCursor ref) {
    CXCursor decl = clang_getCursorReferenced(ref);
    unsigned hash = decl_hash(decl);
    for (int i = L->nentries ? L->heads[hash & L->mask] : -1; i >= 0; i = L->entries[i].next) {
        EnvEntry *e = &L->entries[i];
        if (e->hash == hash && e->index < L->nenv &&
            clang_equalCursors(L->env[e->index].decl, decl))
            return e->index;
    }
    return -1;
}

/* The newest binding named name (a pragma's variable, which has no
 * cursor), or -1. */
int env_named(Lift *L, const char *name) {
    for (int b = L->nenv - 1; b >= 0; b--)
        if (strcmp(L->env[b].name, name) == 0)
            return b;
    return -1;
}

void push_barrier(Lift *L, Barrier b) {
    if (L->nbarriers == L->capbarriers) {
        L->capbarriers = L->capbarriers ? 2 * L->capbarriers : 16;
        L->barriers = xrealloc(L->barriers, sizeof(Barrier) * (size_t)L->capbarriers);
    }
    b.first_buf = L->f->next_buf_id;
    L->barriers[L->nbarriers++] = b;
}

const char *const dangling_hint = "allocate the array before the loop, and fill it in the loop";

/* Pointer b pointed at buf, an array a loop (or a called function, call)
 * at line `line` allocates, after that ends: the output declares and
 * frees such an array in the iteration's block, so b points nowhere, and
 * a use says why. */
void view_dangles(Lift *L, Binding *b, Buffer *buf, bool call, int line) {
    const char *what =
        strcmp(buf->name, b->name) ? arena_printf(L->a, "'%s'", buf->name) : "an array";
    b->buf_why = arena_printf(L->a,
                              "'%%s' points at %s, allocated inside the %s at line %d, after "
                              "it ends: pargrad keeps such an array for its iteration only",
                              what, call ? "called function" : "loop", line);
    b->buf_hint = dangling_hint;
    b->buf = NULL;
}

/* Leaves the innermost barrier, that of the loop or call at `line`: a
 * pointer declared outside it that points at an array allocated inside
 * (`last = w;`, w malloc'ed in the iteration) dangles. */
void pop_barrier(Lift *L, int line) {
    Barrier *br = &L->barriers[L->nbarriers - 1];
    for (int b = 0; b < br->floor && b < L->nenv; b++) {
        Buffer *buf = L->env[b].buf;
        if (L->env[b].is_view && buf && buf->id >= br->first_buf && !buf->table &&
            buf->kind == BUF_LOCAL)
            view_dangles(L, &L->env[b], buf, br->kind == BARRIER_CALL, line);
    }
    L->nbarriers--;
}

void push_inlining(Lift *L, CXCursor fn) {
    if (L->ninlining == L->capinlining) {
        L->capinlining = L->capinlining ? 2 * L->capinlining : 16;
        L->inlining = xrealloc(L->inlining, sizeof(CXCursor) * (size_t)L->capinlining);
    }
    L->inlining[L->ninlining++] = fn;
}

/* Values of all bindings, to merge branches and loop bodies. */
Operand *env_snapshot(Lift *L) {
    Operand *s = xmalloc(sizeof(Operand) * (size_t)(L->nenv + 1));
    for (int i = 0; i < L->nenv; i++)
        s[i] = L->env[i].val;
    return s;
}

LiftMark lift_mark(Lift *L) {
    const char **unset = xcalloc((size_t)L->nenv + 1, sizeof(char *));
    for (int b = 0; b < L->nenv; b++)
        unset[b] = L->env[b].unset_why;
    return (LiftMark){L->cur,  L->cur->stmts.len, L->f->body->stmts.len,
                      L->nenv, L->tables.len,     env_snapshot(L),
                      unset,   views_snapshot(L)};
}

/* Undoes what was lifted since the mark: statements, bindings, values and
 * where pointers point, and the file's tables first read since (whose
 * copies went to the top of the function). */
void lift_undo(Lift *L, const LiftMark *m) {
    L->failed = false;
    /* the copies of new tables and tests went in after the old ones (declare_at_top) */
    Body *top = L->f->body;
    int added = L->tables.len - m->ntables;
    for (int i = m->ntables; i < L->tables.len; i++) {
        GlobalTable *g = L->tables.items[i];
        if (g->given) /* (a test of a pointer made since) */
            g->buf->given = NULL;
    }
    if (added > 0)
        memmove(top->stmts.items + m->ntables, top->stmts.items + m->ntables + added,
                sizeof(void *) * (size_t)(top->stmts.len - m->ntables - added));
    top->stmts.len -= added;
    L->tables.len = m->ntables;
    L->cur = m->cur;
    m->cur->stmts.len = m->ncur;
    top->stmts.len = m->ntop;
    L->nenv = m->nenv;
    for (int i = 0; i < m->nenv; i++) {
        L->env[i].val = m->vals[i];
        L->env[i].unset_why = m->unset_whys[i];
    }
    views_restore(L, m->views, m->nenv);
}

void lift_mark_free(LiftMark *m) {
    free(m->vals);
    free(m->unset_whys);
    free(m->views);
}

/* ---- functions ---- */

static bool ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether t is one of the C library's integer typedefs (size_t,
 * ptrdiff_t, int64_t, uint32_t...), declared in a system header: the
 * output keeps its name, which is portable where its canonical type
 * (unsigned long for size_t on LP64) is not. */
static bool standard_typedef(CXType t, const char **name) {
    if (t.kind != CXType_Typedef)
        return false;
    CXCursor d = clang_getTypeDeclaration(t);
    if (!clang_Location_isInSystemHeader(clang_getCursorLocation(d)))
        return false;
    CXString s = clang_getCursorSpelling(d);
    const char *n = clang_getCString(s);
    static const char *const names[] = {"size_t",   "ptrdiff_t", "int8_t",   "int16_t",  "int32_t",
                                        "int64_t",  "uint8_t",   "uint16_t", "uint32_t", "uint64_t",
                                        "intptr_t", "uintptr_t", "intmax_t", "uintmax_t"};
    bool found = false;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !found; i++)
        if (strcmp(n, names[i]) == 0)
            *name = names[i], found = true;
    clang_disposeString(s);
    return found;
}

/* t as the output spells it: canonical (the input's typedefs and macros
 * gone), but for the C library's integer typedefs, also behind pointers */
static const char *canonical_spelling(Lift *L, CXType t) {
    const char *name;
    const char *q = clang_isConstQualifiedType(t) ? "const " : "";
    if (standard_typedef(t, &name))
        return arena_printf(L->a, "%s%s", q, name);
    CXType ct = clang_getCanonicalType(t);
    if (t.kind == CXType_Pointer && standard_typedef(clang_getPointeeType(t), &name))
        return arena_printf(L->a, "%s *%s", canonical_spelling(L, clang_getPointeeType(t)),
                            *q ? "const" : "");
    CXString s = clang_getTypeSpelling(ct);
    const char *r = arena_strdup(L->a, clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* The parameter's declaration for the generated signature: the user's
 * text, with the element type spelled canonically, so that the output
 * compiles without the input's typedefs and macros (`real *x`, PolyBench's
 * DATA_TYPE) as `float *x`. Array dimensions keep their text. */
static const char *portable_decl(Lift *L, CXCursor p, const char *name) {
    const char *text = extent_text(L->fe, p);
    size_t n = strlen(name);
    const char *at = NULL;
    for (const char *q = strstr(text, name); q; q = strstr(q + 1, name))
        if ((q == text || !ident_char(q[-1])) && !ident_char(q[n]))
            at = q;
    if (!at)
        return text;
    const char *suffix = at + n;
    CXType t = clang_getCursorType(p);
    if (*suffix == '[') { /* T a[n][m]: the element type */
        CXType elem = t;
        bool is_const = false;
        for (;;) {
            is_const |= clang_isConstQualifiedType(elem);
            enum CXTypeKind k = clang_getCanonicalType(elem).kind;
            if (k == CXType_Pointer)
                elem = clang_getPointeeType(clang_getCanonicalType(elem));
            else if (k == CXType_ConstantArray || k == CXType_VariableArray ||
                     k == CXType_IncompleteArray)
                elem = clang_getArrayElementType(elem);
            else
                break;
        }
        is_const |= clang_isConstQualifiedType(elem);
        const char *ty = canonical_spelling(L, elem);
        return arena_printf(L->a, "%s%s %s%s", is_const && strncmp(ty, "const ", 6) ? "const " : "",
                            ty, name, suffix);
    }
    if (*suffix)
        return text; /* a declarator around the name, e.g. (*a)[m]: as written */
    const char *ty = canonical_spelling(L, t);
    /* a typedef of an array behind the type (vec3 *v, vec3 a): the name
     * goes inside its declarator, double (*v)[3], double a[3] */
    const char *star = strstr(ty, "(*)"), *bracket = strchr(ty, '[');
    if (star)
        return arena_printf(L->a, "%.*s(*%s)%s", (int)(star - ty), ty, name, star + 3);
    if (bracket) {
        int head = (int)(bracket - ty);
        while (head > 0 && ty[head - 1] == ' ')
            head--;
        return arena_printf(L->a, "%.*s %s%s", head, ty, name, bracket);
    }
    size_t len = strlen(ty);
    return arena_printf(L->a, "%s%s%s", ty, len && ty[len - 1] == '*' ? "" : " ", name);
}

CXType array_shape(CXType t, int *rank, bool *rows) {
    CXType elem = clang_getCanonicalType(t);
    *rank = 0;
    *rows = false;
    for (;;) {
        if (elem.kind == CXType_VariableArray || elem.kind == CXType_ConstantArray ||
            elem.kind == CXType_IncompleteArray)
            elem = clang_getCanonicalType(clang_getArrayElementType(elem));
        else if (elem.kind == CXType_Pointer && *rank < 4) {
            /* the outermost pointer is the parameter's own (T *p is 1-D) */
            *rows |= *rank > 0;
            elem = clang_getCanonicalType(clang_getPointeeType(elem));
        } else
            return elem;
        (*rank)++;
    }
}

typedef struct SizeExprs {
    CXCursor items[4];
    int n;
} SizeExprs;

static enum CXChildVisitResult find_exprs(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    SizeExprs *se = data;
    if (clang_isExpression(clang_getCursorKind(c)) && se->n < 4)
        se->items[se->n++] = c;
    return CXChildVisit_Continue;
}

/* The length of dimension `dim` of an array parameter, T p[n] or T p[8]
 * (T p[n][m]: n for 0, m for 1), when it is a constant or another
 * parameter; else NULL. The declarator's sizes are its expressions. */
static Operand *declared_length(Lift *L, CXCursor p, CXType whole, int dim) {
    CXType t = clang_getCanonicalType(whole);
    int dims = 0; /* the array dimensions of the type */
    for (CXType u = t; u.kind == CXType_VariableArray || u.kind == CXType_ConstantArray; dims++)
        u = clang_getCanonicalType(clang_getArrayElementType(u));
    for (int d = 0; d < dim; d++) {
        if (t.kind != CXType_VariableArray && t.kind != CXType_ConstantArray)
            return NULL;
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    }
    Operand n;
    if (t.kind == CXType_ConstantArray) {
        n = opd_int(clang_getArraySize(t));
    } else if (t.kind == CXType_VariableArray) {
        SizeExprs se = {.n = 0};
        clang_visitChildren(p, find_exprs, &se);
        if (se.n != dims) /* (libclang lists them innermost first) */
            return NULL;
        CXCursor e = se.items[dims - 1 - dim];
        int nstmts = L->cur->stmts.len;
        bool probing = L->probing;
        L->probing = true;
        n = lift_expr(L, e);
        L->probing = probing;
        /* T p[nb * 10]: arithmetic of the parameters, kept at the top of
         * the function */
        bool plain =
            !L->failed && (n.kind == OPD_CONST || n.kind == OPD_VAR) && !type_is_float(n.ty);
        for (int i = nstmts; plain && i < L->cur->stmts.len; i++) {
            Stmt *st = L->cur->stmts.items[i];
            plain = st->kind == S_LET && !type_is_float(st->dst->ty) && st->op != OP_CALL;
        }
        L->failed = false;
        if (!plain) {
            L->cur->stmts.len = nstmts;
            return NULL;
        }
    } else {
        return NULL;
    }
    Operand *ext = arena_alloc(L->a, sizeof(Operand));
    *ext = n;
    return ext;
}

static void add_type_def(Lift *L, const char *text) {
    for (int i = 0; i < L->f->type_defs.len; i++)
        if (strcmp(L->f->type_defs.items[i], text) == 0)
            return;
    vec_push(L->a, &L->f->type_defs, (void *)text);
}

/* An enum parameter's type (`enum activation a`, `loss_kind k`), defined
 * again in the generated file as the input defines it; a typedef of an
 * enum without a tag as int, its constants as the enum (the constants'
 * own definition, signature_constants', is the same text). */
static void enum_definition(Lift *L, CXType t) {
    CXType ct = clang_getCanonicalType(t);
    if (ct.kind != CXType_Enum)
        return;
    CXCursor en = clang_getTypeDeclaration(ct);
    const char *tag = cursor_spelling(L, en); /* ("" without a tag in libclang 14) */
    bool tagged = *tag && !strchr(tag, ' ');
    add_type_def(L, arena_printf(L->a, "%s;", extent_text(L->fe, en)));
    CXCursor td = clang_getTypeDeclaration(t);
    if (clang_getCursorKind(td) == CXCursor_TypedefDecl)
        add_type_def(L, tagged
                            ? arena_printf(L->a, "typedef enum %s %s;", tag, cursor_spelling(L, td))
                            : arena_printf(L->a, "typedef int %s;", cursor_spelling(L, td)));
}

/* `static const int nb = 5;` of the file, named in a parameter's
 * declarator (double c[nb]): defined again by its value, as an enum
 * constant (nothing of the generated file's linkage, and not warned of
 * where CUDA's signature leaves it unused). */
static void file_constant(Lift *L, CXCursor def) {
    CXType t = clang_getCursorType(def);
    Type ty;
    if (clang_getCursorKind(clang_getCursorSemanticParent(def)) != CXCursor_TranslationUnit ||
        !clang_isConstQualifiedType(t) || !map_type(t, &ty) || type_is_float(ty))
        return;
    CXEvalResult ev = clang_Cursor_Evaluate(def);
    long long v = ev && clang_EvalResult_getKind(ev) == CXEval_Int
                      ? clang_EvalResult_getAsLongLong(ev)
                      : (long long)INT_MAX + 1;
    if (v >= INT_MIN && v <= INT_MAX)
        add_type_def(L, arena_printf(L->a, "enum { %s = %lld };", cursor_spelling(L, def), v));
    if (ev)
        clang_EvalResult_dispose(ev);
}

/* The last user definition of kind `kind` named `name` in the translation
 * unit (a function's definition; a macro of a file, not predefined or of
 * the command line), or a null cursor */
typedef struct FindNamed {
    enum CXCursorKind kind;
    const char *name;
    CXCursor found;
} FindNamed;

static enum CXChildVisitResult find_named_visit(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    FindNamed *fn = data;
    if (clang_getCursorKind(c) != fn->kind || !user_definition(c) ||
        (fn->kind == CXCursor_FunctionDecl && !clang_isCursorDefinition(c)))
        return CXChildVisit_Continue;
    CXFile file = NULL;
    clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
    CXString s = clang_getCursorSpelling(c);
    if (file && strcmp(clang_getCString(s), fn->name) == 0)
        fn->found = c;
    clang_disposeString(s);
    return CXChildVisit_Continue;
}

static CXCursor find_named(Frontend *fe, enum CXCursorKind kind, const char *name) {
    FindNamed fn = {kind, name, clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_named_visit, &fn);
    return fn.found;
}

/* A macro's definition again in the generated file, with those of the
 * macros its body uses (polybench.h's POLYBENCH_1D uses
 * POLYBENCH_C99_SELECT: the copy alone did not compile) */
static void copy_macro(Lift *L, CXCursor def, int depth) {
    const char *name = cursor_spelling(L, def);
    /* (stdbool.h's bool, true and false are C++'s keywords: the CUDA
     * output must not define them) */
    bool cxx_keyword = !strcmp(name, "bool") || !strcmp(name, "true") || !strcmp(name, "false");
    add_type_def(L, arena_printf(L->a,
                                 cxx_keyword ? "#if !defined(%s) && !defined(__cplusplus)\n"
                                               "#define %s\n#endif"
                                             : "#ifndef %s\n#define %s\n#endif",
                                 name, extent_text(L->fe, def)));
    if (depth >= 8)
        return;
    CXTranslationUnit tu = L->fe->tu;
    CXToken *toks;
    unsigned nt;
    clang_tokenize(tu, clang_getCursorExtent(def), &toks, &nt);
    for (unsigned i = 1; i < nt; i++) {
        if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
            continue;
        CXString word = clang_getTokenSpelling(tu, toks[i]);
        CXCursor used = strcmp(clang_getCString(word), name) == 0
                            ? clang_getNullCursor()
                            : find_named(L->fe, CXCursor_MacroDefinition, clang_getCString(word));
        clang_disposeString(word);
        if (!clang_Cursor_isNull(used))
            copy_macro(L, used, depth + 1);
    }
    clang_disposeTokens(tu, toks, nt);
}

/* The definitions of the constants a parameter's declarator names (`double
 * x[NB]` with an enum or a macro NB): the generated file does not include
 * the input, so its prelude defines them again, as written. */
static void signature_constants(Lift *L, CXCursor p) {
    CXTranslationUnit tu = L->fe->tu;
    CXToken *toks;
    unsigned nt;
    clang_tokenize(tu, file_extent(tu, p), &toks, &nt);
    for (unsigned i = 0; i < nt; i++) {
        if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
            continue;
        CXCursor at = clang_getCursor(tu, clang_getTokenLocation(tu, toks[i]));
        CXCursor def = clang_getCursorReferenced(at);
        enum CXCursorKind k = clang_getCursorKind(at), dk = clang_getCursorKind(def);
        CXFile file = NULL;
        clang_getSpellingLocation(clang_getCursorLocation(def), &file, NULL, NULL, NULL);
        if (!file) /* a predefined macro, or one of the command line (-D) */
            continue;
        if (k == CXCursor_MacroExpansion && dk == CXCursor_MacroDefinition) {
            copy_macro(L, def, 0);
        } else if (dk == CXCursor_EnumConstantDecl) {
            add_type_def(L, arena_printf(L->a, "%s;",
                                         extent_text(L->fe, clang_getCursorSemanticParent(def))));
        } else if (dk == CXCursor_VarDecl) {
            file_constant(L, def);
        }
    }
    clang_disposeTokens(tu, toks, nt);
}

/* The dimensions of T (*p)[m] or T p[][m] (the first one none), where
 * every row's length is known (*run_time_out: one only at run time); else
 * NULL */
static Operand *declared_rows(Lift *L, CXCursor p, CXType t, int rank, bool *run_time_out) {
    Operand *dims = arena_alloc(L->a, sizeof(Operand) * (size_t)rank);
    bool run_time = false, pointer = clang_getCanonicalType(t).kind == CXType_Pointer;
    CXType rows = pointer ? clang_getPointeeType(clang_getCanonicalType(t)) : t;
    dims[0] = opd_none();
    for (int d = 1; d < rank; d++) {
        Operand *len = declared_length(L, p, rows, pointer ? d - 1 : d);
        if (!len)
            return NULL;
        dims[d] = *len;
        run_time |= len->kind != OPD_CONST;
    }
    *run_time_out = run_time;
    return dims;
}

/* Lifts parameter p into the function's Params (a struct's into one per
 * field). */
static void lift_param(Lift *L, CXCursor p) {
    Param *pr = arena_alloc(L->a, sizeof(Param));
    vec_push(L->a, &L->f->params, pr);
    pr->name = cursor_spelling(L, p);
    if (!*pr->name) {
        /* C2x allows it; the generated signature needs a name to pass on */
        lift_fail(L, p, "name the parameter, as C11 requires in a definition",
                  "a parameter of '%s' has no name", L->f->name);
        return;
    }
    pr->decl = portable_decl(L, p, pr->name);
    signature_constants(L, p);
    CXType t = clang_getCanonicalType(clang_getCursorType(p));
    Binding *b = env_bind(L, p, pr->name);
    bool array = t.kind == CXType_VariableArray || t.kind == CXType_ConstantArray ||
                 t.kind == CXType_IncompleteArray;
    pr->declared_array = array;
    if (t.kind == CXType_Pointer || array) {
        /* T *p, T p[], C99 array parameters T p[n][m], and tables of row
         * pointers T **p (p[i][j] alike); the elements' const counts */
        int rank;
        bool rows;
        CXType elem = array_shape(t, &rank, &rows);
        bool is_const = clang_isConstQualifiedType(elem);
        Type ety;
        if (is_struct_type(elem) && !rows) {
            int slot = L->nenv - 1;
            lift_struct_param(L, p, pr, slot, elem, rank, false);
            /* S p[n]: each field's buffer has the length */
            Operand *len = rank == 1 && !L->failed ? declared_length(L, p, t, 0) : NULL;
            Buffer *whole = L->env[slot].buf;
            for (int k = 0; len && whole && whole->fields && k < whole->fields->n; k++)
                whole->fields->bufs[k]->extent = len;
            return;
        }
        if (!map_type(elem, &ety)) {
            lift_fail(L, p, "array parameters must point to float, double or integers",
                      "parameter '%s' has an unsupported type", pr->name);
            return;
        }
        Buffer *buf = buffer_new(L->a, L->f, pr->name, ety, BUF_PARAM);
        buf->is_const = is_const;
        buf->rank = rank;
        buf->row_table = rows;
        buf->param_decl = pr->decl;
        buf->extent = rank == 1 ? declared_length(L, p, t, 0) : NULL;
        if (rank > 1 && !rows) { /* T p[n][m]: each dimension's, where all are known */
            buf->shape = arena_alloc(L->a, sizeof(Operand) * (size_t)rank);
            for (int d = 0; d < rank && buf->shape; d++) {
                Operand *len = declared_length(L, p, t, d);
                if (len)
                    buf->shape[d] = *len;
                else
                    buf->shape = NULL;
            }
            bool run_time = false;
            buf->inner_dims = buf->shape ? buf->shape : declared_rows(L, p, t, rank, &run_time);
            if (!buf->shape && run_time)
                buf->row_dims = buf->inner_dims;
            if (buf->row_dims) { /* (const on the rows' type: const double (*)[m]) */
                CXString sp = clang_getTypeSpelling(t);
                buf->is_const |= !strncmp(clang_getCString(sp), "const ", 6);
                clang_disposeString(sp);
            }
        }
        pr->buf = buf;
        b->buf = buf;
        /* swapped with another (`tmp = u; u = un; un = tmp;` on the grids
         * of a time loop): a pointer view of its array, as `double *cur =
         * u;` is, the array keeping the parameter's name */
        if (rank == 1 && !rows && reassigned(L, p)) {
            b->is_view = true;
            b->ty = type_long();
            b->val = opd_int(0);
            return;
        }
        b->is_array = true;
    } else if (is_struct_type(t)) {
        lift_struct_param(L, p, pr, L->nenv - 1, t, 1, true);
    } else {
        Type ty;
        enum_definition(L, clang_getCursorType(p));
        if (!map_type(t, &ty)) {
            lift_fail(L, p, "parameters must be scalars or pointers to arrays",
                      "parameter '%s' has an unsupported type", pr->name);
            return;
        }
        pr->var = var_new(L->a, L->f, pr->name, ty);
        b->ty = ty;
        b->val = opd_var(pr->var);
    }
}

static void report_contract(void *ctx, SrcLoc loc, const char *hint, const char *msg) {
    diag_error(ctx, loc, hint, "%s", msg);
}

/* The promises of the loops lifted into b, code that never runs
 * (rewrite/contract.c, and the entry clauses the reverse checks where
 * code runs) */
bool lift_check_promises(Lift *L, Body *b) {
    RevErrors errs = {report_contract, L->fe->d, 0};
    if (!contract_check(L->a, L->f, b, &errs, NULL) || !entry_clauses_check(L->a, L->f, b, &errs))
        L->failed = true;
    return !L->failed;
}

/* The pragma of the loop a doubt is about, marked to be lifted as the
 * sequential loop, with a warning; false where there is none to mark. */
static bool mark_doubted(Frontend *fe, const ContractDoubt *dt) {
    for (int i = 0; i < fe->pragmas.len; i++) {
        Pragma *p = fe->pragmas.items[i];
        if (p->sequential_why || p->target_line != dt->loop->loc.line ||
            p->target_col != dt->loop->loc.col || dt->loop->loc.file != fe->path ||
            (p->kind != PG_MAP && p->kind != PG_SCATTER && p->kind != PG_REDUCE &&
             p->kind != PG_HISTOGRAM))
            continue;
        const char *name = dt->read->buf->name;
        bool writes = dt->read->kind == S_WRITE;
        p->sequential_why = arena_printf(fe->a,
                                         "pargrad cannot tell whether iterations %s elements of "
                                         "'%s' that other iterations write (line %d)",
                                         writes ? "write" : "read", name, dt->write->loc.line);
        diag_warning(fe->d, dt->read->loc,
                     writes ? "if the iterations are independent, write one element per "
                              "iteration (y[i]); if they depend on each other, drop the "
                              "annotation"
                            : "if the iterations are independent, read and write the array at "
                              "the same subscript; if they depend on each other, drop the "
                              "annotation",
                     "the %s at line %d is differentiated as a sequential loop: %s", p->text,
                     dt->loop->loc.line, p->sequential_why);
        return true;
    }
    return false;
}

Func *frontend_lift(Frontend *fe, const char *name, SrcLoc use) {
    CXCursor fc = frontend_find_function(fe, name);
    if (clang_Cursor_isNull(fc)) {
        diag_error(fe->d, use, "name a function defined in this file",
                   "no function named '%s' is defined in this file", name);
        return NULL;
    }
    Lift L = {.fe = fe, .a = fe->a};
    L.f = arena_alloc(fe->a, sizeof(Func));
    L.f->name = arena_strdup(fe->a, name);
    L.f->body = body_new(fe->a);
    L.f->loc = floc_of(fe, fc);
    L.cur = L.f->body;
    CXType rt = clang_getCursorResultType(fc);
    if (rt.kind == CXType_Void)
        L.f->ret.kind = TY_VOID;
    else if (!map_type(rt, &L.f->ret))
        lift_fail(&L, fc, "differentiated functions return void, a float or a double",
                  "'%s' returns an unsupported type", name);
    push_inlining(&L, fc); /* (before its parameters: which it assigns) */
    int np = clang_Cursor_getNumArguments(fc);
    for (int i = 0; i < np && !L.failed; i++)
        lift_param(&L, clang_Cursor_getArgument(fc, (unsigned)i));
    L.ret_ty = L.f->ret;
    CXCursor body = kids_of(fc).last;
    if (!L.failed) {
        start_kept_calls(&L, body);
        start_returns(&L, body);
        lift_stmt(&L, body);
        end_returns(&L, body);
    }
    if (!L.failed && L.f->ret.kind != TY_VOID) {
        if (!L.seen_return || L.ret_val.kind == OPD_NONE) {
            diag_error(fe->d, L.f->loc, "end the function with return EXPR;",
                       "'%s' must end with a return statement", name);
            L.failed = true;
        } else {
            Builder bd = {L.a, L.f, L.f->body, L.f->loc};
            Stmt *s = stmt_new(L.a, S_RETURN, L.f->loc);
            s->nargs = 1;
            s->args[0] = b_cast(&bd, L.f->ret, L.ret_val);
            body_append(L.a, L.f->body, s);
        }
    }
    free(L.env);
    free(L.entries);
    free(L.heads);
    free(L.barriers);
    free(L.inlining);
    free(L.assigned);
    ContractDoubt doubt = {0};
    if (!L.failed) {
        RevErrors errs = {report_contract, fe->d, 0};
        L.failed = !contract_check(fe->a, L.f, L.f->body, &errs, &doubt);
    }
    if (!L.failed && doubt.loop && mark_doubted(fe, &doubt))
        return frontend_lift(fe, name, use); /* (with one more loop sequential) */
    return L.failed ? NULL : L.f;
}

/* ---- translation unit ---- */
CXCursor frontend_find_function(Frontend *fe, const char *name) {
    return find_named(fe, CXCursor_FunctionDecl, name);
}

static bool report_clang_errors(Frontend *fe) {
    unsigned n = clang_getNumDiagnostics(fe->tu);
    bool bad = false;
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic dg = clang_getDiagnostic(fe->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
        if (sev >= CXDiagnostic_Error) {
            CXFile file;
            unsigned line, col;
            clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &file, &line, &col, NULL);
            CXString fname = clang_getFileName(file);
            CXString msg = clang_getDiagnosticSpelling(dg);
            const char *fn = clang_getCString(fname);
            SrcLoc loc = {fn ? arena_strdup(fe->a, fn) : fe->path, (int)line, (int)col};
            if (file && clang_Location_isFromMainFile(clang_getDiagnosticLocation(dg)))
                loc.file = fe->path;
            diag_error(fe->d, loc, "pargrad reads valid C11: fix the error the C compiler reports",
                       "%s", clang_getCString(msg));
            clang_disposeString(fname);
            clang_disposeString(msg);
            bad = true;
        }
        clang_disposeDiagnostic(dg);
    }
    return bad;
}

/* The main file's lines the preprocessor skipped (#if 0 ... #endif). */
static SkippedLines skipped_lines(Frontend *fe) {
    SkippedLines sk = {0};
    CXFile file = clang_getFile(fe->tu, fe->path);
    CXSourceRangeList *rl = file ? clang_getSkippedRanges(fe->tu, file) : NULL;
    if (!rl)
        return sk;
    sk.first = arena_alloc(fe->a, sizeof(int) * (rl->count + 1));
    sk.last = arena_alloc(fe->a, sizeof(int) * (rl->count + 1));
    for (unsigned i = 0; i < rl->count; i++) {
        unsigned l0, l1;
        clang_getExpansionLocation(clang_getRangeStart(rl->ranges[i]), NULL, &l0, NULL, NULL);
        clang_getExpansionLocation(clang_getRangeEnd(rl->ranges[i]), NULL, &l1, NULL, NULL);
        sk.first[sk.n] = (int)l0;
        sk.last[sk.n++] = (int)l1;
    }
    clang_disposeSourceRangeList(rl);
    return sk;
}

typedef struct ConstScan {
    Frontend *fe;
    MacroConstants *mc;
} ConstScan;

/* The value of `#define NAME 50` (also `(50)`, `50u`), or NULL */
static const char *integer_body(Frontend *fe, CXToken *toks, unsigned nt) {
    bool paren = nt == 4; /* NAME ( V ) or NAME V */
    unsigned at = paren ? 2 : 1;
    if ((nt != 2 && nt != 4) || clang_getTokenKind(toks[at]) != CXToken_Literal)
        return NULL;
    CXString v = clang_getTokenSpelling(fe->tu, toks[at]);
    const char *t = clang_getCString(v), *value = NULL;
    char *end;
    long k = strtol(t, &end, 0);
    if (end != t && k >= 0 && strspn(end, "uUlL") == strlen(end))
        value = arena_printf(fe->a, "%ld", k);
    clang_disposeString(v);
    for (unsigned i = 1; paren && value && i < nt; i += 2) { /* ( and ) around it */
        CXString b = clang_getTokenSpelling(fe->tu, toks[i]);
        if (strcmp(clang_getCString(b), i == 1 ? "(" : ")"))
            value = NULL;
        clang_disposeString(b);
    }
    return value;
}

static enum CXChildVisitResult note_constant(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    ConstScan *cs = data;
    if (clang_getCursorKind(c) != CXCursor_MacroDefinition || !user_definition(c) ||
        clang_Cursor_isMacroFunctionLike(c))
        return CXChildVisit_Continue;
    CXToken *toks;
    unsigned nt;
    clang_tokenize(cs->fe->tu, clang_getCursorExtent(c), &toks, &nt);
    const char *value = integer_body(cs->fe, toks, nt);
    clang_disposeTokens(cs->fe->tu, toks, nt);
    if (value) {
        CXString name = clang_getCursorSpelling(c);
        vec_push(cs->fe->a, &cs->mc->names, arena_strdup(cs->fe->a, clang_getCString(name)));
        vec_push(cs->fe->a, &cs->mc->values, (void *)value);
        clang_disposeString(name);
    }
    return CXChildVisit_Continue;
}

/* The file's macros whose value is an integer, for the pragmas */
static MacroConstants macro_constants(Frontend *fe) {
    MacroConstants mc = {0};
    ConstScan cs = {fe, &mc};
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), note_constant, &cs);
    return mc;
}

Frontend *frontend_open(Arena *a, Diags *d, const char *path, int argc, const char *const *argv) {
    Frontend *fe = arena_alloc(a, sizeof(Frontend));
    fe->a = a;
    fe->d = d;
    fe->path = path;
    fe->text = read_file_text(path, NULL);
    if (!fe->text) {
        diag_error(d, (SrcLoc){0}, NULL, "cannot read '%s'", path);
        return NULL;
    }
    const char **args = arena_alloc(a, sizeof(char *) * (size_t)(argc + 5));
    int n = 0;
    args[n++] = "-xc";
    args[n++] = "-std=gnu11"; /* as compilers read C by default: M_PI, POSIX names */
    args[n++] = "-isystem" PARGRAD_CLANG_RESOURCE;
    /* Code may keep pargrad's pragmas from compilers (and their
     * -Wunknown-pragmas) under #ifdef __PARGRAD__, as pargrad's output does. */
    args[n++] = "-D__PARGRAD__=1";
    for (int i = 0; i < argc; i++)
        args[n++] = argv[i];
    fe->index = clang_createIndex(0, 0);
    enum CXErrorCode err = clang_parseTranslationUnit2(
        fe->index, path, args, n, NULL, 0, CXTranslationUnit_DetailedPreprocessingRecord, &fe->tu);
    if (err != CXError_Success || !fe->tu) {
        diag_error(d, (SrcLoc){0}, NULL, "libclang could not parse '%s'", path);
        frontend_close(fe);
        return NULL;
    }
    if (report_clang_errors(fe)) {
        frontend_close(fe);
        return NULL;
    }
    fe->main_file = clang_getFile(fe->tu, path);
    SkippedLines skip = skipped_lines(fe);
    MacroConstants consts = macro_constants(fe);
    int bad =
        pragma_scan_file(a, d, path, fe->text, &skip, &consts, &fe->pragmas, &fe->omp_private);
    for (int i = 0; i < fe->pragmas.len; i++) {
        Pragma *p = fe->pragmas.items[i];
        if (p->kind == PG_REVERSE)
            vec_push(a, &fe->directives, p);
        else if (p->kind == PG_FORWARD) {
            diag_error(d, p->loc, "use reverse(...) for now", "forward mode is not supported yet%s",
                       "");
            bad++;
        }
    }
    bad += frontend_declared_ops(fe);
    if (bad) {
        frontend_close(fe);
        return NULL;
    }
    return fe;
}

void frontend_release_tu(Frontend *fe) {
    if (fe->tu)
        clang_disposeTranslationUnit(fe->tu);
    if (fe->index)
        clang_disposeIndex(fe->index);
    fe->tu = NULL;
    fe->index = NULL;
}

void frontend_close(Frontend *fe) {
    if (!fe)
        return;
    frontend_release_tu(fe);
    free(fe->expansions);
    fe->expansions = NULL;
    free_macro_ops(fe);
    free(fe->text);
    fe->text = NULL;
}

void frontend_for_gpu(Frontend *fe, bool gpu) {
    fe->gpu = gpu;
}

PtrVec *frontend_directives(Frontend *fe) {
    return &fe->directives;
}

const char *frontend_source(Frontend *fe) {
    return fe->text;
}

/* Statements starting on a line, to tell a pragma before a non-loop. */
typedef struct LineStmt {
    Frontend *fe;
    int line;
    bool is_for, is_while, found;
} LineStmt;

static enum CXChildVisitResult find_line_stmt(CXCursor c, CXCursor parent, CXClientData data) {
    (void)parent;
    LineStmt *ls = data;
    if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    SrcLoc l = floc_of(ls->fe, c);
    if (l.line == ls->line && clang_isStatement(clang_getCursorKind(c))) {
        ls->found = true;
        ls->is_for = clang_getCursorKind(c) == CXCursor_ForStmt;
        ls->is_while = clang_getCursorKind(c) == CXCursor_WhileStmt ||
                       clang_getCursorKind(c) == CXCursor_DoStmt;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

int frontend_check_pragmas(Frontend *fe) {
    int bad = 0;
    for (int i = 0; i < fe->pragmas.len; i++) {
        Pragma *p = fe->pragmas.items[i];
        if (p->kind == PG_REVERSE || p->kind == PG_FORWARD || p->attached)
            continue;
        if (p->kind != PG_MAP && p->kind != PG_REDUCE && p->kind != PG_SCAN &&
            p->kind != PG_HISTOGRAM && p->kind != PG_SCATTER && p->kind != PG_LOOP &&
            p->kind != PG_WHILE) {
            /* declare, derivative, and loop pragmas outside differentiated code */
            diag_error(fe->d, p->loc, "see the README for what this version supports",
                       "'#pragma pargrad %s' is not supported yet", p->text);
            bad++;
            continue;
        }
        LineStmt ls = {fe, p->target_line, false, false, false};
        clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), find_line_stmt, &ls);
        if (p->kind == PG_WHILE && !ls.is_while) {
            diag_error(fe->d, p->loc, "put the pragma on the line before a while or do loop",
                       "'#pragma pargrad %s' is not followed by a while or do loop", p->text);
            bad++;
        } else if (p->kind != PG_WHILE && !ls.is_for) {
            diag_error(fe->d, p->loc, "put the pragma on the line before a for statement",
                       "'#pragma pargrad %s' is not followed by a for loop", p->text);
            bad++;
        }
    }
    return bad;
}

/* The translation unit, for the driver (depfile, names in use). */
CXTranslationUnit frontend_tu(Frontend *fe) {
    return fe->tu;
}
