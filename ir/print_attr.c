/* ir/print_attr.c: types, attributes and locations in mlir-opt-14's
 * spelling, plus the printer's buffered output. */
#include <stdlib.h>
#include <string.h>

#include "ir/internal.h"
#include "ir/print.h"

/* ---------------------------------------------------------------- output */

void
ir_pr_init(IrPrinter *p, FILE *out)
{
	p->out = out;
	p->len = 0;
	p->cap = out ? 1 << 16 : 256;
	p->buf = ir_xmalloc(p->cap);
	p->flushes = 0;
	p->memo = NULL;
}

/* The printed text of recently printed shaped types (tensor<8x16xf32>
 * and the like, printed several times per op), in a direct-mapped cache
 * keyed by the uniqued type: a hit copies the bytes. Which slot a type
 * takes depends on its address, the output does not. */
#define MEMO_SLOTS 256
#define MEMO_TEXT 48
struct IrPrTypeMemo {
	struct {
		const IrType *t;
		unsigned char len;
		char text[MEMO_TEXT];
	} slot[MEMO_SLOTS];
};

static size_t
memo_index(const IrType *t)
{
	uintptr_t x = (uintptr_t)t;

	return (size_t)((x >> 4) ^ (x >> 12)) & (MEMO_SLOTS - 1);
}

static void
flush(IrPrinter *p)
{
	if (p->out && p->len)
		fwrite(p->buf, 1, p->len, p->out);
	if (p->out) {
		p->len = 0;
		p->flushes++;
	}
}

void
ir_pr_finish(IrPrinter *p)
{
	flush(p);
	free(p->buf);
	p->buf = NULL;
	free(p->memo);
	p->memo = NULL;
}

char *
ir_pr_take(IrPrinter *p)
{
	ir_pr_putc(p, 0);
	char *s = p->buf;
	p->buf = NULL;
	free(p->memo);
	p->memo = NULL;
	return s;
}

void
ir_pr_reserve(IrPrinter *p, size_t n)
{
	if (p->cap - p->len >= n)
		return;
	flush(p);
	if (p->cap - p->len >= n)
		return;
	size_t cap = p->cap;
	while (cap - p->len < n)
		cap *= 2;
	p->buf = ir_xrealloc(p->buf, cap);
	p->cap = cap;
}

void
ir_pr_puts(IrPrinter *p, const char *s)
{
	ir_pr_write(p, s, strlen(s));
}

void
ir_pr_uint(IrPrinter *p, uint64_t v)
{
	/* Two digits per division, written from the end. */
	static const char pairs[] =
	    "00010203040506070809101112131415161718192021222324"
	    "25262728293031323334353637383940414243444546474849"
	    "50515253545556575859606162636465666768697071727374"
	    "75767778798081828384858687888990919293949596979899";
	char tmp[24];
	size_t k = sizeof tmp;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		k -= 2;
		memcpy(tmp + k, pairs + 2 * r, 2);
	}
	if (v >= 10) {
		k -= 2;
		memcpy(tmp + k, pairs + 2 * v, 2);
	} else {
		tmp[--k] = (char)('0' + v);
	}
	ir_pr_write(p, tmp + k, sizeof tmp - k);
}

void
ir_pr_int(IrPrinter *p, int64_t v)
{
	if (v < 0) {
		ir_pr_putc(p, '-');
		ir_pr_uint(p, -(uint64_t)v);
	} else {
		ir_pr_uint(p, (uint64_t)v);
	}
}

/* ---------------------------------------------------------------- strings */

static void
escaped(IrPrinter *p, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	for (size_t i = 0; i < n; i++) {
		/* Runs of bytes that need no escape go out in one write. */
		size_t j = i;
		while (j < n && (unsigned char)s[j] >= 0x20 &&
		    (unsigned char)s[j] < 0x7f && s[j] != '"' && s[j] != '\\')
			j++;
		if (j > i) {
			ir_pr_write(p, s + i, j - i);
			i = j;
			if (i == n)
				break;
		}
		unsigned char c = (unsigned char)s[i];
		if (c == '\\') {
			ir_pr_write(p, "\\\\", 2);
		} else if (c >= 0x20 && c < 0x7f && c != '"') {
			ir_pr_putc(p, (char)c);
		} else {
			ir_pr_putc(p, '\\');
			ir_pr_putc(p, hex[c >> 4]);
			ir_pr_putc(p, hex[c & 15]);
		}
	}
}

void
ir_pr_string(IrPrinter *p, const char *s, size_t n)
{
	ir_pr_putc(p, '"');
	escaped(p, s, n);
	ir_pr_putc(p, '"');
}

static bool
is_alpha(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool
is_alnum(unsigned char c)
{
	return is_alpha(c) || (c >= '0' && c <= '9');
}

static bool
is_bare(const char *s, size_t n)
{
	if (!n || (!is_alpha((unsigned char)s[0]) && s[0] != '_'))
		return false;
	for (size_t i = 1; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!is_alnum(c) && c != '_' && c != '$' && c != '.')
			return false;
	}
	return true;
}

void
ir_pr_ident(IrPrinter *p, const char *s, size_t n)
{
	if (is_bare(s, n))
		ir_pr_write(p, s, n);
	else
		ir_pr_string(p, s, n);
}

/* MLIR's test for printing a dialect symbol as `!d.body` rather than
 * `!d<"body">`: an identifier, then optionally one balanced <...>. */
