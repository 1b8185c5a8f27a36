/* ir/parse_type.c: the builders for types (builtin, shaped, function,
 * tuple, dialect and quantized types). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir/parser.h"
#include "parse.h"

/* ---------------------------------------------------------------- types */

const IrType *
ir_p_int_type(IrParser *p, const IrToken *tok)
{
	IrSignedness sign = IR_SIGNLESS;
	IrToken n = *tok;
	uint64_t w;

	if (p->failed)
		return NULL;
	if (n.s[0] == 's' || n.s[0] == 'u') {
		sign = n.s[0] == 's' ? IR_SIGNED : IR_UNSIGNED;
		n.s++;
		n.len--;
	}
	n.s++;
	n.len--;
	if (!ir_p_tok_u64(&n, &w) || w > IR_INT_MAX_WIDTH) {
		ir_p_fail(p, tok, "integer bitwidth is limited to %u bits",
		    IR_INT_MAX_WIDTH);
		return NULL;
	}
	return ir_type_int(p->ctx, (unsigned)w, sign);
}

const IrType *
ir_p_float_type(IrParser *p, IrFloatKind kind)
{
	return p->failed ? NULL : ir_type_float(p->ctx, kind);
}

const IrType *
ir_p_index_type(IrParser *p)
{
	return p->failed ? NULL : ir_type_index(p->ctx);
}

const IrType *
ir_p_none_type(IrParser *p)
{
	return p->failed ? NULL : ir_type_none(p->ctx);
}

/* Drops white space around the body of `#d< "..." >`: MLIR reads one
 * string token there (leading line breaks are kept: the token's line and
 * column would change). */
static void
trim_space(IrToken *t)
{
	size_t a = 0, b = t->len;

	while (a < b && (t->s[a] == ' ' || t->s[a] == '\t'))
		a++;
	while (b > a && strchr(" \t\r\n", t->s[b - 1]))
		b--;
	if (a == b || t->s[a] != '"' || t->s[b - 1] != '"')
		return;
	t->s += a;
	t->off += a;
	t->col += (unsigned)a;
	t->len = b - a;
}

/* Whether s[0..len) is exactly one string literal: a quote, characters
 * with backslash escapes, the closing quote at the end. */
static bool
one_string(const char *s, size_t len)
{
	size_t i = 1;

	if (len < 2 || s[0] != '"')
		return false;
	while (i < len - 1 && s[i] != '"')
		i += s[i] == '\\' ? 2 : 1;
	return i == len - 1 && s[i] == '"';
}

/* `!dialect.body` or `#dialect.body` -> dialect and verbatim body;
 * `!dialect<"body">` (the opaque form) -> dialect and the string. */
static void
split_dialect(IrParser *p, const IrToken *tok, const IrIdent **dialect,
    const IrIdent **body)
{
	const char *dot = memchr(tok->s, '.', tok->len);
	const char *lt = memchr(tok->s, '<', tok->len);
	size_t dl;

	if (!dot || (lt && lt < dot)) {
		IrToken str = *tok;

		dl = (size_t)(lt - tok->s) - 1;
		*dialect = ir_ident_get(p->ctx, tok->s + 1, dl);
		str.s = lt + 1;
		str.len = tok->len - dl - 3;
		trim_space(&str);
		if (one_string(str.s, str.len))
			*body = ir_p_tok_string(p, &str, 0);
		else
			*body = ir_ident_get(p->ctx, str.s, str.len);
		return;
	}
	dl = (size_t)(dot - tok->s) - 1;
	*dialect = ir_ident_get(p->ctx, tok->s + 1, dl);
	*body = ir_ident_get(p->ctx, dot + 1, tok->len - dl - 2);
}

/* `!.x` / `#.x`: no dialect name. MLIR refuses it (pointing just past
 * the dot), and it would print in a form that does not read back. */
