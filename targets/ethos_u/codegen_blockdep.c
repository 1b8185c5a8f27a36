/* targets/ethos_u/codegen_blockdep.c: feature-map addresses as the
 * hardware computes them, the alignment it needs, and the BLOCKDEP
 * register as Vela 3.10 computes it: how many OFM blocks of the
 * operation before may still be in flight when an operation starts its
 * first blocks, found by
 * walking the first input blocks of the new operation against the last
 * output blocks of the previous one. The hardware then overlaps the two
 * operations that far. Vela's arithmetic is reproduced as it is (some
 * of it is loose: the input row of a block is offset by the right
 * padding, and an area's end is used as an inclusive bound), so the
 * value is the one Vela writes. */
#include <string.h>

#include "targets/ethos_u/codegen.h"

#define CG_MAX_BLOCKDEP 3

void
cg_fm_strides(const CgFm *f, int64_t *sx, int64_t *sy, int64_t *sc)
{
	int64_t bytes = f->bits / 8;
	if (f->strided) {
		*sx = (int64_t)f->sx, *sy = (int64_t)f->sy;
		*sc = (int64_t)f->sc;
	} else if (f->b16) {
		*sx = 16 * bytes;
		*sc = 16 * bytes * f->w;
		*sy = bytes * f->w * ((f->c + 15) / 16 * 16);
	} else {
		*sc = bytes;
		*sx = bytes * f->c;
		*sy = bytes * f->w * f->c;
	}
}

bool
cg_fm_aligned(const CgFm *f, int64_t *need, const char **what)
{
	int64_t sx, sy, sc;
	cg_fm_strides(f, &sx, &sy, &sc);
	/* NHCWB16: the base and the channel-group and row strides in
	 * whole 16-byte bricks of a pixel; NHWC: the base and the pixel
	 * and row strides in whole elements (Vela's check_addresses and
	 * check_strides). */
	*need = f->b16 ? 16 : f->bits / 8;
	const int64_t v[3] = { (int64_t)f->addr, f->b16 ? sc : sx, sy };
	static const char *const names[3] = { "base address",
	    "channel or pixel stride", "row stride" };
	for (int i = 0; i < 3; i++)
		if (v[i] % *need) {
			*what = names[i];
			return false;
		}
	return true;
}

/* Floor division and modulo (Vela's Python arithmetic on negative
 * block indices). */
static int64_t
fdiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static int64_t
fmod64(int64_t a, int64_t b)
{
	return a - fdiv(a, b) * b;
}

int64_t
cg_fm_addr(const CgFm *f, int64_t y, int64_t x, int64_t c)
{
	int64_t sx, sy, sc, bytes = f->bits / 8;
	cg_fm_strides(f, &sx, &sy, &sc);
	/* Within a brick of 16 channels the elements are adjacent; NHWC
	 * steps bricks by 16 elements, NHCWB16 by its channel stride and
	 * pixels by a brick. */
	if (f->b16)
		sx = 16 * bytes;
	else
		sc = 16 * bytes;
	/* The stored row and column of (y, x), from addr's (ty[0],
	 * tx[0]): tiles 2 and 3 below th, 1 and 3 right of tw. */
	if (f->th && y >= f->th)
		y += f->ty[1] - f->ty[0] - f->th;
	if (f->tw && x >= f->tw)
		x += f->tx[1] - f->tx[0] - f->tw;
	return (int64_t)f->addr + y * sy + x * sx + fdiv(c, 16) * sc +
	    fmod64(c, 16) * bytes;
}

bool
cg_fm_tile(const CgFm *f, int t, CgRange *r)
{
	int64_t th = f->th ? f->th : f->h, tw = f->tw ? f->tw : f->w;
	int64_t y0 = t & 2 ? th : 0, y1 = t & 2 ? f->h : th;
	int64_t x0 = t & 1 ? tw : 0, x1 = t & 1 ? f->w : tw;
	if (y0 >= y1 || x0 >= x1 || f->c < 1)
		return false;
	*r = (CgRange){ f->region, cg_fm_addr(f, y0, x0, 0),
	    cg_fm_addr(f, y1 - 1, x1 - 1, f->c - 1) + f->bits / 8 };
	return true;
}

typedef struct Pt {
	int64_t x, y, z;
} Pt;

/* A block size: width, height, depth. */
typedef struct Blk {
	int64_t w, h, d;
} Blk;

