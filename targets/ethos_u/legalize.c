/* targets/ethos_u/legalize.c: ethos-u-legalize, quantized graph ops to
 * npu ops for the Ethos-U, the rest into npu.cpu regions with the reason.
 *
 * The lowered function must compute bit for bit what the graph function
 * computes under the same integer arithmetic, so every parameter is
 * derived from the graph kernels' own rules: requantization pairs from
 * the same scales and the same QuantizeMultiplier, activation clamps and
 * lookup tables by running the graph op's reference kernel over every
 * input value. What cannot be exact stays on the CPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dialects/dialect.h"
#include "interp/qmath.h"
#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/lower.h"

/* ------------------------------------------------------------ the report */

/* One op placed on the CPU. */
typedef struct CpuOp {
	IrOp *op;
	const char *reason; /* static text */
	char *extra;        /* malloc'd, may be "" */
} CpuOp;

/* One op lowered although Vela's rules keep it on the CPU (the op is
 * replaced, so its names are kept). */
typedef struct Beyond {
	const char *tflite; /* static */
	char *label, *extra; /* malloc'd */
	const char *reason;  /* static text */
} Beyond;

typedef struct Legalize {
	EuLower lw;
	CpuOp *cpu;
	size_t ncpu, capcpu;
	IrPtrMap is_cpu;    /* op -> CpuOp index + 1 */
	IrPtrMap fused;     /* relu-like ops folded into their producer */
	size_t nnpu, nregions;
	Beyond *beyond;     /* NPU ops Vela's rules keep on the CPU */
	size_t nbeyond, capbeyond;
	FILE *report;       /* NULL: no report */
	bool exact;         /* exact: ops whose NPU arithmetic in Vela's
	                       sequences differs from TFLite's CPU kernel
	                       stay on the CPU */
} Legalize;

static void
mark_cpu(Legalize *L, IrOp *op, const char *reason, const char *extra)
{
	if (L->ncpu == L->capcpu) {
		L->capcpu = L->capcpu ? 2 * L->capcpu : 16;
		L->cpu = ir_xrealloc(L->cpu, L->capcpu * sizeof *L->cpu);
	}
	L->cpu[L->ncpu] = (CpuOp){op, reason,
	    ir_xstrndup(extra, strlen(extra))};
	ir_ptrmap_put(&L->is_cpu, op, (void *)(uintptr_t)++L->ncpu);
}

/* The op's name for people: its name location ("conv1"), else its file
 * location. */
static void
op_label(IrOp *op, char *buf, size_t n)
{
	const IrLoc *l = ir_op_loc(op);
	const IrLoc *f;

	while (l && l->kind == IR_LOC_FUSED && l->u.fused.n)
		l = l->u.fused.locs[0];
	if (l && l->kind == IR_LOC_NAME) {
		snprintf(buf, n, "%s", l->u.name.name->str);
		return;
	}
	f = l ? ir_loc_file_of(l) : NULL;
	if (f)
		snprintf(buf, n, "%s:%u:%u", f->u.file.file->str,
		    f->u.file.line, f->u.file.col);
	else
		snprintf(buf, n, "%s", ir_op_name_str(op));
}

/* op runs on the NPU although Vela's rules keep it on the CPU (they
 * give reason): the report says so. */
static void
mark_beyond(Legalize *L, IrOp *op, const char *reason, const char *extra)
{
	char name[256];

	if (L->nbeyond == L->capbeyond) {
		L->capbeyond = L->capbeyond ? 2 * L->capbeyond : 4;
		L->beyond = ir_xrealloc(L->beyond, L->capbeyond *
		    sizeof *L->beyond);
	}
	op_label(op, name, sizeof name);
	L->beyond[L->nbeyond++] = (Beyond){eu_tflite_name(op),
	    ir_xstrndup(name, strlen(name)), ir_xstrndup(extra,
	    strlen(extra)), reason};
}