static bool
dialect_named(IrParser *p, const IrToken *tok, const IrIdent *d)
{
	IrToken at = *tok;

	if (d->len > 0)
		return true;
	at.col += 2;
	at.off += 2;
	at.s += 2;
	ir_p_fail(p, &at, "invalid dialect namespace '\"\"'");
	return false;
}

const IrType *
ir_p_dialect_type(IrParser *p, const IrToken *tok)
{
	const IrIdent *d, *b;

	if (p->failed)
		return NULL;
	split_dialect(p, tok, &d, &b);
	if (!dialect_named(p, tok, d))
		return NULL;
	/* !quant.any / !quant.calibrated: checked and normalised */
	if (d->len == 5 && !memcmp(d->str, "quant", 5) &&
	    tok->len > 7 && tok->s[6] == '.' &&
	    !(b = ir_p_quant_opaque(p, tok, b)))
		return NULL;
	return ir_type_opaque(p->ctx, d, b);
}

const IrAttr *
ir_p_dialect_attr(IrParser *p, const IrToken *tok, const IrType *type)
{
	const IrIdent *d, *b;

	if (p->failed)
		return NULL;
	split_dialect(p, tok, &d, &b);
	if (!dialect_named(p, tok, d))
		return NULL;
	return ir_attr_opaque_typed(p->ctx, d, b, type);
}

const IrType *
ir_p_tuple(IrParser *p, IrPtrList *types)
{
	const IrType *t = NULL;

	if (!p->failed && types && !ir_p_has_null(types))
		t = ir_type_tuple(p->ctx, types->n,
		    (const IrType *const *)types->v);
	ir_p_list_free(p, types);
	return t;
}

const IrType *
ir_p_func_type(IrParser *p, IrPtrList *in, IrPtrList *out)
{
	const IrType *t = NULL;

	if (!p->failed && in && out && !ir_p_has_null(in) &&
	    !ir_p_has_null(out))
		t = ir_type_function(p->ctx, in->n,
		    (const IrType *const *)in->v, out->n,
		    (const IrType *const *)out->v);
	ir_p_list_free(p, in);
	ir_p_list_free(p, out);
	return t;
}

int64_t
ir_p_dim(IrParser *p, const IrToken *tok)
{
	IrToken n = *tok;
	uint64_t v;

	if (p->failed || tok->s[0] == '?')
		return IR_DYNAMIC;
	n.len = strspn(tok->s, "0123456789");
	if (!ir_p_tok_u64(&n, &v) || v > (uint64_t)INT64_MAX) {
		ir_p_fail(p, tok, "dimension is too large");
		return 0;
	}
	return (int64_t)v;
}

IrI64List *
ir_p_sdims(IrParser *p, IrI64List *dims, const IrToken *tok)
{
	const char *c = tok->s, *end = strchr(tok->s, ']');
	IrToken n = *tok;
	uint64_t v;

	while (!p->failed && (c += strcspn(c, "0123456789")) < end) {
		n.s = c;
		n.len = strspn(c, "0123456789");
		if (!ir_p_tok_u64(&n, &v) || v > (uint64_t)INT64_MAX / 2) {
			ir_p_fail(p, tok, "dimension is too large");
			break;
		}
		dims = ir_p_i64_push(p, dims, -2 - (int64_t)v);
		c += n.len;
	}
	return dims;
}

const IrType *
ir_p_complex(IrParser *p, const IrToken *kw, const IrType *elem)
{
	const IrType *t;

	if (p->failed || !elem)
		return NULL;
	t = ir_type_complex(p->ctx, elem);
	if (!t)
		ir_p_fail(p, kw, "invalid element type for complex");
	return t;
}

/* Whether dims entry d is a scalable dim (ir_p_sdim's encoding). */
static bool
is_sdim(int64_t d)
{
	return d < 0 && d != IR_DYNAMIC;
}

/* Decodes the scalable dims of a vector in place: they must be the
 * trailing ones (MLIR 14). Returns how many, or -1 after an error. */
