/* test/fuzz/parse_fuzz.c: libFuzzer target for the parser, verifier and
 * printer: any input must give a module or diagnostics, never a crash,
 * hang, leak or sanitizer report. With NPUIR_FUZZ_ROUNDTRIP=1 in the
 * environment it also checks that printed output parses back and prints
 * the same (the round-trip guarantee of DESIGN.md section 4). */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool roundtrip; /* tools may keep globals; set once at start */

static void
quiet(IrContext *ctx, const IrDiagnostic *diag, void *user)
{
	(void)ctx;
	(void)diag;
	(void)user;
}

/* Prints op into a malloc'd string (*len bytes). */
static char *
print_to_string(IrOp *op, bool generic, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f)
		abort();
	IrPrintFlags flags = { .generic = generic, .debuginfo = false };
	ir_print_op(f, op, &flags);
	fclose(f);
	return buf;
}

static IrOp *
parse(IrContext *ctx, const char *text, size_t len)
{
	IrOp *m = ir_parse_string(ctx, "fuzz.mlir", text, len);
	if (m && !ir_verify(m)) {
		ir_op_destroy(m);
		return NULL;
	}
	return m;
}

/* The printed form must parse again and print identically. */
static void
check_roundtrip(IrContext *ctx, IrOp *m, bool generic)
{
	size_t n1, n2;
	char *once = print_to_string(m, generic, &n1);
	IrOp *again = parse(ctx, once, n1);
	if (!again) {
		fprintf(stderr, "printed output does not parse:\n%s", once);
		abort();
	}
	char *twice = print_to_string(again, generic, &n2);
	if (n1 != n2 || memcmp(once, twice, n1)) {
		fprintf(stderr, "round trip differs:\n%s---\n%s", once, twice);
		abort();
	}
	ir_op_destroy(again);
	free(once);
	free(twice);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *e = getenv("NPUIR_FUZZ_ROUNDTRIP");
	roundtrip = e && *e == '1';
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	IrContext *ctx = ir_context_create();
	ir_context_set_diag_handler(ctx, quiet, NULL);
	ir_context_set_allow_unregistered(ctx, true);
	IrOp *m = parse(ctx, (const char *)data, size);
	if (m) {
		size_t n;
		free(print_to_string(m, false, &n));
		free(print_to_string(m, true, &n));
		if (roundtrip) {
			check_roundtrip(ctx, m, false);
			check_roundtrip(ctx, m, true);
		}
		ir_op_destroy(m);
	}
	ir_context_destroy(ctx);
	return 0;
}
