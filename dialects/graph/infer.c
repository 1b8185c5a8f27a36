/* dialects/graph/infer.c: result-type inference (static shapes) of the
 * graph ops; also where shape rules are checked, so the verifier and the
 * builder report the same errors. */
#include <stdlib.h>
#include <string.h>

#include "dialects/graph/graph.h"

#define R DIALECT_MAX_RANK
#define DYN IR_DYNAMIC

/* Shorthands over the state being inferred. */
#define DEF (st->name->def)
#define ATTRS (st->attrs)
#define ERR(...) dialect_infer_error(ctx, st, __VA_ARGS__)

static int64_t
rank_of(const IrType *t)
{
	return t->u.shaped.rank;
}

static int64_t
dim(const IrType *t, int64_t i)
{
	return t->u.shaped.dims[i];
}

static const IrType *
elem_of(const IrType *t)
{
	return t->u.shaped.elem;
}

/* Both static and different? */
static bool
mismatch(int64_t a, int64_t b)
{
	return a != DYN && b != DYN && a != b;
}

static bool
set1(const IrType **results, const IrType *t)
{
	results[0] = t;
	return true;
}

static bool
is_nchw(const IrOpState *st)
{
	return !strcmp(dialect_get_str(DEF, ATTRS, "layout"), "NCHW");
}

/* t with another element type (ranked or unranked). */
static const IrType *
with_elem(IrContext *ctx, const IrType *t, const IrType *elem)
{
	return ir_type_tensor(ctx, t->u.shaped.rank, t->u.shaped.dims, elem,
	    NULL);
}

static const IrType *
tensor_operand(IrContext *ctx, const IrOpState *st, size_t i)
{
	const IrType *t = dialect_operand_type(st, i);
	if (!t || t->kind != IR_TYPE_TENSOR) {
		dialect_infer_error(ctx, st, "operand #%zu must be a tensor",
		    i);
		return NULL;
	}
	return t;
}

/* ---------------------------------------------------------------- constant */

bool
graph_infer_constant(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrAttr *v = ATTRS ? ir_dict_get(ATTRS, "value") : NULL;
	if (!v || v->kind != IR_ATTR_DENSE)
		return ERR("requires attribute 'value'");
	return set1(results, v->u.dense.type);
}

/* ---------------------------------------------------------------- windows */

/* Kernel-size-dependent output H and W of a conv or pool. */
static bool
window_hw(IrContext *ctx, const IrOpState *st, int64_t h, int64_t w,
    int64_t kh, int64_t kw, int64_t *oh, int64_t *ow)
{
	int64_t s[2], d[2] = { 1, 1 };
	dialect_get_ints(DEF, ATTRS, "strides", s, 2);
	if (dialect_attr_spec(DEF, "dilations"))
		dialect_get_ints(DEF, ATTRS, "dilations", d, 2);
	DialectPad p = dialect_get_pad(DEF, ATTRS, "padding");
	*oh = dialect_window_out(h, kh, s[0], d[0], p.kind, p.top, p.bottom);
	*ow = dialect_window_out(w, kw, s[1], d[1], p.kind, p.left, p.right);
	if ((*oh != DYN && *oh <= 0) || (*ow != DYN && *ow <= 0))
		return ERR("window of %lldx%lld (dilated) does not fit the "
		    "padded %lldx%lld input", (long long)(d[0] * (kh - 1) + 1),
		    (long long)(d[1] * (kw - 1) + 1), (long long)h,
		    (long long)w);
	return true;
}

/* Output tensor of an image op: N, H, W, C in the op's layout. */
static const IrType *
image(IrContext *ctx, const IrOpState *st, int64_t n, int64_t h, int64_t w,
    int64_t c, const IrType *elem)
{
	int64_t d[4] = { n, h, w, c };
	if (is_nchw(st)) {
		d[1] = c;
		d[2] = h;
		d[3] = w;
	}
	return dialect_tensor(ctx, 4, d, elem);
}

/* Reads N, H, W, C of a rank-4 operand in the op's layout. */
static const IrType *
image_operand(IrContext *ctx, const IrOpState *st, size_t i, int64_t *nhwc)
{
	const IrType *t = dialect_ranked(ctx, st, i, 4);
	if (!t)
		return NULL;
	bool nchw = is_nchw(st);
	nhwc[0] = dim(t, 0);
	nhwc[1] = dim(t, nchw ? 2 : 1);
	nhwc[2] = dim(t, nchw ? 3 : 2);
	nhwc[3] = dim(t, nchw ? 1 : 3);
	return t;
}

