/* targets/ethos_u/weights.c: the Ethos-U weight order (bricks), per-core
 * weight streams, bias/scale records and Vela's weight tensor layout. */
#include "targets/ethos_u/weights.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "ir/ir.h"

/* Largest OHWI volume a geometry may describe: far above any real layer
 * (the hardware's SHRAM bounds what one op uses), low enough that a
 * hostile register value cannot make the order allocate gigabytes. */
#define MAX_VOLUME ((size_t)1 << 26)
/* Largest read order (the volume with its padding): the decoder holds
 * one index and one value per entry. Core 0's order is the longest. */
#define MAX_ORDER ((uint64_t)1 << 26)

static void
seterr(EthosuWeightError *e, size_t off, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static uint64_t order_length(const EthosuWeightGeom *g, int core);

static void
seterr(EthosuWeightError *e, size_t off, const char *fmt, ...)
{
	va_list ap;
	if (!e)
		return;
	e->offset = off;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
}

static int
imin(int a, int b)
{
	return a < b ? a : b;
}

static int
round_up(int x, int m)
{
	return (x + m - 1) / m * m;
}

/* ============================================================ geometry */

bool
ethosu_weight_geom_set_accel(EthosuWeightGeom *g, int macs, int ncores)
{
	if (macs != 32 && macs != 64 && macs != 128 && macs != 256)
		return false;
	if (ncores != 1 && !(ncores == 2 && macs == 256))
		return false;
	g->ncores = ncores;
	g->ifm_ublock_depth = 8;
	/* Ethos-U55-32 produces 4 output channels per micro-block. */
	g->ofm_ublock_depth = macs == 32 ? 4 : 8;
	return true;
}

/* An undilated kernel size from a dilated KERNEL_*_M1 register. */
static bool
kernel_size(uint32_t m1, int dil, const char *reg, int *out,
    EthosuWeightError *e)
{
	if (m1 % (uint32_t)dil != 0) {
		seterr(e, 0, "%s is %u, not a multiple of the dilation %d",
		    reg, m1, dil);
		return false;
	}
	*out = (int)(m1 / (uint32_t)dil) + 1;
	return true;
}

bool
ethosu_weight_geom_from_regs(const EthosuWeightRegs *r, EthosuWeightGeom *g,
    EthosuWeightError *e)
{
	memset(g, 0, sizeof(*g));
	g->kind = r->kind;
	g->part_kernel = r->kernel_stride >> 2 & 1;
	g->dilation_x = (int)(r->kernel_stride >> 3 & 1) + 1;
	g->dilation_y = (int)(r->kernel_stride >> 4 & 1) + 1;
	if (r->ofm_depth_m1 > 0xffff || r->ifm_depth_m1 > 0xffff ||
	    r->ofm_blk_depth_m1 > 0xffff || r->kernel_width_m1 > 0xffff ||
	    r->kernel_height_m1 > 0xffff) {
		seterr(e, 0, "weight geometry register above 16 bits");
		return false;
	}
	g->ofm_depth = (int)r->ofm_depth_m1 + 1;
	g->ifm_depth = (int)r->ifm_depth_m1 + 1;
	g->ofm_block_depth = (int)r->ofm_blk_depth_m1 + 1;
	g->ifm_bits = r->ifm_bits;
	if (!kernel_size(r->kernel_width_m1, g->dilation_x,
	    "NPU_SET_KERNEL_WIDTH_M1", &g->kernel_w, e) ||
	    !kernel_size(r->kernel_height_m1, g->dilation_y,
	    "NPU_SET_KERNEL_HEIGHT_M1", &g->kernel_h, e))
		return false;
	if (!ethosu_weight_geom_set_accel(g, r->macs, r->ncores)) {
		seterr(e, 0, "no Ethos-U has %d MACs and %d cores", r->macs,
		    r->ncores);
		return false;
	}
	return ethosu_weight_geom_check(g, e);
}

bool
ethosu_weight_geom_check(const EthosuWeightGeom *g, EthosuWeightError *e)
{
	bool dw = g->kind == ETHOSU_WEIGHTS_DEPTHWISE;
	if (g->kind != ETHOSU_WEIGHTS_CONV && !dw) {
		seterr(e, 0, "weights for an operation without weights");
		return false;
	}
	if (g->ofm_depth < 1 || g->ofm_depth > 65536 || g->ifm_depth < 1 ||
	    g->ifm_depth > 65536 || g->ofm_block_depth < 1 ||
	    g->ofm_block_depth > 65536) {
		seterr(e, 0, "weight geometry depths out of range (OFM %d, "
		    "IFM %d, OFM block %d)", g->ofm_depth, g->ifm_depth,
		    g->ofm_block_depth);
		return false;
	}
	if (g->kernel_h < 1 || g->kernel_w < 1 || g->kernel_h > 65536 ||
	    g->kernel_w > 65536 || (g->dilation_x != 1 &&
	    g->dilation_x != 2) || (g->dilation_y != 1 && g->dilation_y != 2)) {
		seterr(e, 0, "kernel %dx%d with dilation %dx%d is not "
		    "supported", g->kernel_h, g->kernel_w, g->dilation_y,
		    g->dilation_x);
		return false;
	}
	if (g->ifm_bits != 8 && g->ifm_bits != 16) {
		seterr(e, 0, "weights need an 8- or 16-bit IFM, not %d bits",
		    g->ifm_bits);
		return false;
	}
	if (g->ncores < 1 || g->ncores > 2 || g->ifm_ublock_depth != 8 ||
	    (g->ofm_ublock_depth != 8 && g->ofm_ublock_depth != 4)) {
		seterr(e, 0, "unknown accelerator (%d cores, ublock depths "
		    "%d/%d)", g->ncores, g->ifm_ublock_depth,
		    g->ofm_ublock_depth);
		return false;
	}
	if (dw && g->part_kernel) {
		seterr(e, 0, "depthwise weights cannot be part-kernel-first");
		return false;
	}
	if ((size_t)g->ofm_depth * (size_t)g->kernel_h * (size_t)g->kernel_w
	    * (size_t)(dw ? 1 : g->ifm_depth) > MAX_VOLUME ||
	    order_length(g, 0) > MAX_ORDER) {
		seterr(e, 0, "weight volume %dx%dx%dx%d is too large",
		    g->ofm_depth, g->kernel_h, g->kernel_w,
		    dw ? 1 : g->ifm_depth);
		return false;
	}
	return true;
}

size_t
ethosu_weights_volume(const EthosuWeightGeom *g)
{
	int ifm = g->kind == ETHOSU_WEIGHTS_DEPTHWISE ? 1 : g->ifm_depth;
	return (size_t)g->ofm_depth * (size_t)g->kernel_h *
	    (size_t)g->kernel_w * (size_t)ifm;
}

int
ethosu_core_depth(int ofm_depth, int core, int ncores)
{
	return ofm_depth > core ? (ofm_depth - core + ncores - 1) / ncores : 0;
}

bool
ethosu_weights_prefer_part_kernel(EthosuWeightKind kind, int kernel_h,
    int kernel_w, int ifm_depth, int ifm_bits)
{
	int ks = kernel_h * kernel_w;
	double depth_util, pk_util;
	if (kind != ETHOSU_WEIGHTS_CONV)
		return false;
	/* Vela's estimate of MAC utilisation (in doubles, as numpy). */
	depth_util = (double)ifm_depth /
	    round_up(ifm_depth, ifm_bits == 8 ? 32 : 16);
	pk_util = ((double)ifm_depth / round_up(ifm_depth, 8)) *
	    ((double)ks / round_up(ks, ifm_bits == 8 ? 4 : 2));
	return pk_util >= depth_util || ifm_depth <= 8;
}

/* =============================================================== order */

typedef struct Order {
	const EthosuWeightGeom *g;
	int core;
	int depth;              /* the core's channels */
	int ifm;                /* IFM depth of the volume (1: depthwise) */
	int32_t *idx;           /* the order as OHWI indices, or */
	const EthosuWeightSrc *src; /* with src: the values themselves, */
	int16_t *vals;          /* padding as zero (one pass, no idx) */
	size_t n, cap;
} Order;

static void
order_grow_slow(Order *o, size_t more)
{
	/* The first request is the exact length (order_walk) */
	if (o->cap == 0)
		o->cap = more > 0 ? more : 1024;
	while (o->n + more > o->cap)
		o->cap = o->cap * 2;
	if (o->src)
		o->vals = ir_xrealloc(o->vals, o->cap * sizeof(*o->vals));
	else
		o->idx = ir_xrealloc(o->idx, o->cap * sizeof(*o->idx));
}

static inline void
order_grow(Order *o, size_t more)
{
	if (o->n + more > o->cap)
		order_grow_slow(o, more);
}

/* The loop nest inside one sub-kernel (at most 8x8, less when dilated)
 * for one OFM block and one IFM block. The weight decoder wants, per OFM
 * micro-block, each kernel element with the IFM micro-blocks innermost
 * (depth-first), or the IFM micro-blocks outermost with the elements
 * padded to a multiple of 4 (2 for 16-bit IFM) (part-kernel-first).
 * Depthwise pads the elements to 4 and reads one IFM channel. The two
 * innermost loops (an OFM micro-block's channels, an IFM micro-block's)
 * step the OHWI index by a channel's volume and by one. */
typedef struct Sub {
	int ob, ob_depth;       /* OFM block start and clipped depth */
	int ib, ib_depth;       /* IFM block start and depth */
	int sy, sx, sh, sw;     /* sub-kernel origin and size */
} Sub;

/* k values of src from element `at` on, rstride apart, minus the zero
 * point, into v. 16 bits hold every difference (ethosu_weights_pack_src
 * bounds the zero point), so the arithmetic is done in 16 bits, modulo
 * 2^16, which lets the compiler use short vector lanes. */
static void
get_run(const EthosuWeightSrc *src, size_t at, size_t k, int16_t *v)
{
	size_t rs = src->rstride;
	uint16_t zp = (uint16_t)src->zp;
	if (src->elem == ETHOSU_WELEM_I8) {
		const int8_t *p = (const int8_t *)src->data + at;
		for (size_t i = 0; i < k; i++)
			v[i] = (int16_t)(uint16_t)((uint16_t)p[i * rs] - zp);
	} else if (src->elem == ETHOSU_WELEM_U8) {
		const uint8_t *p = (const uint8_t *)src->data + at;
		for (size_t i = 0; i < k; i++)
			v[i] = (int16_t)(uint16_t)((uint16_t)p[i * rs] - zp);
	} else {
		const int16_t *p = (const int16_t *)src->data + at;
		if (rs == 1 && zp == 0) {
			memcpy(v, p, k * sizeof *v);
			return;
		}
		for (size_t i = 0; i < k; i++)
			v[i] = (int16_t)(uint16_t)((uint16_t)p[i * rs] - zp);
	}
}

/* The usual case, a whole micro-block of 8 bytes in a row: one 8-byte
 * load widened to 16 bits (SSE2, x86-64's baseline; gcc -O2 leaves the
 * plain loop scalar), or the loop elsewhere. */
static inline void
get8(const void *p, bool sign, uint16_t zp, int16_t *v)
{
#if defined(__SSE2__)
	__m128i b = _mm_loadl_epi64((const __m128i *)p);
	__m128i w = sign ? _mm_srai_epi16(_mm_unpacklo_epi8(b, b), 8) :
	    _mm_unpacklo_epi8(b, _mm_setzero_si128());
	w = _mm_sub_epi16(w, _mm_set1_epi16((short)zp));
	_mm_storeu_si128((__m128i *)v, w);
#else
	if (sign)
		for (int i = 0; i < 8; i++)
			v[i] = (int16_t)(uint16_t)((uint16_t)((const int8_t *)
			    p)[i] - zp);
	else
		for (int i = 0; i < 8; i++)
			v[i] = (int16_t)(uint16_t)((uint16_t)((const uint8_t *)
			    p)[i] - zp);
#endif
}

/* One micro-block pair: ou OFM channels (no of them real, their first
 * elements `step` apart from `at` on, in src's elements, or in the OHWI
 * volume for indices), each iz_n IFM channels (nz of them real), the
 * rest padding. put_vals gathers the values (padding zero), put_idx
 * their indices (padding -1). Whole runs of real values are read at
 * once: this is the gather's inner loop. */
/* put_vals' usual case: ou whole micro-blocks of 8 bytes, `step`
 * apart from p, no padding; a loop per signedness so that nothing is
 * tested per channel. */
static void
put_bytes8(const uint8_t *p, size_t step, int ou, bool sign, uint16_t zp,
    int16_t *v)
{
	if (sign)
		for (int oz = 0; oz < ou; oz++, p += step, v += 8)
			get8(p, true, zp, v);
	else
		for (int oz = 0; oz < ou; oz++, p += step, v += 8)
			get8(p, false, zp, v);
}

static void
put_vals(Order *o, size_t at, size_t step, int ou, int iz_n, int no,
    int nz)
{
	const EthosuWeightSrc *src = o->src;
	int16_t *v = o->vals + o->n;
	size_t real = nz > 0 ? (size_t)nz : 0;
	bool bytes = src->elem != ETHOSU_WELEM_I16 && src->rstride == 1;
	bool sign = src->elem == ETHOSU_WELEM_I8;
	o->n += (size_t)ou * (size_t)iz_n;
	if (bytes && nz == 8 && iz_n == 8 && no == ou) {
		put_bytes8((const uint8_t *)src->data + at, step, ou, sign,
		    (uint16_t)src->zp, v);
		return;
	}
	for (int oz = 0; oz < ou; oz++, at += step, v += iz_n) {
		size_t k = oz < no ? real : 0;
		if (k == 8 && bytes) {
			get8((const uint8_t *)src->data + at, sign,
			    (uint16_t)src->zp, v);
			continue;
		}
		if (k)
			get_run(src, at, k, v);
		if (k < (size_t)iz_n)
			memset(v + k, 0, ((size_t)iz_n - k) * sizeof *v);
	}
}

static void
put_idx(Order *o, size_t base, size_t step, int ou, int iz_n, int no,
    int nz)
{
	int32_t *v = o->idx + o->n;
	for (int oz = 0; oz < ou; oz++, base += step)
		for (int iz = 0; iz < iz_n; iz++)
			*v++ = oz < no && iz < nz ? (int32_t)(base +
			    (size_t)iz) : -1;
	o->n += (size_t)ou * (size_t)iz_n;
}

static void
order_sub(Order *o, const Sub *s)
{
	const EthosuWeightGeom *g = o->g;
	bool dw = g->kind == ETHOSU_WEIGHTS_DEPTHWISE, pk = g->part_kernel;
	int iu = g->ifm_ublock_depth, ou = g->ofm_ublock_depth;
	int elems = s->sw * s->sh;
	int outer = pk ? s->ib_depth : 1, inner = pk ? 1 : s->ib_depth;
	int iz_n = dw ? 1 : iu;
	size_t ch = (size_t)g->kernel_h * (size_t)g->kernel_w * (size_t)o->ifm;
	if (pk)
		elems = round_up(elems, g->ifm_bits == 16 ? 2 : 4);
	else if (dw)
		elems = round_up(elems, 4);
	/* Loop invariants in locals: the stores of the values would
	 * otherwise make the compiler reload them per micro-block. */
	const EthosuWeightSrc *src = o->src;
	size_t ost = src ? src->ostride : 0, rst = src ? src->rstride : 0;
	size_t ncores = (size_t)g->ncores, kw = (size_t)g->kernel_w;
	size_t ifm = (size_t)o->ifm;
	int depth = o->depth;
	for (int uo = 0; uo < outer; uo += iu)
	for (int ub = 0; ub < s->ob_depth; ub += ou)
	for (int el = 0; el < elems; el++) {
		int kx = el % s->sw, ky = el / s->sw;
		int o0 = s->ob + ub;
		int no = imin(ou, depth - o0);
		size_t c0 = (size_t)o->core + (size_t)o0 * ncores;
		/* The element of the channel's volume (its IFM channel
		 * added per micro-block), and the channel's start. */
		size_t r0 = ((size_t)(s->sy + ky) * kw + (size_t)(s->sx + kx)) *
		    ifm;
		for (int ui = 0; ui < inner; ui += iu) {
			int z0 = s->ib + ui + uo;
			/* valid IFM channels of the micro-block */
			int nz = ky < s->sh ? imin(iz_n, (int)ifm - z0) : 0;
			size_t r = r0 + (size_t)z0;
			order_grow(o, (size_t)ou * (size_t)iz_n);
			if (src)
				put_vals(o, c0 * ost + r * rst, ost * ncores,
				    ou, iz_n, no, nz);
			else
				put_idx(o, c0 * ch + r, ch * ncores, ou, iz_n,
				    no, nz);
		}
	}
}

/* Kernels larger than 8x8 (4x4 per dilated step) are cut into
 * sub-kernels, row by row. */
static void
order_kernel(Order *o, Sub *s)
{
	const EthosuWeightGeom *g = o->g;
	int dh = 8 / g->dilation_y, dwid = 8 / g->dilation_x;
	for (s->sy = 0; s->sy < g->kernel_h; s->sy += dh) {
		s->sh = imin(g->kernel_h - s->sy, dh);
		for (s->sx = 0; s->sx < g->kernel_w; s->sx += dwid) {
			s->sw = imin(g->kernel_w - s->sx, dwid);
			order_sub(o, s);
		}
	}
}

/* A size that repeats: `count` blocks of `size` (a dimension cut into
 * steps of `step`, the last one clipped). */
typedef struct Piece {
	int size;
	uint64_t count;
} Piece;

static int
pieces(int total, int step, bool clip, Piece p[2])
{
	int n = 0;
	if (!clip) {
		p[n++] = (Piece){ step, (uint64_t)((total + step - 1) / step) };
		return n;
	}
	if (total / step > 0)
		p[n++] = (Piece){ step, (uint64_t)(total / step) };
	if (total % step > 0)
		p[n++] = (Piece){ total % step, 1 };
	return n;
}

static uint64_t
ceil_div(int a, int b)
{
	return (uint64_t)((a + b - 1) / b);
}

/* Values order_sub pushes for one sub-kernel of `elems` elements. */
static uint64_t
sub_length(const EthosuWeightGeom *g, int ob_depth, int ib_depth, int elems)
{
	bool dw = g->kind == ETHOSU_WEIGHTS_DEPTHWISE, pk = g->part_kernel;
	int iu = g->ifm_ublock_depth, ou = g->ofm_ublock_depth;
	if (pk)
		elems = round_up(elems, g->ifm_bits == 16 ? 2 : 4);
	else if (dw)
		elems = round_up(elems, 4);
	return ceil_div(pk ? ib_depth : 1, iu) * ceil_div(ob_depth, ou) *
	    (uint64_t)elems * ceil_div(pk ? 1 : ib_depth, iu) *
	    (uint64_t)ou * (uint64_t)(dw ? 1 : iu);
}

/* ethosu_weights_order's length without building it: the same loops,
 * counted by block sizes (at most two per dimension). */
static uint64_t
order_length(const EthosuWeightGeom *g, int core)
{
	bool dw = g->kind == ETHOSU_WEIGHTS_DEPTHWISE;
	int nc = g->ncores, bd = (g->ofm_block_depth + nc - 1 - core) / nc;
	int depth = ethosu_core_depth(g->ofm_depth, core, nc);
	int ib_step = g->part_kernel || g->ifm_bits == 16 ? 16 : 32;
	Piece ob[2], ib[2], hs[2], ws[2];
	int nob, nib, nh, nw;
	uint64_t total = 0;
	if (bd <= 0 || depth == 0)
		return 0;
	nob = pieces(depth, bd, true, ob);
	if (dw)
		nib = 1, ib[0] = (Piece){ g->ifm_ublock_depth, 1 };
	else
		nib = pieces(g->ifm_depth, ib_step, g->part_kernel, ib);
	nh = pieces(g->kernel_h, 8 / g->dilation_y, true, hs);
	nw = pieces(g->kernel_w, 8 / g->dilation_x, true, ws);
	for (int a = 0; a < nob; a++)
	for (int b = 0; b < nib; b++)
	for (int c = 0; c < nh; c++)
	for (int d = 0; d < nw; d++)
		total += ob[a].count * ib[b].count * hs[c].count * ws[d].count *
		    sub_length(g, ob[a].size, ib[b].size,
		    hs[c].size * ws[d].size);
	return total;
}

size_t
ethosu_weights_order_length(const EthosuWeightGeom *g, int core)
{
	return (size_t)order_length(g, core);
}

/* Walks the read order into o (idx, or vals gathered from o->src). */
static void
order_walk(const EthosuWeightGeom *g, int core, Order *o)
{
	bool dw = g->kind == ETHOSU_WEIGHTS_DEPTHWISE;
	int nc = g->ncores;
	/* Each core takes every ncores-th channel and its share of the
	 * OFM block. */
	int bd = (g->ofm_block_depth + nc - 1 - core) / nc;
	int ib_step = g->part_kernel || g->ifm_bits == 16 ? 16 : 32;
	Sub s;
	o->g = g;
	o->core = core;
	o->depth = ethosu_core_depth(g->ofm_depth, core, nc);
	o->ifm = dw ? 1 : g->ifm_depth;
	if (bd <= 0 || o->depth == 0)
		return;
	/* The exact length up front: one allocation, no copies. */
	order_grow(o, (size_t)order_length(g, core));
	for (s.ob = 0; s.ob < o->depth; s.ob += bd) {
		s.ob_depth = imin(bd, o->depth - s.ob);
		for (s.ib = 0; s.ib < o->ifm; s.ib += ib_step) {
			if (dw)
				s.ib_depth = g->ifm_ublock_depth;
			else if (g->part_kernel)
				s.ib_depth = imin(ib_step, o->ifm - s.ib);
			else
				s.ib_depth = ib_step;
			order_kernel(o, &s);
		}
	}
}

void
ethosu_weights_order(const EthosuWeightGeom *g, int core, int32_t **idx,
    size_t *n)
{
	Order o = {0};
	order_walk(g, core, &o);
	*idx = o.idx;
	*n = o.n;
}

/* ========================================================= weights */

static bool
check_core(const EthosuWeightGeom *g, int core, EthosuWeightError *e)
{
	if (!ethosu_weight_geom_check(g, e))
		return false;
	if (core < 0 || core >= g->ncores) {
		seterr(e, 0, "core %d of %d", core, g->ncores);
		return false;
	}
	return true;
}

bool
ethosu_weights_decode(const EthosuWeightGeom *g, int core,
    const uint8_t *data, size_t n, int16_t *ohwi, EthosuWeightError *e)
{
	int32_t *idx;
	int16_t *vals;
	size_t nidx, nvals;
	if (!check_core(g, core, e))
		return false;
	/* The stream first: a corrupt one fails before the order is
	 * built. */
	nidx = (size_t)order_length(g, core);
	if (!ethosu_mlw_decode(data, n, nidx, &vals, &nvals, e))
		return false;
	if (nvals != nidx) {
		seterr(e, n, "byte %zu: weight stream holds %zu values, the "
		    "operation reads %zu", n, nvals, nidx);
		free(vals);
		return false;
	}
	ethosu_weights_order(g, core, &idx, &nidx);
	for (size_t k = 0; k < nidx; k++)
		if (idx[k] >= 0)
			ohwi[idx[k]] = vals[k];
	free(idx);
	free(vals);
	return true;
}

bool
ethosu_weights_encode(const EthosuWeightGeom *g, int core,
    const int16_t *ohwi, uint8_t **out, size_t *nout, EthosuWeightError *e)
{
	Order o = {0};
	bool ok;
	*out = NULL;
	*nout = 0;
	if (!check_core(g, core, e))
		return false;
	/* The values gathered in the decoder's order in one pass. */
	EthosuWeightSrc src = ethosu_weight_src_ohwi(g, ohwi);
	o.src = &src;
	order_walk(g, core, &o);
	ok = ethosu_mlw_encode_inplace(o.vals, o.n, out, nout, e);
	free(o.vals);
	return ok;
}

/* ==================================================== bias and scale */

bool
ethosu_scale_pack(const EthosuScale *s, uint8_t rec[ETHOSU_SCALE_RECORD])
{
	uint64_t b = (uint64_t)s->bias;
	if (s->bias < -((int64_t)1 << 39) || s->bias >= (int64_t)1 << 39 ||
	    s->shift > 63)
		return false;
	for (int i = 0; i < 5; i++)
		rec[i] = (uint8_t)(b >> (8 * i));
	for (int i = 0; i < 4; i++)
		rec[5 + i] = (uint8_t)(s->scale >> (8 * i));
	rec[9] = s->shift & 0x3f;
	return true;
}

void
ethosu_scale_unpack(const uint8_t rec[ETHOSU_SCALE_RECORD], EthosuScale *s)
{
	uint64_t b = 0;
	uint32_t m = 0;
	for (int i = 0; i < 5; i++)
		b |= (uint64_t)rec[i] << (8 * i);
	/* Sign-extend from 40 bits. */
	s->bias = (int64_t)(b << 24) >> 24;
	for (int i = 0; i < 4; i++)
		m |= (uint32_t)rec[5 + i] << (8 * i);
	s->scale = m;
	s->shift = rec[9] & 0x3f;
}

bool
ethosu_scales_decode(int ofm_depth, int core, int ncores,
    const uint8_t *data, size_t n, EthosuScale *out, EthosuWeightError *e)
{
	int cd;
	if (ncores < 1 || ncores > 2 || core < 0 || core >= ncores ||
	    ofm_depth < 1) {
		seterr(e, 0, "scale stream for core %d of %d, %d channels",
		    core, ncores, ofm_depth);
		return false;
	}
	cd = ethosu_core_depth(ofm_depth, core, ncores);
	if (n / ETHOSU_SCALE_RECORD < (size_t)cd) {
		seterr(e, n, "byte %zu: scale stream ends after %zu of %d "
		    "records", n, n / ETHOSU_SCALE_RECORD, cd);
		return false;
	}
	for (int k = 0; k < cd; k++)
		ethosu_scale_unpack(data + (size_t)k * ETHOSU_SCALE_RECORD,
		    &out[core + k * ncores]);
	return true;
}

bool
ethosu_scales_encode(int ofm_depth, int core, int ncores,
    const EthosuScale *scales, uint8_t **out, size_t *nout,
    EthosuWeightError *e)
{
	int cd = ncores >= 1 ? ethosu_core_depth(ofm_depth, core, ncores) : 0;
	*out = NULL;
	*nout = 0;
	if (cd == 0)
		return true;
	*out = ir_xmalloc((size_t)cd * ETHOSU_SCALE_RECORD);
	for (int k = 0; k < cd; k++) {
		int c = core + k * ncores;
		if (!ethosu_scale_pack(&scales[c],
		    *out + (size_t)k * ETHOSU_SCALE_RECORD)) {
			seterr(e, 0, "channel %d: bias %lld or shift %d out of "
			    "range", c, (long long)scales[c].bias,
			    scales[c].shift);
			free(*out);
			*out = NULL;
			return false;
		}
	}
	*nout = (size_t)cd * ETHOSU_SCALE_RECORD;
	return true;
}

/* ====================================================== the tensor */

/* The tensor being packed, or only measured: the size path runs the
 * same code (pack below) with `count` set, so every offset, padding and
 * rounding is the packer's own; only the bytes are not stored. */
typedef struct Buf {
	uint8_t *p;
	size_t n, cap;
	bool count;             /* measure: n grows, nothing is stored */
	EthosuMlwPlan **rec;    /* count: each range's encoder plan, or NULL */
	EthosuMlwPlan *const *use; /* write: plans to follow, or NULL */
} Buf;

static void
buf_add(Buf *b, const uint8_t *data, size_t n)
{
	if (b->count) {
		b->n += n;
		return;
	}
	if (b->n + n > b->cap) {
		while (b->n + n > b->cap)
			b->cap = b->cap ? b->cap * 2 : 1024;
		b->p = ir_xrealloc(b->p, b->cap);
	}
	if (data)
		memcpy(b->p + b->n, data, n);
	else
		memset(b->p + b->n, 0, n);
	b->n += n;
}

/* Sets b's capacity to more than the tensor should need: two and a
 * half bytes a weight (mlw codes one in at most ten bits or so; the
 * order pads the blocks), the records, 16-byte padding per range.
 * Growing instead would copy the tensor at each doubling, into fresh
 * pages; pages of the estimate never written cost no memory. */
static void
buf_reserve(Buf *b, const EthosuWeightGeom *g, bool weights, bool scales,
    int nslices)
{
	size_t bytes = (size_t)nslices * 2 * 64 + 1024;
	if (b->count)
		return;
	if (weights)
		bytes += 2 * ethosu_weights_volume(g) * 5 / 4;
	if (scales)
		bytes += (size_t)g->ofm_depth * ETHOSU_SCALE_RECORD;
	/* A caller's buffer grows with realloc: a large one (mapped)
	 * keeps its pages, moved or extended, none copied. */
	if (b->cap < bytes) {
		b->p = ir_xrealloc(b->p, bytes);
		b->cap = bytes;
	}
}

/* Appends core's weight stream to b (range k of the tensor): the
 * values gathered into the scratch's room (sized exactly: order_grow
 * never reallocates it), the stream encoded straight into b, no copy in
 * between; or only measured, its plan kept when asked. */
static bool
encode_into(EthosuMlwScratch *s, const EthosuWeightGeom *g, int core,
    const EthosuWeightSrc *src, Buf *b, size_t k, EthosuWeightError *e)
{
	Order o = {0};
	size_t len, bytes;
	if (!check_core(g, core, e))
		return false;
	len = (size_t)order_length(g, core);
	o.src = src;
	o.vals = ethosu_mlw_scratch_values(s, len);
	o.cap = len ? len : 1;
	order_walk(g, core, &o);
	assert(o.n <= len);
	if (b->count) {
		if (!ethosu_mlw_size(s, o.vals, o.n, &bytes, b->rec ?
		    &b->rec[k] : NULL, e))
			return false;
		b->n += bytes;
		return true;
	}
	if (b->use && b->use[k])
		return ethosu_mlw_encode_planned(s, b->use[k], o.vals, o.n,
		    &b->p, &b->n, &b->cap, e);
	return ethosu_mlw_encode_append(s, o.vals, o.n, &b->p, &b->n, &b->cap,
	    e);
}

/* Appends one (slice, core) range (range k): scales, padding,
 * weights. */
static bool
pack_range(EthosuMlwScratch *s, const EthosuWeightGeom *gs, int core,
    const EthosuWeightSrc *src, const EthosuScale *scales, Buf *b,
    size_t k, EthosuWeightRange *r, EthosuWeightError *e)
{
	size_t at;
	uint8_t *p;
	size_t np;
	r->core = core;
	r->scale_offset = b->n;
	r->scale_bytes = 0;
	if (scales) {
		/* Encoded also when measuring: the same checks. */
		if (!ethosu_scales_encode(gs->ofm_depth, core, gs->ncores,
		    scales, &p, &np, e))
			return false;
		buf_add(b, p, np);
		free(p);
		r->scale_bytes = np;
		buf_add(b, NULL, (16 - b->n % 16) % 16);
	}
	r->weight_offset = at = b->n;
	r->weight_bytes = 0;
	if (src) {
		if (!encode_into(s, gs, core, src, b, k, e))
			return false;
		r->weight_bytes = b->n - at;
	}
	return true;
}

static bool
check_slices(const EthosuWeightGeom *g, const int *off, int nslices,
    EthosuWeightError *e)
{
	if (nslices < 1 || off[0] != 0 || off[nslices] != g->ofm_depth) {
		seterr(e, 0, "depth slices must run from 0 to %d",
		    g->ofm_depth);
		return false;
	}
	for (int i = 0; i < nslices; i++) {
		if (off[i + 1] <= off[i]) {
			seterr(e, 0, "depth slice %d is empty or reversed", i);
			return false;
		}
	}
	return ethosu_weight_geom_check(g, e);
}

bool
ethosu_weights_pack(const EthosuWeightGeom *g, const int16_t *ohwi,
    const EthosuScale *scales, const int *depth_offsets, int nslices,
    uint8_t **out, size_t *nout, EthosuWeightRange **ranges,
    size_t *nranges, EthosuWeightError *e)
{
	EthosuMlwScratch *s = ethosu_mlw_scratch_create();
	bool ok = ethosu_weights_pack_with(s, g, ohwi, scales, depth_offsets,
	    nslices, out, nout, ranges, nranges, e);
	ethosu_mlw_scratch_destroy(s);
	return ok;
}

bool
ethosu_weights_pack_with(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const int16_t *ohwi, const EthosuScale *scales,
    const int *depth_offsets, int nslices, uint8_t **out, size_t *nout,
    EthosuWeightRange **ranges, size_t *nranges, EthosuWeightError *e)
{
	EthosuWeightSrc src = ethosu_weight_src_ohwi(g, ohwi);
	return ethosu_weights_pack_src(s, g, ohwi ? &src : NULL, scales,
	    depth_offsets, nslices, out, nout, ranges, nranges, e);
}

/* The bytes of one element of src. */
static size_t
src_elem_bytes(const EthosuWeightSrc *src)
{
	return src->elem == ETHOSU_WELEM_I16 ? 2 : 1;
}

EthosuWeightSrc
ethosu_weight_src_ohwi(const EthosuWeightGeom *g, const int16_t *ohwi)
{
	size_t per_ch = g->ofm_depth > 0 ? ethosu_weights_volume(g) /
	    (size_t)g->ofm_depth : 0;
	return (EthosuWeightSrc){ .data = ohwi, .elem = ETHOSU_WELEM_I16,
	    .ostride = per_ch, .rstride = 1 };
}

int32_t
ethosu_weight_src_get(const EthosuWeightSrc *src, size_t o, size_t r)
{
	size_t at = o * src->ostride + r * src->rstride;
	int32_t v;
	if (src->elem == ETHOSU_WELEM_I8)
		v = ((const int8_t *)src->data)[at];
	else if (src->elem == ETHOSU_WELEM_U8)
		v = ((const uint8_t *)src->data)[at];
	else
		v = ((const int16_t *)src->data)[at];
	return v - src->zp;
}

bool
ethosu_weight_src_in_range(const EthosuWeightSrc *src, size_t oc,
    size_t per_ch)
{
	int32_t lo = -32768, hi = 32767;
	if (src->elem == ETHOSU_WELEM_I8)
		lo = -128, hi = 127;
	else if (src->elem == ETHOSU_WELEM_U8)
		lo = 0, hi = 255;
	/* The usual 8-bit case: every stored value fits, none is read. */
	if (lo - src->zp >= -ETHOSU_MLW_MAX_WEIGHT &&
	    hi - src->zp <= ETHOSU_MLW_MAX_WEIGHT)
		return true;
	for (size_t o = 0; o < oc; o++)
		for (size_t r = 0; r < per_ch; r++) {
			int32_t v = ethosu_weight_src_get(src, o, r);
			if (v < -ETHOSU_MLW_MAX_WEIGHT ||
			    v > ETHOSU_MLW_MAX_WEIGHT)
				return false;
		}
	return true;
}

bool
ethosu_weights_pack_src(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const EthosuWeightSrc *src, const EthosuScale *scales,
    const int *depth_offsets, int nslices, uint8_t **out, size_t *nout,
    EthosuWeightRange **ranges, size_t *nranges, EthosuWeightError *e)
{
	return ethosu_weights_pack_into(s, g, src, scales, depth_offsets,
	    nslices, NULL, 0, out, nout, ranges, nranges, e);
}

/* Every packing entry point: b says whether to write (into b->p, which
 * it takes) or to measure. */
static bool
pack(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const EthosuWeightSrc *src, const EthosuScale *scales,
    const int *depth_offsets, int nslices, Buf *bp, uint8_t **out,
    size_t *nout, EthosuWeightRange **ranges, size_t *nranges,
    EthosuWeightError *e)
{
	Buf b = *bp;
	int ncores = imin(g->ncores, g->ofm_depth);
	*out = NULL;
	*nout = 0;
	*ranges = NULL;
	*nranges = 0;
	if (!check_slices(g, depth_offsets, nslices, e)) {
		free(b.p);
		return false;
	}
	if (src && !src->data)
		src = NULL;
	/* Beyond this no stored value is a weight, and 16 bits could
	 * wrap a difference back into range. */
	if (src && (src->zp < -1024 || src->zp > 1024)) {
		seterr(e, 0, "weight zero point %d out of range", src->zp);
		free(b.p);
		return false;
	}
	*ranges = ir_xcalloc((size_t)nslices * 2, sizeof(**ranges));
	buf_reserve(&b, g, src != NULL, scales != NULL, nslices);
	for (int i = 0; i < nslices; i++) {
		EthosuWeightGeom gs = *g;
		int d0 = depth_offsets[i];
		gs.ofm_depth = depth_offsets[i + 1] - d0;
		/* The slice's channels start d0 channels in. */
		EthosuWeightSrc ss = src ? *src : (EthosuWeightSrc){0};
		if (src)
			ss.data = (const uint8_t *)src->data + (size_t)d0 *
			    src->ostride * src_elem_bytes(src);
		for (int core = 0; core < ncores; core++) {
			EthosuWeightRange *r = &(*ranges)[*nranges];
			if ((g->ofm_block_depth + g->ncores - 1 - core) /
			    g->ncores == 0)
				continue;
			r->depth = d0;
			if (!pack_range(s, &gs, core, src ? &ss : NULL,
			    scales ? scales + d0 : NULL, &b, *nranges, r,
			    e)) {
				free(b.p);
				free(*ranges);
				*ranges = NULL;
				*nranges = 0;
				return false;
			}
			++*nranges;
		}
	}
	/* The unused tail back (a big block shrinks in place) */
	if (!b.count && b.cap - b.n >= 4096)
		b.p = ir_xrealloc(b.p, b.n ? b.n : 1);
	*out = b.p;
	*nout = b.n;
	return true;
}

bool
ethosu_weights_pack_into(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const EthosuWeightSrc *src, const EthosuScale *scales,
    const int *depth_offsets, int nslices, uint8_t *buf, size_t cap,
    uint8_t **out, size_t *nout, EthosuWeightRange **ranges,
    size_t *nranges, EthosuWeightError *e)
{
	return ethosu_weights_pack_planned(s, g, src, scales, depth_offsets,
	    nslices, NULL, buf, cap, out, nout, ranges, nranges, e);
}

bool
ethosu_weights_pack_planned(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const EthosuWeightSrc *src, const EthosuScale *scales,
    const int *depth_offsets, int nslices, EthosuMlwPlan *const *plans,
    uint8_t *buf, size_t cap, uint8_t **out, size_t *nout,
    EthosuWeightRange **ranges, size_t *nranges, EthosuWeightError *e)
{
	Buf b = { .p = buf, .cap = buf ? cap : 0, .use = plans };
	return pack(s, g, src, scales, depth_offsets, nslices, &b, out, nout,
	    ranges, nranges, e);
}

bool
ethosu_weights_pack_size(EthosuMlwScratch *s, const EthosuWeightGeom *g,
    const EthosuWeightSrc *src, const EthosuScale *scales,
    const int *depth_offsets, int nslices, size_t *nout,
    EthosuWeightRange **ranges, size_t *nranges, EthosuMlwPlan ***plans,
    EthosuWeightError *e)
{
	/* Room for a plan per range: at most two a slice. */
	size_t room = nslices > 0 ? (size_t)nslices * 2 : 1;
	Buf b = { .count = true, .rec = plans ? ir_xcalloc(room,
	    sizeof(EthosuMlwPlan *)) : NULL };
	uint8_t *none;
	bool ok = pack(s, g, src, scales, depth_offsets, nslices, &b, &none,
	    nout, ranges, nranges, e);
	if (!ok && b.rec) {
		ethosu_weights_plans_free(b.rec, room);
		b.rec = NULL;
	}
	if (plans)
		*plans = b.rec;
	return ok;
}

void
ethosu_weights_plans_free(EthosuMlwPlan **plans, size_t n)
{
	if (!plans)
		return;
	for (size_t k = 0; k < n; k++)
		ethosu_mlw_plan_free(plans[k]);
	free(plans);
}
