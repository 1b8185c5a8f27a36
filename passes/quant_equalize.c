/* passes/quant_equalize.c: cross-layer equalization (Nagel et al.,
 * "Data-free quantization through weight equalization and bias
 * correction", 2019) before calibration: the output channels of one
 * layer and the matching input channels of the next are rescaled so
 * both have the same weight range. */
#include "passes/passes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "passes/graph_util.h"
#include "passes/quant.h"

/* One layer's weights and bias as doubles while they are rescaled. */
typedef struct Layer {
	IrOp *op;
	double *w, *b;  /* b: oc values, NULL without a bias */
	int64_t nw, oc;
	bool changed;
} Layer;

/* Two layers whose channels are equalized: the first's output channel c
 * is the second's input channel c (through a ReLU or nothing). */
typedef struct Pair {
	size_t first, second;
} Pair;

typedef struct Eq {
	Layer *layers;
	size_t nlayers;
	Pair *pairs;
	size_t npairs;
} Eq;

double
quant_cle_scale(double r1, double r2)
{
	if (!(r1 > 0) || !(r2 > 0) || !isfinite(r1) || !isfinite(r2))
		return 1;
	return sqrt(r1 / r2);
}

/* A conv2d, depthwise_conv2d or fully_connected op with f32 constant
 * weights (and bias) and no clamp but a ReLU's, on static shapes. */
static bool
equalizable(IrOp *op)
{
	double lo, hi;

	if (!ir_op_is(op, "graph.conv2d") &&
	    !ir_op_is(op, "graph.depthwise_conv2d") &&
	    !ir_op_is(op, "graph.fully_connected"))
		return false;
	if (op->noperands < 2 || op->nresults != 1 ||
	    !gu_static(ir_op_operand(op, 0)) ||
	    !gu_static(ir_op_result(op, 0)))
		return false;
	for (unsigned i = 1; i < op->noperands; i++) {
		IrOp *d = ir_value_def_op(ir_op_operand(op, i));

		if (!d || !ir_op_is(d, "graph.constant") ||
		    !quant_is_f32(ir_op_operand(op, i)->type))
			return false;
	}
	/* rescaling commutes with max(x, 0) only */
	if (graph_act_range(op, &lo, &hi) && (lo != 0 || !isinf(hi)))
		return false;
	return true;
}

/* The layer of op, added on first sight. */
static size_t
layer_of(Eq *e, IrOp *op)
{
	size_t i;
	int64_t oc;

	for (i = 0; i < e->nlayers; i++)
		if (e->layers[i].op == op)
			return i;
	e->layers = ir_xrealloc(e->layers, (e->nlayers + 1) *
	    sizeof *e->layers);
	Layer *l = &e->layers[e->nlayers];
	memset(l, 0, sizeof *l);
	l->op = op;
	l->w = gu_const_f32(ir_op_operand(op, 1), &l->nw);
	oc = ir_op_operand(op, 1)->type->u.shaped.dims[
	    quant_weight_axis(op)];
	l->oc = oc;
	if (op->noperands > 2) {
		int64_t nb;

		l->b = gu_const_f32(ir_op_operand(op, 2), &nb);
		if (nb != oc) { /* a broadcast bias: leave the layer alone */
			free(l->b);
			l->b = NULL;
			l->oc = -1;
		}
	}
	return e->nlayers++;
}

/* The equalizable layer reading op's result as its input, through one
 * ReLU, each value having only that use; NULL when none. */
static IrOp *
next_layer(IrOp *op)
{
	IrValue *r = ir_op_result(op, 0);
	IrOp *u;

	if (!gu_one_use(r))
		return NULL;
	u = r->uses->owner;
	if (ir_op_is(u, "graph.relu") && !graph_act_range(op, &(double){0},
	    &(double){0})) {
		r = ir_op_result(u, 0);
		if (!gu_one_use(r))
			return NULL;
		u = r->uses->owner;
	}
	if (!equalizable(u) || ir_op_operand(u, 0) != r)
		return NULL;
	return u;
}

/* Does every input channel of b's weights name an output channel of a
 * (same channel count, same kind of tensor)? */