/* Vela's --show-cpu-operations wording, one entry per CPU op. */
static void
write_report(Legalize *L, FILE *out)
{
	char name[256];
	size_t total;

	fprintf(out, "ethos-u-legalize: accelerator %s\n", L->lw.accel.name);
	for (size_t i = 0; i < L->ncpu; i++) {
		CpuOp *c = &L->cpu[i];

		op_label(c->op, name, sizeof name);
		if (!strcmp(c->reason, "is a CPU only op")) {
			fprintf(out, "Info: %s '%s' is a CPU only op\n",
			    eu_tflite_name(c->op), name);
			continue;
		}
		fprintf(out, "Warning: %s '%s' is not supported on the NPU. "
		    "Placing on CPU instead\n - %s\n", eu_tflite_name(c->op),
		    name, c->reason);
		if (c->extra[0])
			fprintf(out, "   %s\n", c->extra);
	}
	/* Not in Vela's report: ops Vela would place on the CPU. */
	for (size_t i = 0; i < L->nbeyond; i++) {
		Beyond *c = &L->beyond[i];

		fprintf(out, "Info: %s '%s' runs on the NPU (ethos-u-codegen "
		    "computes it exactly); Vela 3.10 places it on the CPU\n"
		    " - %s\n", c->tflite, c->label, c->reason);
		if (c->extra[0])
			fprintf(out, "   %s\n", c->extra);
	}
	total = L->ncpu + L->nnpu;
	fprintf(out, "CPU operators = %zu (%.1f%%)\nNPU operators = %zu "
	    "(%.1f%%)\nnpu.cpu regions = %zu\n", L->ncpu, total ? 100.0 *
	    (double)L->ncpu / (double)total : 0.0, L->nnpu, total ? 100.0 *
	    (double)L->nnpu / (double)total : 0.0, L->nregions);
	/* Vela multiplies FullyConnected scales in float32 first; the
	 * graph kernels (whose results we keep) in double. */
	fprintf(out, "output scales whose Vela multiplier differs = %zu\n",
	    L->lw.vela_scale_diff);
	if (L->nbeyond)
		fprintf(out, "NPU operators Vela places on the CPU = %zu\n",
		    L->nbeyond);
}

/* Writes the report to path atomically ("-": stdout). */
static bool
save_report(Legalize *L, const char *path)
{
	char *tmp;
	FILE *f;
	bool ok;
	int fd;

	if (!strcmp(path, "-")) {
		write_report(L, stdout);
		return fflush(stdout) == 0;
	}
	tmp = ir_xmalloc(strlen(path) + 16);
	sprintf(tmp, "%s.tmpXXXXXX", path);
	fd = mkstemp(tmp);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		if (fd >= 0)
			close(fd);
		free(tmp);
		return false;
	}
	write_report(L, f);
	ok = !ferror(f);
	ok = fclose(f) == 0 && ok;
	ok = ok && rename(tmp, path) == 0;
	if (!ok)
		remove(tmp);
	free(tmp);
	return ok;
}

/* ------------------------------------------------------------ npu.cpu */

static bool
in_block(const IrOp *op, const IrBlock *b)
{
	return op && op->parent == b;
}

/* Every use of v is by an op of block b. */
static bool
uses_all_in(IrValue *v, IrBlock *b)
{
	for (IrUse *u = v->uses; u; u = u->next)
		if (!in_block(u->owner, b))
			return false;
	return true;
}

/* Adds v to the list unless it is there. */
static size_t
add_unique(IrValue ***list, size_t *n, IrValue *v)
{
	for (size_t i = 0; i < *n; i++)
		if ((*list)[i] == v)
			return i;
	*list = ir_xrealloc(*list, (*n + 1) * sizeof **list);
	(*list)[*n] = v;
	return (*n)++;
}

/* The operands the run's ops take from outside it; constants only the
 * run uses move in with it. */
static size_t
region_inputs(IrBlock *body, IrValue ***inputs)
{
	size_t n = 0;

	for (IrOp *o = body->first; o; o = o->next)
		for (unsigned i = 0; i < o->noperands; i++) {
			IrValue *v = ir_op_operand(o, i);
			IrOp *d = ir_value_def_op(v);

			if (d && in_block(d, body))
				continue;
			if (d && ir_op_is(d, "graph.constant") &&
			    uses_all_in(v, body)) {
				ir_op_move_before(d, body->first);
				continue;
			}
			add_unique(inputs, &n, v);
		}
	return n;
}