static bool
pretty_symbol(const char *s, size_t n)
{
	char stack[IR_MAX_NESTING];
	size_t i = 0, depth = 0;
	if (!n || !is_alpha((unsigned char)s[0]))
		return false;
	while (i < n && (is_alnum((unsigned char)s[i]) || s[i] == '.' ||
	    s[i] == '_'))
		i++;
	if (i == n)
		return true;
	if (s[i] != '<' || s[n - 1] != '>')
		return false;
	do {
		if (i == n)
			return false;
		char c = s[i++], want = 0;
		switch (c) {
		case 0:
			return false;
		case '<': case '[': case '(': case '{':
			if (depth == sizeof stack)
				return false;
			stack[depth++] = c;
			continue;
		case '-':
			if (i < n && s[i] == '>')
				i++;
			continue;
		case '>': want = '<'; break;
		case ']': want = '['; break;
		case ')': want = '('; break;
		case '}': want = '{'; break;
		default:
			continue;
		}
		if (!depth || stack[--depth] != want)
			return false;
	} while (depth);
	return i == n;
}

static void
dialect_symbol(IrPrinter *p, char sigil, const IrIdent *dialect,
    const IrIdent *body)
{
	ir_pr_putc(p, sigil);
	ir_pr_write(p, dialect->str, dialect->len);
	if (pretty_symbol(body->str, body->len)) {
		ir_pr_putc(p, '.');
		ir_pr_write(p, body->str, body->len);
		return;
	}
	ir_pr_write(p, "<\"", 2);
	escaped(p, body->str, body->len);
	ir_pr_write(p, "\">", 2);
}

/* ---------------------------------------------------------------- types */

static void
type_list(IrPrinter *p, size_t n, const IrType *const *t)
{
	for (size_t i = 0; i < n; i++) {
		if (i)
			ir_pr_write(p, ", ", 2);
		ir_pr_type(p, t[i]);
	}
}

void
ir_pr_func_type(IrPrinter *p, size_t nin, const IrType *const *in,
    size_t nout, const IrType *const *out)
{
	ir_pr_putc(p, '(');
	type_list(p, nin, in);
	ir_pr_write(p, ") -> ", 5);
	if (nout == 1 && out[0]->kind != IR_TYPE_FUNCTION) {
		ir_pr_type(p, out[0]);
		return;
	}
	ir_pr_putc(p, '(');
	type_list(p, nout, out);
	ir_pr_putc(p, ')');
}

static void
dims(IrPrinter *p, const IrType *t)
{
	if (t->u.shaped.rank < 0) {
		ir_pr_write(p, "*x", 2);
		return;
	}
	/* scalable dims as MLIR 14 writes them: one trailing group,
	 * vector<2x[4x8]xf32> */
	int64_t rank = t->u.shaped.rank;
	int64_t first_scalable = rank - t->u.shaped.nscalable;
	for (int64_t i = 0; i < rank; i++) {
		int64_t d = t->u.shaped.dims[i];
		if (i == first_scalable)
			ir_pr_putc(p, '[');
		if (d == IR_DYNAMIC)
			ir_pr_putc(p, '?');
		else
			ir_pr_int(p, d);
		if (i + 1 == rank && first_scalable < rank)
			ir_pr_putc(p, ']');
		ir_pr_putc(p, 'x');
	}
}

static void shaped_text(IrPrinter *p, const char *kw, const IrType *t);

/* A shaped type, from the memo when it was printed recently. */
static void
shaped(IrPrinter *p, const char *kw, const IrType *t)
{
	size_t i = memo_index(t), start, flushes = p->flushes;

	if (!p->memo)
		p->memo = ir_xcalloc(1, sizeof *p->memo);
	if (p->memo->slot[i].t == t) {
		ir_pr_write(p, p->memo->slot[i].text, p->memo->slot[i].len);
		return;
	}
	start = p->len;
	shaped_text(p, kw, t);
	if (p->flushes != flushes || p->len - start > MEMO_TEXT)
		return;
	p->memo->slot[i].t = t;
	p->memo->slot[i].len = (unsigned char)(p->len - start);
	memcpy(p->memo->slot[i].text, p->buf + start, p->len - start);
}

static void
shaped_text(IrPrinter *p, const char *kw, const IrType *t)
{
	ir_pr_puts(p, kw);
	ir_pr_putc(p, '<');
	dims(p, t);
	ir_pr_type(p, t->u.shaped.elem);
	if (t->u.shaped.encoding) {
		ir_pr_write(p, ", ", 2);
		ir_pr_attr(p, t->u.shaped.encoding, false);
	}
	const IrAttr *layout = t->u.shaped.layout;
	if (layout) { /* identity maps were dropped by ir_type_memref */
		ir_pr_write(p, ", ", 2);
		ir_pr_attr(p, layout, true);
	}
	const IrAttr *ms = t->u.shaped.memspace;
	if (ms) { /* and so was memory space 0 */
		ir_pr_write(p, ", ", 2);
		ir_pr_attr(p, ms, true);
	}
	ir_pr_putc(p, '>');
}

static void
quant_param(IrPrinter *p, double scale, int64_t zp)
{
	ir_pr_float(p, scale, IR_F64);
	if (zp) {
		ir_pr_putc(p, ':');
		ir_pr_int(p, zp);
	}
}