static int64_t
scalable_dims(IrParser *p, const IrToken *kw, int64_t *d, int64_t rank)
{
	int64_t i, n = 0;

	for (i = 0; i < rank; i++) {
		if (is_sdim(d[i])) {
			d[i] = -2 - d[i];
			n++;
		} else if (n) {
			ir_p_fail(p, kw, "fixed-length dimension after a "
			    "scalable dimension");
			return -1;
		}
	}
	if (n && kw->kind != TK_VECTOR) {
		ir_p_fail(p, kw, "scalable dimensions are only allowed in "
		    "vector types");
		return -1;
	}
	return n;
}

/* MLIR 14's element rules: numbers everywhere, vectors in tensors and
 * memrefs, memrefs in memrefs, dialect types (quant included) in tensors
 * only. */
static bool
valid_elem(int kw, const IrType *t)
{
	if (t->kind == IR_TYPE_INTEGER || t->kind == IR_TYPE_FLOAT ||
	    t->kind == IR_TYPE_INDEX)
		return true;
	if (kw == TK_VECTOR)
		return false;
	if (t->kind == IR_TYPE_COMPLEX)
		return true; /* tensor<complex<f32>>, memref<?xcomplex<i8>> */
	if (kw == TK_MEMREF && t->kind == IR_TYPE_MEMREF)
		return true; /* memref<3xmemref<2xi8>>, as MLIR 14 allows */
	return t->kind == IR_TYPE_VECTOR || (kw == TK_TENSOR &&
	    (t->kind == IR_TYPE_QUANT || t->kind == IR_TYPE_OPAQUE));
}

/* A memref's memory space: an integer, a string or a dictionary, as
 * mlir-opt-14 allows (it refuses attributes of unknown dialects). */
static bool
valid_memspace(const IrAttr *a)
{
	return a->kind == IR_ATTR_INTEGER || a->kind == IR_ATTR_STRING ||
	    a->kind == IR_ATTR_DICT;
}

static bool
is_layout(const IrAttr *a)
{
	return a->kind == IR_ATTR_AFFINE_MAP || a->kind == IR_ATTR_STRIDED;
}

static const IrType *
make_shaped(IrParser *p, const IrToken *kw, IrI64List *dims,
    const IrType *elem, const IrAttr *a, const IrAttr *b)
{
	int64_t rank = dims ? (int64_t)dims->n : -1;
	int64_t *d = dims ? dims->v : NULL;
	int64_t nscalable = rank > 0 ? scalable_dims(p, kw, d, rank) : 0;
	size_t i;

	if (nscalable < 0)
		return NULL;

	if (!valid_elem(kw->kind, elem)) {
		if (kw->kind == TK_VECTOR)
			ir_p_fail(p, kw, "vector elements must be "
			    "int/index/float type");
		else
			ir_p_fail(p, kw, "invalid %.*s element type",
			    (int)kw->len, kw->s);
		return NULL;
	}
	if (kw->kind == TK_TENSOR)
		return ir_type_tensor(p->ctx, rank, d, elem, a);
	if (kw->kind == TK_VECTOR) {
		/* rank 0 (vector<f32>) is valid since MLIR 14 */
		for (i = 0; i < (size_t)rank; i++)
			if (d[i] == IR_DYNAMIC || d[i] == 0) {
				ir_p_fail(p, kw, "vector types must have "
				    "positive constant sizes");
				return NULL;
			}
		return ir_type_vector_scalable(p->ctx, rank, d, elem,
		    (unsigned)nscalable);
	}
	if (a && !b && !is_layout(a)) {
		b = a;
		a = NULL;
	}
	if (a && !is_layout(a)) {
		ir_p_fail(p, kw, "expected memref layout (affine_map or "
		    "strided)");
		return NULL;
	}
	if (b && !valid_memspace(b)) {
		ir_p_fail(p, kw, "unsupported memory space Attribute");
		return NULL;
	}
	if (a && a->kind == IR_ATTR_AFFINE_MAP && rank >= 0 &&
	    a->u.affine.ndims != (unsigned)rank) {
		ir_p_fail(p, kw, "memref layout mismatch between rank and "
		    "affine map: %lld != %u", (long long)rank,
		    a->u.affine.ndims);
		return NULL;
	}
	return ir_type_memref(p->ctx, rank, d, elem, a, b);
}

