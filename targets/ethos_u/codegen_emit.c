/* targets/ethos_u/codegen_emit.c: writes one NPU operation's registers
 * in the order Vela 3.10's register command stream generator writes
 * them (IFM, padding, OFM, kernel, weights, scales, activation, block
 * configuration, SHRAM layout), each only when its value changed, then
 * the NPU_OP_* command; and the COP1 driver payload around a stream. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "targets/ethos_u/codegen.h"
#include "targets/ethos_u/simops.h"

/* Vela's fixed SHRAM facts (as perf.c has them). */
#define CG_BANK_BYTES 1024

static void
put_word(CgEmit *e, uint32_t w)
{
	if (e->n + 4 > e->cap) {
		e->cap = e->cap ? e->cap * 2 : 1024;
		e->p = ir_xrealloc(e->p, e->cap);
	}
	for (int i = 0; i < 4; i++)
		e->p[e->n++] = (uint8_t)(w >> (8 * i));
}

/* Writes command id with its 16-bit parameter (and payload word for a
 * CMD1), unless the register already holds exactly that (always for
 * operations). */
static void
put(CgEmit *e, unsigned id, uint32_t param, uint32_t payload)
{
	const EthosuCmdDef *d = ethosu_cmd_def(id);
	uint32_t w0 = d->opcode | (d->cmd1 ? 0x4000u : 0) | (param & 0xffff) <<
	    16;
	uint64_t v = w0 | (d->cmd1 ? (uint64_t)payload << 32 : 0);
	if (!ethosu_cmd_is_operation(id) && id != ETHOSU_OP_STOP &&
	    id != ETHOSU_OP_DMA_WAIT && id != ETHOSU_OP_KERNEL_WAIT) {
		if (e->set[id] && e->last[id] == v)
			return;
		e->set[id] = true;
		e->last[id] = v;
	}
	put_word(e, w0);
	if (d->cmd1)
		put_word(e, payload);
}

static void
cmd0(CgEmit *e, unsigned id, int64_t param)
{
	put(e, id, (uint32_t)param, 0);
}

/* A 40-bit address: the low word as payload, bits 32-39 in the
 * parameter. */
static void
addr(CgEmit *e, unsigned id, uint64_t a)
{
	put(e, id, (uint32_t)(a >> 32) & 0xff, (uint32_t)a);
}

static int
prec_code(int bits)
{
	return bits == 8 ? 0 : bits == 16 ? 1 : bits == 32 ? 2 : 3;
}

/* REGION, BASE0-3, tile sizes of one feature map: ids[] are the map's
 * REGION, BASE0, HEIGHT0_M1, HEIGHT1_M1, WIDTH0_M1 and STRIDE_X
 * commands (the table keeps BASE1-3 after BASE0 and STRIDE_Y,
 * STRIDE_C after STRIDE_X). Tile 1 is the top right (rows below
 * HEIGHT1), 2 the bottom left (rows from HEIGHT0), 3 the bottom right;
 * each base is its first element's address, 0 for a tile the map does
 * not use (a ring's 1 and 3: Vela writes a rolling buffer's boxes so,
 * both heights equal). */
static void
fm_regs(CgEmit *e, const CgFm *f, const unsigned ids[6])
{
	int64_t sx, sy, sc;
	cg_fm_strides(f, &sx, &sy, &sc);
	cmd0(e, ids[0], f->region);
	addr(e, ids[1], f->addr);
	for (unsigned t = 1; t < 4; t++) {
		bool used = (!(t & 2) || f->th) && (!(t & 1) || f->tw);
		addr(e, ids[1] + t, used ? f->addr + (uint64_t)((f->ty[t >> 1] -
		    f->ty[0]) * sy + (f->tx[t & 1] - f->tx[0]) * sx) : 0);
	}
	cmd0(e, ids[2], (f->th ? f->th : f->h) - 1);
	cmd0(e, ids[3], (f->th ? f->th : f->h) - 1);
	cmd0(e, ids[4], (f->tw ? f->tw : f->w) - 1);
	(void)ids[5];
}