static void
quant(IrPrinter *p, const IrType *t)
{
	unsigned w = ir_type_bitwidth(t->u.quant.storage);
	bool sgn = t->u.quant.is_signed;
	int64_t lo = 0, hi;
	if (w == 0 || w > 64)
		w = 8;
	if (sgn) {
		hi = w == 64 ? INT64_MAX :
		    (int64_t)((UINT64_C(1) << (w - 1)) - 1);
		lo = -hi - 1;
	} else {
		hi = w >= 64 ? -1 : (int64_t)((UINT64_C(1) << w) - 1);
	}
	ir_pr_puts(p, "!quant.uniform<");
	ir_pr_putc(p, sgn ? 'i' : 'u');
	ir_pr_uint(p, w);
	if (t->u.quant.storage_min != lo || t->u.quant.storage_max != hi) {
		ir_pr_putc(p, '<');
		ir_pr_int(p, t->u.quant.storage_min);
		ir_pr_putc(p, ':');
		ir_pr_int(p, t->u.quant.storage_max);
		ir_pr_putc(p, '>');
	}
	ir_pr_putc(p, ':');
	ir_pr_type(p, t->u.quant.expressed);
	if (t->u.quant.axis < 0) {
		ir_pr_write(p, ", ", 2);
		quant_param(p, t->u.quant.scales[0], t->u.quant.zero_points[0]);
		ir_pr_putc(p, '>');
		return;
	}
	ir_pr_putc(p, ':');
	ir_pr_int(p, t->u.quant.axis);
	ir_pr_write(p, ", {", 3);
	for (size_t i = 0; i < t->u.quant.nscales; i++) {
		if (i)
			ir_pr_putc(p, ',');
		quant_param(p, t->u.quant.scales[i], t->u.quant.zero_points[i]);
	}
	ir_pr_write(p, "}>", 2);
}

static const char *const float_names[] = {
	[IR_F16] = "f16", [IR_BF16] = "bf16", [IR_F32] = "f32",
	[IR_F64] = "f64", [IR_F80] = "f80", [IR_F128] = "f128",
};

void
ir_pr_type(IrPrinter *p, const IrType *t)
{
	if (!t) {
		ir_pr_puts(p, "<<NULL TYPE>>");
		return;
	}
	switch (t->kind) {
	case IR_TYPE_INTEGER:
		if (t->u.integer.sign == IR_SIGNED)
			ir_pr_putc(p, 's');
		else if (t->u.integer.sign == IR_UNSIGNED)
			ir_pr_putc(p, 'u');
		ir_pr_putc(p, 'i');
		ir_pr_uint(p, t->u.integer.width);
		return;
	case IR_TYPE_FLOAT:
		ir_pr_puts(p, float_names[t->u.flt.kind]);
		return;
	case IR_TYPE_INDEX:
		ir_pr_write(p, "index", 5);
		return;
	case IR_TYPE_NONE:
		ir_pr_write(p, "none", 4);
		return;
	case IR_TYPE_TENSOR:
		shaped(p, "tensor", t);
		return;
	case IR_TYPE_MEMREF:
		shaped(p, "memref", t);
		return;
	case IR_TYPE_VECTOR:
		shaped(p, "vector", t);
		return;
	case IR_TYPE_FUNCTION:
		ir_pr_func_type(p, t->u.func.ninputs, t->u.func.inputs,
		    t->u.func.nresults, t->u.func.results);
		return;
	case IR_TYPE_TUPLE:
		ir_pr_write(p, "tuple<", 6);
		type_list(p, t->u.tuple.ntypes, t->u.tuple.types);
		ir_pr_putc(p, '>');
		return;
	case IR_TYPE_QUANT:
		quant(p, t);
		return;
	case IR_TYPE_OPAQUE:
		dialect_symbol(p, '!', t->u.opaque.dialect, t->u.opaque.body);
		return;
	case IR_TYPE_COMPLEX:
		ir_pr_write(p, "complex<", 8);
		ir_pr_type(p, t->u.complex.elem);
		ir_pr_putc(p, '>');
		return;
	}
	ir_unreachable("bad type kind");
}

/* ---------------------------------------------------------------- integers */

static bool
is_unsigned(const IrType *t)
{
	return t->kind == IR_TYPE_INTEGER && t->u.integer.sign == IR_UNSIGNED;
}

static bool
is_bool(const IrType *t)
{
	return t->kind == IR_TYPE_INTEGER && t->u.integer.width == 1 &&
	    t->u.integer.sign == IR_SIGNLESS;
}

/* The low `width` bits of v, as MLIR prints them for the type: zero
 * extended for unsigned types, sign extended otherwise. */
static void
int_value(IrPrinter *p, const IrType *t, uint64_t v)
{
	unsigned w = t->kind == IR_TYPE_INTEGER ? t->u.integer.width : 64;
	if (w == 0)
		v = 0;
	if (w > 64) /* held in 64 bits, sign-extended unless unsigned */
		w = 64;
	if (w == 0) {
		ir_pr_uint(p, 0);
		return;
	}
	if (w < 64)
		v &= (UINT64_C(1) << w) - 1;
	if (is_unsigned(t)) {
		ir_pr_uint(p, v);
		return;
	}
	if (w < 64 && (v >> (w - 1)) & 1)
		v |= ~((UINT64_C(1) << w) - 1);
	ir_pr_int(p, (int64_t)v);
}

/* ---------------------------------------------------------------- dense */

static uint64_t
load_le(const uint8_t *d, size_t n)
{
	uint64_t v = 0;
	for (size_t i = n; i-- > 0;)
		v = v << 8 | d[i];
	return v;
}

