/* import/onnx/shape.c: the ONNX converters of shapes and data movement
 * (Reshape, Flatten, Squeeze, Unsqueeze, Transpose, Concat, Split, Slice,
 * Pad, Resize) and of constants (Constant, ConstantOfShape, Shape, Cast,
 * Identity, Dropout), folded on the host when their inputs are known. */
#include <math.h>

#include "import/onnx/cvutil.h"

/* ------------------------------------------------------------ shapes */

/* A constant with c's data and a new shape (no copy). */
static OnnxConst *
const_reshaped(OnnxCv *cv, OnnxConst *c, int64_t rank, const int64_t *dims)
{
	OnnxConst *r = ir_arena_alloc(&cv->arena, sizeof *r, 8);
	*r = *c;
	r->mat = NULL;
	r->type = ir_type_tensor(cv->ctx, rank, dims, c->type->u.shaped.elem,
	    NULL);
	return r;
}

/* Sets the output to x reshaped to dims (folded for constants). */
static int
out_reshaped(OnnxCv *cv, int64_t rank, const int64_t *dims)
{
	OnnxConst *c = cin(cv, 0);
	if (c) {
		int64_t n = 1;
		for (int64_t i = 0; i < rank; i++)
			n *= dims[i];
		if (n != c->n)
			return fail(cv, "cannot reshape %lld elements",
			    (long long)c->n);
		out_c(cv, 0, const_reshaped(cv, c, rank, dims));
		return CV_OK;
	}
	return done(cv, reshape(cv, in(cv, 0), rank, dims));
}

/* Static dims of input 0 (value or constant) into d; rank, or -1. */
static int64_t
in_dims(OnnxCv *cv, int64_t *d)
{
	OnnxConst *c = cin(cv, 0);
	const IrType *t = c ? c->type : NULL;
	if (!t) {
		IrValue *x = in(cv, 0);
		if (!x || vrank(x) < 0)
			return -1;
		t = vty(x);
	}
	for (int64_t i = 0; i < t->u.shaped.rank; i++)
		d[i] = t->u.shaped.dims[i];
	return t->u.shaped.rank;
}

int
onnx_cv_reshape(OnnxCv *cv)
{
	int64_t s[ONNX_MAX_RANK], d[ONNX_MAX_RANK];
	int64_t n = cv->m->opset < 5 ? aints(cv, "shape", s, ONNX_MAX_RANK) :
	    cints(cv, 1, s, ONNX_MAX_RANK);
	int64_t r = in_dims(cv, d);
	if (n < 0)
		return unsup(cv, "with a non-constant shape");
	if (r < 0)
		return CV_FAIL;
	int64_t known = 1, neg = -1;
	for (int64_t i = 0; i < n; i++) {
		if (s[i] == 0 && !ai(cv, "allowzero", 0)) {
			if (i >= r)
				return fail(cv, "shape copies a missing "
				    "dimension");
			s[i] = d[i];
		}
		if (s[i] == -1)
			neg = i;
		else if (s[i] == IR_DYNAMIC || s[i] <= 0)
			return unsup(cv, "to a dynamic or empty shape");
		else
			known *= s[i];
	}
	if (neg >= 0) {
		int64_t total = 1;
		for (int64_t i = 0; i < r; i++) {
			if (d[i] == IR_DYNAMIC) {
				total = -1;
				break;
			}
			total *= d[i];
		}
		if (total >= 0 && known > 0)
			s[neg] = total / known;
	}
	return out_reshaped(cv, n, s);
}

int
onnx_cv_flatten(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK];
	int64_t r = in_dims(cv, d);
	if (r < 0)
		return CV_FAIL;
	int64_t axis = ai(cv, "axis", 1);
	if (axis < 0)
		axis += r;
	if (axis < 0 || axis > r)
		return fail(cv, "axis out of range");
	int64_t s[2] = { 1, 1 };
	for (int64_t i = 0; i < r; i++) {
		if (d[i] == IR_DYNAMIC)
			return unsup(cv, "of a dynamic shape");
		s[i >= axis] *= d[i];
	}
	return out_reshaped(cv, 2, s);
}

/* Reads Squeeze / Unsqueeze axes (attribute, or input 1 from opset
 * 13). */
static int64_t
axes_of(OnnxCv *cv, int64_t *axes)
{
	if (has_in(cv, 1))
		return cints(cv, 1, axes, ONNX_MAX_RANK);
	int64_t n = aints(cv, "axes", axes, ONNX_MAX_RANK);
	return n < 0 ? 0 : n;
}