/* The strides of a map, in Vela's order C, Y, X. NHCWB16: a brick of
 * 16 channels per pixel, a row of bricks per channel group (STRIDE_C
 * steps groups), rows of every group (STRIDE_Y). */
static void
fm_strides(CgEmit *e, const CgFm *f, unsigned stride_x)
{
	uint64_t bytes = (uint64_t)f->bits / 8, w = (uint64_t)f->w;
	if (f->strided) {
		addr(e, stride_x + 2, f->sc);
		addr(e, stride_x + 1, f->sy);
		addr(e, stride_x, f->sx);
		return;
	}
	if (f->b16) {
		uint64_t c16 = ((uint64_t)f->c + 15) / 16 * 16;
		addr(e, stride_x + 2, 16 * bytes * w);
		addr(e, stride_x + 1, bytes * w * c16);
		addr(e, stride_x, 16 * bytes);
		return;
	}
	addr(e, stride_x + 2, bytes);
	addr(e, stride_x + 1, bytes * w * (uint64_t)f->c);
	addr(e, stride_x, bytes * (uint64_t)f->c);
}

/* IFM/IFM2_PRECISION: sign, precision, format (and the scaled operand). */
static uint32_t
ifm_prec(const CgFm *f)
{
	return (f->sign ? 1u : 0) | (uint32_t)prec_code(f->bits) << 2 |
	    (f->b16 ? 1u << 6 : 0);
}

static void
ifm_regs(CgEmit *e, const CgNpuOp *op)
{
	static const unsigned ids[6] = { ETHOSU_SET_IFM_REGION,
	    ETHOSU_SET_IFM_BASE0, ETHOSU_SET_IFM_HEIGHT0_M1,
	    ETHOSU_SET_IFM_HEIGHT1_M1, ETHOSU_SET_IFM_WIDTH0_M1,
	    ETHOSU_SET_IFM_STRIDE_X };
	const CgFm *f = &op->ifm;
	fm_regs(e, f, ids);
	cmd0(e, ETHOSU_SET_IFM_DEPTH_M1, f->c - 1);
	fm_strides(e, f, ETHOSU_SET_IFM_STRIDE_X);
	cmd0(e, ETHOSU_SET_IFM_ZERO_POINT, f->zp);
	cmd0(e, ETHOSU_SET_IFM_PRECISION, ifm_prec(f));
	cmd0(e, ETHOSU_SET_IFM_UPSCALE, op->upscale);
	if (op->windowed) {
		cmd0(e, ETHOSU_SET_IFM_PAD_TOP, op->pt);
		cmd0(e, ETHOSU_SET_IFM_PAD_LEFT, op->pl);
		cmd0(e, ETHOSU_SET_IFM_PAD_BOTTOM, op->pb);
		cmd0(e, ETHOSU_SET_IFM_PAD_RIGHT, op->pr);
	}
}

static void
ofm_regs(CgEmit *e, const CgNpuOp *op)
{
	static const unsigned ids[6] = { ETHOSU_SET_OFM_REGION,
	    ETHOSU_SET_OFM_BASE0, ETHOSU_SET_OFM_HEIGHT0_M1,
	    ETHOSU_SET_OFM_HEIGHT1_M1, ETHOSU_SET_OFM_WIDTH0_M1,
	    ETHOSU_SET_OFM_STRIDE_X };
	const CgFm *f = &op->ofm;
	fm_regs(e, f, ids);
	cmd0(e, ETHOSU_SET_OFM_HEIGHT_M1, f->h - 1);
	cmd0(e, ETHOSU_SET_OFM_WIDTH_M1, f->w - 1);
	cmd0(e, ETHOSU_SET_OFM_DEPTH_M1, f->c - 1);
	fm_strides(e, f, ETHOSU_SET_OFM_STRIDE_X);
	cmd0(e, ETHOSU_SET_OFM_ZERO_POINT, f->zp);
	cmd0(e, ETHOSU_SET_OFM_PRECISION, (f->sign ? 1 : 0) |
	    prec_code(f->bits) << 1 | (f->b16 ? 1 << 6 : 0) |
	    (op->global_scale ? 1 << 8 : 0) |
	    op->round << 14);
}