/* The run's results used after it. */
static size_t
region_outputs(IrBlock *body, IrValue ***outputs)
{
	size_t n = 0;

	for (IrOp *o = body->first; o; o = o->next)
		for (unsigned i = 0; i < o->nresults; i++)
			if (!uses_all_in(ir_op_result(o, i), body))
				add_unique(outputs, &n, ir_op_result(o, i));
	return n;
}

/* Points uses of from outside body at to. */
static void
replace_outside(IrValue *from, IrValue *to, IrBlock *body)
{
	IrUse *u = from->uses, *next;

	for (; u; u = next) {
		next = u->next;
		if (!in_block(u->owner, body))
			ir_op_set_operand(u->owner, ir_use_index(u), to);
	}
}

/* Wraps run[0..n) (ops of one block, in order, nothing the NPU runs
 * between them) into one npu.cpu op placed after the last. */
static void
make_region(Legalize *L, IrOp **run, size_t n)
{
	IrContext *ctx = L->lw.ctx;
	IrOp *last = run[n - 1], *cpu, *y;
	IrBlock *body = ir_block_create();
	IrValue **in = NULL, **out = NULL;
	const IrType **tout;
	size_t nin, nout, i;
	IrOpState st = {0};
	IrBuilder b;

	ir_builder_init(&b, ctx);
	ir_builder_set_after(&b, last);
	for (i = 0; i < n; i++)
		ir_op_move_to_end(run[i], body);
	nin = region_inputs(body, &in);
	nout = region_outputs(body, &out);
	tout = ir_xcalloc(nout + 1, sizeof *tout);
	for (i = 0; i < nout; i++)
		tout[i] = out[i]->type;
	st.name = ir_op_name_get(ctx, "npu.cpu", 7);
	st.loc = ir_op_loc(run[0]);
	st.noperands = nin;
	st.operands = in;
	st.nresults = nout;
	st.result_types = tout;
	st.nregions = 1;
	cpu = ir_builder_create(&b, &st);
	for (i = 0; i < nin; i++) {
		IrValue *arg = ir_block_add_arg(body, in[i]->type,
		    ir_value_loc(in[i]));
		IrUse *u = in[i]->uses, *next;

		for (; u; u = next) {
			next = u->next;
			if (in_block(u->owner, body))
				ir_op_set_operand(u->owner, ir_use_index(u),
				    arg);
		}
	}
	for (i = 0; i < nout; i++)
		replace_outside(out[i], ir_op_result(cpu, (unsigned)i), body);
	st = (IrOpState){0};
	st.name = ir_op_name_get(ctx, "npu.yield", 9);
	st.loc = ir_op_loc(last);
	st.noperands = nout;
	st.operands = out;
	y = ir_op_create(ctx, &st);
	ir_op_move_to_end(y, body);
	ir_region_append(ir_op_region(cpu, 0), body);
	L->nregions++;
	free(in);
	free(out);
	free(tout);
}

/* Groups the block's CPU ops: a run ends at any op that is neither a
 * CPU op nor a constant. */
static void
wrap_cpu_runs(Legalize *L, IrBlock *blk)
{
	IrOp **run = NULL;
	size_t n = 0, cap = 0;
	IrOp *o, *next;

	for (o = blk->first; o; o = next) {
		next = o->next;
		if (ir_ptrmap_get(&L->is_cpu, o)) {
			if (n == cap) {
				cap = cap ? 2 * cap : 8;
				run = ir_xrealloc(run, cap * sizeof *run);
			}
			run[n++] = o;
			continue;
		}
		if (ir_op_is(o, "graph.constant"))
			continue;
		if (n)
			make_region(L, run, n);
		n = 0;
	}
	if (n)
		make_region(L, run, n);
	free(run);
}

/* ------------------------------------------------------------ the walk */

/* Ops the pass looks at: graph ops with results and no regions. */
static bool
is_candidate(IrOp *op)
{
	const char *n = ir_op_name_str(op);

	return !strncmp(n, "graph.", 6) && !ir_op_is(op, "graph.constant") &&
	    op->nregions == 0;
}