static bool
check_bias(IrContext *ctx, const IrOpState *st, int64_t o)
{
	if (st->noperands < 3)
		return true;
	const IrType *b = dialect_ranked(ctx, st, 2, 1);
	if (!b)
		return false;
	if (mismatch(dim(b, 0), o))
		return ERR("bias has %lld elements, expected %lld (output "
		    "channels)", (long long)dim(b, 0), (long long)o);
	return true;
}

/* Filter dims as [O, KH, KW, I] whatever the layout (OHWI or OIHW). */
static const IrType *
filter_ohwi(IrContext *ctx, const IrOpState *st, int64_t *f)
{
	const IrType *t = dialect_ranked(ctx, st, 1, 4);
	if (!t)
		return NULL;
	bool nchw = is_nchw(st);
	f[0] = dim(t, 0);
	f[1] = dim(t, nchw ? 2 : 1);
	f[2] = dim(t, nchw ? 3 : 2);
	f[3] = dim(t, nchw ? 1 : 3);
	return t;
}

bool
graph_infer_conv2d(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	int64_t x[4], f[4], oh, ow;
	const IrType *in = image_operand(ctx, st, 0, x);
	if (!in || !filter_ohwi(ctx, st, f))
		return false;
	int64_t g = dialect_get_int(DEF, ATTRS, "groups");
	if (g < 1) /* ops without groups (npu.conv2d) */
		g = 1;
	if (x[3] != DYN && f[3] != DYN && x[3] != f[3] * g)
		return ERR("input has %lld channels, but filter input channels "
		    "(%lld) * groups (%lld) = %lld", (long long)x[3],
		    (long long)f[3], (long long)g, (long long)(f[3] * g));
	if (f[0] != DYN && f[0] % g)
		return ERR("output channels (%lld) are not a multiple of "
		    "groups (%lld)", (long long)f[0], (long long)g);
	if (!check_bias(ctx, st, f[0]) ||
	    !window_hw(ctx, st, x[1], x[2], f[1], f[2], &oh, &ow))
		return false;
	return set1(results, image(ctx, st, x[0], oh, ow, f[0], elem_of(in)));
}

bool
graph_infer_depthwise_conv2d(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	int64_t x[4], oh, ow;
	const IrType *in = image_operand(ctx, st, 0, x);
	const IrType *ft = in ? dialect_ranked(ctx, st, 1, 4) : NULL;
	if (!ft)
		return false;
	bool nchw = is_nchw(st);
	/* 1HWO, or O1HW for NCHW. */
	int64_t one = dim(ft, nchw ? 1 : 0), o = dim(ft, nchw ? 0 : 3);
	int64_t kh = dim(ft, nchw ? 2 : 1), kw = dim(ft, nchw ? 3 : 2);
	if (mismatch(one, 1))
		return ERR("depthwise filter must be %s with a leading 1",
		    nchw ? "O1HW" : "1HWO");
	int64_t m = dialect_get_int(DEF, ATTRS, "depth_multiplier");
	if (x[3] != DYN && mismatch(o, x[3] * m))
		return ERR("filter has %lld output channels, expected input "
		    "channels (%lld) * depth_multiplier (%lld)", (long long)o,
		    (long long)x[3], (long long)m);
	if (o == DYN && x[3] != DYN)
		o = x[3] * m;
	if (!check_bias(ctx, st, o) ||
	    !window_hw(ctx, st, x[1], x[2], kh, kw, &oh, &ow))
		return false;
	return set1(results, image(ctx, st, x[0], oh, ow, o, elem_of(in)));
}

/* Output size of a transposed convolution along one axis: k is the
 * dilated kernel extent, extra the output padding; -2 on overflow. */
static int64_t
deconv_out(int64_t in, int64_t k, int64_t s, DialectPadKind kind,
    int64_t before, int64_t after, int64_t extra)
{
	int64_t o;
	if (in == DYN || k == DYN)
		return DYN;
	if (kind == DIALECT_PAD_SAME)
		o = dialect_mul(in, s, &o) ? o : -2;
	else
		o = dialect_mul(in - 1, s, &o) ? o : -2;
	if (o == -2 || o > DIALECT_MAX_DIM)
		return -2;
	if (kind == DIALECT_PAD_SAME)
		return o + extra;
	if (kind == DIALECT_PAD_VALID)
		return o + k + extra;
	return o + k - before - after + extra;
}