/* KERNEL_*: the dilated size, stride low bits and extensions, dilation
 * and the weight order. */
static void
kernel_regs(CgEmit *e, const CgNpuOp *op)
{
	cmd0(e, ETHOSU_SET_KERNEL_HEIGHT_M1, op->dh * (op->kh - 1));
	cmd0(e, ETHOSU_SET_KERNEL_WIDTH_M1, op->dw * (op->kw - 1));
	uint32_t s = (uint32_t)((op->sw - 1) & 1) |
	    (uint32_t)((op->sh - 1) & 1) << 1 |
	    (uint32_t)((op->sw - 1) >> 1) << 6 |
	    (uint32_t)((op->sh - 1) >> 1) << 9 |
	    (uint32_t)(op->dw - 1) << 3 | (uint32_t)(op->dh - 1) << 4 |
	    (op->part_kernel ? 1u << 2 : 0);
	cmd0(e, ETHOSU_SET_KERNEL_STRIDE, s);
}

/* WEIGHT_* and SCALE_*: every core of the accelerator gets a range; a
 * core without a share points at core 0's with length 0. */
static void
weight_regs(CgEmit *e, const EthosUTarget *t, const CgNpuOp *op)
{
	static const unsigned wb[2] = { ETHOSU_SET_WEIGHT_BASE,
	    ETHOSU_SET_WEIGHT1_BASE };
	static const unsigned wl[2] = { ETHOSU_SET_WEIGHT_LENGTH,
	    ETHOSU_SET_WEIGHT1_LENGTH };
	static const unsigned sb[2] = { ETHOSU_SET_SCALE_BASE,
	    ETHOSU_SET_SCALE1_BASE };
	static const unsigned sl[2] = { ETHOSU_SET_SCALE_LENGTH,
	    ETHOSU_SET_SCALE1_LENGTH };
	if (!op->ncores)
		return;
	int cores = t->cores > 2 ? 2 : (int)t->cores;
	cmd0(e, ETHOSU_SET_WEIGHT_REGION, op->w_region);
	for (int c = 0; c < cores; c++) {
		bool own = c < op->ncores;
		addr(e, wb[c], own ? op->w_addr[c] : op->w_addr[0]);
		put(e, wl[c], 0, own ? (uint32_t)op->w_len[c] : 0);
	}
	cmd0(e, ETHOSU_SET_SCALE_REGION, op->w_region);
	for (int c = 0; c < cores; c++) {
		bool own = c < op->ncores;
		addr(e, sb[c], own ? op->s_addr[c] : op->s_addr[0]);
		put(e, sl[c], 0, own ? (uint32_t)op->s_len[c] : 0);
	}
}

static void
block_regs(CgEmit *e, const CgNpuOp *op)
{
	cmd0(e, ETHOSU_SET_ACTIVATION, op->activation);
	cmd0(e, ETHOSU_SET_ACTIVATION_MIN, op->act_min);
	cmd0(e, ETHOSU_SET_ACTIVATION_MAX, op->act_max);
	cmd0(e, ETHOSU_SET_OFM_BLK_HEIGHT_M1, op->cfg.ofm_block.h - 1);
	cmd0(e, ETHOSU_SET_OFM_BLK_WIDTH_M1, op->cfg.ofm_block.w - 1);
	cmd0(e, ETHOSU_SET_OFM_BLK_DEPTH_M1, op->cfg.ofm_block.c - 1);
	cmd0(e, ETHOSU_SET_IFM_IB_END, op->ib_end);
	cmd0(e, ETHOSU_SET_AB_START, op->ab_start);
	if (op->has_ifm2)
		cmd0(e, ETHOSU_SET_IFM2_IB_START, op->ib_start2);
	cmd0(e, ETHOSU_SET_ACC_FORMAT, op->cfg.acc == ETHOS_U_ACC_40 ? 1 : 0);
}

