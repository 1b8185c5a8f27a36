/* targets/ethos_u/codegen.c: ethos-u-codegen, command-stream emission
 * from legalized npu IR: each maximal run of npu ops the NPU can run
 * becomes one ethos_u.stream op holding the COP1 payload, the flash blob
 * (weights and bias/scale records as Vela encodes them) and the scratch
 * arena's size and input/output offsets from a memory plan (a rolling
 * buffer of ethos-u-schedule's stripes a ring, read through tiles). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>             /* malloc_trim */
#endif

#include "interp/tensor.h"
#include "targets/ethos_u/codegen.h"
#include "targets/ethos_u/ethos_u.h"
#include "targets/ethos_u/schedule.h"

/* One buffer of the scratch arena (aliased values share one). */
typedef struct CgBuf {
	int64_t start, end, size;
	bool input;
	bool b16;               /* NHCWB16: made and read only in the run */
	bool wbuf;              /* a weight buffer (fast storage) */
	bool outside;           /* a value in it is read after the run */
	int region;             /* 1 arena, 2 fast scratch */
	IrValue *v;             /* the value it was made for */
	int64_t offset;
	/* A rolling buffer: a ring of `ring` rows of row_bytes each
	 * (0: flat), and the rows its producer wrote so far (place_maps
	 * checks each read against them); ring_end: past the last row any
	 * of its stripes writes. */
	int64_t ring, row_bytes, ring_hi, ring_end;
	int64_t ring_esc;       /* the first row read after the run */
	int64_t ring_id;
} CgBuf;

/* ------------------------------------------------------------ rings */

static bool
view_is(const IrOp *op, const char *what)
{
	const IrAttr *a = ir_op_attr(op, "ethos_u.view");
	return a && a->kind == IR_ATTR_STRING && a->u.string.len ==
	    strlen(what) && !memcmp(a->u.string.data, what, strlen(what));
}

bool
cg_ring_of(const IrValue *v, CgRing *r)
{
	int64_t add = 0;
	for (;;) {
		IrOp *d = ir_value_def_op((IrValue *)v);
		if (!d)
			return false;
		int64_t b[4], ring[2], st[3];
		if (ir_op_is(d, "npu.slice") && view_is(d, "rows") &&
		    ir_attr_ints(ir_op_attr(d, "begin"), b, 4)) {
			add += b[1];
			v = ir_op_operand(d, 0);
			continue;
		}
		if (!ir_attr_ints(ir_op_attr(d, "ethos_u.ring"), ring, 2) ||
		    !ethos_u_stripe_of(d, st) ||
		    ring[0] < 1 || ring[1] < 0)
			return false;
		*r = (CgRing){ st[0], ring[0], ring[1] + add, d };
		return true;
	}
}

/* ------------------------------------------------------------ planning */

/* Does v have a user that is not an op of the run? */
static bool
used_outside(Cg *g, IrValue *v)
{
	for (IrUse *u = v->uses; u; u = u->next)
		if (!ir_ptrmap_get(&g->in_run, u->owner))
			return true;
	return false;
}

/* Where the run's values are: the buffer of each (its index + 1), and
 * for a value inside a parent's buffer (a view, a concat member) its
 * offset there, in NHWC bytes and in rows (for NHCWB16). */
typedef struct CgMaps {
	IrPtrMap buf, off, rows;
	IrPtrMap parent;        /* member -> its member prep's index + 1 */
} CgMaps;

static size_t
buf_of(const CgMaps *m, const IrValue *v)
{
	return (size_t)ir_ptrmap_get(&m->buf, v);
}

/* Offsets are stored plus one (a missing entry is offset 0). */
static int64_t
get_off(const IrPtrMap *m, const IrValue *v)
{
	uintptr_t x = (uintptr_t)ir_ptrmap_get(m, v);
	return x ? (int64_t)(x - 1) : 0;
}

static void
put_off(IrPtrMap *m, const IrValue *v, int64_t off)
{
	ir_ptrmap_put(m, v, (void *)(uintptr_t)(off + 1));
}

static void
maps_free(CgMaps *m)
{
	ir_ptrmap_free(&m->buf);
	ir_ptrmap_free(&m->off);
	ir_ptrmap_free(&m->rows);
	ir_ptrmap_free(&m->parent);
}

/* Puts v, first written by prep i, in a buffer: inside the buffer of
 * the concat it is a member of (transitively), made now when it is the
 * first of that buffer to be written, or in a new buffer of its own. */
static void
place_value(Cg *g, CgMaps *m, IrValue *v, size_t i, CgBuf *buf,
    size_t *nb)
{
	IrValue *r = v;
	int64_t off = 0, rows = 0;
	for (size_t k; (k = (size_t)ir_ptrmap_get(&m->parent, r));) {
		const CgPrep *q = &g->run[k - 1];
		off += (int64_t)q->out_off + get_off(&m->off, q->out);
		rows += q->rows + get_off(&m->rows, q->out);
		if (buf_of(m, q->out)) {
			r = q->out;
			break;
		}
		r = q->out;
	}
	size_t b = buf_of(m, r);
	CgRing ring;
	if (!b && r == v && cg_ring_of(v, &ring) && ring.op ==
	    ir_value_def_op(v)) {
		/* A stripe of a rolling buffer: the producer's ring, made
		 * by its first stripe; rows count in the whole output. */
		for (size_t k = 0; k < *nb && !b; k++)
			if (buf[k].ring && buf[k].ring_id == ring.id)
				b = k + 1;
		if (!b) {
			buf[*nb] = (CgBuf){ .start = (int64_t)i,
			    .end = (int64_t)i + 1, .v = v, .ring = ring.rows,
			    .ring_id = ring.id, .ring_esc = INT64_MAX };
			b = ++*nb;
		}
		CgFm f;
		cg_fm_of(v, &f);
		if (ring.row + f.h > buf[b - 1].ring_end)
			buf[b - 1].ring_end = ring.row + f.h;
		ir_ptrmap_put(&m->buf, v, (void *)b);
		put_off(&m->off, v, 0);
		put_off(&m->rows, v, ring.row);
		return;
	}
	if (!b) {
		buf[*nb] = (CgBuf){ .start = (int64_t)i, .end = (int64_t)i + 1,
		    .size = ir_tensor_type_bytes(r->type), .v = r };
		b = ++*nb;
		ir_ptrmap_put(&m->buf, r, (void *)b);
	}
	ir_ptrmap_put(&m->buf, v, (void *)b);
	put_off(&m->off, v, off);
	put_off(&m->rows, v, rows);
}