bool
graph_infer_transpose_conv2d(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	int64_t x[4], f[4], s[2];
	const IrType *in = image_operand(ctx, st, 0, x);
	if (!in || !filter_ohwi(ctx, st, f))
		return false;
	if (mismatch(x[3], f[3]))
		return ERR("input has %lld channels, but the filter expects "
		    "%lld", (long long)x[3], (long long)f[3]);
	if (!check_bias(ctx, st, f[0]))
		return false;
	int64_t d[2], e[2], k[2];
	dialect_get_ints(DEF, ATTRS, "strides", s, 2);
	dialect_get_ints(DEF, ATTRS, "dilations", d, 2);
	dialect_get_ints(DEF, ATTRS, "output_padding", e, 2);
	for (int i = 0; i < 2; i++)
		k[i] = f[1 + i] == DYN ? DYN : d[i] * (f[1 + i] - 1) + 1;
	DialectPad p = dialect_get_pad(DEF, ATTRS, "padding");
	int64_t oh = deconv_out(x[1], k[0], s[0], p.kind, p.top, p.bottom,
	    e[0]);
	int64_t ow = deconv_out(x[2], k[1], s[1], p.kind, p.left, p.right,
	    e[1]);
	if (oh == -2 || ow == -2)
		return ERR("the output is too large");
	if ((oh != DYN && oh <= 0) || (ow != DYN && ow <= 0))
		return ERR("padding leaves an empty output");
	return set1(results, image(ctx, st, x[0], oh, ow, f[0], elem_of(in)));
}

bool
graph_infer_fully_connected(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	const IrType *in = dialect_ranked(ctx, st, 0, -1);
	const IrType *w = in ? dialect_ranked(ctx, st, 1, 2) : NULL;
	if (!w)
		return false;
	int64_t r = rank_of(in);
	if (r < 1)
		return ERR("input must have rank >= 1");
	int64_t k = dim(w, 1), o = dim(w, 0);
	if (mismatch(dim(in, r - 1), k))
		return ERR("input's last dimension (%lld) does not match the "
		    "weights' K (%lld)", (long long)dim(in, r - 1),
		    (long long)k);
	if (!check_bias(ctx, st, o))
		return false;
	int64_t d[R];
	if (dialect_get_bool(DEF, ATTRS, "keep_num_dims")) {
		memcpy(d, in->u.shaped.dims, (size_t)r * sizeof *d);
		d[r - 1] = o;
		return set1(results, dialect_tensor(ctx, r, d, elem_of(in)));
	}
	int64_t n = 1;
	for (int64_t i = 0; i + 1 < r && n != DYN; i++)
		if (dim(in, i) == DYN)
			n = DYN;
		else if (!dialect_mul(n, dim(in, i), &n))
			return ERR("input has too many elements");
	d[0] = n;
	d[1] = o;
	return set1(results, dialect_tensor(ctx, 2, d, elem_of(in)));
}

/* [.., M, K] x [.., K, N] with the transpose flags; batch dims of the
 * result in bd[0..nb). */
static bool
matmul_dims(IrContext *ctx, const IrOpState *st, const IrType *a,
    const IrType *b, int64_t *m, int64_t *n)
{
	int64_t ra = rank_of(a), rb = rank_of(b);
	bool ta = dialect_get_bool(DEF, ATTRS, "transpose_a");
	bool tb = dialect_get_bool(DEF, ATTRS, "transpose_b");
	*m = dim(a, ra - (ta ? 1 : 2));
	int64_t ka = dim(a, ra - (ta ? 2 : 1));
	int64_t kb = dim(b, rb - (tb ? 1 : 2));
	*n = dim(b, rb - (tb ? 2 : 1));
	if (mismatch(ka, kb))
		return ERR("contracting dimensions differ: %lld and %lld",
		    (long long)ka, (long long)kb);
	return true;
}

