/* targets/ethos_u/sim.c: the Ethos-U functional simulator. Commands set
 * registers; each NPU operation reads its feature maps (NHWC or NHCWB16,
 * four tiles, byte strides), computes in 64-bit integers and writes the
 * OFM through the output stage (scale, shift, round mode, zero point,
 * clamps, LUT). A first pass checks every operation's accesses against
 * its regions without executing anything. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/sim.h"
#include "targets/ethos_u/simops.h"

uint32_t
ethosu_payload_config(const EthosuPayload *pl)
{
	for (size_t i = 0; i < pl->n; i++)
		if (pl->actions[i].code == ETHOSU_DA_OPTIMIZER_CONFIG)
			return pl->actions[i].words[0];
	return 0;
}

bool
sim_fail(Sim *s, const char *fmt, ...)
{
	char msg[240];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	const EthosuCmd *c = &s->stream->cmds[s->idx];
	snprintf(s->err, s->errlen, "command %zu (%s at byte %u): %s", s->idx,
	    ethosu_cmd_def(c->id)->name, c->offset, msg);
	return false;
}

int64_t
sim_reg(const Sim *s, unsigned id, const char *field)
{
	int k = ethosu_field_index(id, field);
	if (k < 0)
		ir_unreachable("unknown Ethos-U register field");
	return s->set[id] ? ethosu_cmd_field(&s->reg[id], (unsigned)k) : 0;
}

/* A 40-bit address register: addr plus addr_hi << 32 (Ethos-U65). */
uint64_t
sim_addr(const Sim *s, unsigned id)
{
	return (uint64_t)sim_reg(s, id, "addr") |
	    (uint64_t)sim_reg(s, id, "addr_hi") << 32;
}

bool
sim_work(Sim *s, uint64_t a, uint64_t b, uint64_t c)
{
	if (s->exec)
		return true;
	/* Each factor is below 2^33, so two products cannot overflow
	 * before the test. */
	uint64_t ab = a * b;
	if ((b && ab / b != a) || (c && ab > s->max_work / c) ||
	    ab * c > s->max_work - s->work)
		return sim_fail(s, "the stream needs more than %llu steps "
		    "(zero strides over a large map?)",
		    (unsigned long long)s->max_work);
	s->work += ab * c;
	return true;
}

/* ------------------------------------------------------------ memory */

/* The memory of region `region`; rejects an empty one. */
bool
sim_region(Sim *s, int region, const char *what, uint8_t **mem,
    size_t *size)
{
	if (region < 0 || region >= ETHOSU_NUM_REGIONS ||
	    !s->r[region].size)
		return sim_fail(s, "%s uses region %d, which is empty", what,
		    region);
	*mem = s->r[region].data;
	*size = s->r[region].size;
	return true;
}

bool
sim_range(Sim *s, const char *what, uint64_t start, uint64_t len,
    size_t size)
{
	if (start > size || len > size - start)
		return sim_fail(s, "%s reads or writes bytes [%llu, %llu) "
		    "outside its %zu-byte region", what,
		    (unsigned long long)start,
		    (unsigned long long)(start + len), size);
	return true;
}

/* Bytes per element of an activation_precision, 0 when unsupported. */
static int
prec_bytes(int64_t p)
{
	return p == 0 ? 1 : p == 1 ? 2 : p == 2 ? 4 : 0;
}

/* The channel part of an element's offset. */
static uint64_t
chan_off(const Fm *f, int c)
{
	if (f->b16)
		return (uint64_t)(c / 16) * f->sc + (uint64_t)(c % 16) *
		    (unsigned)f->bytes;
	return (uint64_t)c * f->sc;
}

/* Byte offset of element (y, x, c) in its region: tile 0 is the
 * top-left, 1 top-right (x >= width0, y < height1), 2 bottom-left
 * (y >= height0), 3 bottom-right (Vela's tile addresses). */