/* Ops that `exact` keeps on the CPU: MEAN, bilinear resize and 16-bit
 * add, sub, mul. Their npu ops compute TFLite's integer kernels, as the
 * graph kernels do, so the lowering is bit-exact without `exact`; Vela's
 * NPU sequences for them (upscale and pools for resize, its own int16
 * scaling, the output stage's rounding for MEAN) compute differently. */
static bool
float_reference(IrOp *op)
{
	const IrType *t = ir_op_result(op, 0)->type;
	const IrType *e = ir_type_is_shaped(t) ? t->u.shaped.elem : t;

	if (ir_op_is(op, "graph.reduce_mean"))
		return true;
	if (ir_op_is(op, "graph.resize"))
		return !strcmp(dialect_get_str(op->name->def, op->attrs,
		    "mode"), "bilinear");
	return (ir_op_is(op, "graph.add") || ir_op_is(op, "graph.sub") ||
	    ir_op_is(op, "graph.mul")) && e->kind == IR_TYPE_QUANT &&
	    ir_type_bitwidth(e->u.quant.storage) > 8;
}

static void
legalize_op(Legalize *L, IrOp *op)
{
	char extra[512], vextra[512];
	const char *why, *vela_why = NULL;
	IrOp *npu;

	if (ir_ptrmap_get(&L->fused, op))
		return;
	why = eu_check_op(op, &L->lw.accel, extra, sizeof extra);
	if (!why && L->exact && float_reference(op))
		why = "npu-ir: exact keeps it on the CPU (Vela's NPU "
		    "arithmetic for it may differ from TFLite's CPU kernel)";
	/* What Vela's rules alone say, asked before the op is replaced. */
	if (!why && !L->lw.accel.vela_rules) {
		EuAccel vela = L->lw.accel;

		vela.vela_rules = true;
		vela_why = eu_check_op(op, &vela, vextra, sizeof vextra);
		if (vela_why)
			mark_beyond(L, op, vela_why, vextra);
	}
	if (!why)
		why = eu_lower(&L->lw, op, &npu, extra, sizeof extra);
	if (why) {
		if (vela_why) { /* on the CPU after all */
			L->nbeyond--;
			free(L->beyond[L->nbeyond].label);
			free(L->beyond[L->nbeyond].extra);
		}
		mark_cpu(L, op, why, extra);
		return;
	}
	L->nnpu++;
	eu_fuse_activation(&L->lw, npu, &L->fused);
}

static void
legalize_block(Legalize *L, IrBlock *blk)
{
	IrOp *o, *next;

	for (o = blk->first; o; o = next) {
		next = o->next;
		if (is_candidate(o))
			legalize_op(L, o);
	}
}

/* Erases the relu-like ops folded into a clamp (all unused now). */
static void
erase_fused(Legalize *L, IrBlock *blk)
{
	IrOp *o, *next;

	for (o = blk->first; o; o = next) {
		next = o->next;
		if (!ir_ptrmap_get(&L->fused, o))
			continue;
		/* Forget it first: a later op may reuse its memory. */
		ir_ptrmap_put(&L->fused, o, NULL);
		ir_op_erase(o);
	}
}

static bool
legalize_run(IrOp *module, IrPass *pass)
{
	const char *report = ir_pass_string(pass, "report");
	Legalize L = {0};
	IrBlock *body = ir_module_body(module);
	bool ok = true;

	if (!eu_lower_init(&L.lw, module))
		return false;
	L.lw.softmax_vela = !strcmp(ir_pass_string(pass, "softmax"), "vela");
	L.exact = ir_pass_bool(pass, "exact");
	L.lw.accel.vela_rules = !strcmp(ir_pass_string(pass, "rules"),
	    "vela");
	for (IrOp *f = body->first; f; f = f->next) {
		IrRegion *r;

		if (!ir_op_is(f, "func.func") || !f->nregions)
			continue;
		r = ir_op_region(f, 0);
		for (IrBlock *b = r->first; b; b = b->next) {
			legalize_block(&L, b);
			erase_fused(&L, b);
			wrap_cpu_runs(&L, b);
		}
	}
	ir_pass_stat_add(pass, "npu-ops", L.nnpu);
	ir_pass_stat_add(pass, "cpu-ops", L.ncpu);
	ir_pass_stat_add(pass, "cpu-regions", L.nregions);
	ir_pass_stat_add(pass, "softmax-graph", L.lw.softmax_graph);
	if (report[0] && !save_report(&L, report)) {
		ir_emit_error(L.lw.ctx, ir_op_loc(module), "ethos-u-legalize: "
		    "cannot write the report to '%s'", report);
		ok = false;
	}
	for (size_t i = 0; i < L.ncpu; i++)
		free(L.cpu[i].extra);
	for (size_t i = 0; i < L.nbeyond; i++) {
		free(L.beyond[i].label);
		free(L.beyond[i].extra);
	}
	free(L.beyond);
	free(L.cpu);
	ir_ptrmap_free(&L.is_cpu);
	ir_ptrmap_free(&L.fused);
	eu_lower_fini(&L.lw);
	return ok;
}