/* The memo slot for a plain shaped type; NULL when it cannot be kept.
 * The slot depends on the element's address, the result does not. */
static struct ShapedMemo *
memo_slot(IrParser *p, int kind, const IrI64List *dims, const IrType *elem)
{
	uint64_t h = (uint64_t)(uintptr_t)elem >> 4;
	size_t i;

	if (!dims || dims->n > IR_P_MEMO_RANK)
		return NULL;
	h = h * 31 + (uint64_t)kind;
	for (i = 0; i < dims->n; i++)
		h = h * 1000003 + (uint64_t)dims->v[i];
	h ^= h >> 29;
	return &p->shmemo[h & (IR_P_MEMO_SLOTS - 1)];
}

static bool
memo_match(const struct ShapedMemo *m, int kind, const IrI64List *dims,
    const IrType *elem)
{
	return m->t && m->kind == kind && m->elem == elem &&
	    m->rank == dims->n && (dims->n == 0 ||
	    memcmp(m->dims, dims->v, dims->n * sizeof *dims->v) == 0);
}

/* Scalable dims are decoded in place by make_shaped, so such a list
 * must not be remembered (it would then match the fixed-size type). */
static bool
has_sdim(const IrI64List *dims)
{
	for (size_t i = 0; dims && i < dims->n; i++)
		if (is_sdim(dims->v[i]))
			return true;
	return false;
}

const IrType *
ir_p_shaped(IrParser *p, const IrToken *kw, IrI64List *dims,
    const IrType *elem, const IrAttr *a, const IrAttr *b)
{
	struct ShapedMemo *m = NULL;
	const IrType *t = NULL;

	if (!p->failed && elem && !a && !b && !has_sdim(dims))
		m = memo_slot(p, kw->kind, dims, elem);
	if (m && memo_match(m, kw->kind, dims, elem)) {
		t = m->t;
	} else if (!p->failed && elem) {
		t = make_shaped(p, kw, dims, elem, a, b);
		if (m && t) {
			m->t = t;
			m->elem = elem;
			m->kind = kw->kind;
			m->rank = dims->n;
			if (dims->n)
				memcpy(m->dims, dims->v,
				    dims->n * sizeof *dims->v);
		}
	}
	ir_p_i64_free(p, dims);
	return t;
}

/* The element type at s[0..n) of a SHAPED token (see lex.re). */
static const IrType *
fast_elem(IrParser *p, const char *s, size_t n)
{
	IrToken t;

	if (s[0] == 'i' && n > 1 && s[1] != 'n') {
		memset(&t, 0, sizeof t);
		t.kind = TK_INTTYPE;
		t.s = s;
		t.len = n;
		return ir_p_int_type(p, &t);
	}
	if (n == 5)
		return ir_p_index_type(p);
	if (s[0] == 'b')
		return ir_p_float_type(p, IR_BF16);
	return ir_p_float_type(p, s[1] == '1' ? IR_F16 :
	    s[1] == '3' ? IR_F32 : IR_F64);
}

/* The memo slot of a SHAPED token's text (FNV-1a of the bytes). */
static struct TokenMemo *
token_memo(IrParser *p, const IrToken *tok)
{
	uint64_t h = UINT64_C(14695981039346656037);
	size_t i;

	for (i = 0; i < tok->len; i++)
		h = (h ^ (unsigned char)tok->s[i]) * UINT64_C(1099511628211);
	return &p->tkmemo[(h ^ (h >> 32)) & (IR_P_MEMO_SLOTS - 1)];
}

static const IrType *shaped_token(IrParser *p, const IrToken *tok);

/* Builds the type of a SHAPED token, or takes it from the memo when the
 * same text was seen recently. */