int
onnx_cv_squeeze(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK], axes[ONNX_MAX_RANK], s[ONNX_MAX_RANK];
	int64_t r = in_dims(cv, d), n = axes_of(cv, axes), k = 0;
	bool drop[ONNX_MAX_RANK] = { false };
	if (r < 0)
		return CV_FAIL;
	if (n < 0)
		return unsup(cv, "with non-constant axes");
	for (int64_t i = 0; i < n; i++) {
		int64_t ax = axes[i] < 0 ? axes[i] + r : axes[i];
		if (ax < 0 || ax >= r || d[ax] != 1)
			return fail(cv, "axis %lld is not of size 1",
			    (long long)axes[i]);
		drop[ax] = true;
	}
	for (int64_t i = 0; i < r; i++) {
		if (n == 0 && d[i] == IR_DYNAMIC)
			return unsup(cv, "of a dynamic shape");
		if (!(n ? drop[i] : d[i] == 1))
			s[k++] = d[i];
	}
	return out_reshaped(cv, k, s);
}

int
onnx_cv_unsqueeze(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK], axes[ONNX_MAX_RANK], s[ONNX_MAX_RANK];
	int64_t r = in_dims(cv, d), n = axes_of(cv, axes);
	bool add[ONNX_MAX_RANK] = { false };
	if (r < 0)
		return CV_FAIL;
	if (n < 0)
		return unsup(cv, "with non-constant axes");
	int64_t out = r + n;
	if (out > ONNX_MAX_RANK)
		return fail(cv, "rank too large");
	for (int64_t i = 0; i < n; i++) {
		int64_t ax = axes[i] < 0 ? axes[i] + out : axes[i];
		if (ax < 0 || ax >= out || add[ax])
			return fail(cv, "bad axis %lld", (long long)axes[i]);
		add[ax] = true;
	}
	for (int64_t i = 0, j = 0; i < out; i++) {
		s[i] = add[i] ? 1 : d[j++];
		if (s[i] == IR_DYNAMIC)
			return unsup(cv, "of a dynamic shape");
	}
	return out_reshaped(cv, out, s);
}

int
onnx_cv_transpose(OnnxCv *cv)
{
	/* a constant is folded without being materialized */
	OnnxConst *c = cin(cv, 0), *f;
	IrValue *x = c ? NULL : in(cv, 0);
	if (!c && !x)
		return CV_FAIL;
	int64_t r = c ? c->type->u.shaped.rank : vrank(x), p[ONNX_MAX_RANK];
	if (aints(cv, "perm", p, ONNX_MAX_RANK) != r)
		for (int64_t i = 0; i < r; i++)
			p[i] = r - 1 - i;
	uint32_t seen = 0;
	for (int64_t i = 0; i < r; i++) {
		if (p[i] < 0 || p[i] >= r || (seen >> p[i] & 1))
			return fail(cv, "perm is not a permutation of 0..%lld",
			    (long long)(r - 1));
		seen |= 1u << p[i];
	}
	if (c && (f = onnx_fold_transpose(cv, c, p))) {
		out_c(cv, 0, f);
		return CV_OK;
	}
	if (!x && !(x = in(cv, 0)))
		return CV_FAIL;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "perm", (size_t)r, p);
	return done(cv, gop(cv, "graph.transpose", 1, &x, &a));
}

/* Concatenation of constants along axis (shape tensors). */
static OnnxConst *
fold_concat(OnnxCv *cv, int64_t axis)
{
	OnnxConst *c0 = cin(cv, 0);
	int64_t total = 0;
	if (c0->type->u.shaped.rank != 1 || axis != 0)
		return NULL;
	for (size_t i = 0; i < cv->nd->nin; i++) {
		OnnxConst *c = cin(cv, i);
		if (!c || c->dtype != c0->dtype || c->type->u.shaped.rank != 1)
			return NULL;
		total += c->n;
	}
	OnnxConst *r = onnx_const_new(cv, c0->dtype, 1, &total);
	int64_t k = 0;
	for (size_t i = 0; r && i < cv->nd->nin; i++) {
		OnnxConst *c = cin(cv, i);
		for (int64_t j = 0; j < c->n; j++)
			onnx_const_set(r, k++, onnx_const_f(c, j));
	}
	return r;
}

