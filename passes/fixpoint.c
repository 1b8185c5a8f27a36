/* passes/fixpoint.c: runs a pipeline again and again until a run leaves
 * the IR as it found it (graph-optimize's loop). */
#include "passes/passes.h"

#include <stdlib.h>

#include <xxhash.h>

/* What the IR is, as far as the loop needs to know whether a run changed
 * it: every op's name, attributes, result types and uses, and its
 * operands' types, hashed from the uniqued objects' content hashes in
 * walk order (never pointers, so the result is the same on every run). */
typedef struct Print {
	uint64_t h;
	uint64_t nops;
} Print;

static void
mix(Print *p, uint64_t v)
{
	uint64_t in[2] = { p->h, v };
	p->h = XXH3_64bits(in, sizeof in);
}

static IrWalkResult
print_op(IrOp *op, void *user)
{
	Print *p = user;
	p->nops++;
	mix(p, op->name->name->hash);
	mix(p, op->attrs->hash);
	for (unsigned i = 0; i < op->nresults; i++) {
		IrValue *r = ir_op_result(op, i);
		mix(p, r->type->hash);
		mix(p, ir_value_num_uses(r));
	}
	for (unsigned i = 0; i < op->noperands; i++) {
		IrValue *v = op->operands[i].value;
		mix(p, v ? v->type->hash ^ (uint64_t)v->index : 0);
	}
	return IR_WALK_ADVANCE;
}

static Print
fingerprint(IrOp *op)
{
	Print p = { 0, 0 };
	ir_op_walk(op, IR_WALK_PRE, print_op, &p);
	return p;
}

static bool
fixpoint_run(IrOp *op, IrPass *pass)
{
	IrContext *ctx = ir_pass_context(pass);
	int64_t max = ir_pass_int(pass, "max-iterations");
	IrPmOptions o;
	/* The enclosing pass manager verifies after this pass. */
	ir_pm_options_default(&o);
	o.verify_each = false;
	IrPassManager *pm = ir_pm_create(ctx, &o);
	bool ok = ir_pm_add_pipeline(pm, ir_pass_string(pass, "pipeline"));
	Print before = fingerprint(op);
	int64_t n = 0;
	while (ok && n < max) {
		n++;
		ok = ir_pm_run(pm, op);
		Print after = fingerprint(op);
		if (after.h == before.h && after.nops == before.nops)
			break;
		before = after;
	}
	ir_pass_stat_add(pass, "num-iterations", (uint64_t)n);
	ir_pm_destroy(pm);
	return ok;
}

static const IrPassOption options[] = {
	{ "pipeline", IR_OPT_STRING, NULL,
	  "the pipeline to repeat, in --pass-pipeline syntax", NULL },
	{ "max-iterations", IR_OPT_INT, "8",
	  "runs at most (the last one may still change the IR)", NULL },
};

static const IrPassStatistic stats[] = {
	{ "num-iterations", "runs of the pipeline" },
};

const IrPassDef pass_fixpoint = {
	.argument = "fixpoint",
	.summary = "Repeat a pipeline until it changes nothing",
	.anchor = "builtin.module",
	.options = options,
	.noptions = sizeof options / sizeof options[0],
	.stats = stats,
	.nstats = sizeof stats / sizeof stats[0],
	.run = fixpoint_run,
	.description =
	    "Runs `pipeline` on the module, then again, until a run leaves\n"
	    "the IR unchanged (every op's name, attributes, result types,\n"
	    "use counts and operand types hash to what they were) or\n"
	    "`max-iterations` runs are done; either way the pass succeeds\n"
	    "unless a pass of the pipeline fails. The IR is verified after\n"
	    "the whole loop (by the enclosing pass manager), not between the\n"
	    "passes inside it. A bad `pipeline` text is reported when the\n"
	    "pass runs.",
};