static int64_t
div_up(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

static int64_t
round_up(int64_t a, int64_t b)
{
	return div_up(a, b) * b;
}

/* The origin of block `offset` of an area of the given size (from its
 * end when negative); false past the end. */
static bool
offset_block(Blk area, Blk b, int64_t offset, Pt *p)
{
	int64_t wb = div_up(area.w, b.w), hb = div_up(area.h, b.h);
	int64_t db = div_up(area.d, b.d), total = wb * hb * db;
	int64_t index = offset < 0 ? total + offset : offset;
	if (index >= total)
		return false;
	p->z = b.d * fmod64(index, db);
	p->y = b.h * fdiv(index, db * wb);
	p->x = b.w * fmod64(fdiv(index, db), wb);
	return true;
}

/* The kernel and padding the block walk sees (1x1, none, for an
 * elementwise op). */
typedef struct Win {
	int64_t kw, kh, sx, sy, dx, dy, pl, pr;
} Win;

static Win
win_of(const CgNpuOp *op)
{
	if (!op->windowed)
		return (Win){ 1, 1, 1, 1, 1, 1, 0, 0 };
	return (Win){ op->kw, op->kh, op->sw, op->sh, op->dw, op->dh, op->pl,
	    op->pr };
}

/* The input volume the block-offset-th job of op reads (a job: one OFM
 * block for one IFM depth block). */
static bool
first_job_input(const EthosUTarget *t, const CgNpuOp *op, int64_t ibd,
    int64_t offset, Pt *s, Pt *e)
{
	Win k = win_of(op);
	Blk ob = { op->cfg.ofm_block.w, op->cfg.ofm_block.h,
	    op->cfg.ofm_block.c };
	/* Vela sizes the IFM block against its largest OFM block (64
	 * wide, 32 high) as the sub-kernel limit. */
	int64_t dkh = (k.kh - 1) * k.dy + 1, dkw = (k.kw - 1) * k.dx + 1;
	Blk ib = {
		round_up((ob.w - 1) * k.sx + (dkw < 64 ? dkw : 64),
		    t->ifm_ublock[1]),
		round_up((ob.h - 1) * k.sy + (dkh < 32 ? dkh : 32),
		    t->ifm_ublock[0]),
		ibd,
	};
	int64_t idb = div_up(op->ifm.c, ibd);
	Pt oc;
	Blk area = { op->ofm.w, op->ofm.h, op->ofm.c };
	if (!offset_block(area, ob, offset / idb, &oc))
		return false;
	s->x = oc.x * k.sx - k.pl;
	s->x = s->x > 0 ? s->x : 0;
	s->y = oc.y * k.sy - k.pr;
	s->y = s->y > 0 ? s->y : 0;
	s->z = (offset % idb) * ib.d;
	*e = (Pt){ s->x + ib.w, s->y + ib.h, s->z + ib.d };
	return true;
}

static bool
prev_job_output(const CgNpuOp *prev, int64_t offset, Pt *s, Pt *e)
{
	Blk ob = { prev->cfg.ofm_block.w, prev->cfg.ofm_block.h,
	    prev->cfg.ofm_block.c };
	Blk area = { prev->ofm.w, prev->ofm.h, prev->ofm.c };
	if (!offset_block(area, ob, -1 - offset, s))
		return false;
	*e = (Pt){ s->x + ob.w, s->y + ob.h, s->z + ob.d };
	return true;
}

/* The byte ranges of the rows of an area [s, e] of f (e clamped to the
 * map, and inclusive). */
static int
area_ranges(const CgFm *f, Pt s, Pt e, CgRange *r, int max)
{
	int64_t y1 = e.y < f->h - 1 ? e.y : f->h - 1;
	int64_t x1 = e.x < f->w - 1 ? e.x : f->w - 1;
	int64_t c1 = e.z < f->c - 1 ? e.z : f->c - 1;
	int n = 0;
	if (s.x >= f->w || s.y >= f->h)
		return 0;
	for (int64_t y = s.y; y <= y1 && n < max; y++) {
		int64_t a0 = cg_fm_addr(f, y, s.x, s.z);
		int64_t a1 = cg_fm_addr(f, y, x1, c1);
		r[n++] = (CgRange){ f->region, a0, a1 + f->bits / 8 };
	}
	return n;
}

static bool
same_map(const CgFm *a, const CgFm *b)
{
	return a->h == b->h && a->w == b->w && a->c == b->c &&
	    a->addr == b->addr;
}

/* Does the input area [is, ie) of fm meet the output area [os, oe) of
 * the previous op's OFM? */
static bool
intersects(const CgFm *fm, Pt is, Pt ie, const CgFm *ofm, Pt os, Pt oe)
{
	if (same_map(fm, ofm)) {
		int64_t x0 = is.x > os.x ? is.x : os.x;
		int64_t x1 = ie.x < oe.x ? ie.x : oe.x;
		int64_t y0 = is.y > os.y ? is.y : os.y;
		int64_t y1 = ie.y < oe.y ? ie.y : oe.y;
		int64_t z0 = is.z > os.z ? is.z : os.z;
		int64_t z1 = ie.z < oe.z ? ie.z : oe.z;
		return x1 > x0 && y1 > y0 && z1 > z0;
	}
	enum { MAXR = 256 };
	CgRange a[MAXR], b[MAXR];
	int na = area_ranges(fm, is, ie, a, MAXR);
	int nb = area_ranges(ofm, os, oe, b, MAXR);
	return cg_ranges_meet(a, na, b, nb);
}

/* The bytes of f from its lowest tile's first element to past its
 * highest tile's last: a map wrapping its ring, from the ring's first
 * row (tile 2) to the end of tile 0, every row of the ring it may
 * touch. */
static void
whole(const CgFm *f, CgRange *r)
{
	*r = (CgRange){ f->region, INT64_MAX, INT64_MIN };
	for (int t = 0; t < 4; t++) {
		CgRange x;
		if (!cg_fm_tile(f, t, &x))
			continue;
		r->lo = x.lo < r->lo ? x.lo : r->lo;
		r->hi = x.hi > r->hi ? x.hi : r->hi;
	}
}

/* An IFM split in columns (tiles 1 and 3) as the rule below judges it:
 * its box, the bytes it covers read without tiles. It holds bilinear
 * resize's tiles (edge rows and columns repeated) and may reach a row
 * or column past them: any output of the op before in it makes the op
 * wait, as before the ranges knew tiles (the exact tiles would let one
 * more resize phase overlap; streams are kept as they were). */
static const CgFm *
box(const CgFm *f, CgFm *b)
{
	*b = *f;
	b->th = b->tw = 0;
	return b;
}

int
cg_blockdep(const EthosUTarget *t, const CgNpuOp *prev, const CgNpuOp *op)
{
	if (!prev)
		return 0;
	bool reserved = t->shram_banks > 16;
	if (prev->lut_len && !reserved && !op->lut_len)
		return 0;
	CgRange po, in, in2;
	CgFm ifm;
	/* npu-ir: a stripe written into a rolling buffer over rows the
	 * operation before still reads (its window, in the same ring)
	 * waits for it: Vela's rule looks only at what op reads. */
	whole(&op->ofm, &po);
	whole(&prev->ifm, &in);
	if (op->ofm.ring && (cg_ranges_meet(&po, 1, &in, 1) ||
	    (prev->has_ifm2 && (whole(&prev->ifm2, &in2),
	    cg_ranges_meet(&po, 1, &in2, 1)))))
		return 0;
	whole(&prev->ofm, &po);
	whole(op->ifm.tw ? box(&op->ifm, &ifm) : &op->ifm, &in);
	bool o1 = cg_ranges_meet(&po, 1, &in, 1), o2 = false;
	if (op->has_ifm2) {
		whole(&op->ifm2, &in2);
		o2 = cg_ranges_meet(&po, 1, &in2, 1);
	}
	if (o1 && o2)
		return 0;
	/* An IFM split in columns (tiles 1 and 3): a row's columns are
	 * not one run, which the walk below takes them to be. */
	if (o1 && op->ifm.tw)
		return 0;
	if (!o1 && !o2)
		return CG_MAX_BLOCKDEP;
	if (o2 && op->ifm2.h * op->ifm2.w * op->ifm2.c < op->ifm.h *
	    op->ifm.w * op->ifm.c)
		return 0;
	const CgFm *fm = o1 ? &op->ifm : &op->ifm2;
	/* A convolution reads its IFM in depth blocks (Vela's IFM block
	 * depth); other operations as deep as their OFM. */
	int64_t ibd = op->ofm.c;
	if (op->op == ETHOSU_OP_CONV) {
		ibd = round_up(op->ifm.c, t->ifm_ublock[2]);
		int64_t max = 8 * 32 / op->ifm.bits;
		ibd = ibd < max ? ibd : max;
	}
	int64_t dep = CG_MAX_BLOCKDEP, elapsed = 0;
	for (int64_t fwd = 0; fwd < CG_MAX_BLOCKDEP; fwd++) {
		Pt is, ie;
		if (!first_job_input(t, op, ibd, fwd, &is, &ie))
			break;
		int64_t outstanding = 0;
		for (int64_t bo = 0; bo < CG_MAX_BLOCKDEP; bo++) {
			Pt os, oe;
			if (!prev_job_output(prev, bo, &os, &oe))
				break;
			if (intersects(fm, is, ie, &prev->ofm, os, oe) ||
			    outstanding > CG_MAX_BLOCKDEP)
				break;
			outstanding++;
		}
		if (elapsed + outstanding < dep)
			dep = elapsed + outstanding;
		elapsed++;
		if (elapsed > CG_MAX_BLOCKDEP)
			break;
	}
	return (int)dep;
}