static bool
channels_match(IrOp *a, IrOp *b, int64_t oc)
{
	const IrType *x = ir_op_operand(b, 0)->type;
	bool fa = ir_op_is(a, "graph.fully_connected");
	bool fb = ir_op_is(b, "graph.fully_connected");
	const char *la = fa ? NULL : dialect_get_str(a->name->def, a->attrs,
	    "layout");
	const char *lb = fb ? NULL : dialect_get_str(b->name->def, b->attrs,
	    "layout");
	bool na = la && !strcmp(la, "NCHW"), nb = lb && !strcmp(lb, "NCHW");
	int axis;

	if (fa != fb || na != nb)
		return false;
	axis = fb || !nb ? (int)x->u.shaped.rank - 1 : 1;
	return x->u.shaped.dims[axis] == oc;
}

static void
find_pairs(Eq *e, IrOp *func)
{
	IrOp *op, *nx;

	for (op = ir_func_entry(func)->first; op; op = op->next) {
		if (!equalizable(op) || !(nx = next_layer(op)))
			continue;
		size_t a = layer_of(e, op), b = layer_of(e, nx);

		if (e->layers[a].oc <= 0 || e->layers[b].oc < 0 ||
		    !e->layers[a].w || !e->layers[b].w ||
		    !channels_match(op, nx, e->layers[a].oc))
			continue;
		e->pairs = ir_xrealloc(e->pairs, (e->npairs + 1) *
		    sizeof *e->pairs);
		e->pairs[e->npairs++] = (Pair){a, b};
	}
}

/* Equalizes one pair; returns the largest |log s| applied. */
static double
equalize_pair(Layer *a, Layer *b)
{
	int64_t oc = a->oc, i, c, ic;
	double *r1 = ir_xcalloc((size_t)oc, sizeof *r1);
	double *r2 = ir_xcalloc((size_t)oc, sizeof *r2);
	double *s = ir_xmalloc((size_t)oc * sizeof *s), worst = 0;
	const IrType *wa = ir_op_operand(a->op, 1)->type;
	const IrType *wb = ir_op_operand(b->op, 1)->type;

	for (i = 0; i < a->nw; i++) {
		quant_weight_channels(a->op, wa, i, &c, &ic);
		if (fabs(a->w[i]) > r1[c])
			r1[c] = fabs(a->w[i]);
	}
	for (i = 0; i < b->nw; i++) {
		quant_weight_channels(b->op, wb, i, &c, &ic);
		if (ic < oc && fabs(b->w[i]) > r2[ic])
			r2[ic] = fabs(b->w[i]);
	}
	for (c = 0; c < oc; c++) {
		s[c] = quant_cle_scale(r1[c], r2[c]);
		if (fabs(log(s[c])) > worst)
			worst = fabs(log(s[c]));
	}
	for (i = 0; i < a->nw; i++) {
		quant_weight_channels(a->op, wa, i, &c, &ic);
		a->w[i] /= s[c];
	}
	for (c = 0; a->b && c < oc; c++)
		a->b[c] /= s[c];
	for (i = 0; i < b->nw; i++) {
		quant_weight_channels(b->op, wb, i, &c, &ic);
		if (ic < oc)
			b->w[i] *= s[ic];
	}
	a->changed = b->changed = true;
	free(r1);
	free(r2);
	free(s);
	return worst;
}

/* A new f32 constant of type t before user holding v. */
static IrValue *
new_constant(IrOp *user, const IrType *t, const double *v, int64_t n)
{
	IrContext *ctx = ir_op_context(user);
	float *f = ir_xmalloc((size_t)(n ? n : 1) * sizeof *f);
	IrNamedAttr na;
	IrBuilder b;
	int64_t i;

	for (i = 0; i < n; i++)
		f[i] = (float)v[i];
	na.name = ir_ident_cstr(ctx, "value");
	na.value = ir_attr_dense(ctx, t, false, f, (size_t)n * sizeof *f);
	free(f);
	IrOpState st = {
		.name = ir_op_name_get(ctx, "graph.constant", 14),
		.loc = ir_op_loc(ir_value_def_op(ir_op_operand(user, 1))),
		.nresults = 1,
		.result_types = &t,
		.attrs = ir_attr_dict(ctx, 1, &na),
	};
	ir_builder_init(&b, ctx);
	ir_builder_set_before(&b, user);
	return ir_op_result(ir_builder_create(&b, &st), 0);
}