int
onnx_cv_concat(OnnxCv *cv)
{
	int64_t axis = ai(cv, "axis", 0);
	if (cv->nd->nin == 0)
		return fail(cv, "needs inputs");
	OnnxConst *f = cin(cv, 0) ? fold_concat(cv, axis) : NULL;
	if (f) {
		out_c(cv, 0, f);
		return CV_OK;
	}
	IrValue **ops = ir_arena_alloc(&cv->arena, cv->nd->nin *
	    sizeof *ops, 8);
	for (size_t i = 0; i < cv->nd->nin; i++)
		if (!(ops[i] = in(cv, i)))
			return CV_FAIL;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_int(&a, "axis", axis);
	return done(cv, gop(cv, "graph.concat", cv->nd->nin, ops, &a));
}

int
onnx_cv_split(OnnxCv *cv)
{
	IrValue *x = in(cv, 0);
	int64_t sizes[64], n;
	if (!x)
		return CV_FAIL;
	if (cv->nd->nout > 64)
		return unsup(cv, "into more than 64 pieces");
	if (has_in(cv, 1))
		n = cints(cv, 1, sizes, 64);
	else
		n = aints(cv, "split", sizes, 64);
	if (has_in(cv, 1) && n < 0)
		return unsup(cv, "with non-constant sizes");
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_int(&a, "axis", ai(cv, "axis", 0));
	if (n > 0)
		import_attrs_ints(&a, "sizes", (size_t)n, sizes);
	cv->b.loc = cv->loc;
	IrOp *op = dialect_create(&cv->b, "graph.split", 1, &x,
	    import_attrs_dict(&a), cv->nd->nout);
	if (!op)
		return CV_FAIL;
	for (size_t i = 0; i < cv->nd->nout; i++)
		out_v(cv, i, ir_op_result(op, (unsigned)i));
	return CV_OK;
}

/* Slice's starts, ends, axes and steps (attributes before opset 10,
 * constant inputs after); *na / *ns are -1 when absent. */
static int
slice_params(OnnxCv *cv, int64_t *st, int64_t *en, int64_t *ax, int64_t *sp,
    int64_t *n, int64_t *na, int64_t *ns)
{
	int64_t ne;
	*na = *ns = -1;
	if (cv->m->opset < 10) {
		*n = aints(cv, "starts", st, ONNX_MAX_RANK);
		ne = aints(cv, "ends", en, ONNX_MAX_RANK);
		*na = aints(cv, "axes", ax, ONNX_MAX_RANK);
	} else {
		*n = cints(cv, 1, st, ONNX_MAX_RANK);
		ne = cints(cv, 2, en, ONNX_MAX_RANK);
		if (has_in(cv, 3) && (*na = cints(cv, 3, ax,
		    ONNX_MAX_RANK)) < 0)
			return unsup(cv, "with non-constant axes");
		if (has_in(cv, 4) && (*ns = cints(cv, 4, sp,
		    ONNX_MAX_RANK)) < 0)
			return unsup(cv, "with non-constant steps");
	}
	if (*n < 0 || ne != *n)
		return unsup(cv, "with non-constant starts or ends");
	if ((*na >= 0 && *na != *n) || (*ns >= 0 && *ns != *n))
		return fail(cv, "starts, ends, axes and steps differ in "
		    "length");
	return CV_OK;
}

