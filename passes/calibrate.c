/* passes/calibrate.c: runs a function in the reference interpreter over
 * sample inputs and records every float tensor's range as quant.stats. */
#include "passes/passes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "interp/interp.h"
#include "passes/quant.h"

/* The float tensors being watched: function arguments first, then op
 * results in walk order. */
typedef struct Calib {
	IrContext *ctx;
	IrOp *func;
	IrPtrMap slot;       /* IrValue * -> slot index + 1 */
	IrValue **vals;
	QHist **hist;
	size_t n, cap;
	IrOp *bad;           /* op whose result was NaN or infinite */
	QMeans *means;       /* input channel means of MAC ops */
} Calib;

/* ------------------------------------------------------------ slots */

static void
add_slot(Calib *c, IrValue *v)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		c->vals = ir_xrealloc(c->vals, c->cap * sizeof *c->vals);
		c->hist = ir_xrealloc(c->hist, c->cap * sizeof *c->hist);
	}
	c->vals[c->n] = v;
	c->hist[c->n] = ir_xmalloc(sizeof(QHist));
	qhist_init(c->hist[c->n]);
	c->n++;
	ir_ptrmap_put(&c->slot, v, (void *)(uintptr_t)c->n);
}

static bool
has_quant(const IrType *t)
{
	return ir_type_is_shaped(t) &&
	    t->u.shaped.elem->kind == IR_TYPE_QUANT;
}

/* Finds the watched values; refuses a quantized model. */
static IrWalkResult
collect(IrOp *op, void *user)
{
	Calib *c = user;
	unsigned i;

	if (op == c->func)
		return IR_WALK_ADVANCE;
	ir_op_remove_attr(op, QSTATS_ATTR);
	ir_op_remove_attr(op, QMEAN_ATTR);
	for (i = 0; i < op->nresults + op->noperands; i++) {
		IrValue *v = i < op->nresults ? ir_op_result(op, i) :
		    ir_op_operand(op, i - op->nresults);

		if (has_quant(v->type)) {
			ir_op_emit_error(op, "already has quantized tensors: "
			    "calibrate the float model");
			return IR_WALK_INTERRUPT;
		}
	}
	if (ir_op_is(op, "graph.constant"))
		return IR_WALK_ADVANCE;
	for (i = 0; i < op->nresults; i++)
		if (quant_is_f32(ir_op_result(op, i)->type))
			add_slot(c, ir_op_result(op, i));
	return IR_WALK_ADVANCE;
}

static void
observe(void *user, IrOp *op, unsigned result, const IrTensor *t)
{
	Calib *c = user;
	uintptr_t k = (uintptr_t)ir_ptrmap_get(&c->slot,
	    ir_op_result(op, result));
	const float *f = t->data;
	int64_t i;

	if (!k || c->bad)
		return;
	for (i = 0; i < t->n; i++) {
		if (!isfinite(f[i])) {
			c->bad = op;
			return;
		}
	}
	qhist_add(c->hist[k - 1], f, t->n);
	qmeans_add(c->means, ir_op_result(op, result), t);
}