bool
graph_infer_matmul(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *a = dialect_ranked(ctx, st, 0, 2);
	const IrType *b = a ? dialect_ranked(ctx, st, 1, 2) : NULL;
	int64_t d[2];
	if (!b || !matmul_dims(ctx, st, a, b, &d[0], &d[1]))
		return false;
	return set1(results, dialect_tensor(ctx, 2, d, elem_of(a)));
}

bool
graph_infer_batch_matmul(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	const IrType *a = dialect_ranked(ctx, st, 0, -1);
	const IrType *b = a ? dialect_ranked(ctx, st, 1, -1) : NULL;
	if (!b)
		return false;
	if (rank_of(a) < 2 || rank_of(b) < 2)
		return ERR("operands must have rank >= 2");
	int64_t m, n, d[R], r;
	if (!matmul_dims(ctx, st, a, b, &m, &n))
		return false;
	/* Broadcast the batch dims: shapes without the last two. */
	const IrType *ba = dialect_tensor(ctx, rank_of(a) - 2,
	    a->u.shaped.dims, elem_of(a));
	const IrType *bb = dialect_tensor(ctx, rank_of(b) - 2,
	    b->u.shaped.dims, elem_of(b));
	if (!dialect_broadcast(ba, bb, d, &r))
		return ERR("batch dimensions are not broadcast-compatible");
	d[r] = m;
	d[r + 1] = n;
	return set1(results, dialect_tensor(ctx, r + 2, d, elem_of(a)));
}

/* ------------------------------------------------------------ elementwise */

bool
graph_infer_broadcast(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *a = dialect_ranked(ctx, st, 0, -1);
	const IrType *b = a ? dialect_ranked(ctx, st, 1, -1) : NULL;
	if (!b)
		return false;
	int64_t d[R], r;
	if (!dialect_broadcast(a, b, d, &r)) {
		char *sa = ir_type_str(a), *sb = ir_type_str(b);
		ERR("operands are not broadcast-compatible: '%s' and '%s'", sa,
		    sb);
		free(sa);
		free(sb);
		return false;
	}
	return set1(results, dialect_tensor(ctx, r, d, elem_of(a)));
}

bool
graph_infer_unary(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = tensor_operand(ctx, st, 0);
	return t && set1(results, t);
}

bool
graph_infer_prelu(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *in = dialect_ranked(ctx, st, 0, -1);
	const IrType *al = in ? dialect_ranked(ctx, st, 1, -1) : NULL;
	if (!al)
		return false;
	int64_t d[R], r;
	if (!dialect_broadcast(in, al, d, &r) || r != rank_of(in) ||
	    memcmp(d, in->u.shaped.dims, (size_t)r * sizeof *d))
		return ERR("alpha does not broadcast to the input's shape");
	return set1(results, in);
}

bool
graph_infer_softmax(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t axis = dialect_get_int(DEF, ATTRS, "axis");
	if (dialect_norm_axis(axis, rank_of(t)) < 0)
		return ERR("axis %lld is out of range for rank %lld",
		    (long long)axis, (long long)rank_of(t));
	return set1(results, t);
}

/* ---------------------------------------------------------------- pooling */

bool
graph_infer_pool(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	int64_t x[4], k[2], oh, ow;
	const IrType *in = image_operand(ctx, st, 0, x);
	if (!in)
		return false;
	dialect_get_ints(DEF, ATTRS, "kernel", k, 2);
	if (!window_hw(ctx, st, x[1], x[2], k[0], k[1], &oh, &ow))
		return false;
	return set1(results, image(ctx, st, x[0], oh, ow, x[3], elem_of(in)));
}

bool
graph_infer_pool_indices(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	(void)nresults; /* the table fixes it at 2 */
	if (!graph_infer_pool(ctx, st, 1, results))
		return false;
	results[1] = with_elem(ctx, results[0], ir_type_int(ctx, 64,
	    IR_SIGNLESS));
	return true;
}

bool
graph_infer_global_pool(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	int64_t x[4];
	const IrType *in = image_operand(ctx, st, 0, x);
	if (!in)
		return false;
	if (dialect_get_bool(DEF, ATTRS, "keep_dims"))
		return set1(results, image(ctx, st, x[0], 1, 1, x[3],
		    elem_of(in)));
	int64_t d[2] = { x[0], x[3] };
	return set1(results, dialect_tensor(ctx, 2, d, elem_of(in)));
}