static void
ifm2_regs(CgEmit *e, const CgNpuOp *op)
{
	static const unsigned ids[6] = { ETHOSU_SET_IFM2_REGION,
	    ETHOSU_SET_IFM2_BASE0, ETHOSU_SET_IFM2_HEIGHT0_M1,
	    ETHOSU_SET_IFM2_HEIGHT1_M1, ETHOSU_SET_IFM2_WIDTH0_M1,
	    ETHOSU_SET_IFM2_STRIDE_X };
	const CgFm *f = &op->ifm2;
	fm_regs(e, f, ids);
	fm_strides(e, f, ETHOSU_SET_IFM2_STRIDE_X);
	cmd0(e, ETHOSU_SET_IFM2_ZERO_POINT, f->zp);
	cmd0(e, ETHOSU_SET_IFM2_PRECISION, ifm_prec(f));
	uint32_t bc = (op->ifm.h != f->h ? 1u : 0) |
	    (op->ifm.w != f->w ? 2u : 0) | (op->ifm.c != f->c ? 4u : 0) |
	    (op->reversed ? 1u << 6 : 0);
	cmd0(e, ETHOSU_SET_IFM2_BROADCAST, bc);
}

/* ------------------------------------------------------------ waits */

/* SHRAM banks an operation's blocks may use (Vela's available banks:
 * two are kept for a LUT on an accelerator without reserved end
 * banks). */
static int64_t
shram_reserved(const EthosUTarget *t)
{
	return t->shram_banks > 16 ? 2 : 0;
}

static int64_t
shram_avail(const EthosUTarget *t, bool lut)
{
	int64_t banks = t->shram_banks - shram_reserved(t);
	return lut && !shram_reserved(t) ? banks - 2 : banks;
}

bool
cg_ranges_meet(const CgRange *a, int na, const CgRange *b, int nb)
{
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++)
			if (a[i].region == b[j].region && a[i].lo < b[j].hi &&
			    b[j].lo < a[i].hi)
				return true;
	return false;
}

/* A true, anti or output dependency between two access sets. */
static bool
conflicts(const CgAccess *a, const CgAccess *b)
{
	return cg_ranges_meet(a->wr, a->nwr, b->rd, b->nrd) ||
	    cg_ranges_meet(a->rd, a->nrd, b->wr, b->nwr) ||
	    cg_ranges_meet(a->wr, a->nwr, b->wr, b->nwr);
}

/* Vela's wait placement: acc joins the outstanding commands of its own
 * kind (the oldest drops out past max); the newest outstanding command
 * of the other kind that it conflicts with must finish first: returns
 * how many of the other kind may stay outstanding (-1: no wait), and
 * those older than it are done. */
static int
track(CgAccess *mine, int *nmine, int max, CgAccess *other, int *nother,
    const CgAccess *acc)
{
	if (*nmine == max) {
		memmove(mine, mine + 1, (size_t)(max - 1) * sizeof *mine);
		(*nmine)--;
	}
	mine[(*nmine)++] = *acc;
	int waits = -1;
	for (int i = *nother - 1; i >= 0; i--) {
		waits++;
		if (conflicts(&other[i], acc)) {
			memmove(other, other + i + 1,
			    (size_t)(*nother - i - 1) * sizeof *other);
			*nother -= i + 1;
			return waits;
		}
	}
	return -1;
}

static void
add_range(CgRange *r, int *n, int region, int64_t lo, int64_t len)
{
	if (len > 0)
		r[(*n)++] = (CgRange){ region, lo, lo + len };
}

/* The bytes of each tile of a feature map that it uses, from its
 * first element to past its last (Vela's address range of a tile). */