/* Runs the function on sample i. */
static bool
run_sample(Calib *c, IrInterp *it, const QSamples *s, size_t i)
{
	const IrType *ft = ir_func_type(c->func);
	size_t na = ft->u.func.ninputs, nr = ft->u.func.nresults, k;
	IrTensor **args = ir_xcalloc(na + 1, sizeof *args);
	IrTensor **res = ir_xcalloc(nr + 1, sizeof *res);
	IrBlock *entry = ir_func_entry(c->func);
	bool ok = qsamples_load(c->ctx, s, i, c->func, args);

	for (k = 0; ok && k < na; k++) {
		uintptr_t h = (uintptr_t)ir_ptrmap_get(&c->slot,
		    entry->args[k]);

		if (h)
			qhist_add(c->hist[h - 1], args[k]->data, args[k]->n);
		if (h)
			qmeans_add(c->means, entry->args[k], args[k]);
	}
	if (ok && !(ok = ir_interp_call(it, c->func, args, na, res, nr)))
		ir_emit_note(c->ctx, NULL, "while calibrating on '%s'",
		    s->dirs[i]);
	if (ok && c->bad) {
		ir_op_emit_error(c->bad, "produced NaN or infinity on sample "
		    "'%s'", s->dirs[i]);
		ok = false;
	}
	for (k = 0; k < na; k++)
		if (args[k])
			ir_tensor_release(args[k]);
	for (k = 0; ok && k < nr; k++)
		ir_tensor_release(res[k]);
	free(args);
	free(res);
	return ok;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ results */

/* Does v reach a function result, directly or through ops that only
 * move values (reshape, transpose, concat, ...)? Those keep min-max:
 * a clipped model output is an error the user sees as it is, with no
 * later layer to absorb it. */
static bool
feeds_output(IrValue *v, int depth)
{
	static const char *const moves[] = {"graph.reshape",
	    "graph.transpose", "graph.squeeze", "graph.unsqueeze",
	    "graph.concat", NULL};
	IrUse *u;
	int k;

	for (u = v->uses; u && depth < 16; u = u->next) {
		if (ir_op_is(u->owner, "func.return"))
			return true;
		for (k = 0; moves[k]; k++)
			if (ir_op_is(u->owner, moves[k]) &&
			    feeds_output(ir_op_result(u->owner, 0), depth + 1))
				return true;
	}
	return false;
}

/* Sets quant.stats / quant.arg_stats from the histograms. */
static void
annotate(Calib *c, QMethod m, double pct, unsigned bits)
{
	IrBlock *entry = ir_func_entry(c->func);
	const IrAttr *unit = ir_attr_unit(c->ctx);
	size_t i, j;

	for (i = 0; i < c->n; i++) {
		IrValue *v = c->vals[i];
		IrOp *owner = v->kind == IR_VALUE_RESULT ? v->owner.op :
		    c->func;
		const char *name = v->kind == IR_VALUE_RESULT ? QSTATS_ATTR :
		    QSTATS_ARG_ATTR;
		size_t n = v->kind == IR_VALUE_RESULT ? owner->nresults :
		    entry->nargs;
		const IrAttr *old = ir_op_attr(owner, name);
		const IrAttr **e = ir_xcalloc(n, sizeof *e);
		double lo, hi;

		for (j = 0; j < n; j++)
			e[j] = old && old->kind == IR_ATTR_ARRAY &&
			    j < old->u.array.n ? old->u.array.elems[j] : unit;
		qhist_range(c->hist[i], feeds_output(v, 0) ? QMETHOD_MINMAX :
		    m, pct, bits, &lo, &hi);
		e[v->index] = qstats_entry(c->ctx, lo, hi, c->hist[i]->min,
		    c->hist[i]->max);
		ir_op_set_attr(owner, name, ir_attr_array(c->ctx, n, e));
		free(e);
	}
}

static void
calib_free(Calib *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->hist[i]);
	free(c->hist);
	free(c->vals);
	ir_ptrmap_free(&c->slot);
}

static bool
parse_pct(IrContext *ctx, const char *s, double *pct)
{
	char *end;

	*pct = strtod(s, &end);
	if (end == s || *end || !(*pct > 50 && *pct <= 100)) {
		ir_emit_error(ctx, NULL, "calibrate: percentile '%s' is not a "
		    "number in (50, 100]", s);
		return false;
	}
	return true;
}

/* Runs every sample with a progress line when it takes a while. */
static bool
run_all(Calib *c, const QSamples *s, bool progress)
{
	IrInterpOptions o = {0};
	IrInterp *it;
	double t0 = now(), last = t0;
	bool ok = true, shown = false;
	size_t i;

	o.observe = observe;
	o.observe_user = c;
	it = ir_interp_create(ir_op_parent_op(c->func), &o);
	for (i = 0; ok && i < s->n; i++) {
		ok = run_sample(c, it, s, i);
		if (progress && now() - last > 0.5) {
			last = now();
			fprintf(stderr, "\rcalibrate: %zu/%zu samples, %.1f s",
			    i + 1, s->n, last - t0);
			shown = true;
		}
	}
	if (shown)
		fprintf(stderr, "\rcalibrate: %zu/%zu samples, %.1f s\n", i,
		    s->n, now() - t0);
	ir_interp_destroy(it);
	return ok;
}

