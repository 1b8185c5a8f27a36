/* test/unit/ethos_u/codegen_deps_test.c: the dependencies the code
 * generator writes between operations: BLOCKDEP as Vela's calc_blockdep
 * finds it (worked by hand below), and the waits a weight DMA and the
 * operations around it need (Vela's outstanding-command rule); the
 * tiles of a map that wraps a rolling buffer's ring. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "targets/ethos_u/codegen.h"
#include "targets/ethos_u/config.h"

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

/* A 1x1 convolution of a 1xWx16 int8 map at in to a 1xWx16 map at out,
 * OFM blocks of 1x1x16. */
static CgNpuOp
pointwise(int64_t w, uint64_t in, uint64_t out)
{
	CgNpuOp op;
	memset(&op, 0, sizeof op);
	op.op = ETHOSU_OP_CONV;
	op.ifm = (CgFm){ .region = 1, .addr = in, .h = 1, .w = w, .c = 16,
	    .bits = 8, .sign = true };
	op.ofm = op.ifm;
	op.ofm.addr = out;
	op.windowed = true;
	op.kh = op.kw = op.sh = op.sw = op.dh = op.dw = 1;
	op.cfg.ofm_block = (EthosUShape){ 1, 1, 1, 16 };
	op.cfg.acc = ETHOS_U_ACC_32;
	op.ncores = 1;
	op.w_addr[0] = 0x100, op.w_len[0] = 0x40;
	op.s_addr[0] = 0x0, op.s_len[0] = 0xa0;
	return op;
}

Test(blockdep, first_and_unrelated)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp a = pointwise(4, 0x0, 0x100), b = pointwise(4, 0x200, 0x300);
	cr_assert_eq(cg_blockdep(&t, NULL, &a), 0);
	/* b does not read what a writes: as far as the register goes. */
	cr_assert_eq(cg_blockdep(&t, &a, &b), 3);
}

/* One block each: b's first job needs a's last (and only) block. */
Test(blockdep, chain_of_one_block)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp a = pointwise(1, 0x0, 0x100), b = pointwise(1, 0x100, 0x200);
	cr_assert_eq(cg_blockdep(&t, &a, &b), 0);
}

/* a writes 4 blocks along x (x = 0..3, the last first from the end);
 * b's jobs read 2 columns each (the IFM micro-block is 2 wide). Job 0
 * reads x 0-1: a's last two blocks (x 3, 2) may still be outstanding,
 * not x 1: 0 jobs before + 2. Job 1 reads x 1-2: 1 + 1 (x 3). Job 2
 * reads x 2-3: 2 + 0. BLOCKDEP is the least: 2. */
Test(blockdep, chain_along_x)
{
	EthosUTarget t = target("ethos-u55-128");
	cr_assert_eq(t.ifm_ublock[1], 2);
	CgNpuOp a = pointwise(4, 0x0, 0x100), b = pointwise(4, 0x100, 0x200);
	cr_assert_eq(cg_blockdep(&t, &a, &b), 2);
}

/* The same chain with b's IFM split in columns (tiles 1 and 3): a
 * row's columns are not the one run the walk follows, so b may not
 * overlap a at all. */
Test(blockdep, tiled_ifm_waits)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp a = pointwise(4, 0x0, 0x100), b = pointwise(4, 0x100, 0x200);
	b.ifm.th = 1, b.ifm.tw = 4;
	cr_assert_eq(cg_blockdep(&t, &a, &b), 0);
	/* Reading something else, it overlaps as before. */
	b.ifm.addr = 0x400;
	cr_assert_eq(cg_blockdep(&t, &a, &b), 3);
}

/* A map wrapping a ring of 4 rows of 4x16 bytes at 0x400, from ring
 * row 3: row 0 in tile 0 (0x4c0), rows 1-2 in tile 2 from the ring's
 * start; a depth slice moves both tiles by its channels. */