static void
fm_range(const CgFm *f, CgRange *r, int *n)
{
	for (int t = 0; t < 4; t++)
		if (cg_fm_tile(f, t, &r[*n]) && r[*n].hi > r[*n].lo)
			(*n)++;
}

static void
op_access(const EthosUTarget *t, const CgNpuOp *op, CgAccess *a)
{
	memset(a, 0, sizeof *a);
	fm_range(&op->ifm, a->rd, &a->nrd);
	if (op->has_ifm2)
		fm_range(&op->ifm2, a->rd, &a->nrd);
	for (int c = 0; c < op->ncores; c++) {
		add_range(a->rd, &a->nrd, op->w_region, (int64_t)op->w_addr[c],
		    (int64_t)op->w_len[c]);
		add_range(a->rd, &a->nrd, op->w_region, (int64_t)op->s_addr[c],
		    (int64_t)op->s_len[c]);
	}
	bool lut = op->lut_len > 0;
	if (lut)
		add_range(a->rd, &a->nrd, CG_SHRAM, shram_avail(t, true) *
		    CG_BANK_BYTES, 2 * CG_BANK_BYTES);
	fm_range(&op->ofm, a->wr, &a->nwr);
	add_range(a->wr, &a->nwr, CG_SHRAM, 0, shram_avail(t, lut) *
	    CG_BANK_BYTES);
}

/* DMA0_SRC/DST, DMA0_LEN, the kernel wait its destination needs, and
 * NPU_OP_DMA_START. */
static void
dma(CgEmit *e, const EthosUTarget *t, int src_region, uint64_t src,
    int dst_region, uint64_t dst, uint64_t len)
{
	cmd0(e, ETHOSU_SET_DMA0_SRC_REGION, src_region);
	addr(e, ETHOSU_SET_DMA0_SRC, src);
	/* The SHRAM: the internal mode (bit 8); the hardware ignores the
	 * region number there, Vela 3.10 writes 3 and so do we. */
	cmd0(e, ETHOSU_SET_DMA0_DST_REGION, dst_region == CG_SHRAM ?
	    1 << 8 | 3 : dst_region);
	addr(e, ETHOSU_SET_DMA0_DST, dst);
	addr(e, ETHOSU_SET_DMA0_LEN, len);
	CgAccess a = { .nrd = 0 };
	add_range(a.rd, &a.nrd, src_region, (int64_t)src, (int64_t)len);
	add_range(a.wr, &a.nwr, dst_region, (int64_t)dst, (int64_t)len);
	int max = !strncmp(t->accel, "ethos-u65", 9) ? 2 : 1;
	int kw = track(e->dma, &e->ndma, max, e->npu, &e->nnpu, &a);
	if (kw >= 0)
		cmd0(e, ETHOSU_OP_KERNEL_WAIT, kw);
	cmd0(e, ETHOSU_OP_DMA_START, 0);
}

void
cg_emit_dma(CgEmit *e, const EthosUTarget *t, const CgDma *d)
{
	dma(e, t, 0, d->src, d->dst_region, d->dst, d->len);
}

/* The table goes to the top two SHRAM banks (LUT slot 0), after the
 * operations that may still read the previous table or keep their
 * accumulators there (the waits find them). */
static void
lut_dma(CgEmit *e, const EthosUTarget *t, const CgNpuOp *op)
{
	if (!op->lut_len || (e->lut_loaded && e->lut_addr == op->lut_addr))
		return;
	dma(e, t, 0, op->lut_addr, CG_SHRAM, (uint64_t)shram_avail(t, true) *
	    CG_BANK_BYTES, op->lut_len);
	e->lut_loaded = true;
	e->lut_addr = op->lut_addr;
}