static bool
calibrate_run(IrOp *module, IrPass *pass)
{
	static const char *const methods[] = {"minmax", "percentile",
	    "entropy", "mse"};
	IrContext *ctx = ir_pass_context(pass);
	const char *dir = ir_pass_string(pass, "inputs");
	const char *mname = ir_pass_string(pass, "method");
	int64_t bits = ir_pass_int(pass, "bits");
	Calib c = {.ctx = ctx};
	QSamples s = {0};
	size_t i;
	QMethod m = QMETHOD_MINMAX;
	double pct;
	bool ok;

	for (i = 0; i < 4; i++)
		if (!strcmp(mname, methods[i]))
			m = (QMethod)i;
	ok = parse_pct(ctx, ir_pass_string(pass, "percentile"), &pct);
	if (ok && bits != 8 && bits != 16) {
		ir_emit_error(ctx, NULL, "calibrate: bits must be 8 or 16");
		ok = false;
	}
	if (ok && !*dir) {
		ir_emit_error(ctx, ir_op_loc(module), "calibrate: give the "
		    "sample folder with inputs=DIR");
		ok = false;
	}
	ok = ok && (c.func = quant_entry_func(module,
	    ir_pass_string(pass, "entry")));
	for (i = 0; ok && i < ir_func_entry(c.func)->nargs; i++)
		if (quant_is_f32(ir_func_entry(c.func)->args[i]->type))
			add_slot(&c, ir_func_entry(c.func)->args[i]);
	ok = ok && ir_op_walk(c.func, IR_WALK_PRE, collect, &c) !=
	    IR_WALK_INTERRUPT;
	if (ok)
		c.means = qmeans_create(c.func);
	if (ok && !c.n) {
		ir_op_emit_error(c.func, "has no float tensors to calibrate");
		ok = false;
	}
	ok = ok && qsamples_open(ctx, dir, &s);
	ok = ok && run_all(&c, &s,
	    ir_pass_bool(pass, "progress") || isatty(2));
	if (ok) {
		annotate(&c, m, pct, (unsigned)bits);
		qmeans_annotate(c.means);
	}
	if (c.means)
		qmeans_destroy(c.means);
	qsamples_free(&s);
	calib_free(&c);
	return ok;
}

static const char *const method_choices[] = {"minmax", "percentile",
	"entropy", "mse", NULL};

static const IrPassOption calibrate_options[] = {
	{"inputs", IR_OPT_STRING, NULL, "folder of sample folders, each "
	    "with input_0.npy, input_1.npy, ... (or one sample)", NULL},
	{"method", IR_OPT_ENUM, "minmax", "how to clip each tensor's range",
	    method_choices},
	{"percentile", IR_OPT_STRING, "99.99", "percentile kept by "
	    "method=percentile", NULL},
	{"bits", IR_OPT_INT, "8", "quantized width the entropy and mse "
	    "methods optimise for (8 or 16)", NULL},
	{"entry", IR_OPT_STRING, NULL, "function to run (default main, "
	    "else the first)", NULL},
	{"progress", IR_OPT_BOOL, "false", "print a progress line on "
	    "stderr (always when stderr is a terminal)", NULL},
};

const IrPassDef pass_calibrate = {
	.argument = "calibrate",
	.summary = "Record each float tensor's range over sample inputs "
	    "(quant.stats)",
	.anchor = "builtin.module",
	.options = calibrate_options,
	.noptions = sizeof calibrate_options / sizeof calibrate_options[0],
	.run = calibrate_run,
	.description =
	    "Runs the entry function in the reference interpreter on every "
	    "sample folder of `inputs` (`input_0.npy`, `input_1.npy`, ... per "
	    "function argument, as `../shared/models/ref/<model>/` is laid "
	    "out) and records each float tensor's clipping range as "
	    "`quant.stats = [dense<[lo, hi, min, max]> : tensor<4xf32>]` on "
	    "the op (one entry per result) and `quant.arg_stats` on the "
	    "function. Histograms are built in one pass with fixed memory "
	    "(power-of-two ranges that double by merging bins). Methods: "
	    "`minmax`, `percentile`, `entropy` (TensorRT's KL divergence), "
	    "`mse` (least expected squared error). See docs/quantization.md.",
};
