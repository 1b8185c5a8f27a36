/* test/unit/ethos_u/codegen_test.c: the command-stream generator's
 * register machine (each register written once while its value holds),
 * the registers of hand-built operations decoded back through the
 * command table, the SHRAM layout against Vela's numbers for
 * hello_world_int8 and conv10 (../shared/vela listings), and the COP1
 * driver payload. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "targets/ethos_u/codegen.h"
#include "targets/ethos_u/config.h"
#include "targets/ethos_u/simops.h"

static EthosUTarget
target(const char *accel)
{
	IrContext *ctx = ir_context_create();
	EthosUChoice c = { accel, NULL, NULL, NULL, NULL };
	EthosUTarget t;
	cr_assert(ethos_u_config_load(ctx, &c, &t), "%s", accel);
	ir_context_destroy(ctx);
	return t;
}

/* A 1x1 conv of a 4x4x16 int8 map, weights and scales at 0x100/0x10. */
static CgNpuOp
conv_op(void)
{
	CgNpuOp op;
	memset(&op, 0, sizeof op);
	op.op = ETHOSU_OP_CONV;
	op.ifm = (CgFm){ .region = 1, .addr = 0, .h = 4, .w = 4, .c = 16,
	    .bits = 8, .sign = true, .zp = -3 };
	op.ofm = (CgFm){ .region = 1, .addr = 0x400, .h = 2, .w = 2, .c = 8,
	    .bits = 8, .sign = true, .zp = 5 };
	op.windowed = true;
	op.kh = 3, op.kw = 2, op.sh = 3, op.sw = 2, op.dh = 2, op.dw = 1;
	op.pt = 1, op.pl = 0, op.pb = 2, op.pr = 1;
	op.ncores = 1;
	op.w_addr[0] = 0x100, op.w_len[0] = 0x40;
	op.s_addr[0] = 0x10, op.s_len[0] = 0x50;
	op.round = ETHOSU_ROUND_NATURAL;
	op.act_min = -100, op.act_max = 100;
	op.cfg.ofm_block = (EthosUShape){ 1, 2, 2, 8 };
	op.cfg.acc = ETHOS_U_ACC_32;
	op.ib_end = 6, op.ab_start = 20;
	return op;
}

/* The decoded stream of e. */
static EthosuStream
decode(const CgEmit *e)
{
	EthosuStream s;
	char err[200];
	cr_assert(ethosu_stream_decode(e->p, e->n, &s, err, sizeof err), "%s",
	    err);
	return s;
}

/* The value of field `name` of the last command id in s[0..n). */
static int64_t
field(const EthosuStream *s, size_t n, unsigned id, const char *name)
{
	int k = ethosu_field_index(id, name);
	cr_assert(k >= 0, "%s", name);
	for (size_t i = n; i-- > 0;)
		if (s->cmds[i].id == id)
			return ethosu_cmd_field(&s->cmds[i], (unsigned)k);
	cr_assert_fail("command %s not found", ethosu_cmd_def(id)->name);
	return 0;
}

Test(codegen, registers_of_a_conv)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp op = conv_op();
	CgEmit e = { 0 };
	cg_emit_op(&e, &t, &op);
	cg_emit_end(&e);
	EthosuStream s = decode(&e);
	size_t n = s.n;
	cr_assert_eq(s.cmds[n - 1].id, ETHOSU_OP_STOP);
	cr_assert_eq(s.cmds[n - 2].id, ETHOSU_OP_CONV);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_ZERO_POINT, "zero_point"),
	    -3);
	cr_assert_eq(field(&s, n, ETHOSU_SET_OFM_ZERO_POINT, "zero_point"), 5);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_STRIDE_Y, "addr"), 64);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_STRIDE_X, "addr"), 16);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_STRIDE_C, "addr"), 1);
	cr_assert_eq(field(&s, n, ETHOSU_SET_OFM_BASE0, "addr"), 0x400);
	/* Kernel registers hold the dilated size. */
	cr_assert_eq(field(&s, n, ETHOSU_SET_KERNEL_HEIGHT_M1, "height_m1"),
	    4);
	cr_assert_eq(field(&s, n, ETHOSU_SET_KERNEL_WIDTH_M1, "width_m1"), 1);
	cr_assert_eq(field(&s, n, ETHOSU_SET_KERNEL_STRIDE, "stride_x_lsb"),
	    1);
	cr_assert_eq(field(&s, n, ETHOSU_SET_KERNEL_STRIDE, "stride_y_lsb"),
	    0);
	cr_assert_eq(field(&s, n, ETHOSU_SET_KERNEL_STRIDE, "stride_y_msb"),
	    1);
	cr_assert_eq(field(&s, n, ETHOSU_SET_KERNEL_STRIDE, "dilation_y"), 1);
	cr_assert_eq(field(&s, n, ETHOSU_SET_KERNEL_STRIDE, "dilation_x"), 0);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_PAD_BOTTOM, "pad"), 2);
	cr_assert_eq(field(&s, n, ETHOSU_SET_OFM_PRECISION, "round_mode"),
	    ETHOSU_ROUND_NATURAL);
	cr_assert_eq(field(&s, n, ETHOSU_SET_OFM_PRECISION, "scale_mode"), 0);
	cr_assert_eq(field(&s, n, ETHOSU_SET_ACTIVATION_MIN, "clip_boundary"),
	    -100);
	cr_assert_eq(field(&s, n, ETHOSU_SET_WEIGHT_LENGTH, "length"), 0x40);
	cr_assert_eq(field(&s, n, ETHOSU_SET_SCALE_BASE, "addr"), 0x10);
	cr_assert_eq(field(&s, n, ETHOSU_SET_AB_START, "ab_start"), 20);
	ethosu_stream_free(&s);
	free(e.p);
}