/* Reads an axis list, normalised, into mark[0..rank): true = listed. */
static bool
axes_mask(IrContext *ctx, const IrOpState *st, const char *name,
    int64_t rank, bool *mark)
{
	int64_t ax[R + 1];
	int n = dialect_get_ints(DEF, ATTRS, name, ax, R + 1);
	memset(mark, 0, (size_t)rank * sizeof *mark);
	if (n > R)
		return ERR("too many axes");
	for (int i = 0; i < n; i++) {
		int64_t a = dialect_norm_axis(ax[i], rank);
		if (a < 0)
			return ERR("axis %lld is out of range for rank %lld",
			    (long long)ax[i], (long long)rank);
		if (mark[a])
			return ERR("axis %lld is repeated", (long long)ax[i]);
		mark[a] = true;
	}
	return true;
}

bool
graph_infer_reduce(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	bool mark[R];
	if (!t || !axes_mask(ctx, st, "axes", rank_of(t), mark))
		return false;
	bool keep = dialect_get_bool(DEF, ATTRS, "keep_dims");
	int64_t d[R], r = 0;
	for (int64_t i = 0; i < rank_of(t); i++)
		if (!mark[i])
			d[r++] = dim(t, i);
		else if (keep)
			d[r++] = 1;
	return set1(results, dialect_tensor(ctx, r, d, elem_of(t)));
}

/* ---------------------------------------------------------------- shapes */

bool
graph_infer_reshape(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = tensor_operand(ctx, st, 0);
	if (!t)
		return false;
	int64_t d[R + 1], known = 1, hole = -1;
	int n = dialect_get_ints(DEF, ATTRS, "shape", d, R + 1);
	if (n > R)
		return ERR("shape has more than %d dimensions", R);
	for (int i = 0; i < n; i++) {
		if (d[i] >= 0) {
			if (!dialect_mul(known, d[i], &known))
				return ERR("shape has too many elements");
		} else if (hole >= 0) {
			return ERR("shape has more than one -1");
		} else {
			hole = i;
		}
	}
	int64_t total = ir_type_num_elements(t);
	if (hole >= 0) {
		if (total >= 0 && (known == 0 || total % known))
			return ERR("cannot infer the -1 dimension: %lld "
			    "elements into blocks of %lld", (long long)total,
			    (long long)known);
		d[hole] = total >= 0 ? total / known : DYN;
	} else if (total >= 0 && total != known) {
		return ERR("shape has %lld elements, the input %lld",
		    (long long)known, (long long)total);
	}
	return set1(results, dialect_tensor(ctx, n, d, elem_of(t)));
}

bool
graph_infer_transpose(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t p[R + 1], d[R];
	bool seen[R] = { false };
	int n = dialect_get_ints(DEF, ATTRS, "perm", p, R + 1);
	if (n != rank_of(t))
		return ERR("perm has %d entries for rank %lld", n,
		    (long long)rank_of(t));
	for (int i = 0; i < n; i++) {
		if (p[i] >= n || seen[p[i]])
			return ERR("perm is not a permutation of [0, %d)", n);
		seen[p[i]] = true;
		d[i] = dim(t, p[i]);
	}
	return set1(results, dialect_tensor(ctx, n, d,
	    graph_transposed_elem(ctx, elem_of(t), p, n)));
}

bool
graph_infer_concat(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t0 = dialect_ranked(ctx, st, 0, -1);
	if (!t0)
		return false;
	int64_t r = rank_of(t0), d[R];
	int64_t axis = dialect_norm_axis(dialect_get_int(DEF, ATTRS, "axis"),
	    r);
	if (axis < 0)
		return ERR("axis is out of range for rank %lld", (long long)r);
	memcpy(d, t0->u.shaped.dims, (size_t)r * sizeof *d);
	for (size_t i = 1; i < st->noperands; i++) {
		const IrType *t = dialect_ranked(ctx, st, i, r);
		if (!t)
			return false;
		for (int64_t j = 0; j < r; j++) {
			if (j == axis) {
				d[j] = d[j] == DYN || dim(t, j) == DYN ? DYN :
				    d[j] + dim(t, j);
			} else if (mismatch(d[j], dim(t, j))) {
				return ERR("operand #%zu has size %lld in "
				    "dimension %lld, expected %lld", i,
				    (long long)dim(t, j), (long long)j,
				    (long long)d[j]);
			}
		}
	}
	return set1(results, dialect_tensor(ctx, r, d, elem_of(t0)));
}