/* A rolling buffer whose rows from ring_esc on are read after the run
 * (an op of the cascade stayed off the stream): those rows must end the
 * run in the ring, unwrapped, to be tensors the stream returns. The
 * least ring from the one asked for up that holds them so (at most one
 * that never wraps). */
static void
ring_escape(CgBuf *b)
{
	int64_t lo = b->ring_esc, hi = b->ring_end;
	int64_t r = b->ring > hi - lo ? b->ring : hi - lo;
	while (r < hi && lo / r != (hi - 1) / r)
		r++;
	b->ring = r;
}

/* The run's buffers: buf[k] for each map; m->buf gets value -> k + 1. */
static CgBuf *
collect_buffers(Cg *g, CgMaps *m, size_t *nbuf)
{
	/* Two per prep, and two weight buffers (add_weight_buffers). */
	CgBuf *buf = ir_xcalloc(4 * g->n + 1, sizeof *buf);
	size_t nb = 0;
	int64_t end = (int64_t)g->n + 1;
	for (size_t i = 0; i < g->n; i++)
		if (g->run[i].member)
			ir_ptrmap_put(&m->parent, g->run[i].in,
			    (void *)(i + 1));
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		IrValue *ins[2] = { p->in_flash ? NULL : p->in,
		    p->in2_flash ? NULL : p->in2 };
		for (int k = 0; k < 2; k++) {
			if (!ins[k])
				continue;
			size_t b = buf_of(m, ins[k]);
			if (!b) {
				buf[nb] = (CgBuf){ .start = 0, .end = 1,
				    .size = ir_tensor_type_bytes(ins[k]->type),
				    .input = true, .v = ins[k] };
				b = ++nb;
				ir_ptrmap_put(&m->buf, ins[k], (void *)b);
			}
			if (buf[b - 1].end < (int64_t)i + 1)
				buf[b - 1].end = (int64_t)i + 1;
		}
		if (p->alias || p->view) {
			ir_ptrmap_put(&m->buf, p->out,
			    (void *)buf_of(m, p->in));
			put_off(&m->off, p->out, get_off(&m->off, p->in) +
			    (p->view ? (int64_t)p->in_off : 0));
			put_off(&m->rows, p->out, get_off(&m->rows, p->in) +
			    (p->view ? p->rows : 0));
			continue;
		}
		size_t b = buf_of(m, p->out);
		if (!b) {
			place_value(g, m, p->out, i, buf, &nb);
			b = buf_of(m, p->out);
		}
		if (buf[b - 1].end < (int64_t)i + 1)
			buf[b - 1].end = (int64_t)i + 1;
	}
	/* Maps made in the run are NHCWB16 (Vela's layout between NPU
	 * operations) unless they leave it or a reshape reinterprets them;
	 * maps read after the run live to its end. */
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		CgBuf *b = &buf[buf_of(m, p->out) - 1];
		if (!p->alias && !p->view && b->v == p->out &&
		    (p->n.ofm.bits != 32 || p->wide_b16))
			b->b16 = true;
	}
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		CgBuf *b = &buf[buf_of(m, p->out) - 1];
		if (p->alias || p->out_view || used_outside(g, p->out))
			b->b16 = false;
		if (p->in_view)
			buf[buf_of(m, p->in) - 1].b16 = false;
		if (used_outside(g, p->out)) {
			b->end = end;
			b->outside = true;
			int64_t row = get_off(&m->rows, p->out);
			if (b->ring && row < b->ring_esc)
				b->ring_esc = row;
		}
	}
	for (size_t i = 0; i < nb; i++)
		if (buf[i].ring && buf[i].outside)
			ring_escape(&buf[i]);
	for (size_t i = 0; i < nb; i++) {
		CgFm f;
		cg_fm_of(buf[i].v, &f);
		if (buf[i].b16)
			buf[i].size = f.h * f.w * ((f.c + 15) / 16 * 16) *
			    f.bits / 8;
		if (buf[i].ring) {
			/* Only the ring's rows (of one stripe's width). */
			buf[i].row_bytes = f.w * (buf[i].b16 ? (f.c + 15) /
			    16 * 16 : f.c) * f.bits / 8;
			buf[i].size = buf[i].ring * buf[i].row_bytes;
		}
	}
	*nbuf = nb;
	return buf;
}

/* The weight buffers of the buffered preps: live from the operation
 * before (their first DMA runs under it) to their own. */
static void
add_weight_buffers(Cg *g, CgBuf *buf, size_t *nb)
{
	size_t before = 0;
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		if (p->alias || p->view || p->member)
			continue;
		for (int k = 0; k < p->nslices && k < 2; k++) {
			buf[*nb] = (CgBuf){ .start = (int64_t)before,
			    .end = p->wend ? p->wend : (int64_t)i + 1,
			    .size = p->wsize[k],
			    .wbuf = true };
			p->wbuf[k] = ++*nb;
		}
		before = i;
	}
}