/* Vela's register machine: a second identical operation writes nothing
 * but its BLOCKDEP (3 now: its IFM is not the first one's OFM) and its
 * NPU_OP_*; a changed OFM address writes one register. */
Test(codegen, registers_written_once)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp op = conv_op();
	CgEmit e = { 0 };
	cg_emit_op(&e, &t, &op);
	size_t first = e.n;
	cg_emit_op(&e, &t, &op);
	cr_assert_eq(e.n, first + 4 + 4);
	op.ofm.addr = 0x800;
	cg_emit_op(&e, &t, &op);
	cr_assert_eq(e.n, first + 8 + 8 + 4);
	EthosuStream s = decode(&e);
	cr_assert_eq(s.cmds[s.n - 2].id, ETHOSU_SET_OFM_BASE0);
	ethosu_stream_free(&s);
	free(e.p);
}

/* NHCWB16: 16-channel bricks; the format bit in both precisions. */
Test(codegen, nhcwb16_strides)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp op = conv_op();
	op.ifm.b16 = true;
	op.ifm.c = 20;
	CgEmit e = { 0 };
	cg_emit_op(&e, &t, &op);
	EthosuStream s = decode(&e);
	size_t n = s.n;
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_STRIDE_X, "addr"), 16);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_STRIDE_C, "addr"), 16 * 4);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_STRIDE_Y, "addr"), 4 * 32);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_PRECISION,
	    "activation_format"), 1);
	cr_assert_eq(field(&s, n, ETHOSU_SET_OFM_PRECISION,
	    "activation_format"), 0);
	ethosu_stream_free(&s);
	free(e.p);
}

/* A tiled IFM (bilinear resize's repeated edges): a 4x4x16 NHWC map at
 * 0x200 read as 5x5, the top row and the right column repeated: tile 0
 * one row high, tiles 1 and 3 from column 3 after 4 columns. */
Test(codegen, tiled_ifm)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp op = conv_op();
	op.ifm.addr = 0x200;
	op.ifm.strided = true;
	op.ifm.sc = 1, op.ifm.sx = 16, op.ifm.sy = 64;
	op.ifm.h = op.ifm.w = 5;
	op.ifm.th = 1, op.ifm.tw = 4;
	op.ifm.ty[0] = 0, op.ifm.ty[1] = 0;
	op.ifm.tx[0] = 0, op.ifm.tx[1] = 3;
	CgEmit e = { 0 };
	cg_emit_op(&e, &t, &op);
	EthosuStream s = decode(&e);
	size_t n = s.n;
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_BASE0, "addr"), 0x200);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_BASE1, "addr"), 0x200 + 48);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_BASE2, "addr"), 0x200);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_BASE3, "addr"), 0x200 + 48);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_HEIGHT0_M1, "height_m1"), 0);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_HEIGHT1_M1, "height_m1"), 0);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_WIDTH0_M1, "width_m1"), 3);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_STRIDE_Y, "addr"), 64);
	ethosu_stream_free(&s);
	free(e.p);
}

/* An IFM wrapping a ring of 6 rows of 4x16 bytes at 0x200 from ring
 * row 4: tile 0 its first 2 rows (at 0x300), tile 2 the other 2 from
 * the ring's start; tiles 1 and 3 unused, their bases 0 (Vela's
 * rolling buffer boxes), both heights tile 0's. */
Test(codegen, ring_wrap_ifm)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp op = conv_op();
	op.ifm.addr = 0x300;
	op.ifm.ring = true;
	op.ifm.th = 2;
	op.ifm.ty[0] = 4, op.ifm.ty[1] = 0;
	CgEmit e = { 0 };
	cg_emit_op(&e, &t, &op);
	EthosuStream s = decode(&e);
	size_t n = s.n;
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_BASE0, "addr"), 0x300);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_BASE1, "addr"), 0);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_BASE2, "addr"), 0x200);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_BASE3, "addr"), 0);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_HEIGHT0_M1, "height_m1"), 1);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_HEIGHT1_M1, "height_m1"), 1);
	cr_assert_eq(field(&s, n, ETHOSU_SET_IFM_WIDTH0_M1, "width_m1"), 3);
	ethosu_stream_free(&s);
	free(e.p);
}