static bool
is_nan_bits(uint64_t bits, IrFloatKind k)
{
	switch (k) {
	case IR_F16:
		return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff);
	case IR_BF16:
		return (bits & 0x7f80) == 0x7f80 && (bits & 0x7f);
	case IR_F32:
		return (bits & 0x7f800000) == 0x7f800000 && (bits & 0x7fffff);
	case IR_F64:
	case IR_F80: /* printed from their bytes (ir_pr_float_bytes) */
	case IR_F128:
		break;
	}
	return (bits & UINT64_C(0x7ff0000000000000)) ==
	    UINT64_C(0x7ff0000000000000) && (bits & ((UINT64_C(1) << 52) - 1));
}

/* An integer wider than 64 bits, from its bytes. */
static void
wide_int(IrPrinter *p, const IrType *t, const uint8_t *d)
{
	char *s = ir_wide_int_str(d, t->u.integer.width, !is_unsigned(t));
	ir_pr_puts(p, s);
	free(s);
}

static void
dense_elem(IrPrinter *p, const IrType *elem, const uint8_t *d, size_t es)
{
	if (elem->kind == IR_TYPE_COMPLEX) {
		/* (re,im) without a space, as MLIR 14 prints them */
		ir_pr_putc(p, '(');
		dense_elem(p, elem->u.complex.elem, d, es / 2);
		ir_pr_putc(p, ',');
		dense_elem(p, elem->u.complex.elem, d + es / 2, es / 2);
		ir_pr_putc(p, ')');
		return;
	}
	if (elem->kind == IR_TYPE_FLOAT && ir_float_bytes(elem->u.flt.kind)) {
		ir_pr_float_bytes(p, d, elem->u.flt.kind);
		return;
	}
	if (elem->kind == IR_TYPE_INTEGER && elem->u.integer.width > 64) {
		wide_int(p, elem, d);
		return;
	}
	if (elem->kind == IR_TYPE_FLOAT) {
		uint64_t bits = load_le(d, es);
		double v;
		if (is_nan_bits(bits, elem->u.flt.kind)) {
			ir_pr_hex_bits(p, bits); /* keep the payload */
			return;
		}
		switch (elem->u.flt.kind) {
		case IR_F16:
			v = ir_f16_to_double((uint16_t)bits);
			break;
		case IR_BF16:
			v = ir_bf16_to_double((uint16_t)bits);
			break;
		case IR_F32: {
			float f;
			uint32_t u = (uint32_t)bits;
			memcpy(&f, &u, sizeof f);
			v = f;
			break;
		}
		default:
			memcpy(&v, &bits, sizeof v);
			break;
		}
		ir_pr_float(p, v, elem->u.flt.kind);
		return;
	}
	if (elem->kind == IR_TYPE_INTEGER && elem->u.integer.width == 1) {
		/* Any 1-bit element prints as a bool, whatever its sign. */
		ir_pr_puts(p, d[0] ? "true" : "false");
		return;
	}
	int_value(p, elem, load_le(d, es));
}

/* MLIR 14's hex form: the raw storage; i1 is stored as packed bits in a
 * buffer of one byte per element (the tail stays zero). */
static void
dense_hex(IrPrinter *p, const IrAttr *a, int64_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	const uint8_t *d = a->u.dense.data;
	bool i1 = a->u.dense.type->u.shaped.elem->kind == IR_TYPE_INTEGER &&
	    a->u.dense.type->u.shaped.elem->u.integer.width == 1;
	ir_pr_write(p, "\"0x", 3);
	size_t size = a->u.dense.size;
	for (size_t i = 0; i < size; i++) {
		unsigned b = d[i];
		if (i1) {
			b = 0;
			for (size_t k = 0; k < 8 && i * 8 + k < (size_t)n; k++)
				b |= (unsigned)(d[i * 8 + k] != 0) << k;
			if (i * 8 >= (size_t)n)
				b = 0;
		}
		ir_pr_putc(p, hex[b >> 4]);
		ir_pr_putc(p, hex[b & 15]);
	}
	ir_pr_putc(p, '"');
}

/* Nested [..] by shape, as MLIR's mixed-radix walk. */
static void
dense_list(IrPrinter *p, const IrType *t, int64_t n,
    void (*elem)(IrPrinter *, const IrAttr *, int64_t), const IrAttr *a)
{
	int64_t rank = t->u.shaped.rank;
	const int64_t *shape = t->u.shaped.dims;
	int64_t *counter = ir_xcalloc((size_t)(rank ? rank : 1),
	    sizeof *counter);
	int64_t open = 0;
	for (int64_t idx = 0; idx < n; idx++) {
		if (idx)
			ir_pr_write(p, ", ", 2);
		while (open < rank) {
			ir_pr_putc(p, '[');
			open++;
		}
		elem(p, a, idx);
		if (!rank)
			continue;
		counter[rank - 1]++;
		for (int64_t i = rank - 1; i > 0; i--) {
			if (counter[i] < shape[i])
				break;
			counter[i] = 0;
			counter[i - 1]++;
			open--;
			ir_pr_putc(p, ']');
		}
	}
	while (open-- > 0)
		ir_pr_putc(p, ']');
	free(counter);
}

/* Element idx of a numeric dense attribute. */
static void
number_elem(IrPrinter *p, const IrAttr *a, int64_t idx)
{
	const IrType *elem = a->u.dense.type->u.shaped.elem;
	size_t es = ir_dense_elem_size(elem);

	dense_elem(p, elem, a->u.dense.data + (size_t)idx * es, es);
}

