/* test/unit/passes/common.h: fixtures shared by the pass unit tests: a
 * context with the passes and the test dialect, captured diagnostics,
 * parsing from text and printing to a string. */
#ifndef NPUIR_TEST_PASSES_COMMON_H
#define NPUIR_TEST_PASSES_COMMON_H

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ir/pass.h"
#include "ir/rewrite.h"
#include "passes/passes.h"
#include "test/lib/test_ops.h"

enum { MAX_DIAGS = 16 };

/* Diagnostics as "error: msg" / "note: msg" / "remark: msg". */
typedef struct Diags {
	int n;
	char msg[MAX_DIAGS][256];
} Diags;

extern IrContext *ctx;
extern Diags diags;

void passes_setup(void);
void passes_teardown(void);
/* Parses and verifies text (asserts success); the caller destroys it. */
IrOp *parse(const char *text);
/* The generic print of op, malloc'd. */
char *print(IrOp *op);
/* The first op named `name` nested in root (pre-order), or NULL. */
IrOp *find_op(IrOp *root, const char *name);

#endif