bool
graph_infer_split(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t r = rank_of(t), d[R];
	int64_t axis = dialect_norm_axis(dialect_get_int(DEF, ATTRS, "axis"),
	    r);
	if (axis < 0)
		return ERR("axis is out of range for rank %lld", (long long)r);
	if (nresults == 0)
		return ERR("must have at least one result");
	int64_t *sz = ir_xcalloc(nresults + 1, sizeof *sz);
	int n = dialect_get_ints(DEF, ATTRS, "sizes", sz, (int)nresults + 1);
	int64_t whole = dim(t, axis), sum = 0;
	bool ok = true;
	if (n >= 0 && (size_t)n != nresults) {
		ok = ERR("has %zu results but %d sizes", nresults, n);
	} else if (n >= 0) {
		for (size_t i = 0; i < nresults; i++)
			sum += sz[i];
		if (whole != DYN && sum != whole)
			ok = ERR("sizes sum to %lld, the axis has %lld",
			    (long long)sum, (long long)whole);
	} else if (whole != DYN && whole % (int64_t)nresults) {
		ok = ERR("axis size %lld does not split into %zu equal parts",
		    (long long)whole, nresults);
	}
	memcpy(d, t->u.shaped.dims, (size_t)r * sizeof *d);
	for (size_t i = 0; ok && i < nresults; i++) {
		d[axis] = n >= 0 ? sz[i] : whole == DYN ? DYN :
		    whole / (int64_t)nresults;
		results[i] = dialect_tensor(ctx, r, d, elem_of(t));
	}
	free(sz);
	return ok;
}

bool
graph_infer_slice(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t r = rank_of(t), b[R + 1], s[R + 1], d[R];
	int nb = dialect_get_ints(DEF, ATTRS, "begin", b, R + 1);
	int ns = dialect_get_ints(DEF, ATTRS, "size", s, R + 1);
	if (nb != r || ns != r)
		return ERR("begin and size need %lld entries each (the rank)",
		    (long long)r);
	for (int64_t i = 0; i < r; i++) {
		int64_t n = dim(t, i);
		d[i] = s[i] >= 0 ? s[i] : n == DYN ? DYN : n - b[i];
		if (n != DYN && (b[i] > n || (s[i] >= 0 && b[i] + s[i] > n)))
			return ERR("slice [%lld, +%lld) is out of bounds in "
			    "dimension %lld of size %lld", (long long)b[i],
			    (long long)s[i], (long long)i, (long long)n);
	}
	return set1(results, dialect_tensor(ctx, r, d, elem_of(t)));
}

/* Python's slice length of [b, e) step s over n (clamped as TFLite). */
static int64_t
slice_len(int64_t n, int64_t b, int64_t e, int64_t s, bool bm, bool em)
{
	if (s > 0) {
		b = bm ? 0 : b < 0 ? b + n : b;
		e = em ? n : e < 0 ? e + n : e;
		b = b < 0 ? 0 : b > n ? n : b;
		e = e < 0 ? 0 : e > n ? n : e;
		return e > b ? (e - b + s - 1) / s : 0;
	}
	b = bm ? n - 1 : b < 0 ? b + n : b;
	e = em ? -1 : e < 0 ? e + n : e;
	b = b < -1 ? -1 : b > n - 1 ? n - 1 : b;
	e = e < -1 ? -1 : e > n - 1 ? n - 1 : e;
	return b > e ? (b - e - s - 1) / -s : 0;
}