/* Slice from opset 10 (inputs) or before (attributes). */
int
onnx_cv_slice(OnnxCv *cv)
{
	int64_t st[ONNX_MAX_RANK], en[ONNX_MAX_RANK], ax[ONNX_MAX_RANK],
	    sp[ONNX_MAX_RANK], d[ONNX_MAX_RANK];
	int64_t n, na, ns;
	int res = slice_params(cv, st, en, ax, sp, &n, &na, &ns);
	if (res != CV_OK)
		return res;
	int64_t r = in_dims(cv, d);
	if (r < 0)
		return CV_FAIL;
	int64_t b[ONNX_MAX_RANK], e[ONNX_MAX_RANK], s[ONNX_MAX_RANK];
	int64_t mask = 0;
	for (int64_t i = 0; i < r; i++) {
		b[i] = 0;
		e[i] = d[i];
		s[i] = 1;
	}
	for (int64_t i = 0; i < n; i++) {
		int64_t a = na >= 0 ? ax[i] : i;
		if (a < 0)
			a += r;
		if (a < 0 || a >= r)
			return fail(cv, "axis out of range");
		int64_t step = ns >= 0 ? sp[i] : 1, dim = d[a];
		if (step == 0)
			return fail(cv, "step 0");
		if (dim == IR_DYNAMIC)
			return unsup(cv, "of a dynamic dimension");
		int64_t lo = st[i] < 0 ? st[i] + dim : st[i];
		int64_t hi = en[i] < 0 ? en[i] + dim : en[i];
		if (en[i] < -dim - 1 || en[i] == INT64_MIN)
			hi = -1;
		if (step > 0) {
			lo = lo < 0 ? 0 : lo > dim ? dim : lo;
			hi = hi < 0 ? 0 : hi > dim ? dim : hi;
		} else {
			lo = lo < 0 ? -1 : lo > dim - 1 ? dim - 1 : lo;
			hi = hi < -1 ? -1 : hi > dim - 1 ? dim - 1 : hi;
			if (hi == -1)
				mask |= (int64_t)1 << a;
		}
		b[a] = lo;
		e[a] = hi;
		s[a] = step;
	}
	OnnxConst *c = cin(cv, 0), *f;
	if (c && !(r == 1 && s[0] == 1) && (f = onnx_fold_slice(cv, c, b, e,
	    s))) {
		out_c(cv, 0, f);
		return CV_OK;
	}
	if (c && r == 1 && s[0] == 1) {
		int64_t len = e[0] > b[0] ? e[0] - b[0] : 0;
		OnnxConst *o = onnx_const_new(cv, c->dtype, 1, &len);
		for (int64_t i = 0; o && i < len; i++)
			onnx_const_set(o, i, onnx_const_f(c, b[0] + i));
		if (!o)
			return CV_FAIL;
		out_c(cv, 0, o);
		return CV_OK;
	}
	for (int64_t i = 0; i < r; i++)
		if (s[i] > 0 && e[i] <= b[i])
			return unsup(cv, "to an empty tensor");
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "begin", (size_t)r, b);
	import_attrs_ints(&a, "end", (size_t)r, e);
	import_attrs_ints(&a, "strides", (size_t)r, s);
	if (mask)
		import_attrs_int(&a, "end_mask", mask);
	IrValue *x = in(cv, 0);
	return done(cv, gop(cv, "graph.strided_slice", 1, &x, &a));
}

/* Pad's pads as [begin0, end0, begin1, ...] into q: from the attribute
 * (before opset 11) or the constant input, spread over `axes` (opset 18;
 * others 0). CV_OK or CV_UNSUP. */
static int
pad_amounts(OnnxCv *cv, int64_t r, int64_t *q)
{
	int64_t p[2 * ONNX_MAX_RANK], ax[ONNX_MAX_RANK], n, na = r;
	for (int64_t i = 0; i < r; i++)
		ax[i] = i;
	if (cv->m->opset < 11)
		n = aints(cv, "pads", p, 2 * ONNX_MAX_RANK);
	else
		n = cints(cv, 1, p, 2 * ONNX_MAX_RANK);
	if (has_in(cv, 3) && (na = cints(cv, 3, ax, ONNX_MAX_RANK)) < 0)
		return unsup(cv, "with non-constant axes");
	if (n != 2 * na)
		return unsup(cv, "with non-constant pads");
	memset(q, 0, (size_t)(2 * r) * sizeof *q);
	for (int64_t i = 0; i < na; i++) {
		int64_t a = ax[i] < 0 ? ax[i] + r : ax[i];
		if (a < 0 || a >= r)
			return unsup(cv, "with axis %lld out of range",
			    (long long)ax[i]);
		if (p[i] < -DIALECT_MAX_DIM || p[i] > DIALECT_MAX_DIM ||
		    p[na + i] < -DIALECT_MAX_DIM || p[na + i] > DIALECT_MAX_DIM)
			return unsup(cv, "with huge pads");
		q[2 * a] = p[i];
		q[2 * a + 1] = p[na + i];
	}
	return CV_OK;
}

/* Negative pads crop first (as onnxruntime and ONNX's reference do):
 * *x becomes a graph.slice without the cropped rows; q keeps the positive
 * pads. CV_OK, CV_UNSUP or CV_FAIL. */
static int
pad_crop(OnnxCv *cv, IrValue **x, int64_t r, int64_t *q)
{
	int64_t b[ONNX_MAX_RANK], sz[ONNX_MAX_RANK];
	bool crop = false;
	for (int64_t i = 0; i < r; i++) {
		int64_t cb = q[2 * i] < 0 ? -q[2 * i] : 0;
		int64_t ce = q[2 * i + 1] < 0 ? -q[2 * i + 1] : 0;
		int64_t d = vdim(*x, i);
		crop |= cb || ce;
		b[i] = cb;
		if (d == IR_DYNAMIC ? ce != 0 : d - cb - ce < 1)
			return unsup(cv, "with negative pads on a dynamic or "
			    "too small dimension");
		sz[i] = d == IR_DYNAMIC ? -1 : d - cb - ce;
		q[2 * i] = cb ? 0 : q[2 * i];
		q[2 * i + 1] = ce ? 0 : q[2 * i + 1];
	}
	if (!crop)
		return CV_OK;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_ints(&a, "begin", (size_t)r, b);
	import_attrs_ints(&a, "size", (size_t)r, sz);
	*x = gop(cv, "graph.slice", 1, x, &a);
	return *x ? CV_OK : CV_FAIL;
}