uint64_t
fm_off(const Fm *f, int y, int x, int c)
{
	int t = 0;
	if (x >= f->w0) {
		x -= f->w0;
		t = 1;
		if (y >= f->h1) {
			y -= f->h1;
			t = 3;
		}
	} else if (y >= f->h0) {
		y -= f->h0;
		t = 2;
	}
	return f->base[t] + (uint64_t)y * f->sy + (uint64_t)x * f->sx +
	    chan_off(f, c);
}

int64_t
fm_get(const Fm *f, int y, int x, int c)
{
	const uint8_t *p = f->mem + fm_off(f, y, x, c);
	switch (f->bytes) {
	case 1:
		return f->sign ? (int8_t)p[0] : p[0];
	case 2: {
		uint16_t v = (uint16_t)(p[0] | p[1] << 8);
		return f->sign ? (int64_t)(int16_t)v : (int64_t)v;
	}
	default: {
		uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 |
		    (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		return f->sign ? (int64_t)(int32_t)v : (int64_t)v;
	}
	}
}

void
fm_put(const Fm *f, int y, int x, int c, int64_t v)
{
	uint8_t *p = f->mem + fm_off(f, y, x, c);
	for (int i = 0; i < f->bytes; i++)
		p[i] = (uint8_t)((uint64_t)v >> (8 * i));
}

/* Reads the registers of feature map `which` (0 IFM, 1 IFM2, 2 OFM) of
 * h x w x c elements. */
bool
fm_load(Sim *s, int which, int h, int w, int c, Fm *f)
{
	static const unsigned prec[3] = { ETHOSU_SET_IFM_PRECISION,
	    ETHOSU_SET_IFM2_PRECISION, ETHOSU_SET_OFM_PRECISION };
	static const unsigned region[3] = { ETHOSU_SET_IFM_REGION,
	    ETHOSU_SET_IFM2_REGION, ETHOSU_SET_OFM_REGION };
	static const unsigned base0[3] = { ETHOSU_SET_IFM_BASE0,
	    ETHOSU_SET_IFM2_BASE0, ETHOSU_SET_OFM_BASE0 };
	static const unsigned zp[3] = { ETHOSU_SET_IFM_ZERO_POINT,
	    ETHOSU_SET_IFM2_ZERO_POINT, ETHOSU_SET_OFM_ZERO_POINT };
	static const unsigned tile[3][3] = {
		{ ETHOSU_SET_IFM_HEIGHT0_M1, ETHOSU_SET_IFM_HEIGHT1_M1,
		  ETHOSU_SET_IFM_WIDTH0_M1 },
		{ ETHOSU_SET_IFM2_HEIGHT0_M1, ETHOSU_SET_IFM2_HEIGHT1_M1,
		  ETHOSU_SET_IFM2_WIDTH0_M1 },
		{ ETHOSU_SET_OFM_HEIGHT0_M1, ETHOSU_SET_OFM_HEIGHT1_M1,
		  ETHOSU_SET_OFM_WIDTH0_M1 },
	};
	static const char *const names[3] = { "IFM", "IFM2", "OFM" };
	memset(f, 0, sizeof(*f));
	f->name = names[which];
	f->h = h;
	f->w = w;
	f->c = c;
	f->bytes = prec_bytes(sim_reg(s, prec[which],
	    "activation_precision"));
	if (!f->bytes)
		return sim_fail(s, "%s precision of 64 bits is not supported",
		    f->name);
	f->sign = sim_reg(s, prec[which], "activation_type") == 1;
	int64_t fmt = sim_reg(s, prec[which], "activation_format");
	if (fmt > 1)
		return sim_fail(s, "%s format %lld is unknown", f->name,
		    (long long)fmt);
	f->b16 = fmt == 1;
	int64_t z = sim_reg(s, zp[which], "zero_point");
	f->zp = f->sign ? z : (int64_t)(uint16_t)z;
	f->region = (int)sim_reg(s, region[which], "region");
	for (int t = 0; t < 4; t++)
		f->base[t] = sim_addr(s, base0[which] + (unsigned)t);
	/* The strides follow the four bases in every block of the table. */
	f->sx = sim_addr(s, base0[which] + 4);
	f->sy = sim_addr(s, base0[which] + 5);
	f->sc = sim_addr(s, base0[which] + 6);
	f->h0 = (int)sim_reg(s, tile[which][0], "height_m1") + 1;
	f->h1 = (int)sim_reg(s, tile[which][1], "height_m1") + 1;
	f->w0 = (int)sim_reg(s, tile[which][2], "width_m1") + 1;
	if (!sim_region(s, f->region, f->name, &f->mem, &f->size))
		return false;
	return fm_check(s, f);
}

/* The largest offset a channel in [0, c) adds. */
static uint64_t
chan_max(const Fm *f)
{
	uint64_t m = 0;
	for (int c = f->c - 1; c >= 0 && c >= f->c - 16; c--) {
		uint64_t o = chan_off(f, c);
		if (o > m)
			m = o;
	}
	return m;
}

/* Checks the last byte of each tile part of [0, h) x [0, w): offsets
 * grow with y, x and the channel group, so the corner is the maximum. */
bool
fm_check(Sim *s, const Fm *f)
{
	if (f->h <= 0 || f->w <= 0 || f->c <= 0)
		return true;
	uint64_t cm = chan_max(f) + (uint64_t)f->bytes;
	int ys[2] = { f->h0, f->h1 };
	for (int t = 0; t < 4; t++) {
		int right = t & 1, bottom = t >> 1;
		int xl = right ? f->w0 : 0, xh = right ? f->w : f->w0;
		int split = ys[right];
		int yl = bottom ? split : 0, yh = bottom ? f->h : split;
		if (xh > f->w)
			xh = f->w;
		if (yh > f->h)
			yh = f->h;
		if (xl >= xh || yl >= yh)
			continue;
		uint64_t end = fm_off(f, yh - 1, xh - 1, 0) + cm;
		uint64_t start = f->base[t];
		if (!sim_range(s, f->name, start, end - start, f->size))
			return false;
		sim_access(s, f->mem, f->region, start, end - start,
		    strcmp(f->name, "OFM") == 0);
	}
	return true;
}

/* ------------------------------------------------------------ rounding */

/* x * scale / 2^shift with the round mode: DBL is TFLite's double
 * rounding (a rounding doubling high multiply, then a rounding right
 * shift by shift - 31), NATURAL rounds half up, TRUNCATE toward zero. */
int64_t
sim_scale(int64_t x, int64_t scale, int shift, int mode)
{
	__int128 p = (__int128)x * scale;
	if (mode == ETHOSU_ROUND_DBL) {
		if (shift < 31)
			p *= (__int128)1 << (31 - shift);
		__int128 nudge = p >= 0 ? ((__int128)1 << 30) :
		    1 - ((__int128)1 << 30);
		__int128 h = (p + nudge) / ((__int128)1 << 31);
		if (shift <= 31)
			return (int64_t)h;
		int e = shift - 31;
		__int128 mask = ((__int128)1 << e) - 1;
		__int128 rem = h & mask, thr = (mask >> 1) + (h < 0);
		return (int64_t)((h >> e) + (rem > thr));
	}
	if (shift == 0)
		return (int64_t)p;
	if (mode == ETHOSU_ROUND_NATURAL)
		return (int64_t)((p + ((__int128)1 << (shift - 1))) >> shift);
	return (int64_t)(p / ((__int128)1 << shift));
}

/* The OFM's storage range. */
void
ofm_range(const Fm *o, int64_t *lo, int64_t *hi)
{
	int bits = 8 * o->bytes;
	if (o->sign) {
		*lo = -((int64_t)1 << (bits - 1));
		*hi = ((int64_t)1 << (bits - 1)) - 1;
	} else {
		*lo = 0;
		*hi = ((int64_t)1 << bits) - 1;
	}
}

/* Reads the activation registers for the output stage of this op. */
bool
out_stage_load(Sim *s, const Fm *o, OutStage *st)
{
	memset(st, 0, sizeof(*st));
	ofm_range(o, &st->lo, &st->hi);
	st->act = (int)sim_reg(s, ETHOSU_SET_ACTIVATION,
	    "activation_function");
	st->clip = (int)sim_reg(s, ETHOSU_SET_ACTIVATION,
	    "activation_clip_range");
	st->amin = sim_reg(s, ETHOSU_SET_ACTIVATION_MIN, "clip_boundary");
	st->amax = sim_reg(s, ETHOSU_SET_ACTIVATION_MAX, "clip_boundary");
	if (!o->sign && o->bytes <= 2) {
		st->amin = (uint16_t)st->amin;
		st->amax = (uint16_t)st->amax;
	}
	st->round = (int)sim_reg(s, ETHOSU_SET_OFM_PRECISION, "round_mode");
	st->zp = o->zp;
	st->wide = o->bytes == 4;
	if (st->act != 0 && (st->act < 16 || st->act > 23))
		return sim_fail(s, "activation function %d (tanh/sigmoid "
		    "without a table) is not supported", st->act);
	if (st->act >= 16) {
		/* The LUT area is the SHRAM's last 2 KB; TABLE_k starts
		 * 256 * k bytes into it (Vela's slot numbering). */
		unsigned shram = s->shram_kb * 1024u, slot = st->act - 16u;
		unsigned bytes = o->bytes == 2 ? 2048u : 256u *
		    (unsigned)o->bytes;
		st->lut = s->shram + shram - 2048 + 256 * slot;
		st->lut_bytes = o->bytes;
		if (256 * slot + bytes > 2048)
			return sim_fail(s, "LUT slot %u of %u bytes passes the "
			    "end of the SHRAM", slot, bytes);
	}
	return true;
}

/* The clip range a LUT's index is first clamped to. */
static void
clip_range(int clip, int64_t *lo, int64_t *hi)
{
	switch (clip) {
	case 2: *lo = 0; *hi = 255; break;
	case 3: *lo = -128; *hi = 127; break;
	case 5: *lo = -32768; *hi = 32767; break;
	default: break;
	}
}

/* A 16-bit table lookup: 512 32-bit entries, each a signed 16-bit base
 * (bits 15:0) and the signed slope to the next entry (bits 31:16), as
 * Vela packs TFLite's 513-point int16 tables. The input v (clipped to
 * int16) picks entry (v + 32768) >> 7 and interpolates its low 7 bits:
 * base + (slope * frac + 64) >> 7, TFLite's lut_lookup_with_interpolation
 * rounding. */
static int64_t
lut16(const OutStage *st, int64_t v)
{
	int64_t u = v + 32768;
	const uint8_t *e = st->lut + (size_t)(u >> 7) * 4;
	int64_t base = (int16_t)(uint16_t)(e[0] | e[1] << 8);
	int64_t slope = (int16_t)(uint16_t)(e[2] | e[3] << 8);
	int64_t r = base + ((slope * (u & 127) + 64) >> 7);
	return r < st->lo ? st->lo : r > st->hi ? st->hi : r;
}

/* A value after the OFM scaling: zero point, activation clamps, the LUT
 * (index = the value clipped to the clip range, as a byte), the OFM's
 * storage range. */
int64_t
out_stage(const OutStage *st, int64_t v)
{
	/* A 32-bit OFM without a table takes the value as it is (Vela's
	 * int32 softmax steps carry zero points and clip boundaries the
	 * hardware does not apply), saturated. */
	if (st->wide && !st->lut)
		return v < st->lo ? st->lo : v > st->hi ? st->hi : v;
	v += st->zp;
	if (v < st->amin)
		v = st->amin;
	if (v > st->amax)
		v = st->amax;
	if (st->lut) {
		int64_t lo = st->lut_bytes == 2 ? -32768 : -128;
		int64_t hi = st->lut_bytes == 2 ? 32767 : 127;
		clip_range(st->clip, &lo, &hi);
		v = v < lo ? lo : v > hi ? hi : v;
		/* The table is indexed from the clip range's minimum. */
		size_t idx = (size_t)(v - lo) & 255;
		if (st->lut_bytes == 2)
			return lut16(st, v);
		const uint8_t *e = st->lut + (size_t)idx * st->lut_bytes;
		if (st->lut_bytes == 1)
			v = (int8_t)e[0];
		else
			v = (int32_t)((uint32_t)e[0] | (uint32_t)e[1] << 8 |
			    (uint32_t)e[2] << 16 | (uint32_t)e[3] << 24);
		return v;
	}
	return v < st->lo ? st->lo : v > st->hi ? st->hi : v;
}

/* ------------------------------------------------------------ DMA */

/* One side of a DMA: its memory, start address and stride mode. */
typedef struct DmaSide {
	uint8_t *mem;
	size_t size;
	uint64_t addr;
	int mode;                     /* 0 D1, 1 D2, 2 D3 */
	int region;                   /* -1: the SHRAM */
	bool write;                   /* the destination */
} DmaSide;

/* The shape of a transfer: planes x rows x len bytes, and the skips. */
typedef struct DmaShape {
	uint64_t len, skip0, skip1;
	unsigned rows, planes;
} DmaShape;

static bool
dma_side(Sim *s, unsigned regid, unsigned addrid, const char *what,
    DmaSide *d)
{
	int mode = (int)sim_reg(s, regid, "region_mode");
	d->mode = (int)sim_reg(s, regid, "stride_mode");
	if (d->mode > 2)
		return sim_fail(s, "DMA %s stride mode %d is unknown", what,
		    d->mode);
	d->addr = sim_addr(s, addrid);
	d->write = regid == ETHOSU_SET_DMA0_DST_REGION;
	d->region = -1;
	if (mode == 1) { /* internal: the SHRAM (LUTs) */
		d->mem = s->shram;
		d->size = s->shram_kb * 1024u;
		return true;
	}
	d->region = (int)sim_reg(s, regid, "region");
	return sim_region(s, d->region, what, &d->mem, &d->size);
}

/* Where row r of plane p starts on a side, from its start. A D1 side is
 * contiguous; a D2 side skips skip0 bytes after each row; a D3 side
 * also starts plane p at p * (rows * len + skip1), the plane stride
 * Vela's U65 generator (regor) derives skip1 from. */
static unsigned __int128
dma_row(const DmaShape *t, int mode, unsigned p, unsigned r)
{
	unsigned __int128 len = t->len;
	unsigned __int128 row = (unsigned __int128)p * t->rows + r;
	if (mode == 0)
		return row * len;
	if (mode == 1)
		return row * (len + t->skip0);
	return (unsigned __int128)p * (len * t->rows + t->skip1) +
	    (unsigned __int128)r * (len + t->skip0);
}

/* Checks that every row of a side lies in its memory: offsets grow with
 * the row and the plane, so the last row ends the footprint. */
static bool
dma_check(Sim *s, const char *what, const DmaSide *d, const DmaShape *t)
{
	unsigned __int128 end = dma_row(t, d->mode, t->planes - 1,
	    t->rows - 1) + t->len;
	if (end > (unsigned __int128)UINT64_MAX - d->addr)
		return sim_fail(s, "%s: the transfer ends past 2^64", what);
	if (!sim_range(s, what, d->addr, (uint64_t)end, d->size))
		return false;
	sim_access(s, d->mem, d->region, d->addr, (uint64_t)end, d->write);
	return true;
}

static bool
op_dma(Sim *s)
{
	DmaSide src, dst;
	DmaShape t = { .len = sim_addr(s, ETHOSU_SET_DMA0_LEN),
	    .rows = 1, .planes = 1 };
	if (!dma_side(s, ETHOSU_SET_DMA0_SRC_REGION, ETHOSU_SET_DMA0_SRC,
	    "source", &src) ||
	    !dma_side(s, ETHOSU_SET_DMA0_DST_REGION, ETHOSU_SET_DMA0_DST,
	    "destination", &dst))
		return false;
	/* In 2-D and 3-D mode LEN is one row; SIZE0 rows make a plane
	 * and SIZE1 planes the transfer. */
	int mode = src.mode > dst.mode ? src.mode : dst.mode;
	if (mode >= 1) {
		t.rows = (unsigned)sim_reg(s, ETHOSU_SET_DMA0_SIZE0, "size");
		t.skip0 = sim_addr(s, ETHOSU_SET_DMA0_SKIP0);
	}
	if (mode == 2) {
		t.planes = (unsigned)sim_reg(s, ETHOSU_SET_DMA0_SIZE1, "size");
		t.skip1 = sim_addr(s, ETHOSU_SET_DMA0_SKIP1);
	}
	if (!t.rows || !t.planes)
		return sim_fail(s, "DMA of %u rows in %u planes is empty",
		    t.rows, t.planes);
	if (!dma_check(s, "DMA source", &src, &t) ||
	    !dma_check(s, "DMA destination", &dst, &t) ||
	    !sim_work(s, t.len, t.rows, t.planes))
		return false;
	if (!s->exec)
		return true;
	for (unsigned p = 0; p < t.planes; p++)
		for (unsigned r = 0; r < t.rows; r++)
			memmove(dst.mem + dst.addr + (size_t)dma_row(&t,
			    dst.mode, p, r), src.mem + src.addr +
			    (size_t)dma_row(&t, src.mode, p, r),
			    (size_t)t.len);
	return true;
}

/* ------------------------------------------------------------ driver */

static bool
run_op(Sim *s, unsigned id)
{
	switch (id) {
	case ETHOSU_OP_DMA_START:
		return op_dma(s);
	case ETHOSU_OP_CONV:
	case ETHOSU_OP_DEPTHWISE:
		return sim_op_conv(s, id == ETHOSU_OP_DEPTHWISE);
	case ETHOSU_OP_POOL:
		return sim_op_pool(s);
	case ETHOSU_OP_ELEMENTWISE:
		return sim_op_elementwise(s);
	default:
		return true; /* waits, IRQ, PMU: nothing to compute */
	}
}

/* One pass over the stream: checking (exec false) or executing. */
static bool
run_pass(Sim *s)
{
	memset(s->set, 0, sizeof(s->set));
	for (s->idx = 0; s->idx < s->stream->n; s->idx++) {
		const EthosuCmd *c = &s->stream->cmds[s->idx];
		if (c->id == ETHOSU_OP_STOP)
			return true;
		/* Operations keep their parameter (pooling and elementwise
		 * modes) like registers. */
		s->reg[c->id] = *c;
		s->set[c->id] = true;
		sim_hazard_begin(s);
		if (c->id < ETHOSU_SET_IFM_PAD_TOP && (!run_op(s, c->id) ||
		    !sim_hazard_end(s, c->id)))
			return false;
	}
	return true;
}

bool
ethosu_sim_run(const EthosuStream *stream, EthosuRegion *r,
    const EthosuSimOptions *o, char *err, size_t errlen)
{
	Sim *s = calloc(1, sizeof(Sim));
	if (!s)
		ir_unreachable("out of memory");
	s->stream = stream;
	s->r = r;
	s->err = err;
	s->errlen = errlen;
	s->opt = *o;
	s->shram_kb = o->config ? (o->config >> 8 & 255) : 48;
	s->macs = o->config ? 1 << (o->config & 15) : 256;
	s->max_work = o->max_work ? o->max_work : ETHOSU_SIM_MAX_WORK;
	if (s->shram_kb < 2 || s->shram_kb > SIM_SHRAM_KB) {
		snprintf(err, errlen, "configuration word 0x%08x: SHRAM size "
		    "%u KB is not supported", o->config, s->shram_kb);
		free(s);
		return false;
	}
	sim_hazard_init(s);
	bool ok = run_pass(s);
	if (ok) {
		s->exec = true;
		ok = run_pass(s);
	}
	free(s);
	return ok;
}
