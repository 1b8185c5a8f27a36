/* passes/quant_hist.c: one-pass range histograms, the four clipping
 * methods (min-max, percentile, entropy, MSE) and the stats annotation. */
#include "passes/quant.h"

#include <math.h>
#include <string.h>

void
qhist_init(QHist *h)
{
	memset(h, 0, sizeof *h);
	h->min = INFINITY;
	h->max = -INFINITY;
}

/* Doubles side s's range until mag fits, merging bins pairwise. */
static void
grow(QHist *h, int s, double mag)
{
	double *b = h->bins[s];
	int i;

	if (h->range[s] == 0) {
		h->range[s] = ldexp(1.0, ilogb(mag) + 1);
		return;
	}
	while (h->range[s] <= mag) {
		for (i = 0; i < QHIST_BINS / 2; i++)
			b[i] = b[2 * i] + b[2 * i + 1];
		memset(b + QHIST_BINS / 2, 0, sizeof *b * (QHIST_BINS / 2));
		h->range[s] *= 2;
	}
}

void
qhist_add(QHist *h, const float *v, int64_t n)
{
	double lo = INFINITY, hi = -INFINITY, k[2];
	int64_t i;
	int s, bin;

	for (i = 0; i < n; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	if (n == 0)
		return;
	h->min = lo < h->min ? lo : h->min;
	h->max = hi > h->max ? hi : h->max;
	h->count += (uint64_t)n;
	if (hi > 0)
		grow(h, 0, hi);
	if (lo < 0)
		grow(h, 1, -lo);
	for (s = 0; s < 2; s++)
		k[s] = h->range[s] ? QHIST_BINS / h->range[s] : 0;
	for (i = 0; i < n; i++) {
		if (v[i] == 0) {
			h->zeros++;
			continue;
		}
		s = v[i] < 0;
		bin = (int)(fabs((double)v[i]) * k[s]);
		h->bins[s][bin < QHIST_BINS ? bin : QHIST_BINS - 1] += 1;
	}
}

/* Bin width of side s. */
static double
width(const QHist *h, int s)
{
	return h->range[s] / QHIST_BINS;
}

/* The value below which a share `tail` of side s's values (and of all
 * values) lies, scanning from the outermost bin inward: the outer edge
 * of the bin where the tail is used up. */
static double
tail_edge(const QHist *h, int s, double tail)
{
	double cum = 0;
	int i;

	for (i = QHIST_BINS - 1; i >= 0; i--) {
		cum += h->bins[s][i];
		if (cum > tail)
			return (i + 1) * width(h, s);
	}
	return 0;
}

static void
percentile(const QHist *h, double pct, double *lo, double *hi)
{
	double tail = (double)h->count * (1 - pct / 100);

	*hi = tail_edge(h, 0, tail);
	*lo = -tail_edge(h, 1, tail);
}

/* Both sides folded into one histogram of |x| over the larger range. */
static double
fold_abs(const QHist *h, double *abs)
{
	int big = h->range[1] > h->range[0], s, i;
	double r = h->range[big];

	memset(abs, 0, sizeof *abs * QHIST_BINS);
	for (s = 0; s < 2; s++) {
		int f = h->range[s] ? (int)(r / h->range[s]) : 1;

		for (i = 0; i < QHIST_BINS; i++)
			abs[i / f] += h->bins[s][i];
	}
	abs[0] += (double)h->zeros;
	return r / QHIST_BINS;
}

/* KL(P || Q) of the first n bins with the tail folded into the last
 * bin, Q being P squeezed into `levels` levels (TensorRT's calibrator:
 * each level's mass spread evenly over its non-empty bins). */
static double
kl_at(const double *abs, int n, double tail, int levels)
{
	double p_sum = 0, q_sum = 0, kl = 0, p, q;
	double qv[QHIST_BINS];
	int j, i, a, b, nz;

	for (j = 0; j < levels; j++) {
		double mass = 0;

		a = (int)((int64_t)j * n / levels);
		b = (int)((int64_t)(j + 1) * n / levels);
		for (nz = 0, i = a; i < b; i++) {
			mass += abs[i];
			nz += abs[i] != 0;
		}
		for (i = a; i < b; i++)
			qv[i] = abs[i] != 0 ? mass / nz : 0;
	}
	for (i = 0; i < n; i++) {
		p_sum += abs[i] + (i == n - 1 ? tail : 0);
		q_sum += qv[i];
	}
	for (i = 0; i < n; i++) {
		p = (abs[i] + (i == n - 1 ? tail : 0)) / p_sum;
		q = qv[i] / q_sum;
		if (p > 0)
			kl += p * log(p / (q > 0 ? q : 1e-12));
	}
	return kl;
}

/* The threshold T on |x| with the least KL divergence. */
static double
entropy(const QHist *h, int levels)
{
	double abs[QHIST_BINS], w = fold_abs(h, abs), tail = 0, best = INFINITY;
	double kl;
	int n, best_n = QHIST_BINS, top = QHIST_BINS;

	while (top > 0 && abs[top - 1] == 0)
		top--;
	for (n = top - 1; n >= levels; n--)
		tail += abs[n];
	/* tail now holds the mass above `levels`; walk n upwards. */
	for (n = levels; n <= top; n++) {
		kl = kl_at(abs, n, tail, levels);
		if (kl < best) {
			best = kl;
			best_n = n;
		}
		if (n < top)
			tail -= abs[n];
	}
	return best_n * w;
}

/* Expected squared error of quantizing the histogram to `levels` levels
 * over [lo, hi]: rounding noise s^2/12 inside, the clipping distance
 * outside (bin centres stand for their values; zeros are exact). */
static double
mse_of(const QHist *h, double lo, double hi, double levels)
{
	double s = (hi - lo) / (levels - 1), e = 0, c, d;
	int side, i;

	for (side = 0; side < 2; side++) {
		for (i = 0; i < QHIST_BINS; i++) {
			if (!h->bins[side][i])
				continue;
			c = (i + 0.5) * width(h, side);
			c = side ? -c : c;
			d = c > hi ? c - hi : c < lo ? lo - c : 0;
			e += h->bins[side][i] * (d ? d * d : s * s / 12);
		}
	}
	return e;
}

static void
mse(const QHist *h, double levels, double *lo, double *hi)
{
	double best = INFINITY, e, a, l = *lo, u = *hi;
	int k;

	for (k = 100; k >= 1; k--) {
		a = k / 100.0;
		e = mse_of(h, a * l, a * u, levels);
		if (e < best) {
			best = e;
			*lo = a * l;
			*hi = a * u;
		}
	}
}

void
qhist_range(const QHist *h, QMethod m, double pct, unsigned bits,
    double *lo, double *hi)
{
	double levels = ldexp(1.0, (int)bits), t;
	bool two_sided;

	*lo = h->count && h->min < 0 ? h->min : 0;
	*hi = h->count && h->max > 0 ? h->max : 0;
	two_sided = *lo < 0 && *hi > 0;
	if (!h->count || m == QMETHOD_MINMAX)
		return;
	if (m == QMETHOD_PERCENTILE) {
		percentile(h, pct, lo, hi);
	} else if (m == QMETHOD_ENTROPY && levels / 2 < QHIST_BINS) {
		/* A signed tensor spends half its levels on each side. */
		t = entropy(h, (int)(two_sided ? levels / 2 : levels));
		*lo = -t;
		*hi = t;
	} else if (m == QMETHOD_MSE) {
		mse(h, levels, lo, hi);
	}
	/* Never past what was seen, and 0 always inside. */
	*lo = *lo < h->min ? h->min : *lo;
	*hi = *hi > h->max ? h->max : *hi;
	*lo = *lo > 0 ? 0 : *lo;
	*hi = *hi < 0 ? 0 : *hi;
}

/* ------------------------------------------------------------ annotation */

const IrAttr *
qstats_entry(IrContext *ctx, double lo, double hi, double min, double max)
{
	float v[4] = {(float)lo, (float)hi, (float)min, (float)max};
	int64_t four = 4;
	const IrType *t = ir_type_tensor(ctx, 1, &four,
	    ir_type_float(ctx, IR_F32), NULL);

	return ir_attr_dense(ctx, t, false, v, sizeof v);
}

bool
qstats_get(IrValue *v, double *out4)
{
	const IrAttr *a = NULL, *e;
	IrOp *owner;
	float f[4];
	int i;

	if (v->kind == IR_VALUE_RESULT) {
		a = ir_op_attr(v->owner.op, QSTATS_ATTR);
	} else {
		owner = ir_block_parent_op(v->owner.block);
		if (owner && ir_op_is(owner, "func.func") &&
		    ir_block_is_entry(v->owner.block))
			a = ir_op_attr(owner, QSTATS_ARG_ATTR);
	}
	if (!a || a->kind != IR_ATTR_ARRAY || v->index >= a->u.array.n)
		return false;
	e = a->u.array.elems[v->index];
	if (e->kind != IR_ATTR_DENSE || e->u.dense.splat ||
	    e->u.dense.size != sizeof f ||
	    !quant_is_f32(e->u.dense.type))
		return false;
	memcpy(f, e->u.dense.data, sizeof f);
	for (i = 0; i < 4; i++)
		out4[i] = f[i];
	return true;
}

bool
quant_is_f32(const IrType *t)
{
	return t && ir_type_is_shaped(t) && t->u.shaped.elem->kind ==
	    IR_TYPE_FLOAT && t->u.shaped.elem->u.flt.kind == IR_F32;
}

IrOp *
quant_entry_func(IrOp *module, const char *entry)
{
	IrContext *ctx = ir_op_context(module);
	IrOp *f = NULL, *op;

	if (entry && *entry) {
		f = ir_symbol_lookup(module, ir_ident_cstr(ctx, entry));
		if (!f || !ir_op_is(f, "func.func") || !ir_func_entry(f)) {
			ir_emit_error(ctx, ir_op_loc(module), "no function "
			    "named '%s' with a body", entry);
			return NULL;
		}
		return f;
	}
	f = ir_symbol_lookup(module, ir_ident_cstr(ctx, "main"));
	if (f && ir_op_is(f, "func.func") && ir_func_entry(f))
		return f;
	for (op = ir_module_body(module)->first; op; op = op->next)
		if (ir_op_is(op, "func.func") && ir_func_entry(op))
			return op;
	ir_emit_error(ctx, ir_op_loc(module), "the module has no function "
	    "with a body to calibrate or quantize");
	return NULL;
}