/* Element idx of dense string elements, quoted as MLIR quotes strings. */
static void
string_elem(IrPrinter *p, const IrAttr *a, int64_t idx)
{
	const IrIdent *s = a->u.dstr.elems[a->u.dstr.splat ? 0 : idx];

	ir_pr_putc(p, '"');
	escaped(p, s->str, s->len);
	ir_pr_putc(p, '"');
}

/* dense<"a"> (all equal), dense<["a", "b"]> by shape, dense<> (empty). */
static void
dense_strings(IrPrinter *p, const IrAttr *a)
{
	const IrType *t = a->u.dstr.type;
	int64_t n = ir_type_num_elements(t);

	ir_pr_write(p, "dense<", 6);
	if (a->u.dstr.splat && n != 0)
		string_elem(p, a, 0);
	else if (n > 0)
		dense_list(p, t, n, string_elem, a);
	ir_pr_write(p, "> : ", 4);
	ir_pr_type(p, t);
}

/* What dense<...> holds: one element (a splat), a nested list by shape,
 * or (allow_hex, more than 100 elements) the hex storage. */
static void
dense_body(IrPrinter *p, const IrAttr *a, bool allow_hex)
{
	const IrType *t = a->u.dense.type;
	const IrType *elem = t->u.shaped.elem;
	size_t es = ir_dense_elem_size(elem);
	int64_t n = ir_type_num_elements(t);
	if (a->u.dense.splat && es && a->u.dense.size >= es)
		dense_elem(p, elem, a->u.dense.data, es);
	else if (allow_hex && n > 100 && a->u.dense.size == (size_t)n * es)
		dense_hex(p, a, n);
	else if (n > 0 && es && a->u.dense.size == (size_t)n * es)
		dense_list(p, t, n, number_elem, a);
}

static void
dense(IrPrinter *p, const IrAttr *a)
{
	ir_pr_write(p, "dense<", 6);
	dense_body(p, a, true);
	ir_pr_write(p, "> : ", 4);
	ir_pr_type(p, a->u.dense.type);
}

/* sparse<indices, values> as MLIR 14 prints it: the indices never in
 * hex, nothing between the brackets when there are no indices. */
static void
sparse(IrPrinter *p, const IrAttr *a)
{
	ir_pr_write(p, "sparse<", 7);
	if (ir_type_num_elements(a->u.sparse.indices->u.dense.type) != 0) {
		dense_body(p, a->u.sparse.indices, false);
		ir_pr_write(p, ", ", 2);
		dense_body(p, a->u.sparse.values, true);
	}
	ir_pr_write(p, "> : ", 4);
	ir_pr_type(p, a->u.sparse.type);
}

static void
opaque_elems(IrPrinter *p, const IrAttr *a)
{
	static const char hex[] = "0123456789ABCDEF";
	const IrIdent *d = a->u.opaque_elems.data;
	ir_pr_write(p, "opaque<", 7);
	ir_pr_string(p, a->u.opaque_elems.dialect->str,
	    a->u.opaque_elems.dialect->len);
	ir_pr_write(p, ", \"0x", 5);
	for (size_t i = 0; i < d->len; i++) {
		ir_pr_putc(p, hex[(unsigned char)d->str[i] >> 4]);
		ir_pr_putc(p, hex[(unsigned char)d->str[i] & 15]);
	}
	ir_pr_write(p, "\"> : ", 5);
	ir_pr_type(p, a->u.opaque_elems.type);
}

/* ---------------------------------------------------------------- affine */

static void affine(IrPrinter *p, const IrAffineExpr *e, bool strong);

static bool
is_const_expr(const IrAffineExpr *e, int64_t *v)
{
	if (e->kind != IR_AFFINE_CONST)
		return false;
	*v = e->value;
	return true;
}

/* `lhs - x` forms MLIR prints for a + x * c (c < 0) and a + c. */
static bool
affine_sub(IrPrinter *p, const IrAffineExpr *e)
{
	const IrAffineExpr *r = e->rhs;
	int64_t c;
	if (r->kind == IR_AFFINE_MUL && is_const_expr(r->rhs, &c) && c < 0) {
		affine(p, e->lhs, false);
		ir_pr_write(p, " - ", 3);
		if (c == -1) {
			affine(p, r->lhs, r->lhs->kind == IR_AFFINE_ADD);
			return true;
		}
		affine(p, r->lhs, true);
		ir_pr_write(p, " * ", 3);
		ir_pr_uint(p, -(uint64_t)c);
		return true;
	}
	if (is_const_expr(r, &c) && c < 0) {
		affine(p, e->lhs, false);
		ir_pr_write(p, " - ", 3);
		ir_pr_uint(p, -(uint64_t)c);
		return true;
	}
	return false;
}

static const char *
affine_op(IrAffineKind k)
{
	switch (k) {
	case IR_AFFINE_MUL: return " * ";
	case IR_AFFINE_MOD: return " mod ";
	case IR_AFFINE_FLOORDIV: return " floordiv ";
	case IR_AFFINE_CEILDIV: return " ceildiv ";
	default: return " + ";
	}
}

/* strong: the context binds tighter than +, so a binary expr needs
 * parentheses (MLIR's BindingStrength::Strong). */