void
cg_emit_op(CgEmit *e, const EthosUTarget *t, const CgNpuOp *op)
{
	lut_dma(e, t, op);
	/* Elementwise scaling comes first (Vela's order); add and sub
	 * scale both operands (OPA_OPB_16). */
	if (op->op == ETHOSU_OP_ELEMENTWISE && (op->op_param == 1 ||
	    op->op_param == 2)) {
		put(e, ETHOSU_SET_OPA_SCALE, 0, op->opa_scale);
		put(e, ETHOSU_SET_OPB_SCALE, 0, op->opb_scale);
	}
	if (op->op == ETHOSU_OP_ELEMENTWISE)
		put(e, ETHOSU_SET_OFM_SCALE, (uint32_t)op->ofm_shift,
		    op->ofm_scale);
	ifm_regs(e, op);
	ofm_regs(e, op);
	if (op->windowed)
		kernel_regs(e, op);
	weight_regs(e, t, op);
	block_regs(e, op);
	if (op->op == ETHOSU_OP_POOL && op->global_scale)
		put(e, ETHOSU_SET_OFM_SCALE, (uint32_t)op->ofm_shift,
		    op->ofm_scale);
	if (op->has_ifm2)
		ifm2_regs(e, op);
	cmd0(e, ETHOSU_SET_BLOCKDEP, cg_blockdep(t, e->has_prev ? &e->prev :
	    NULL, op));
	CgAccess a;
	op_access(t, op, &a);
	int dw = track(e->npu, &e->nnpu, 2, e->dma, &e->ndma, &a);
	if (dw >= 0)
		cmd0(e, ETHOSU_OP_DMA_WAIT, dw);
	cmd0(e, op->op, op->op_param);
	e->any_op = true;
	e->prev = *op;
	e->has_prev = true;
	/* Without reserved end banks (16 banks or fewer, as Vela's
	 * layout) an operation's accumulators may overwrite the table. */
	if (!op->lut_len && t->shram_banks <= 16)
		e->lut_loaded = false;
}

void
cg_emit_begin(CgEmit *e, const EthosUTarget *t)
{
	if (!strncmp(t->accel, "ethos-u65", 9))
		cmd0(e, ETHOSU_SET_PARALLEL_MODE, t->cores - 1);
}

void
cg_emit_end(CgEmit *e)
{
	cmd0(e, ETHOSU_OP_STOP, 0xffff);
}

bool
cg_shram_layout(const EthosUTarget *t, const EthosUQuery *q, CgNpuOp *op)
{
	EthosUShram l;
	if (!ethos_u_shram_layout(t, q, op->cfg.ofm_block, op->cfg.ifm_block,
	    op->cfg.acc, &l))
		return false;
	op->ib_end = l.ib_end;
	op->ab_start = l.ab_start;
	op->ib_start2 = l.ib_start2;
	return true;
}

static void
store32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* log2 of a power of two. */
static uint32_t
log2u(int64_t v)
{
	uint32_t n = 0;
	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

uint8_t *
cg_payload(const EthosUTarget *t, const CgEmit *e, size_t *len)
{
	/* "COP1", OPTIMIZER_CONFIG (configuration and architecture id
	 * words, as Vela 3.10 writes them), three NOPs, COMMAND_STREAM
	 * with the stream's word count. */
	size_t words = e->n / 4;
	*len = 4 + 12 + 12 + 4 + e->n;
	uint8_t *p = ir_xmalloc(*len);
	bool u65 = !strncmp(t->accel, "ethos-u65", 9);
	uint32_t cfg = (u65 ? 1u << 28 : 0) | (uint32_t)t->shram_banks << 8 |
	    log2u(t->macs);
	store32(p, 0x31504f43u);
	store32(p + 4, 0x00100001u);
	store32(p + 8, cfg);
	store32(p + 12, 0x10060000u);
	for (int i = 0; i < 3; i++)
		store32(p + 16 + 4 * i, 5);
	store32(p + 28, 2u | (uint32_t)(words >> 16 & 0xff) << 8 |
	    (uint32_t)(words & 0xffff) << 16);
	memcpy(p + 32, e->p, e->n);
	return p;
}