const IrType *
ir_p_shaped_token(IrParser *p, const IrToken *tok)
{
	struct TokenMemo *m;
	const IrType *t;

	if (p->failed)
		return NULL;
	m = token_memo(p, tok);
	if (m->s && m->len == tok->len && memcmp(m->s, tok->s, tok->len) == 0)
		return m->t;
	t = shaped_token(p, tok);
	if (t) {
		m->s = tok->s;
		m->len = tok->len;
		m->t = t;
	}
	return t;
}

static const IrType *
shaped_token(IrParser *p, const IrToken *tok)
{
	const char *s = tok->s + 7, *end = tok->s + tok->len - 1;
	IrI64List *dims = ir_p_i64_new(p);
	IrToken kw = *tok;
	const char *x;

	kw.kind = tok->s[0] == 't' ? TK_TENSOR : TK_MEMREF;
	kw.len = 6;
	/* s: after "tensor<"; dims are `N` or `?` then 'x'. */
	while ((x = memchr(s, 'x', (size_t)(end - s))) != NULL &&
	    (s[0] == '?' || (s[0] >= '0' && s[0] <= '9'))) {
		int64_t v = IR_DYNAMIC;

		if (s[0] != '?')
			for (v = 0; s < x; s++)
				v = v * 10 + (s[0] - '0');
		dims = ir_p_i64_push(p, dims, v);
		s = x + 1;
	}
	return ir_p_shaped(p, &kw, dims,
	    fast_elem(p, s, (size_t)(end - s)), NULL, NULL);
}

const IrType *
ir_p_memref_old(IrParser *p, const IrToken *kw, IrI64List *dims,
    const IrType *elem, int64_t offset, IrI64List *strides,
    const IrAttr *space)
{
	const IrType *t = NULL;

	if (!p->failed && elem && dims && strides) {
		if (strides->n != dims->n)
			ir_p_fail(p, kw, "expected %zu strides", dims->n);
		else
			t = make_shaped(p, kw, dims, elem,
			    ir_attr_strided(p->ctx, offset, strides->n,
			    strides->v), space);
	}
	ir_p_i64_free(p, dims);
	ir_p_i64_free(p, strides);
	return t;
}

/* ---------------------------------------------------------------- quant */

void
ir_p_quant_begin(IrParser *p, const IrToken *kw)
{
	p->q.kw = *kw;
	p->q.n = 0;
	p->q.range = false;
	p->q.width = 0;
}

void
ir_p_quant_storage(IrParser *p, const IrToken *tok, bool range,
    int64_t min, int64_t max)
{
	uint64_t w = 0;
	IrToken n = *tok;

	if (p->failed)
		return;
	p->q.tok = *tok;
	/* i8 / u8, and MLIR's integer type spellings si8 / ui8 */
	p->q.is_signed = tok->s[0] == 'i' || tok->s[0] == 's';
	if (n.len > 2 && (n.s[0] == 's' || n.s[0] == 'u') && n.s[1] == 'i') {
		n.s++;
		n.len--;
	}
	n.s++;
	n.len--;
	if ((n.s[-1] != 'i' && n.s[-1] != 'u') || n.len == 0 ||
	    strspn(n.s, "0123456789") != n.len) {
		ir_p_fail(p, tok, "illegal storage type prefix");
		return;
	}
	if (!ir_p_tok_u64(&n, &w) || w == 0 || w > 32) {
		ir_p_fail(p, tok, "illegal storage type size: %.*s",
		    (int)n.len, n.s);
		return;
	}
	p->q.width = (unsigned)w;
	if (p->q.is_signed) {
		p->q.min = -((int64_t)1 << (w - 1));
		p->q.max = ((int64_t)1 << (w - 1)) - 1;
	} else {
		p->q.min = 0;
		p->q.max = ((int64_t)1 << w) - 1;
	}
	if (range) {
		IrToken at = p->q.kw;

		at.s += 7; /* past "!quant.", as MLIR points */
		at.off += 7;
		at.col += 7;
		if (min < p->q.min) {
			ir_p_fail(p, tok, "illegal storage type minimum: %lld",
			    (long long)min);
			return;
		}
		if (max > p->q.max) {
			ir_p_fail(p, tok, "illegal storage type maximum: %lld",
			    (long long)max);
			return;
		}
		if (min >= max) {
			ir_p_fail(p, &at, "illegal storage min and storage "
			    "max: (%lld:%lld)", (long long)min, (long long)max);
			return;
		}
		p->q.min = min;
		p->q.max = max;
	}
}