int
onnx_cv_pad(OnnxCv *cv)
{
	IrValue *x = in(cv, 0);
	int64_t q[2 * ONNX_MAX_RANK];
	double value = 0;
	if (!x)
		return CV_FAIL;
	int64_t r = vrank(x);
	if (r < 0 || r > ONNX_MAX_RANK)
		return unsup(cv, "of an unranked value");
	if (cv->m->opset < 11) {
		value = af(cv, "value", 0.0);
	} else if (has_in(cv, 2)) {
		OnnxConst *c = cin(cv, 2);
		if (!c || c->n != 1)
			return unsup(cv, "with a non-constant value");
		value = onnx_const_f(c, 0);
	}
	int rr = pad_amounts(cv, r, q);
	if (rr != CV_OK)
		return rr;
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	if (as_is(cv, "mode", "constant", "reflect"))
		import_attrs_str(&a, "mode", "reflect");
	else if (as_is(cv, "mode", "constant", "edge"))
		import_attrs_str(&a, "mode", "edge");
	else if (!as_is(cv, "mode", "constant", "constant"))
		return unsup(cv, "in this mode");
	if (value != 0)
		import_attrs_float(&a, "constant_value", value);
	if ((rr = pad_crop(cv, &x, r, q)) != CV_OK)
		return rr;
	import_attrs_ints(&a, "paddings", (size_t)(2 * r), q);
	return done(cv, gop(cv, "graph.pad", 1, &x, &a));
}

/* Resize's constant roi, scales and sizes spread over all 4 axes (opset
 * 18's `axes` names the axes they cover; the others keep roi [0, 1],
 * scale 1, their size). n* are -1 for an absent or empty input. */
typedef struct ResizeIn {
	double roi[8], sc[4];
	int64_t sz[4];
	int64_t nroi, nsc, nsz;
} ResizeIn;

/* The axes Resize's inputs cover into ax; their count, or -1 after
 * reporting. */
static int64_t
resize_axes(OnnxCv *cv, int64_t *ax)
{
	int64_t n = aints(cv, "axes", ax, 4);
	bool seen[4] = { false };
	if (n < 0) {
		for (int64_t i = 0; i < 4; i++)
			ax[i] = i;
		return 4;
	}
	for (int64_t i = 0; i < n; i++) {
		ax[i] = ax[i] < 0 ? ax[i] + 4 : ax[i];
		if (ax[i] < 0 || ax[i] > 3 || seen[ax[i]]) {
			unsup(cv, "with bad or repeated axes");
			return -1;
		}
		seen[ax[i]] = true;
	}
	return n;
}

/* Reads input k (n values per covered axis, `per` entries each) into
 * out[per * 4] by axis; the count read, -1 when absent or empty. */
static int64_t
resize_input(OnnxCv *cv, size_t k, const int64_t *ax, int64_t na, int per,
    double *out)
{
	OnnxConst *c = cin(cv, k);
	if (!c || c->n == 0)
		return -1;
	if (c->n != per * na)
		return -2;
	for (int64_t i = 0; i < na; i++)
		for (int j = 0; j < per; j++)
			out[j * 4 + ax[i]] = onnx_const_f(c, j * na + i);
	return c->n;
}

/* keep_aspect_ratio_policy not_larger / not_smaller: one scale, the
 * min / max of size / input over the covered axes; each covered size is
 * then round_half_up(scale * input). */