/* The byte offset of v inside its buffer b. */
static uint64_t
value_off(const CgMaps *m, const CgBuf *b, const IrValue *v)
{
	if (b->ring)
		return (uint64_t)(get_off(&m->rows, v) % b->ring *
		    b->row_bytes);
	if (!b->b16)
		return (uint64_t)get_off(&m->off, v);
	CgFm f;
	cg_fm_of(v, &f);
	return (uint64_t)(get_off(&m->rows, v) * f.w * ((f.c + 15) / 16 *
	    16) * f.bits / 8);
}

/* Offsets of the buffers of one region from the planner; its size. */
static int64_t
plan_region(Cg *g, CgBuf *buf, size_t nb, int region)
{
	PlannerBuffer *pb = ir_xcalloc(nb ? nb : 1, sizeof *pb);
	size_t *idx = ir_xcalloc(nb ? nb : 1, sizeof *idx), n = 0;
	for (size_t i = 0; i < nb; i++)
		if (buf[i].region == region) {
			pb[n] = (PlannerBuffer){ buf[i].start, buf[i].end,
			    (buf[i].size + 15) / 16 * 16, 16, 0 };
			idx[n++] = i;
		}
	PlannerOptions o = { .algorithm = g->planner };
	PlannerResult r = { .arena = 0 };
	if (n)
		planner_plan(pb, n, &o, &r);
	for (size_t i = 0; i < n; i++)
		buf[idx[i]].offset = pb[i].offset;
	free(pb);
	free(idx);
	return r.arena;
}

/* The largest feature map still in the fast scratch, or nb. */
static size_t
largest_fast_map(const CgBuf *buf, size_t nb)
{
	size_t big = nb;
	for (size_t i = 0; i < nb; i++)
		if (buf[i].region == 2 && !buf[i].wbuf && (big == nb ||
		    buf[i].size > buf[big].size))
			big = i;
	return big;
}

/* Plans the arena (region 1) and, when the memory mode gives the NPU a
 * fast scratch apart from the arena (Dedicated_Sram), puts the maps
 * made and read only inside the run there (region 2), as Vela does,
 * while they fit its size: the NHCWB16 maps and the NHWC ones a
 * reshape or a view reads (Vela's softmax reads its input reshaped).
 * When they do not all fit, the largest map moves to the arena and the
 * rest is planned again, until they fit (weight buffers stay: weights
 * DMA'd into DRAM gain nothing); only when the weight buffers alone do
 * not fit does everything go to the arena. Before, one map too many
 * sent every map to DRAM: a scheduled MobileNet-v2 run as one stream
 * needs 408,896 B of the U65's 393,216. */
static void
plan(Cg *g, CgBuf *buf, size_t nb, int64_t *arena, int64_t *fast)
{
	bool split = g->t.cache_mem != g->t.arena_mem;
	for (size_t i = 0; i < nb; i++)
		buf[i].region = split && (buf[i].b16 || buf[i].wbuf ||
		    (!buf[i].input && !buf[i].outside)) ? 2 : 1;
	*fast = split ? plan_region(g, buf, nb, 2) : 0;
	while (*fast > g->t.arena_cache_size) {
		size_t big = largest_fast_map(buf, nb);
		if (big == nb) {
			for (size_t i = 0; i < nb; i++)
				buf[i].region = 1;
			*fast = 0;
			break;
		}
		buf[big].region = 1;
		*fast = plan_region(g, buf, nb, 2);
	}
	*arena = plan_region(g, buf, nb, 1);
}

/* ------------------------------------------------------------ the stream */

static const IrAttr *
bytes_attr(IrContext *ctx, const uint8_t *p, size_t n)
{
	int64_t len = (int64_t)n;
	const IrType *t = ir_type_tensor(ctx, 1, &len, ir_type_int(ctx, 8,
	    IR_UNSIGNED), NULL);
	return ir_attr_dense(ctx, t, false, p, n);
}

/* The flash blob as an attribute that keeps build_flash's bytes where
 * they are (in the context's arena, which outlives the attribute). */
static const IrAttr *
flash_attr(IrContext *ctx, const uint8_t *p, size_t n)
{
	int64_t len = (int64_t)n;
	const IrType *t = ir_type_tensor(ctx, 1, &len, ir_type_int(ctx, 8,
	    IR_UNSIGNED), NULL);
	return ir_attr_dense_borrow(ctx, t, p, n);
}

static const IrAttr *
ints_attr(IrContext *ctx, const int64_t *v, size_t n)
{
	const IrType *i64 = ir_type_int(ctx, 64, IR_SIGNLESS);
	const IrAttr **e = ir_xcalloc(n ? n : 1, sizeof *e);
	for (size_t i = 0; i < n; i++)
		e[i] = ir_attr_int(ctx, i64, v[i]);
	const IrAttr *a = ir_attr_array(ctx, n, e);
	free(e);
	return a;
}

/* Appends the run's constant data to the flash blob (16-byte aligned)
 * and points each operation's weight, scale and LUT registers at it.
 * The blob is made in the context's arena, where the stream op's
 * attribute keeps it (flash_attr: no second copy), and each op's own
 * blob is freed once copied: the flash is the only copy of the encoded
 * weights from here on (MobileNet-v2: 3.4 MB less at the peak). */