static void
write_back(Layer *l)
{
	IrOp *op = l->op;

	if (!l->changed)
		return;
	ir_op_set_operand(op, 1, new_constant(op, ir_op_operand(op,
	    1)->type, l->w, l->nw));
	if (l->b)
		ir_op_set_operand(op, 2, new_constant(op, ir_op_operand(op,
		    2)->type, l->b, l->oc));
}

long
quant_equalize(IrOp *func, int64_t sweeps, double *residual)
{
	Eq e = {0};
	double worst = 0;
	int64_t k;
	size_t i;

	find_pairs(&e, func);
	/* chains (conv, conv, conv) need sweeps: each pair moves the
	 * ranges its neighbours equalized */
	for (k = 0; k < sweeps && e.npairs; k++) {
		worst = 0;
		for (i = 0; i < e.npairs; i++) {
			double d = equalize_pair(&e.layers[e.pairs[i].first],
			    &e.layers[e.pairs[i].second]);

			worst = d > worst ? d : worst;
		}
		if (worst < 1e-6)
			break;
	}
	for (i = 0; i < e.nlayers; i++) {
		write_back(&e.layers[i]);
		free(e.layers[i].w);
		free(e.layers[i].b);
	}
	if (e.npairs)
		quant_drop_dead_constants(ir_func_entry(func));
	if (residual)
		*residual = worst;
	free(e.layers);
	free(e.pairs);
	return (long)e.npairs;
}

static bool
equalize_run(IrOp *module, IrPass *pass)
{
	IrOp *func = quant_entry_func(module, ir_pass_string(pass, "entry"));
	int64_t sweeps = ir_pass_int(pass, "sweeps");
	double res;
	long n;

	if (!func)
		return false;
	if (sweeps < 1 || sweeps > 1000) {
		ir_op_emit_error(module, "equalize: sweeps must be in [1, "
		    "1000], got %lld", (long long)sweeps);
		return false;
	}
	if (!quant_check_float(func))
		return false;
	n = quant_equalize(func, sweeps, &res);
	ir_pass_stat_add(pass, "pairs", (uint64_t)n);
	return true;
}

static const IrPassOption equalize_options[] = {
	{"sweeps", IR_OPT_INT, "20", "passes over the layer pairs at most "
	    "(chains of layers need several)", NULL},
	{"entry", IR_OPT_STRING, NULL, "function to equalize (default main, "
	    "else the first)", NULL},
};

static const IrPassStatistic equalize_stats[] = {
	{"pairs", "layer pairs equalized"},
};

const IrPassDef pass_equalize = {
	.argument = "equalize",
	.summary = "Cross-layer equalization of the weight ranges of "
	    "consecutive layers, before calibrating (Nagel et al. 2019)",
	.anchor = "builtin.module",
	.options = equalize_options,
	.noptions = sizeof equalize_options / sizeof equalize_options[0],
	.run = equalize_run,
	.stats = equalize_stats,
	.nstats = 1,
	.description =
	    "For each conv2d, depthwise_conv2d or fully_connected op (f32 "
	    "constant weights) whose only user is another such op, directly "
	    "or through one ReLU, scales output channel c of the first by "
	    "1/s_c and input channel c of the second by s_c, with s_c = "
	    "sqrt(r1_c / r2_c) (r1_c, r2_c: the largest weight magnitude of "
	    "the channel in each layer), so both ranges become "
	    "sqrt(r1_c r2_c). The function computes the same thing (ReLU "
	    "commutes with a positive scale; ReLU6 and clips do not, and "
	    "their pairs are skipped), but per-tensor activations and "
	    "weights lose less to quantization. Run it before calibrate; "
	    "see docs/quantization.md.",
};