static void
affine(IrPrinter *p, const IrAffineExpr *e, bool strong)
{
	int64_t c;
	switch (e->kind) {
	case IR_AFFINE_DIM:
		ir_pr_putc(p, 'd');
		ir_pr_int(p, e->value);
		return;
	case IR_AFFINE_SYMBOL:
		ir_pr_putc(p, 's');
		ir_pr_int(p, e->value);
		return;
	case IR_AFFINE_CONST:
		ir_pr_int(p, e->value);
		return;
	default:
		break;
	}
	if (strong)
		ir_pr_putc(p, '(');
	if (e->kind != IR_AFFINE_ADD) {
		if (e->kind == IR_AFFINE_MUL && is_const_expr(e->rhs, &c) &&
		    c == -1) {
			ir_pr_putc(p, '-');
			affine(p, e->lhs, true);
		} else {
			affine(p, e->lhs, true);
			ir_pr_puts(p, affine_op(e->kind));
			affine(p, e->rhs, true);
		}
	} else if (!affine_sub(p, e)) {
		affine(p, e->lhs, false);
		ir_pr_write(p, " + ", 3);
		affine(p, e->rhs, false);
	}
	if (strong)
		ir_pr_putc(p, ')');
}

static void
affine_ids(IrPrinter *p, char c, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		if (i)
			ir_pr_write(p, ", ", 2);
		ir_pr_putc(p, c);
		ir_pr_uint(p, i);
	}
}

static void
affine_map(IrPrinter *p, const IrAttr *a)
{
	ir_pr_write(p, "affine_map<(", 12);
	affine_ids(p, 'd', a->u.affine.ndims);
	ir_pr_putc(p, ')');
	if (a->u.affine.nsymbols) {
		ir_pr_putc(p, '[');
		affine_ids(p, 's', a->u.affine.nsymbols);
		ir_pr_putc(p, ']');
	}
	ir_pr_write(p, " -> (", 5);
	for (size_t i = 0; i < a->u.affine.nresults; i++) {
		if (i)
			ir_pr_write(p, ", ", 2);
		affine(p, a->u.affine.results[i], false);
	}
	ir_pr_write(p, ")>", 2);
}

/* affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>; no constraint prints
 * as MLIR prints it, (0 == 0). */
static void
integer_set(IrPrinter *p, const IrAttr *a)
{
	ir_pr_write(p, "affine_set<(", 12);
	affine_ids(p, 'd', a->u.iset.ndims);
	ir_pr_putc(p, ')');
	if (a->u.iset.nsymbols) {
		ir_pr_putc(p, '[');
		affine_ids(p, 's', a->u.iset.nsymbols);
		ir_pr_putc(p, ']');
	}
	ir_pr_write(p, " : (", 4);
	if (a->u.iset.n == 0)
		ir_pr_write(p, "0 == 0", 6);
	for (size_t i = 0; i < a->u.iset.n; i++) {
		if (i)
			ir_pr_write(p, ", ", 2);
		affine(p, a->u.iset.exprs[i], false);
		ir_pr_write(p, a->u.iset.eq[i] ? " == 0" : " >= 0", 5);
	}
	ir_pr_write(p, ")>", 2);
}

/* ------------------------------------------------------------ attributes */

static void
dyn_int(IrPrinter *p, int64_t v)
{
	if (v == IR_DYNAMIC)
		ir_pr_putc(p, '?');
	else
		ir_pr_int(p, v);
}

static void
strided(IrPrinter *p, const IrAttr *a)
{
	ir_pr_write(p, "strided<[", 9);
	for (size_t i = 0; i < a->u.strided.nstrides; i++) {
		if (i)
			ir_pr_write(p, ", ", 2);
		dyn_int(p, a->u.strided.strides[i]);
	}
	ir_pr_putc(p, ']');
	if (a->u.strided.offset != 0) {
		ir_pr_write(p, ", offset: ", 10);
		dyn_int(p, a->u.strided.offset);
	}
	ir_pr_putc(p, '>');
}

static void
symref(IrPrinter *p, const IrAttr *a)
{
	ir_pr_putc(p, '@');
	ir_pr_ident(p, a->u.symref.root->str, a->u.symref.root->len);
	for (size_t i = 0; i < a->u.symref.nnested; i++) {
		const IrIdent *n = a->u.symref.nested[i];
		ir_pr_write(p, "::@", 3);
		ir_pr_ident(p, n->str, n->len);
	}
}

static void
integer(IrPrinter *p, const IrAttr *a, bool in_array)
{
	const IrType *t = a->u.integer.type;
	if (is_bool(t)) {
		ir_pr_puts(p, a->u.integer.value & 1 ? "true" : "false");
		return;
	}
	if (a->u.integer.wide)
		wide_int(p, t, a->u.integer.wide);
	else
		int_value(p, t, (uint64_t)a->u.integer.value);
	if (in_array && t->kind == IR_TYPE_INTEGER &&
	    t->u.integer.width == 64 && t->u.integer.sign == IR_SIGNLESS)
		return;
	ir_pr_write(p, " : ", 3);
	ir_pr_type(p, t);
}