static const char *const softmax_choices[] = {"graph", "vela", NULL};
static const char *const rules_choices[] = {"npu-ir", "vela", NULL};

static const IrPassOption legalize_options[] = {
	{"report", IR_OPT_STRING, NULL, "write the CPU-fallback report "
	    "(Vela's --show-cpu-operations wording) to this file, - for "
	    "stdout", NULL},
	{"softmax", IR_OPT_ENUM, "graph", "softmax arithmetic: graph "
	    "(the graph kernel's, bit-exact with the graph program) or vela "
	    "(Vela's fixed-point sequence, as the NPU computes it)",
	    softmax_choices},
	{"exact", IR_OPT_BOOL, "false", "keep on the CPU the ops whose NPU "
	    "sequence in Vela computes differently from TFLite's CPU kernel "
	    "(MEAN, bilinear resize, 16-bit ADD, SUB and MUL); not needed "
	    "for bit-exactness with the graph, which the lowering is either "
	    "way", NULL},
	{"rules", IR_OPT_ENUM, "npu-ir", "npu-ir: also the ops "
	    "ethos-u-codegen runs exactly beyond Vela's constraints "
	    "(bilinear resize with half-pixel centres at 4x or 8x, a factor "
	    "per axis), listed in the report; vela: Vela 3.10's constraints "
	    "alone", rules_choices},
};

static const IrPassStatistic legalize_stats[] = {
	{"npu-ops", "graph ops lowered to npu ops"},
	{"cpu-ops", "graph ops left to the CPU"},
	{"cpu-regions", "npu.cpu regions made"},
	{"softmax-graph", "softmax=vela softmaxes Vela's 8-bit sequence "
	    "does not cover, kept on the graph's arithmetic"},
};

const IrPassDef pass_ethos_u_legalize = {
	.argument = "ethos-u-legalize",
	.summary = "Lower quantized graph ops to Ethos-U npu ops; the rest "
	    "into npu.cpu regions",
	.anchor = "builtin.module",
	.options = legalize_options,
	.noptions = sizeof legalize_options / sizeof legalize_options[0],
	.stats = legalize_stats,
	.nstats = sizeof legalize_stats / sizeof legalize_stats[0],
	.run = legalize_run,
	.description =
	    "Lowers each quantized (int8/int16) graph op the Ethos-U runs to "
	    "npu ops, judged by Vela's operator constraints "
	    "(`tflite_supported_operators.py`): conv2d, depthwise_conv2d, "
	    "fully_connected (per-channel requantization computed as Vela "
	    "and TFLite do), max/avg pooling, add/sub/mul/maximum/minimum, "
	    "softmax, mean, int8 activations as 256-entry lookup tables, "
	    "reshape/squeeze/expand-dims as views, concat, constant pad and "
	    "nearest and bilinear resize. A relu, relu6 or clip that follows "
	    "a lowered op becomes its activation clamp. Every other op, and "
	    "every op that "
	    "breaks a constraint, goes into an `npu.cpu` region (contiguous "
	    "CPU ops share one region); `report=FILE` lists each with the "
	    "constraint it broke, in Vela's wording. The accelerator comes "
	    "from the module's `npu.target` attribute (default "
	    "ethos-u55-128). The lowered function computes bit for bit what "
	    "the graph function computes under TFLite's arithmetic "
	    "(`npu-run --arith=tflite` or `tflite-micro`); see "
	    "docs/targets/ethos-u.md.",
};