/* Vela's SHRAM layouts: hello_world_int8's first FC on U65-256 (block
 * 2x2x16: IB_END 10, AB_START 30) and conv10 on U55-128 (int16, block
 * 1x6x64, 40-bit accumulators: IB_END 6, AB_START 10), from the
 * listings of ../shared/vela. */
Test(codegen, shram_layout_as_vela)
{
	EthosUTarget t = target("ethos-u65-256");
	CgNpuOp op;
	memset(&op, 0, sizeof op);
	EthosUQuery q = { 0 };
	q.block = ETHOS_U_VECTOR;
	q.ifm.bits = 8;
	op.cfg.ifm_block = (EthosUShape){ 1, 2, 2, 8 };
	op.cfg.ofm_block = (EthosUShape){ 1, 2, 2, 16 };
	op.cfg.acc = ETHOS_U_ACC_32;
	cr_assert(cg_shram_layout(&t, &q, &op));
	cr_assert_eq(op.ib_end, 10);
	cr_assert_eq(op.ab_start, 30);

	t = target("ethos-u55-128");
	q.block = ETHOS_U_CONV;
	q.ifm.bits = 16;
	op.cfg.ifm_block = (EthosUShape){ 1, 4, 16, 16 };
	op.cfg.ofm_block = (EthosUShape){ 1, 1, 6, 64 };
	op.cfg.acc = ETHOS_U_ACC_40;
	cr_assert(cg_shram_layout(&t, &q, &op));
	cr_assert_eq(op.ib_end, 6);
	cr_assert_eq(op.ab_start, 10);

	/* A block whose accumulators do not fit is refused. */
	op.cfg.ofm_block = (EthosUShape){ 1, 32, 32, 64 };
	cr_assert_not(cg_shram_layout(&t, &q, &op));
}

Test(codegen, cop1_payload)
{
	EthosUTarget t = target("ethos-u65-256");
	CgEmit e = { 0 };
	cg_emit_begin(&e, &t);
	cg_emit_end(&e);
	size_t len;
	uint8_t *p = cg_payload(&t, &e, &len);
	EthosuPayload pl;
	char err[200];
	cr_assert(ethosu_payload_decode(p, len, &pl, err, sizeof err), "%s",
	    err);
	cr_assert(pl.cop1);
	/* U65, 256 MACs (2^8), 48 KB of SHRAM: Vela's 0x10003008. */
	cr_assert_eq(pl.actions[0].code, ETHOSU_DA_OPTIMIZER_CONFIG);
	cr_assert_eq(pl.actions[0].words[0], 0x10003008u);
	const EthosuStream *s = ethosu_payload_stream(&pl);
	cr_assert_not_null(s);
	cr_assert_eq(s->n, 2);
	cr_assert_eq(s->cmds[0].id, ETHOSU_SET_PARALLEL_MODE);
	cr_assert_eq(s->cmds[1].id, ETHOSU_OP_STOP);
	ethosu_payload_free(&pl);
	free(p);
	free(e.p);
}

/* Counts the commands id in e's stream. */
static size_t
count(const CgEmit *e, unsigned id)
{
	EthosuStream s = decode(e);
	size_t n = 0;
	for (size_t i = 0; i < s.n; i++)
		n += s.cmds[i].id == id;
	ethosu_stream_free(&s);
	return n;
}

/* A table is DMA'd once while it stays in SHRAM; on a 16-bank SHRAM
 * (no reserved end banks) an operation without a table may overwrite
 * it, so it is DMA'd again, each time after waiting for the operation
 * whose accumulators may be there (Vela's waits: with reserved end
 * banks nothing else uses the table's banks, and no wait is needed).
 * Each table is waited for before its first operation. */
static size_t
lut_dmas(const char *accel, size_t *waits, size_t dma_waits)
{
	EthosUTarget t = target(accel);
	CgNpuOp conv = conv_op(), lut = conv_op();
	lut.op = ETHOSU_OP_POOL;
	lut.ncores = 0;
	lut.activation = 16;
	lut.lut_addr = 0x200;
	lut.lut_len = 256;
	CgEmit e = { 0 };
	cg_emit_op(&e, &t, &conv);
	cg_emit_op(&e, &t, &lut);
	cg_emit_op(&e, &t, &conv);
	cg_emit_op(&e, &t, &lut);
	size_t n = count(&e, ETHOSU_OP_DMA_START);
	*waits = count(&e, ETHOSU_OP_KERNEL_WAIT);
	cr_assert_eq(count(&e, ETHOSU_OP_DMA_WAIT), dma_waits);
	free(e.p);
	return n;
}

Test(codegen, lut_reloaded_when_overwritten)
{
	size_t waits;
	cr_assert_eq(lut_dmas("ethos-u55-128", &waits, 1), 1);
	cr_assert_eq(waits, 0);
	cr_assert_eq(lut_dmas("ethos-u55-32", &waits, 2), 2);
	cr_assert_eq(waits, 2);
}