static int
resize_aspect(OnnxCv *cv, IrValue *x, const int64_t *ax, int64_t na,
    ResizeIn *r)
{
	bool larger = as_is(cv, "keep_aspect_ratio_policy", "stretch",
	    "not_larger");
	if (!larger && !as_is(cv, "keep_aspect_ratio_policy", "stretch",
	    "not_smaller"))
		return unsup(cv, "with this keep_aspect_ratio_policy");
	double s = larger ? INFINITY : 0;
	for (int64_t i = 0; i < na; i++)
		if (vdim(x, ax[i]) == IR_DYNAMIC)
			return unsup(cv, "keeping the aspect of a dynamic "
			    "size");
	for (int64_t i = 0; i < na; i++) {
		double f = (double)r->sz[ax[i]] / (double)vdim(x, ax[i]);
		s = larger ? fmin(s, f) : fmax(s, f);
	}
	for (int64_t i = 0; i < na; i++) {
		double f = floor(s * (double)vdim(x, ax[i]) + 0.5);
		if (!(f >= 1 && f <= DIALECT_MAX_DIM))
			return unsup(cv, "to an empty or huge size");
		r->sz[ax[i]] = (int64_t)f;
	}
	return CV_OK;
}

/* Fills r from the constant inputs (roi 1, scales 2, sizes 3; scales 1
 * before opset 11) and `axes`. */
static int
resize_read(OnnxCv *cv, IrValue *x, ResizeIn *r)
{
	int64_t ax[4], na = cv->m->opset < 11 ? 4 : resize_axes(cv, ax);
	double sz[4];
	if (na < 0)
		return CV_UNSUP;
	if (cv->m->opset < 11)
		for (int64_t i = 0; i < 4; i++)
			ax[i] = i;
	for (int64_t i = 0; i < 4; i++) {
		r->roi[i] = 0;
		r->roi[4 + i] = 1;
		r->sc[i] = 1;
		sz[i] = NAN; /* not covered: the input's size */
		r->sz[i] = vdim(x, i);
	}
	if (cv->m->opset < 11) {
		r->nroi = r->nsz = -1;
		r->nsc = resize_input(cv, 1, ax, na, 1, r->sc);
	} else {
		r->nroi = resize_input(cv, 1, ax, na, 2, r->roi);
		r->nsc = resize_input(cv, 2, ax, na, 1, r->sc);
		r->nsz = resize_input(cv, 3, ax, na, 1, sz);
	}
	if (r->nroi == -2 || r->nsc == -2 || r->nsz == -2)
		return unsup(cv, "with roi, scales or sizes not matching the "
		    "axes");
	for (int64_t i = 0; i < na && r->nsz > 0; i++) {
		if (!(sz[ax[i]] >= 1 && sz[ax[i]] <= DIALECT_MAX_DIM))
			return unsup(cv, "to an empty or huge size");
		r->sz[ax[i]] = (int64_t)sz[ax[i]];
	}
	if (r->nsz > 0 && !as_is(cv, "keep_aspect_ratio_policy", "stretch",
	    "stretch"))
		return resize_aspect(cv, x, ax, na, r);
	return CV_OK;
}

/* Resize's output H and W from its sizes, or from its scales (then also
 * `scales`, which ONNX maps coordinates with); roi is [h0, w0, h1, w1]. */
static int
resize_size(OnnxCv *cv, const ResizeIn *r, IrValue *x, const double *roi,
    int64_t *size, ImportAttrs *a)
{
	if (r->nsz > 0) {
		if (r->sz[0] != vdim(x, 0) || r->sz[1] != vdim(x, 1))
			return unsup(cv, "of N or C");
		size[0] = r->sz[2];
		size[1] = r->sz[3];
		return CV_OK;
	}
	if (r->nsc < 0)
		return unsup(cv, "without constant scales or sizes");
	if (r->sc[0] != 1 || r->sc[1] != 1)
		return unsup(cv, "of N or C");
	if (vdim(x, 2) == IR_DYNAMIC || vdim(x, 3) == IR_DYNAMIC)
		return unsup(cv, "of a dynamic size");
	const IrAttr *el[2];
	for (int i = 0; i < 2; i++) {
		double s = r->sc[2 + i];
		double f = floor(vdim(x, 2 + i) * (roi[2 + i] - roi[i]) * s);
		if (!(s > 0) || !(f >= 1 && f <= DIALECT_MAX_DIM))
			return unsup(cv, "to an empty or huge size");
		size[i] = (int64_t)f;
		el[i] = ir_attr_float(cv->ctx, ir_type_float(cv->ctx, IR_F32),
		    (double)(float)s);
	}
	import_attrs_set(a, "scales", ir_attr_array(cv->ctx, 2, el));
	return CV_OK;
}