static void
floating(IrPrinter *p, const IrAttr *a, bool in_array)
{
	IrFloatKind k = a->u.flt.type->u.flt.kind;
	/* Inside an array an f64's type is elided, as MLIR does; but a
	 * value printed in hex would then read back as an integer (MLIR 14
	 * loses it so), so it keeps its type. */
	if (ir_float_bytes(k)) {
		uint8_t b[16];
		for (int i = 0; i < 8; i++) {
			b[i] = (uint8_t)(a->u.flt.wide[0] >> (8 * i));
			b[i + 8] = (uint8_t)(a->u.flt.wide[1] >> (8 * i));
		}
		ir_pr_float_bytes(p, b, k);
	} else if (ir_pr_float(p, a->u.flt.value, k) == false && in_array &&
	    k == IR_F64) {
		return;
	}
	ir_pr_write(p, " : ", 3);
	ir_pr_type(p, a->u.flt.type);
}

static void
array(IrPrinter *p, const IrAttr *a)
{
	ir_pr_putc(p, '[');
	for (size_t i = 0; i < a->u.array.n; i++) {
		if (i)
			ir_pr_write(p, ", ", 2);
		ir_pr_attr(p, a->u.array.elems[i], true);
	}
	ir_pr_putc(p, ']');
}

static bool
skipped(const IrIdent *name, const char *const *skip, size_t nskip)
{
	for (size_t i = 0; i < nskip; i++)
		if (strlen(skip[i]) == name->len &&
		    !memcmp(skip[i], name->str, name->len))
			return true;
	return false;
}

bool
ir_pr_dict(IrPrinter *p, const IrAttr *dict, const char *const *skip,
    size_t nskip)
{
	bool any = false;
	for (size_t i = 0; dict && i < dict->u.dict.n; i++) {
		const IrNamedAttr *e = &dict->u.dict.entries[i];
		if (skipped(e->name, skip, nskip))
			continue;
		ir_pr_write(p, any ? ", " : "{", any ? 2 : 1);
		any = true;
		ir_pr_ident(p, e->name->str, e->name->len);
		if (e->value->kind == IR_ATTR_UNIT)
			continue;
		ir_pr_write(p, " = ", 3);
		ir_pr_attr(p, e->value, false);
	}
	if (any)
		ir_pr_putc(p, '}');
	return any;
}

void
ir_pr_attr(IrPrinter *p, const IrAttr *a, bool in_array)
{
	if (!a) {
		ir_pr_puts(p, "<<NULL ATTRIBUTE>>");
		return;
	}
	switch (a->kind) {
	case IR_ATTR_INTEGER:
		integer(p, a, in_array);
		return;
	case IR_ATTR_FLOAT:
		floating(p, a, in_array);
		return;
	case IR_ATTR_STRING:
		ir_pr_string(p, a->u.string.data, a->u.string.len);
		if (a->u.string.type &&
		    a->u.string.type->kind != IR_TYPE_NONE) {
			ir_pr_write(p, " : ", 3);
			ir_pr_type(p, a->u.string.type);
		}
		return;
	case IR_ATTR_UNIT:
		ir_pr_write(p, "unit", 4);
		return;
	case IR_ATTR_ARRAY:
		array(p, a);
		return;
	case IR_ATTR_DICT:
		if (!ir_pr_dict(p, a, NULL, 0))
			ir_pr_write(p, "{}", 2);
		return;
	case IR_ATTR_TYPE:
		ir_pr_type(p, a->u.type.type);
		return;
	case IR_ATTR_SYMREF:
		symref(p, a);
		return;
	case IR_ATTR_DENSE:
		dense(p, a);
		return;
	case IR_ATTR_SPARSE:
		sparse(p, a);
		return;
	case IR_ATTR_OPAQUE_ELEMS:
		opaque_elems(p, a);
		return;
	case IR_ATTR_AFFINE_MAP:
		affine_map(p, a);
		return;
	case IR_ATTR_STRIDED:
		strided(p, a);
		return;
	case IR_ATTR_OPAQUE:
		dialect_symbol(p, '#', a->u.opaque.dialect, a->u.opaque.body);
		if (a->u.opaque.type) {
			ir_pr_write(p, " : ", 3);
			ir_pr_type(p, a->u.opaque.type);
		}
		return;
	case IR_ATTR_DENSE_STRING:
		dense_strings(p, a);
		return;
	case IR_ATTR_INTEGER_SET:
		integer_set(p, a);
		return;
	case IR_ATTR_LOC:
		ir_pr_write(p, "loc(", 4);
		ir_pr_loc(p, a->u.loc.loc);
		ir_pr_putc(p, ')');
		return;
	}
	ir_unreachable("bad attribute kind");
}

/* ---------------------------------------------------------------- locations */

/* Locations of a fused location after MLIR's FusedLoc::get rules. */
typedef struct {
	const IrLoc **v; /* NULL entries stand for unknown */
	size_t n, cap;
} LocList;

static char *loc_text(const IrLoc *loc);

/* Same location once MLIR's rules are applied: uniqued pointers, except
 * that locations holding fused ones may differ in spelling only. */
static bool
same_loc(const IrLoc *a, const IrLoc *b)
{
	if (a == b)
		return true;
	if (!a || !b || a->kind != b->kind || a->kind == IR_LOC_FILE ||
	    a->kind == IR_LOC_UNKNOWN)
		return false;
	char *x = loc_text(a), *y = loc_text(b);
	bool same = !strcmp(x, y);
	free(x);
	free(y);
	return same;
}

static void
loc_add(LocList *l, const IrLoc *loc)
{
	for (size_t i = 0; i < l->n; i++)
		if (same_loc(l->v[i], loc))
			return;
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->v = ir_xrealloc(l->v, l->cap * sizeof *l->v);
	}
	l->v[l->n++] = loc;
}