static uint8_t *
build_flash(Cg *g, size_t *nflash)
{
	size_t n = 0, big = g->n, gain = 0;
	for (size_t i = 0; i < g->n; i++) {
		n = (n + 15) / 16 * 16;
		/* The blob whose pages most overlap its place in the flash
		 * (a big one near the start: MobileNet-v2's classifier) is
		 * grown into it, the others copied around it. */
		size_t nb = g->run[i].nblob;
		if (nb > n && nb - n > gain)
			big = i, gain = nb - n;
		n += nb;
	}
	IrArena *ar = ir_context_arena(g->ctx);
	uint8_t *f;
	if (gain >= 4096) {
		CgPrep *p = &g->run[big];
		size_t bat = 0;
		for (size_t i = 0; i < big; i++)
			bat = (bat + 15) / 16 * 16 + g->run[i].nblob;
		bat = (bat + 15) / 16 * 16;
		f = ir_arena_adopt(ar, p->blob, p->nblob, n, bat);
		p->blob = NULL;
	} else {
		f = ir_arena_alloc(ar, n ? n : 1, 16);
	}
	size_t at = 0;
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		if (!p->nblob)
			continue;
		at = (at + 15) / 16 * 16;
		if (p->blob)
			memcpy(f + at, p->blob, p->nblob);
		free(p->blob);
		p->blob = NULL;
		p->blob_at = at;
		for (int c = 0; c < p->n.ncores; c++) {
			p->n.w_addr[c] += at;
			p->n.s_addr[c] += at;
		}
		if (p->n.lut_len)
			p->n.lut_addr = at;
		if (p->in_flash)
			p->n.ifm.addr = at, p->n.ifm.region = 0;
		if (p->in2_flash)
			p->n.ifm2.addr = at, p->n.ifm2.region = 0;
		at += p->nblob;
	}
	*nflash = n;
	return f;
}

/* The stream's operands and results with their arena offsets. */
typedef struct CgIo {
	IrValue **in, **out;
	int64_t *ioff, *ooff;
	size_t nin, nout;
} CgIo;

static void
collect_io(Cg *g, CgMaps *m, CgBuf *buf, size_t nb, CgIo *io)
{
	IrPtrMap seen = { 0 };
	memset(io, 0, sizeof *io);
	io->in = ir_xcalloc(nb + 1, sizeof *io->in);
	io->ioff = ir_xcalloc(nb + 1, sizeof *io->ioff);
	io->out = ir_xcalloc(g->n + 1, sizeof *io->out);
	io->ooff = ir_xcalloc(g->n + 1, sizeof *io->ooff);
	for (size_t i = 0; i < nb; i++)
		if (buf[i].input) {
			io->ioff[io->nin] = buf[i].offset;
			io->in[io->nin++] = buf[i].v;
		}
	for (size_t i = 0; i < g->n; i++) {
		IrValue *out = g->run[i].out;
		if (ir_ptrmap_get(&seen, out) || !used_outside(g, out))
			continue;
		ir_ptrmap_put(&seen, out, out);
		const CgBuf *b = &buf[buf_of(m, out) - 1];
		io->ooff[io->nout] = b->offset + (int64_t)value_off(m, b, out);
		io->out[io->nout++] = out;
	}
	ir_ptrmap_free(&seen);
}

static void
io_free(CgIo *io)
{
	free(io->in);
	free(io->out);
	free(io->ioff);
	free(io->ooff);
}

/* The op to report prep i at (a concat's parts carry it on the last). */
static IrOp *
prep_op(Cg *g, size_t i)
{
	IrOp *at = g->run[i].op;
	for (size_t j = i; !at && j < g->n; j++)
		at = g->run[j].op;
	return at;
}

/* Map f of v, off bytes into v (NHWC), in ring buffer b: at its ring
 * row, as two tiles when it wraps the ring's end (tile 0 to the end,
 * tile 2 from the first row). A write moves the rows the ring holds
 * on; a read must find all its rows still there, else the ring is
 * too short for this order of stripes (an error at the op). */
static bool
ring_place(Cg *g, size_t i, const CgMaps *m, CgBuf *b, const IrValue *v,
    uint64_t off, CgFm *f, bool write)
{
	int64_t sx, sy, sc;
	cg_fm_strides(f, &sx, &sy, &sc);
	int64_t row = get_off(&m->rows, v) + (int64_t)off / b->row_bytes;
	int64_t rest = (int64_t)off % b->row_bytes;
	const char *why = NULL;
	if (sy != b->row_bytes)
		why = "is read or written as a map that is not whole ring "
		    "rows";
	else if (f->h > b->ring)
		why = "is shorter than this op's map";
	else if (!write && (row < b->ring_hi - b->ring ||
	    row + f->h > b->ring_hi))
		why = "no longer (or not yet) holds the rows this op reads";
	if (why) {
		ir_op_emit_error(prep_op(g, i), "ethos-u-codegen: the rolling "
		    "buffer of %lld rows (ethos_u.ring) %s: rows %lld to %lld, "
		    "the ring holding rows %lld to %lld", (long long)b->ring,
		    why, (long long)row, (long long)(row + f->h - 1),
		    (long long)(b->ring_hi - b->ring > 0 ? b->ring_hi -
		    b->ring : 0), (long long)b->ring_hi - 1);
		return false;
	}
	if (write && row + f->h > b->ring_hi)
		b->ring_hi = row + f->h;
	int64_t r = row % b->ring;
	f->addr = (uint64_t)(b->offset + r * b->row_bytes + rest);
	f->ring = true;
	if (r + f->h > b->ring) {
		/* Tile 2 at the ring's first row (sy is row_bytes). */
		f->th = b->ring - r;
		f->ty[0] = r, f->ty[1] = 0;
	}
	return true;
}

/* Sets one map's address in buffer b (a ring's: ring_place). */
static bool
place_fm(Cg *g, size_t i, const CgMaps *m, CgBuf *b, const IrValue *v,
    uint64_t off, CgFm *f, bool write)
{
	f->b16 = b->b16;
	f->region = b->region;
	if (b->ring)
		return ring_place(g, i, m, b, v, off, f, write);
	f->addr = (uint64_t)b->offset + value_off(m, b, v) + off;
	return true;
}