/* ONNX's coordinate_transformation_mode (asymmetric before opset 11). */
static const char *
resize_coord_mode(OnnxCv *cv)
{
	static const char *const modes[] = { "half_pixel",
	    "pytorch_half_pixel", "align_corners", "asymmetric",
	    "tf_half_pixel_for_nn", "tf_crop_and_resize" };
	if (cv->m->opset < 11)
		return "asymmetric";
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
		if (as_is(cv, "coordinate_transformation_mode", "half_pixel",
		    modes[i]))
			return modes[i];
	return NULL;
}

/* ONNX's nearest_mode (floor before opset 11, as TFLite). */
static const char *
resize_nearest_mode(OnnxCv *cv)
{
	static const char *const modes[] = { "round_prefer_floor",
	    "round_prefer_ceil", "floor", "ceil" };
	if (cv->m->opset < 11)
		return "floor";
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
		if (as_is(cv, "nearest_mode", "round_prefer_floor", modes[i]))
			return modes[i];
	return NULL;
}

/* Resize of H and W (N and C unchanged) as graph.resize with ONNX's
 * coordinate mode, rounding, cubic coefficient and crop. */
int
onnx_cv_resize(OnnxCv *cv)
{
	IrValue *x = in(cv, 0);
	if (!x)
		return CV_FAIL;
	if (vrank(x) != 4)
		return unsup(cv, "other than 4-D");
	bool aa = ai(cv, "antialias", 0) != 0;
	const char *cm = resize_coord_mode(cv), *nm = resize_nearest_mode(cv);
	if (!cm || !nm)
		return unsup(cv, "with this coordinate or nearest mode");
	const char *mode = as_is(cv, "mode", "nearest", "nearest") ?
	    "nearest" : as_is(cv, "mode", "nearest", "linear") ? "bilinear" :
	    as_is(cv, "mode", "nearest", "cubic") ? "cubic" : NULL;
	if (!mode)
		return unsup(cv, "in this mode");
	ResizeIn ri;
	int rr = resize_read(cv, x, &ri);
	if (rr != CV_OK)
		return rr;
	bool crop = !strcmp(cm, "tf_crop_and_resize");
	double roi[4] = { 0, 0, 1, 1 };
	if (crop) {
		if (ri.nroi < 0)
			return unsup(cv, "tf_crop_and_resize without a "
			    "constant roi");
		if (ri.roi[0] != 0 || ri.roi[1] != 0 || ri.roi[4] != 1 ||
		    ri.roi[5] != 1)
			return unsup(cv, "cropping N or C");
		roi[0] = ri.roi[2];
		roi[1] = ri.roi[3];
		roi[2] = ri.roi[6];
		roi[3] = ri.roi[7];
	}
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	int64_t size[2];
	if ((rr = resize_size(cv, &ri, x, roi, size, &a)) != CV_OK)
		return rr;
	import_attrs_ints(&a, "size", 2, size);
	import_attrs_str(&a, "layout", "NCHW");
	import_attrs_str(&a, "mode", mode);
	import_attrs_str(&a, "coordinate_mode", cm);
	if (!strcmp(mode, "nearest"))
		import_attrs_str(&a, "nearest_mode", nm);
	if (!strcmp(mode, "cubic"))
		import_attrs_float(&a, "cubic_coeff_a",
		    af(cv, "cubic_coeff_a", -0.75));
	if (ai(cv, "exclude_outside", 0))
		import_attrs_bool(&a, "exclude_outside", true);
	if (aa && strcmp(mode, "nearest")) {
		for (int i = 0; i < 2; i++)
			if ((ri.nsz > 0 ? (double)size[i] / (double)vdim(x,
			    2 + i) : ri.sc[2 + i]) < 1.0 / 16)
				return unsup(cv, "with antialias below scale "
				    "1/16");
		import_attrs_bool(&a, "antialias", true);
	}
	if (crop) {
		const IrAttr *el[4];
		for (int i = 0; i < 4; i++)
			el[i] = ir_attr_float(cv->ctx, ir_type_float(cv->ctx,
			    IR_F32), (double)(float)roi[i]);
		import_attrs_set(&a, "roi", ir_attr_array(cv->ctx, 4, el));
		import_attrs_float(&a, "extrapolation_value",
		    af(cv, "extrapolation_value", 0.0));
	}
	return done(cv, gop(cv, "graph.resize", 1, &x, &a));
}

/* ------------------------------------------------------------ constants */