static bool
is_unknown(const IrLoc *loc)
{
	return !loc || loc->kind == IR_LOC_UNKNOWN;
}

/* What MLIR would have built for the fused location: 0 unknown, 1 the
 * single location out->v[0], 2 a fused location of out (nested fused
 * locations with the same metadata flattened, unknowns dropped,
 * duplicates removed). MLIR does this when it creates the location; the
 * printer applies it so any IR prints as mlir-opt would. */
static int
fused_view(const IrLoc *loc, LocList *out)
{
	const IrAttr *md = loc->u.fused.metadata;
	for (size_t i = 0; i < loc->u.fused.n; i++) {
		const IrLoc *c = loc->u.fused.locs[i];
		if (c && c->kind == IR_LOC_FUSED) {
			LocList sub = { 0 };
			int k = fused_view(c, &sub);
			bool flat = k == 2 && c->u.fused.metadata == md;
			if (flat)
				for (size_t j = 0; j < sub.n; j++)
					loc_add(out, sub.v[j]);
			else if (k == 1 && !is_unknown(sub.v[0]))
				loc_add(out, sub.v[0]);
			else if (k == 2)
				loc_add(out, c);
			free(sub.v);
			continue;
		}
		if (!is_unknown(c))
			loc_add(out, c);
	}
	if (!out->n) {
		if (!md)
			return 0;
		loc_add(out, NULL);
	}
	return out->n == 1 && !md ? 1 : 2;
}

/* Whether loc prints as `unknown` (a name location then hides it). */
static bool
prints_unknown(const IrLoc *loc)
{
	if (is_unknown(loc))
		return true;
	if (loc->kind != IR_LOC_FUSED)
		return false;
	LocList parts = { 0 };
	int k = fused_view(loc, &parts);
	free(parts.v);
	return k == 0;
}

static void
fused(IrPrinter *p, const IrLoc *loc)
{
	LocList parts = { 0 };
	int k = fused_view(loc, &parts);
	if (k == 0) {
		ir_pr_write(p, "unknown", 7);
	} else if (k == 1) {
		ir_pr_loc(p, parts.v[0]);
	} else {
		ir_pr_write(p, "fused", 5);
		if (loc->u.fused.metadata) {
			ir_pr_putc(p, '<');
			ir_pr_attr(p, loc->u.fused.metadata, false);
			ir_pr_putc(p, '>');
		}
		ir_pr_putc(p, '[');
		for (size_t i = 0; i < parts.n; i++) {
			if (i)
				ir_pr_write(p, ", ", 2);
			ir_pr_loc(p, parts.v[i]);
		}
		ir_pr_putc(p, ']');
	}
	free(parts.v);
}

void
ir_pr_loc(IrPrinter *p, const IrLoc *loc)
{
	if (!loc) {
		ir_pr_write(p, "unknown", 7);
		return;
	}
	switch (loc->kind) {
	case IR_LOC_UNKNOWN:
		ir_pr_write(p, "unknown", 7);
		return;
	case IR_LOC_FILE:
		ir_pr_string(p, loc->u.file.file->str, loc->u.file.file->len);
		ir_pr_putc(p, ':');
		ir_pr_uint(p, loc->u.file.line);
		ir_pr_putc(p, ':');
		ir_pr_uint(p, loc->u.file.col);
		return;
	case IR_LOC_NAME:
		ir_pr_string(p, loc->u.name.name->str, loc->u.name.name->len);
		if (!prints_unknown(loc->u.name.child)) {
			ir_pr_putc(p, '(');
			ir_pr_loc(p, loc->u.name.child);
			ir_pr_putc(p, ')');
		}
		return;
	case IR_LOC_FUSED:
		fused(p, loc);
		return;
	case IR_LOC_CALLSITE:
		ir_pr_write(p, "callsite(", 9);
		ir_pr_loc(p, loc->u.callsite.callee);
		ir_pr_write(p, " at ", 4);
		ir_pr_loc(p, loc->u.callsite.caller);
		ir_pr_putc(p, ')');
		return;
	}
	ir_unreachable("bad location kind");
}

static char *
loc_text(const IrLoc *loc)
{
	IrPrinter p;
	ir_pr_init(&p, NULL);
	ir_pr_loc(&p, loc);
	return ir_pr_take(&p);
}

/* ---------------------------------------------------------------- public */

void
ir_print_type(FILE *out, const IrType *type)
{
	IrPrinter p;
	ir_pr_init(&p, out);
	ir_pr_type(&p, type);
	ir_pr_finish(&p);
}

void
ir_print_attr(FILE *out, const IrAttr *attr)
{
	IrPrinter p;
	ir_pr_init(&p, out);
	ir_pr_attr(&p, attr, false);
	ir_pr_finish(&p);
}

void
ir_print_loc(FILE *out, const IrLoc *loc)
{
	IrPrinter p;
	ir_pr_init(&p, out);
	ir_pr_write(&p, "loc(", 4);
	ir_pr_loc(&p, loc);
	ir_pr_putc(&p, ')');
	ir_pr_finish(&p);
}

char *
ir_type_str(const IrType *type)
{
	IrPrinter p;
	ir_pr_init(&p, NULL);
	ir_pr_type(&p, type);
	return ir_pr_take(&p);
}

char *
ir_attr_str(const IrAttr *attr)
{
	IrPrinter p;
	ir_pr_init(&p, NULL);
	ir_pr_attr(&p, attr, false);
	return ir_pr_take(&p);
}