Test(rings, tile_addresses)
{
	CgFm f = { .region = 1, .addr = 0x4c0, .h = 3, .w = 4, .c = 16,
	    .bits = 8, .th = 1, .ty = { 3, 0 }, .ring = true };
	cr_assert_eq(cg_fm_addr(&f, 0, 0, 0), 0x4c0);
	cr_assert_eq(cg_fm_addr(&f, 0, 3, 15), 0x4ff);
	cr_assert_eq(cg_fm_addr(&f, 1, 0, 0), 0x400);
	cr_assert_eq(cg_fm_addr(&f, 2, 1, 2), 0x400 + 0x40 + 0x10 + 2);
	f.addr += 8;
	cr_assert_eq(cg_fm_addr(&f, 1, 0, 0), 0x408);
}

/* The tiles of a map in bytes: bilinear resize's 4x4x16 NHWC map at
 * 0x200 read as 5x5 (row 0 and column 3 twice: tile 0 one row high,
 * tiles 1 and 3 from column 3 after 4 columns), and the ring map above
 * (tiles 0 and 2 only). */
Test(tiles, byte_ranges)
{
	CgFm f = { .region = 1, .addr = 0x200, .h = 5, .w = 5, .c = 16,
	    .bits = 8, .th = 1, .tw = 4, .tx = { 0, 3 } };
	f.strided = true, f.sc = 1, f.sx = 16, f.sy = 64;
	cr_assert_eq(cg_fm_addr(&f, 0, 4, 0), 0x230);
	cr_assert_eq(cg_fm_addr(&f, 4, 4, 15), 0x2ff);
	const int64_t want[4][2] = { { 0x200, 0x240 }, { 0x230, 0x240 },
	    { 0x200, 0x300 }, { 0x230, 0x300 } };
	for (int t = 0; t < 4; t++) {
		CgRange r;
		cr_assert(cg_fm_tile(&f, t, &r));
		cr_assert_eq(r.lo, want[t][0], "tile %d", t);
		cr_assert_eq(r.hi, want[t][1], "tile %d", t);
	}
	CgFm g = { .region = 1, .addr = 0x4c0, .h = 3, .w = 4, .c = 16,
	    .bits = 8, .th = 1, .ty = { 3, 0 }, .ring = true };
	CgRange r;
	cr_assert(cg_fm_tile(&g, 0, &r) && r.lo == 0x4c0 && r.hi == 0x500);
	cr_assert(cg_fm_tile(&g, 2, &r) && r.lo == 0x400 && r.hi == 0x480);
	cr_assert(!cg_fm_tile(&g, 1, &r) && !cg_fm_tile(&g, 3, &r));
}

/* A stripe written into a ring over rows the operation before reads
 * (its window in the same ring) may not overlap it: BLOCKDEP 0, where
 * the same write outside a ring is free to (Vela's rule reads only
 * what the new operation reads). */
Test(rings, write_over_the_window_before)
{
	EthosUTarget t = target("ethos-u55-128");
	CgNpuOp a = pointwise(4, 0x100, 0x300), b = pointwise(4, 0x0, 0x100);
	cr_assert_eq(cg_blockdep(&t, &a, &b), 3);
	b.ofm.ring = true;
	cr_assert_eq(cg_blockdep(&t, &a, &b), 0);
	b.ofm.addr = 0x200;
	cr_assert_eq(cg_blockdep(&t, &a, &b), 3);
}

/* Without reserved SHRAM banks (16 banks) an operation after one with a
 * LUT, itself without one, may not overlap it at all. */
Test(blockdep, after_a_lut)
{
	EthosUTarget t = target("ethos-u55-32");
	cr_assert_eq(t.shram_banks, 16);
	CgNpuOp a = pointwise(4, 0x0, 0x100), b = pointwise(4, 0x200, 0x300);
	a.lut_len = 256;
	cr_assert_eq(cg_blockdep(&t, &a, &b), 0);
	EthosUTarget big = target("ethos-u55-128");
	cr_assert_eq(cg_blockdep(&big, &a, &b), 3);
}

/* The command ids in e's stream, in order, as a string of letters:
 * D DMA_START, W DMA_WAIT, K KERNEL_WAIT (each wait followed by its
 * count), C CONV. */