/* MLIR's check of a scale: finite and positive, reported where the type's
 * body starts, with the value as LLVM's raw_ostream writes a double. */
static bool
check_scale(IrParser *p, double d)
{
	IrToken at = p->q.kw;

	if (d > 0.0 && !isinf(d))
		return true;
	at.s += 7; /* past "!quant." */
	at.off += 7;
	at.col += 7;
	if (isnan(d))
		ir_p_fail(p, &at, "illegal scale: nan");
	else if (isinf(d))
		ir_p_fail(p, &at, "illegal scale: %sINF", d < 0 ? "-" : "");
	else
		ir_p_fail(p, &at, "illegal scale: %e", d);
	return false;
}

/* A scale as MLIR 14 reads it: a float literal, or `0x...` holding the
 * bits of an f64 (how the printer writes a scale that no shorter decimal
 * form gives back); a decimal integer is not a scale. */
static bool
quant_scale(IrParser *p, const IrToken *tok, bool neg, double *out)
{
	uint64_t bits;

	if (tok->kind == TK_FLOAT) {
		*out = neg ? -ir_p_tok_double(tok) : ir_p_tok_double(tok);
		return check_scale(p, *out);
	}
	if (!ir_p_tok_is_hex(tok)) {
		ir_p_fail(p, tok, "unexpected decimal integer literal for a "
		    "floating point value");
		ir_emit_note(p->ctx, ir_p_tok_loc(p, tok), "add a trailing dot "
		    "to make the literal a float");
		return false;
	}
	if (neg) {
		ir_p_fail(p, tok, "hexadecimal float literal should not have "
		    "a leading minus");
		return false;
	}
	if (!ir_p_tok_u64(tok, &bits)) {
		ir_p_fail(p, tok, "hexadecimal float constant out of range "
		    "for type");
		return false;
	}
	memcpy(out, &bits, sizeof *out);
	return check_scale(p, *out);
}

void
ir_p_quant_param(IrParser *p, const IrToken *scale, bool neg, int64_t zp)
{
	double d;

	if (p->failed || !quant_scale(p, scale, neg, &d))
		return;
	if (p->q.n == p->q.cap) {
		p->q.cap = p->q.cap ? p->q.cap * 2 : 8;
		p->q.scales = ir_xrealloc(p->q.scales,
		    p->q.cap * sizeof *p->q.scales);
		p->q.zps = ir_xrealloc(p->q.zps, p->q.cap * sizeof *p->q.zps);
	}
	p->q.scales[p->q.n] = d;
	p->q.zps[p->q.n++] = zp;
}

const IrType *
ir_p_quant(IrParser *p, const IrToken *kw, const IrType *expressed,
    int64_t axis)
{
	if (p->failed || !expressed)
		return NULL;
	if (expressed->kind != IR_TYPE_FLOAT) {
		ir_p_fail(p, kw, "expressed type must be floating point");
		return NULL;
	}
	if ((axis < 0 && p->q.n != 1) || axis > INT32_MAX || p->q.n == 0) {
		ir_p_fail(p, kw, "expected %s quantization parameters",
		    axis < 0 ? "one scale for per-tensor" : "per-axis");
		return NULL;
	}
	return ir_type_quant(p->ctx, p->q.is_signed,
	    ir_type_int(p->ctx, p->q.width, IR_SIGNLESS), expressed,
	    p->q.min, p->q.max, (int32_t)axis, p->q.n, p->q.scales, p->q.zps);
}