int
onnx_cv_constant(OnnxCv *cv)
{
	const OnnxAttr *a = attr(cv, "value");
	OnnxConst *c = NULL;
	int64_t one = 1;
	if (a && a->has_t) {
		c = onnx_const_from_tensor(cv, &a->t);
	} else if ((a = attr(cv, "value_float"))) {
		if ((c = onnx_const_new(cv, ONNX_FLOAT, 0, NULL)))
			onnx_const_set(c, 0, a->f);
	} else if ((a = attr(cv, "value_int"))) {
		if ((c = onnx_const_new(cv, ONNX_INT64, 0, NULL)))
			onnx_const_set(c, 0, (double)a->i);
	} else if ((a = attr(cv, "value_ints"))) {
		one = a->nints;
		if ((c = onnx_const_new(cv, ONNX_INT64, 1, &one)))
			onnx_attr_ints(a, (int64_t *)c->data, one);
	} else if ((a = attr(cv, "value_floats"))) {
		one = a->nfloats;
		double v[1024];
		if (one > 1024)
			return unsup(cv, "value_floats longer than 1024");
		onnx_attr_floats(a, v, one);
		if ((c = onnx_const_new(cv, ONNX_FLOAT, 1, &one)))
			for (int64_t i = 0; i < one; i++)
				onnx_const_set(c, i, v[i]);
	} else {
		return unsup(cv, "without a supported value attribute");
	}
	if (!c)
		return CV_FAIL;
	out_c(cv, 0, c);
	return CV_OK;
}

int
onnx_cv_constant_of_shape(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK];
	int64_t r = cints(cv, 0, d, ONNX_MAX_RANK);
	if (r < 0)
		return unsup(cv, "with a non-constant shape");
	const OnnxAttr *a = attr(cv, "value");
	OnnxConst *v = NULL;
	if (a && a->has_t && !(v = onnx_const_from_tensor(cv, &a->t)))
		return CV_FAIL;
	OnnxConst *c = onnx_const_new(cv, v ? v->dtype : ONNX_FLOAT, r, d);
	if (!c)
		return CV_FAIL;
	double x = v && v->n ? onnx_const_f(v, 0) : 0.0;
	for (int64_t i = 0; i < c->n; i++)
		onnx_const_set(c, i, x);
	out_c(cv, 0, c);
	return CV_OK;
}

int
onnx_cv_shape(OnnxCv *cv)
{
	int64_t d[ONNX_MAX_RANK];
	int64_t r = in_dims(cv, d);
	if (r < 0)
		return CV_FAIL;
	int64_t s = ai(cv, "start", 0), e = ai(cv, "end", r);
	s = s < 0 ? s + r : s;
	e = e < 0 ? e + r : e;
	s = s < 0 ? 0 : s > r ? r : s;
	e = e < s ? s : e > r ? r : e;
	int64_t n = e - s;
	for (int64_t i = s; i < e; i++)
		if (d[i] == IR_DYNAMIC)
			return unsup(cv, "of a dynamic shape (fix it with "
			    "--input-shape)");
	OnnxConst *c = onnx_const_new(cv, ONNX_INT64, 1, &n);
	if (!c)
		return CV_FAIL;
	for (int64_t i = 0; i < n; i++)
		onnx_const_set(c, i, (double)d[s + i]);
	out_c(cv, 0, c);
	return CV_OK;
}

int
onnx_cv_cast(OnnxCv *cv)
{
	int32_t to = (int32_t)ai(cv, "to", 0);
	const IrType *t = onnx_elem_type(cv->ctx, to);
	if (!t)
		return unsup(cv, "to element type %d", (int)to);
	OnnxConst *c = cin(cv, 0);
	if (c) {
		OnnxConst *r = onnx_const_new(cv, to, c->type->u.shaped.rank,
		    c->type->u.shaped.dims);
		if (!r)
			return CV_FAIL;
		for (int64_t i = 0; i < c->n; i++)
			onnx_const_set(r, i, onnx_const_f(c, i));
		out_c(cv, 0, r);
		return CV_OK;
	}
	ImportAttrs a;
	import_attrs_init(&a, cv->ctx);
	import_attrs_type(&a, "to", t);
	IrValue *x = in(cv, 0);
	return done(cv, gop(cv, "graph.cast", 1, &x, &a));
}

int
onnx_cv_identity(OnnxCv *cv)
{
	OnnxEntry *e = ein(cv, 0);
	if (!e)
		return fail(cv, "needs an input");
	if (e->c)
		out_c(cv, 0, e->c);
	else
		out_v(cv, 0, e->v);
	return CV_OK;
}

int
onnx_cv_dropout(OnnxCv *cv)
{
	if (cv->nd->nout > 1 && cv->nd->out[1].n)
		return unsup(cv, "with a mask output");
	return onnx_cv_identity(cv);
}