static void
ops_of(const CgEmit *e, char *out, size_t n)
{
	EthosuStream s;
	char err[200];
	cr_assert(ethosu_stream_decode(e->p, e->n, &s, err, sizeof err), "%s",
	    err);
	size_t k = 0;
	for (size_t i = 0; i < s.n && k + 1 < n; i++) {
		unsigned id = s.cmds[i].id;
		char c = id == ETHOSU_OP_DMA_START ? 'D' : id ==
		    ETHOSU_OP_DMA_WAIT ? 'W' : id == ETHOSU_OP_KERNEL_WAIT ?
		    'K' : id == ETHOSU_OP_CONV ? 'C' : 0;
		if (c)
			out[k++] = c;
		if ((c == 'W' || c == 'K') && k + 1 < n)
			out[k++] = (char)('0' + s.cmds[i].value[0]);
	}
	out[k] = '\0';
	ethosu_stream_free(&s);
}

/* Three depth slices through two weight buffers (0x1000, 0x2000): each
 * slice waits for its own DMA (0 left outstanding); the third DMA
 * overwrites the first slice's buffer, so it waits for that operation
 * but lets the second run on (1 left outstanding). */
Test(waits, double_buffered_slices)
{
	EthosUTarget t = target("ethos-u55-128");
	CgEmit e = { 0 };
	uint64_t buf[2] = { 0x1000, 0x2000 };
	for (int k = 0; k < 3; k++) {
		CgDma d = { .src = 0x40 * (uint64_t)k, .dst = buf[k % 2],
		    .len = 0x100, .dst_region = 1 };
		cg_emit_dma(&e, &t, &d);
		CgNpuOp op = pointwise(4, 0x0, 0x100 + 0x10 * (uint64_t)k);
		op.w_region = 1;
		op.s_addr[0] = buf[k % 2];
		op.w_addr[0] = buf[k % 2] + 0xa0;
		op.w_len[0] = 0x60;
		cg_emit_op(&e, &t, &op);
	}
	char s[32];
	ops_of(&e, s, sizeof s);
	cr_assert_str_eq(s, "DW0CDW0CK1DW0C", "%s", s);
	free(e.p);
}

/* Weights read from flash: no DMA, no waits. */
Test(waits, none_from_flash)
{
	EthosUTarget t = target("ethos-u65-256");
	CgEmit e = { 0 };
	CgNpuOp a = pointwise(4, 0x0, 0x100), b = pointwise(4, 0x100, 0x200);
	cg_emit_op(&e, &t, &a);
	cg_emit_op(&e, &t, &b);
	char s[32];
	ops_of(&e, s, sizeof s);
	cr_assert_str_eq(s, "CC");
	free(e.p);
}

/* The hardware's alignment (Vela's checks): NHCWB16 maps at 16-byte
 * bases with 16-byte channel-group and row strides, NHWC maps at whole
 * elements. */
Test(alignment, nhwc_and_nhcwb16)
{
	int64_t need;
	const char *what = NULL;
	CgFm f = { .region = 1, .addr = 0x22, .h = 2, .w = 3, .c = 5,
	    .bits = 16 };
	cr_assert(cg_fm_aligned(&f, &need, &what));
	f.addr = 0x23;
	cr_assert_not(cg_fm_aligned(&f, &need, &what));
	cr_assert_eq(need, 2);
	cr_assert_str_eq(what, "base address");
	f.addr = 0x20;
	f.b16 = true;
	cr_assert(cg_fm_aligned(&f, &need, &what));
	f.addr = 0x28;
	cr_assert_not(cg_fm_aligned(&f, &need, &what));
	cr_assert_eq(need, 16);
	/* A view whose row stride is not whole bricks. */
	f.addr = 0x20;
	f.strided = true;
	f.sx = 32, f.sc = 32 * 3, f.sy = 200;
	cr_assert_not(cg_fm_aligned(&f, &need, &what));
	cr_assert_str_eq(what, "row stride");
}
