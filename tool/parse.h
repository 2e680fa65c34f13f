/* The libclang front end: parses the input and lifts functions into the IR. */
#ifndef PARGRAD_PARSE_H
#define PARGRAD_PARSE_H

#include "diag.h"
#include "ir.h"
#include "pragma.h"

typedef struct Frontend Frontend;

/* Parses `path` with the user's clang arguments. NULL (with diagnostics
 * printed) when the file does not parse or its pragmas are malformed. */
Frontend *frontend_open(Arena *a, Diags *d, const char *path, int argc, const char *const *argv);
/* Lifting for --backend=cuda: plans that spread work over a count of
 * blocks (a declared operator's reduce or scan) take the GPU's count. */
void frontend_for_gpu(Frontend *fe, bool gpu);
/* Frees the translation unit; the source text stays until frontend_close. */
void frontend_release_tu(Frontend *fe);
void frontend_close(Frontend *fe);

/* The `reverse(...)`/`forward(...)` directives found in the source. */
PtrVec *frontend_directives(Frontend *fe);
/* The declared operators (UserOp*), `used` set by the lifting. */
PtrVec *frontend_user_ops(Frontend *fe);

/* Lifts the function `name` into the IR (inlining the calls it makes to other
 * functions of the file). NULL, with diagnostics, if it is outside the subset. */
Func *frontend_lift(Frontend *fe, const char *name, SrcLoc use);

/* Reports loop pragmas that were not attached to a loop of a lifted function
 * and that are not followed by a for statement. Returns their number. */
int frontend_check_pragmas(Frontend *fe);

/* The source text of the input file (for comments in emitted code). */
const char *frontend_source(Frontend *fe);
/* The text of the input (path NULL or the input's) or of a header it read
 * code from, for the output's comments (EmitOptions.file_text). */
const char *frontend_file_text(void *fe, const char *path);

/* The libclang translation unit of the input (valid until frontend_close). */
#include <clang-c/Index.h>
CXTranslationUnit frontend_tu(Frontend *fe);

#endif