/* Sets each operation's feature-map addresses from the plan (false: a
 * rolling buffer misused, reported). */
static bool
place_maps(Cg *g, CgMaps *m, CgBuf *buf)
{
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		if (p->alias || p->view || p->member)
			continue;
		if (!p->in_flash && !place_fm(g, i, m, &buf[buf_of(m, p->in) -
		    1], p->in, p->in_off, &p->n.ifm, false))
			return false;
		if (p->in2 && !p->in2_flash && !place_fm(g, i, m,
		    &buf[buf_of(m, p->in2) - 1], p->in2, 0, &p->n.ifm2, false))
			return false;
		if (!place_fm(g, i, m, &buf[buf_of(m, p->out) - 1], p->out,
		    p->out_off, &p->n.ofm, true))
			return false;
		for (int k = 0; k < p->nslices && k < 2; k++) {
			p->waddr[k] = buf[p->wbuf[k] - 1].offset;
			p->wregion = buf[p->wbuf[k] - 1].region;
		}
		if (p->wshare) {
			const CgPrep *f = &g->run[p->wshare - 1];
			p->waddr[0] = f->waddr[0];
			p->wregion = f->wregion;
		}
	}
	return true;
}

/* Makes the ethos_u.stream op and removes the run's ops (and the
 * constants only they used). */
static void
replace_run(Cg *g, const CgIo *io, const uint8_t *payload, size_t npay,
    const uint8_t *flash, size_t nflash, int64_t arena, int64_t fast)
{
	IrOp *last = g->run[g->n - 1].op;
	const IrType **rt = ir_xcalloc(io->nout + 1, sizeof *rt);
	for (size_t i = 0; i < io->nout; i++)
		rt[i] = io->out[i]->type;
	const IrType *i64 = ir_type_int(g->ctx, 64, IR_SIGNLESS);
	IrNamedAttr a[7];
	size_t na = 0;
#define SET(nm, v) a[na++] = (IrNamedAttr){ ir_ident_cstr(g->ctx, nm), v }
	SET("command_stream", bytes_attr(g->ctx, payload, npay));
	if (nflash)
		SET("flash", flash_attr(g->ctx, flash, nflash));
	SET("scratch_size", ir_attr_int(g->ctx, i64, arena));
	if (fast)
		SET("fast_scratch_size", ir_attr_int(g->ctx, i64, fast));
	SET("input_offsets", ints_attr(g->ctx, io->ioff, io->nin));
	SET("output_offsets", ints_attr(g->ctx, io->ooff, io->nout));
#undef SET
	IrOpState s = {
		.name = ir_op_name_get(g->ctx, "ethos_u.stream", 14),
		.loc = ir_op_loc(last),
		.noperands = io->nin,
		.operands = io->in,
		.nresults = io->nout,
		.result_types = rt,
		.attrs = ir_attr_dict(g->ctx, na, a),
	};
	IrBuilder b;
	ir_builder_init(&b, g->ctx);
	ir_builder_set_after(&b, last);
	IrOp *st = ir_builder_create(&b, &s);
	free(rt);
	for (size_t i = 0; i < io->nout; i++)
		ir_value_replace_all_uses(io->out[i], ir_op_result(st,
		    (unsigned)i));
	IrOp **consts = ir_xcalloc(3 * g->n + 1, sizeof *consts);
	IrPtrMap seen = { 0 };
	size_t nc = 0;
	for (size_t i = g->n; i-- > 0;) {
		IrOp *op = g->run[i].op;
		if (!op)
			continue; /* a step of the next op's lowering */
		for (unsigned k = 0; k < op->noperands; k++) {
			IrOp *d = ir_value_def_op(ir_op_operand(op, k));
			if (d && ir_op_is(d, "graph.constant") &&
			    !ir_ptrmap_get(&seen, d)) {
				ir_ptrmap_put(&seen, d, d);
				consts[nc++] = d;
			}
		}
		ir_op_erase(op);
	}
	for (size_t i = 0; i < nc; i++)
		if (!ir_value_has_uses(ir_op_result(consts[i], 0)))
			ir_op_erase(consts[i]);
	ir_ptrmap_free(&seen);
	free(consts);
}

/* Is p an NPU operation (not a reshape or a view made by addresses)? */
static bool
cg_npu_work(const CgPrep *p)
{
	return !p->alias && !p->view && !p->member;
}

/* Every feature map at an address and with strides the hardware can
 * use (the plan aligns buffers to 16 bytes; views and slices inside them
 * keep whole rows, bricks or elements): a map that is not is reported at
 * its op, never emitted. */
static bool
check_alignment(Cg *g)
{
	for (size_t i = 0; i < g->n; i++) {
		CgPrep *p = &g->run[i];
		if (!cg_npu_work(p))
			continue;
		const CgFm *fm[3] = { &p->n.ifm, p->n.has_ifm2 ? &p->n.ifm2 :
		    NULL, &p->n.ofm };
		static const char *const role[3] = { "IFM", "IFM2", "OFM" };
		for (int k = 0; k < 3; k++) {
			int64_t need;
			const char *what;
			if (!fm[k] || cg_fm_aligned(fm[k], &need, &what))
				continue;
			ir_op_emit_error(prep_op(g, i), "the Ethos-U needs "
			    "the %s %s of this op at a multiple of %lld bytes "
			    "(%s map at byte %llu)", role[k], what,
			    (long long)need,
			    fm[k]->b16 ? "NHCWB16" : "NHWC",
			    (unsigned long long)fm[k]->addr);
			return false;
		}
	}
	return true;
}

/* Gives the pages of what was freed back to the system. The weights
 * read out of the IR (2 bytes a weight: 7 MB for MobileNet-v2) were
 * allocated before the encoded weights and freed after them, so they
 * leave a hole below live memory that malloc keeps resident while the
 * stream, the flash attribute and the output file are made: glibc's
 * malloc_trim releases such holes (27.5 -> 21.7 MB peak RSS there). */
