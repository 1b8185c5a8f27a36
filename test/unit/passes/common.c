/* test/unit/passes/common.c: the shared fixture of the pass unit tests. */
#include "test/unit/passes/common.h"

IrContext *ctx;
Diags diags;

static void
capture(IrContext *c, const IrDiagnostic *d, void *user)
{
	(void)c;
	Diags *ds = user;
	static const char *const sev[] = { "error", "warning", "note",
		"remark" };
	if (ds->n < MAX_DIAGS)
		snprintf(ds->msg[ds->n++], sizeof ds->msg[0], "%s: %s",
		    sev[d->severity], d->message);
}

void
passes_setup(void)
{
	ctx = ir_context_create();
	memset(&diags, 0, sizeof diags);
	ir_context_set_diag_handler(ctx, capture, &diags);
	passes_register_all(ctx);
	passes_register_test(ctx);
}

void
passes_teardown(void)
{
	ir_context_destroy(ctx);
}

IrOp *
parse(const char *text)
{
	IrOp *m = ir_parse_string(ctx, "test.mlir", text, strlen(text));
	cr_assert(m, "parse failed: %s", diags.n ? diags.msg[0] : "");
	cr_assert(ir_verify(m), "verify failed: %s",
	    diags.n ? diags.msg[0] : "");
	return m;
}

char *
print(IrOp *op)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	IrPrintFlags pf = { .generic = true };
	ir_print_op(f, op, &pf);
	fclose(f);
	return buf;
}

typedef struct Find {
	const char *name;
	IrOp *found;
} Find;

static IrWalkResult
find_one(IrOp *op, void *user)
{
	Find *f = user;
	if (!ir_op_is(op, f->name))
		return IR_WALK_ADVANCE;
	f->found = op;
	return IR_WALK_INTERRUPT;
}

IrOp *
find_op(IrOp *root, const char *name)
{
	Find f = { name, NULL };
	ir_op_walk(root, IR_WALK_PRE, find_one, &f);
	return f.found;
}