bool
graph_infer_strided_slice(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t r = rank_of(t), b[R + 1], e[R + 1], s[R + 1], d[R], nd = 0;
	int nb = dialect_get_ints(DEF, ATTRS, "begin", b, R + 1);
	int ne = dialect_get_ints(DEF, ATTRS, "end", e, R + 1);
	int ns = dialect_get_ints(DEF, ATTRS, "strides", s, R + 1);
	if (ns < 0)
		for (ns = 0; ns < r; ns++)
			s[ns] = 1;
	if (nb != r || ne != r || ns != r)
		return ERR("begin, end and strides need %lld entries each",
		    (long long)r);
	int64_t bm = dialect_get_int(DEF, ATTRS, "begin_mask");
	int64_t em = dialect_get_int(DEF, ATTRS, "end_mask");
	int64_t sm = dialect_get_int(DEF, ATTRS, "shrink_axis_mask");
	for (int64_t i = 0; i < r; i++) {
		int64_t n = dim(t, i);
		if (s[i] == 0)
			return ERR("stride %lld is zero", (long long)i);
		if (sm >> i & 1) {
			int64_t bi = b[i] < 0 && n != DYN ? b[i] + n : b[i];
			if (n != DYN && (bi < 0 || bi >= n))
				return ERR("shrunk index %lld is out of bounds "
				    "in dimension %lld", (long long)b[i],
				    (long long)i);
			continue;
		}
		d[nd++] = n == DYN ? DYN : slice_len(n, b[i], e[i], s[i],
		    bm >> i & 1, em >> i & 1);
	}
	return set1(results, dialect_tensor(ctx, nd, d, elem_of(t)));
}

bool
graph_infer_pad(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t r = rank_of(t), p[2 * R + 1], d[R];
	int n = dialect_get_ints(DEF, ATTRS, "paddings", p, 2 * R + 1);
	if (n != 2 * r)
		return ERR("paddings needs %lld entries (2 * rank), has %d",
		    (long long)(2 * r), n);
	const char *mode = dialect_get_str(DEF, ATTRS, "mode");
	int64_t slack = !strcmp(mode, "reflect") ? 1 :
	    !strcmp(mode, "symmetric") ? 0 : -1;
	bool edge = !strcmp(mode, "edge");
	for (int64_t i = 0; i < r; i++) {
		int64_t x = dim(t, i);
		if (edge && x == 0 && (p[2 * i] || p[2 * i + 1]))
			return ERR("edge padding of dimension %lld, which is "
			    "empty", (long long)i);
		if (slack >= 0 && x != DYN && (p[2 * i] > x - slack ||
		    p[2 * i + 1] > x - slack))
			return ERR("%s padding of dimension %lld must be at "
			    "most %lld", mode, (long long)i,
			    (long long)(x - slack));
		d[i] = x == DYN ? DYN : x + p[2 * i] + p[2 * i + 1];
	}
	return set1(results, dialect_tensor(ctx, r, d, elem_of(t)));
}

bool
graph_infer_resize(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	int64_t x[4], s[2];
	const IrType *in = image_operand(ctx, st, 0, x);
	if (!in)
		return false;
	dialect_get_ints(DEF, ATTRS, "size", s, 2);
	bool tfl = !strcmp(dialect_get_str(DEF, ATTRS, "coordinate_mode"),
	    "tflite");
	bool ac = dialect_get_bool(DEF, ATTRS, "align_corners");
	bool hp = dialect_get_bool(DEF, ATTRS, "half_pixel_centers");
	if (ac && hp)
		return ERR("align_corners and half_pixel_centers are "
		    "exclusive");
	if (!tfl && (ac || hp))
		return ERR("align_corners and half_pixel_centers need "
		    "coordinate_mode \"tflite\"");
	if (tfl && !strcmp(dialect_get_str(DEF, ATTRS, "mode"), "cubic"))
		return ERR("cubic mode needs an ONNX coordinate_mode");
	const IrAttr *sc = ATTRS ? ir_dict_get(ATTRS, "scales") : NULL;
	bool aa = dialect_get_bool(DEF, ATTRS, "antialias");
	if (aa && tfl)
		return ERR("antialias needs an ONNX coordinate_mode");
	for (size_t i = 0; i < 2; i++) {
		double v = x[1 + i] == DYN ? 1 :
		    (double)s[i] / (double)x[1 + i];
		if (sc && sc->kind == IR_ATTR_ARRAY && i < sc->u.array.n) {
			const IrAttr *e = sc->u.array.elems[i];
			v = e->kind == IR_ATTR_FLOAT ? e->u.flt.value :
			    (double)e->u.integer.value;
		}
		if (!(v > 0))
			return ERR("scales must be > 0");
		if (aa && v < 1.0 / 16)
			return ERR("antialias needs scales >= 1/16");
	}
	return set1(results, image(ctx, st, x[0], s[0], s[1], x[3],
	    elem_of(in)));
}