static void
release_freed(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

/* Can cg_prepare of op, a MAC op, report no error? Its maps are
 * tensors of static shape within the registers' and the arena's limits
 * (the look-ahead must stay silent: the op is prepared for good, and
 * reported, in its own run). */
static bool
quiet_mac(IrOp *op)
{
	if (!ir_op_is(op, "npu.conv2d") && !ir_op_is(op,
	    "npu.depthwise_conv2d") && !ir_op_is(op, "npu.fully_connected"))
		return false;
	const IrValue *v[2] = { ir_op_operand(op, 0), ir_op_result(op, 0) };
	for (int k = 0; k < 2; k++) {
		const IrType *t = v[k]->type;
		if (t->kind != IR_TYPE_TENSOR || t->u.shaped.rank < 0 ||
		    ir_type_num_elements(t) < 0)
			return false;
		CgFm f;
		cg_fm_of(v[k], &f);
		int64_t bytes = ir_tensor_type_bytes(t);
		if (f.h > 65536 || f.w > 65536 || f.c > 65536 || bytes < 0 ||
		    bytes >= CG_MAX_BYTES)
			return false;
	}
	return true;
}

/* Prepares op on the side (a run of its own, nothing reported) and, when
 * it is one prep with weights to pack, starts its packing. */
static void
early_pack(Cg *g, IrOp *op)
{
	Cg s = *g;
	s.run = ir_xcalloc(CG_MAX_PREPS, sizeof *s.run);
	s.n = 0;
	s.cap = CG_MAX_PREPS;
	memset(&s.in_run, 0, sizeof s.in_run);
	bool fatal = false;
	if (cg_prepare(&s, op, &fatal) && s.n == 1 && s.run[0].packing &&
	    s.run[0].wsrc.data) {
		CgPrep *p = &s.run[0];
		CgPackJob *j = cg_first_job(&s, p);
		g->early = ir_xrealloc(g->early, (g->nearly + 1) *
		    sizeof *g->early);
		g->early[g->nearly++] = (CgEarly){ .op = op, .job = j,
		    .wcopy = p->wcopy, .scales = p->scales };
		ir_ptrmap_put(&g->early_of, op, (void *)g->nearly);
		p->wcopy = NULL;
		p->wsrc = (EthosuWeightSrc){ 0 };
		p->scales = NULL;
		cg_pool_submit(g->pool, j);
	}
	while (s.n > 0)
		cg_prep_free(&s.run[--s.n]);
	free(s.run);
}

/* Can cg_prepare take op at all? (Its dispatch: any other op ends the
 * run.) */
static bool
npu_kind(const IrOp *op)
{
	static const char *const names[] = { "npu.elementwise", "npu.resize",
	    "npu.softmax", "npu.slice", "npu.concat", "npu.pad", "npu.conv2d",
	    "npu.depthwise_conv2d", "npu.fully_connected", "npu.pool",
	    "npu.lut", "npu.reshape" };
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (ir_op_is(op, names[i]))
			return true;
	return false;
}

/* The look-ahead (option look-ahead): the weights of a later run (the
 * ops after `from`, an op that ends a run, up to the next op cg_prepare
 * never takes) start packing before that run is collected, beside the
 * runs before it (MobileNet-v2's classifier, a third of its weights, is
 * a run of its own, else encoded after the network's while the other
 * threads idle). The run after the first starts at the function's start
 * (codegen_block), each later one when the run before it is packed.
 * The packing depends only on the op, its constants and its maps'
 * types, which an earlier run's stream op leaves as they are (it only
 * replaces the values the later ops read): its prep adopts the packing
 * when geometry, values and scales are the same. It costs memory: the
 * later layer's encoder scratch beside the earlier run's encodings
 * (MobileNet-v2, 2 threads: peak 15.7-16.1 -> 15.5-17.9 MiB; the
 * weights are read in place, so no copy of them is held). */
static void
look_ahead(Cg *g, IrOp *from)
{
	/* One thread: each packing runs when its run needs it anyway. */
	if (!g->look || g->threads < 2 || !from)
		return;
	for (IrOp *op = from->next; op; op = op->next) {
		if (ir_op_is(op, "graph.constant"))
			continue;
		if (!npu_kind(op))
			break;
		if (quiet_mac(op) && !ir_ptrmap_get(&g->early_of, op))
			early_pack(g, op);
	}
}

/* Turns the collected run into a stream (when it has NPU work). */
static bool
flush(Cg *g)
{
	size_t work = 0;
	for (size_t i = 0; i < g->n; i++)
		work += cg_npu_work(&g->run[i]);
	bool ok = true;
	/* The run's weights, packed on the pool, and the slices of the
	 * buffered ones as soon as each op's whole size is known. */
	if (work && !cg_wbuf_decide(g))
		ok = false, work = 0;
	/* The later runs' packings started so far end before this run's
	 * stream is built (the pass's peak of memory), so a large one's
	 * encoder scratch is not held beside it: with 2 threads they
	 * finish under the run's own packing anyway. Then the next run's
	 * start, beside the building. */
	if (work) {
		cg_early_wait_all(g);
		look_ahead(g, g->ahead);
	}
	if (work) {
		CgMaps map = { 0 };
		size_t nb, nflash, npay;
		CgBuf *buf = collect_buffers(g, &map, &nb);
		add_weight_buffers(g, buf, &nb);
		int64_t arena, fast;
		plan(g, buf, nb, &arena, &fast);
		IrOp *last = g->run[g->n - 1].op;
		if (arena >= CG_MAX_BYTES || fast >= CG_MAX_BYTES) {
			ir_op_emit_error(last, "the Ethos-U scratch arena of "
			    "this run needs %lld bytes, more than 2 GiB",
			    (long long)arena);
			ok = false;
		}
		release_freed();
		uint8_t *flash = build_flash(g, &nflash);
		if (ok && nflash >= (size_t)CG_MAX_BYTES) {
			ir_op_emit_error(last, "the Ethos-U flash blob of this "
			    "run needs %zu bytes, more than 2 GiB", nflash);
			ok = false;
		}
		CgIo io = { 0 };
		collect_io(g, &map, buf, nb, &io);
		/* The stream op holds at most CG_MAX_IO operands and
		 * results: a run with more stays with the interpreter. */
		if (ok && io.nin <= CG_MAX_IO && io.nout <= CG_MAX_IO) {
			ok = place_maps(g, &map, buf) && check_alignment(g);
		}
		if (ok && io.nin <= CG_MAX_IO && io.nout <= CG_MAX_IO) {
			CgEmit e = { 0 };
			cg_emit_begin(&e, &g->t);
			for (size_t i = 0; i < g->n; i++)
				if (cg_npu_work(&g->run[i]))
					cg_wbuf_emit(&e, &g->t, &g->run[i]);
			cg_emit_end(&e);
			uint8_t *pay = cg_payload(&g->t, &e, &npay);
			replace_run(g, &io, pay, npay, flash, nflash, arena,
			    fast);
			free(pay);
			free(e.p);
		}
		io_free(&io);
		free(buf);
		maps_free(&map);
	}
	for (size_t i = 0; i < g->n; i++)
		cg_prep_free(&g->run[i]);
	g->n = 0;
	ir_ptrmap_free(&g->in_run);
	memset(&g->in_run, 0, sizeof g->in_run);
	return ok;
}

/* The look-ahead at the function's start: from the end of its first
 * run (the first op cg_prepare never takes after one it may take). */
static void
look_ahead_start(Cg *g, IrBlock *blk)
{
	bool seen = false;
	for (IrOp *op = blk->first; op; op = op->next) {
		if (ir_op_is(op, "graph.constant"))
			continue;
		if (!npu_kind(op) && seen) {
			look_ahead(g, op);
			return;
		}
		seen = seen || npu_kind(op);
	}
}

static bool
codegen_block(Cg *g, IrBlock *blk)
{
	IrOp *next;
	for (IrOp *op = blk->first; op; op = next) {
		next = op->next;
		if (ir_op_is(op, "graph.constant"))
			continue;
		bool fatal = false;
		/* Most ops make at most CG_MAX_PREPS preps: no realloc while
		 * they are made. */
		if (g->n + CG_MAX_PREPS > g->cap) {
			g->cap = 2 * g->cap + CG_MAX_PREPS;
			g->run = ir_xrealloc(g->run, g->cap * sizeof *g->run);
		}
		size_t mark = g->n;
		/* A packing the look-ahead started for op ends first: its
		 * encoder scratch (MB for a large layer) is freed before op's
		 * prep gathers the weights again. */
		cg_early_wait(g, op);
		if (cg_prepare(g, op, &fatal)) {
			ir_ptrmap_put(&g->in_run, op, op);
			/* Its weights start packing while the run goes on
			 * being collected. */
			cg_pack_submit(g);
			continue;
		}
		while (g->n > mark)
			cg_prep_free(&g->run[--g->n]);
		g->ahead = op;
		bool flushed = !fatal && flush(g);
		g->ahead = NULL;
		if (!flushed)
			return false;
	}
	return flush(g);
}

/* *size from the optimise option: by default what the estimate
 * recorded in npu.target, so the weights buffered are those the SRAM
 * report counted. An explicit choice wins, with a warning when it
 * contradicts the record: the stream then needs other SRAM than the
 * estimate reported. */
static bool
optimise_choice(IrOp *module, const char *opt, bool *size)
{
	bool recorded;
	if (!ethos_u_target_optimise(module, &recorded))
		return false;
	*size = recorded;
	if (!strcmp(opt, "module"))
		return true;
	*size = !strcmp(opt, "size");
	if (*size != recorded)
		ir_emit(ir_op_context(module), IR_SEV_WARNING,
		    ir_op_loc(module),
		    "ethos-u-codegen optimise=%s, but the module's npu.target "
		    "records optimise=%s (ethos-u-estimate's): the stream's "
		    "SRAM is not what the estimate reported", opt,
		    recorded ? "size" : "performance");
	return true;
}

static bool
codegen_run(IrOp *module, IrPass *pass)
{
	Cg g;
	memset(&g, 0, sizeof g);
	g.ctx = ir_pass_context(pass);
	if (!ethos_u_target_of_module(module, &g.t))
		return false;
	ethosu_register_dialect(g.ctx);
	g.dbl = !strcmp(ir_pass_string(pass, "rounding"), "double");
	if (!optimise_choice(module, ir_pass_string(pass, "optimise"),
	    &g.size))
		return false;
	g.striped = ethos_u_has_stripes(module);
	int64_t threads = ir_pass_int(pass, "threads");
	if (threads < 0) {
		ir_emit_error(g.ctx, ir_op_loc(module), "ethos-u-codegen: "
		    "threads must be >= 0 (0: one per online CPU, at most "
		    "%d), not %lld", CG_MAX_THREADS, (long long)threads);
		return false;
	}
	g.threads = cg_threads(threads);
	g.look = ir_pass_bool(pass, "look-ahead");
	if (!planner_algorithm_parse(ir_pass_string(pass, "planner"),
	    &g.planner)) {
		ir_emit_error(g.ctx, ir_op_loc(module), "unknown planner '%s'",
		    ir_pass_string(pass, "planner"));
		return false;
	}
	bool ok = true;
	IrBlock *body = ir_module_body(module);
	for (IrOp *f = body ? body->first : NULL; ok && f; f = f->next)
		if (ir_op_is(f, "func.func") && !ir_region_empty(
		    ir_op_region(f, 0))) {
			/* The look-ahead's first packings (they need no
			 * layer) start before the weight-buffer layers are
			 * counted: the other threads work from here on. */
			g.pool = cg_pool_create(g.threads);
			look_ahead_start(&g, ir_func_entry(f));
			cg_wbuf_layers(&g, ir_func_entry(f));
			ok = codegen_block(&g, ir_func_entry(f));
			if (!ok)
				flush(&g);
			ir_pass_stat_add(pass, "early-packings", g.nearly);
			ir_pass_stat_add(pass, "early-packings-adopted",
			    g.nadopted);
			g.nadopted = 0;
			ir_pass_stat_add(pass, "weights-measured", g.nmeasured);
			ir_pass_stat_add(pass, "weights-measured-whole",
			    g.nmeasured_whole);
			g.nmeasured = g.nmeasured_whole = 0;
			cg_early_free(&g);
			cg_pool_destroy(g.pool);
			g.pool = NULL;
			cg_wbuf_layers_free(&g);
		}
	free(g.run);
	ir_ptrmap_free(&g.in_run);
	return ok;
}

static const char *const rounding_choices[] = { "single", "double",
	NULL };
static const char *const optimise_choices[] = { "module", "performance",
	"size", NULL };

static const IrPassOption codegen_options[] = {
	{ "rounding", IR_OPT_ENUM, "single",
	  "int8 output rounding: single (TFLite, npu-run --arith=tflite) or "
	  "double (TFLite Micro and Vela, --arith=tflite-micro)",
	  rounding_choices },
	{ "optimise", IR_OPT_ENUM, "module",
	  "module (default): ethos-u-compile's choice, recorded in "
	  "npu.target by ethos-u-estimate; performance DMAs weights that "
	  "live in flash or DRAM into SRAM buffers, in OFM depth slices "
	  "(Vela's weight buffering); size reads them where they live",
	  optimise_choices },
	{ "planner", IR_OPT_STRING, "greedy",
	  "the scratch-arena planner (passes/planner.h: greedy, "
	  "best-fit-size, best-fit-breadth, hill-climb, exact, auto)", NULL },
	{ "threads", IR_OPT_INT, "0",
	  "threads that encode weights: 0 (default) one per online CPU, at "
	  "most 4; 1 none (all on the pass's own thread); the stream is the "
	  "same bytes whatever the count", NULL },
	{ "look-ahead", IR_OPT_BOOL, "true",
	  "with threads, start packing a later run's weights before the run "
	  "is collected (the second run's at the function's start, each "
	  "later one's when the run before it is packed): less time when a "
	  "later run has large layers (MobileNet-v2's classifier), more "
	  "memory (that layer's encoding beside the earlier run's); the same "
	  "bytes; false packs each run's weights when it is collected", NULL },
};

static const IrPassStatistic codegen_stats[] = {
	{ "early-packings", "weight packings of later runs started before "
	  "their run was collected (look-ahead)" },
	{ "early-packings-adopted", "of those, packings the op's own prep "
	  "took (the others were dropped and packed again)" },
	{ "weights-measured", "buffered ops whose weights were measured "
	  "(the exact size of their whole packing, no bits written) before "
	  "their depth slices were decided" },
	{ "weights-measured-whole", "of those, ops not cut into slices: "
	  "packed whole, following the measure's encoder plans" },
};

const IrPassDef pass_ethos_u_codegen = {
	.argument = "ethos-u-codegen",
	.stats = codegen_stats,
	.nstats = sizeof codegen_stats / sizeof codegen_stats[0],
	.summary = "Emit Ethos-U command streams: each run of NPU-executable "
	    "npu ops becomes one ethos_u.stream op",
	.anchor = "builtin.module",
	.options = codegen_options,
	.noptions = sizeof codegen_options / sizeof codegen_options[0],
	.run = codegen_run,
	.description =
	    "Runs on legalized IR (`ethos-u-compile`). Each maximal run of\n"
	    "npu ops the generator supports (conv2d, depthwise_conv2d,\n"
	    "fully_connected, max and average pool, elementwise\n"
	    "add, sub, mul, min, max, abs and leaky_relu, lut, reshape,\n"
	    "slice, concat, pad, nearest resize by 2, 4 or 8, and softmax\n"
	    "with Vela's exp table as Vela's 31 operations)\n"
	    "becomes\n"
	    "one `ethos_u.stream` op: a COP1 payload (the configuration word\n"
	    "of the module's accelerator, then the register writes Vela\n"
	    "3.10 emits before each NPU operation, each only when its value\n"
	    "changed), the flash blob (weights and bias/scale records as\n"
	    "Vela encodes them), the scratch arena size and the operands'\n"
	    "and results' offsets from the memory planner. Weights in flash\n"
	    "or DRAM are DMA'd into SRAM buffers where the estimate places\n"
	    "them (not with optimise=size), in Vela's OFM depth slices,\n"
	    "with Vela's waits and BLOCKDEP. `optimise` defaults to the\n"
	    "choice ethos-u-estimate recorded in `npu.target` (its\n"
	    "`optimise` entry; none: performance), so the stream buffers\n"
	    "what the SRAM report counted; an explicit `optimise` wins,\n"
	    "with a warning when it contradicts the record. Other ops\n"
	    "end the run and stay for the interpreter. A feature map of\n"
	    "dynamic shape or beyond the registers' limits is an error at\n"
	    "its op.\n"
	    "See docs/targets/ethos-u.md, \"Emitting command streams\".",
};