bool
graph_infer_squeeze(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	bool mark[R];
	if (!t || !axes_mask(ctx, st, "axes", rank_of(t), mark))
		return false;
	bool all = !dialect_has_attr(DEF, ATTRS, "axes");
	int64_t d[R], r = 0;
	for (int64_t i = 0; i < rank_of(t); i++) {
		if (mark[i] && mismatch(dim(t, i), 1))
			return ERR("cannot squeeze dimension %lld of size "
			    "%lld", (long long)i, (long long)dim(t, i));
		if (!mark[i] && !(all && dim(t, i) == 1))
			d[r++] = dim(t, i);
	}
	return set1(results, dialect_tensor(ctx, r, d, elem_of(t)));
}

bool
graph_infer_unsqueeze(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t ax[R + 1], d[R];
	int n = dialect_get_ints(DEF, ATTRS, "axes", ax, R + 1);
	int64_t r = rank_of(t) + n;
	bool mark[R];
	if (r > R)
		return ERR("result rank %lld exceeds %d", (long long)r, R);
	if (!axes_mask(ctx, st, "axes", r, mark))
		return false;
	for (int64_t i = 0, j = 0; i < r; i++)
		d[i] = mark[i] ? 1 : dim(t, j++);
	return set1(results, dialect_tensor(ctx, r, d, elem_of(t)));
}

/* ---------------------------------------------------------------- norms */

bool
graph_infer_batch_norm(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t r = rank_of(t);
	if (r < 2)
		return ERR("input must have rank >= 2");
	int64_t c = dim(t, is_nchw(st) ? 1 : r - 1);
	for (size_t i = 1; i < 5; i++) {
		const IrType *p = dialect_ranked(ctx, st, i, 1);
		if (!p)
			return false;
		if (mismatch(dim(p, 0), c))
			return ERR("operand #%zu has %lld elements, expected "
			    "%lld (channels)", i, (long long)dim(p, 0),
			    (long long)c);
	}
	return set1(results, t);
}

bool
graph_infer_layer_norm(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = dialect_ranked(ctx, st, 0, -1);
	if (!t)
		return false;
	int64_t r = rank_of(t);
	int64_t axis = dialect_norm_axis(dialect_get_int(DEF, ATTRS, "axis"),
	    r);
	if (axis < 0)
		return ERR("axis is out of range for rank %lld", (long long)r);
	for (size_t i = 1; i < st->noperands; i++) {
		const IrType *p = dialect_ranked(ctx, st, i, r - axis);
		if (!p)
			return false;
		for (int64_t j = 0; j < r - axis; j++)
			if (mismatch(dim(p, j), dim(t, axis + j)))
				return ERR("operand #%zu does not match the "
				    "normalised dimensions", i);
	}
	return set1(results, t);
}

/* ---------------------------------------------------------------- types */

static const IrType *
type_attr(const IrOpState *st, const char *name)
{
	const IrAttr *a = ATTRS ? ir_dict_get(ATTRS, name) : NULL;
	return a && a->kind == IR_ATTR_TYPE ? a->u.type.type : NULL;
}

bool
graph_infer_cast(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = tensor_operand(ctx, st, 0);
	const IrType *to = type_attr(st, "to");
	if (!t)
		return false;
	if (!to || (to->kind != IR_TYPE_INTEGER && to->kind != IR_TYPE_FLOAT))
		return ERR("attribute 'to' must be an integer or float type");
	return set1(results, with_elem(ctx, t, to));
}

bool
graph_infer_quantize(IrContext *ctx, const IrOpState *st, size_t nresults,
    const IrType **results)
{
	const IrType *t = tensor_operand(ctx, st, 0);
	const IrType *q = type_attr(st, "qtype");
	if (!t)
		return false;
	if (!q || q->kind != IR_TYPE_QUANT)
		return ERR("attribute 'qtype' must be a !quant.uniform type");
	return set1(results, with_elem(ctx, t, q));
}

bool
graph_infer_dequantize(IrContext *ctx, const IrOpState *st,
    size_t nresults, const IrType **results)
{
	const IrType *t = tensor_operand(ctx, st, 0);
	if (!t)
		return false;
	if (elem_of(t)->kind != IR_TYPE_QUANT)
		return ERR("operand must have a quantized element type");
	return set1(results, with_elem(ctx, t, elem_of(t)->u.quant.expressed));
}
