/* test/unit/targets/ethos_u_perf_test.c: the Ethos-U configurations and
 * performance model against numbers Arm's Vela 3.10 printed for
 * person_detect, hello_world_int8 and micro_speech (../shared/vela). */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "ir/ir.h"
#include "targets/ethos_u/config.h"
#include "targets/ethos_u/ini.h"
#include "targets/ethos_u/perf.h"

static EthosUTarget
target(const char *accel, const char *system, const char *mode)
{
	IrContext *ctx = ir_context_create();
	EthosUChoice c = { accel, system, mode, NULL, NULL };
	EthosUTarget t;
	cr_assert(ethos_u_config_load(ctx, &c, &t), "%s", accel);
	ir_context_destroy(ctx);
	return t;
}

static EthosUFm
fm(int64_t h, int64_t w, int64_t c, EthosUFormat f, EthosUMem m)
{
	return (EthosUFm){ { 1, h, w, c }, 8, f, m };
}

/* A 3x3 stride-1 depthwise conv with a fused ReLU between NHCWB16 maps
 * in SRAM. */
static EthosUQuery
depthwise(int64_t h, int64_t w, int64_t c, int64_t stride)
{
	EthosUQuery q = { 0 };
	q.block = ETHOS_U_DEPTHWISE;
	q.act = ETHOS_U_ACT_RELU;
	q.ifm = fm(h, w, c, ETHOS_U_NHCWB16, ETHOS_U_SRAM);
	q.ofm = fm(h / stride, w / stride, c, ETHOS_U_NHCWB16, ETHOS_U_SRAM);
	q.kernel_h = q.kernel_w = 3;
	q.stride_h = q.stride_w = stride;
	q.dilation_h = q.dilation_w = 1;
	q.has_bias = q.scaled = true;
	q.const_mem = ETHOS_U_SRAM;   /* buffered weights */
	return q;
}

static EthosUQuery
pointwise(int64_t h, int64_t w, int64_t cin, int64_t cout)
{
	EthosUQuery q = depthwise(h, w, cin, 1);
	q.block = ETHOS_U_CONV;
	q.kernel_h = q.kernel_w = 1;
	q.ofm.shape.c = cout;
	return q;
}

static int64_t
cycles(const EthosUTarget *t, const EthosUQuery *q, int64_t *macs)
{
	EthosUBlockConfig cfg;
	cr_assert(ethos_u_find_block_config(t, q, &cfg));
	return ethos_u_op_cycles(t, q, &cfg, macs);
}

Test(ethos_u_config, every_vela_accelerator)
{
	static const char *const names[] = { "ethos-u55-32", "ethos-u55-64",
	    "ethos-u55-128", "ethos-u55-256", "ethos-u65-256",
	    "ethos-u65-512" };
	static const int64_t macs[] = { 32, 64, 128, 256, 256, 256 };
	for (int i = 0; i < 6; i++) {
		EthosUTarget t = target(names[i], NULL, NULL);
		cr_expect_eq(t.macs, macs[i], "%s", names[i]);
		cr_expect_eq(t.cores, i == 5 ? 2 : 1);
		cr_expect_eq(t.axi_data_width, i >= 4 ? 128 : 64);
	}
}

Test(ethos_u_config, vela_ini_bandwidths)
{
	/* Vela's summary: 4.0 GB/s SRAM, 0.5 GB/s flash (U55 high end);
	 * 16.0 GB/s SRAM, 3.75 GB/s DRAM (U65 high end). */
	EthosUTarget a = target("ethos-u55-128", "Ethos_U55_High_End_Embedded",
	    "Shared_Sram");
	cr_expect_float_eq(ethos_u_bandwidth(&a, ETHOS_U_SRAM) *
	    a.core_clock, 4.0e9, 1);
	cr_expect_float_eq(ethos_u_bandwidth(&a, ETHOS_U_OFF_CHIP_FLASH) *
	    a.core_clock, 0.5e9, 1);
	EthosUTarget b = target("ethos-u65-256", "Ethos_U65_High_End",
	    "Dedicated_Sram");
	cr_expect_float_eq(ethos_u_bandwidth(&b, ETHOS_U_DRAM) *
	    b.core_clock, 3.75e9, 1);
	cr_expect_eq(b.arena_mem, ETHOS_U_DRAM);
	cr_expect_eq(b.cache_mem, ETHOS_U_SRAM);
	cr_expect_eq(b.arena_cache_size, 393216);
}

Test(ethos_u_config, inherit_and_override)
{
	IrContext *ctx = ir_context_create();
	EthosUIni ini = { 0 };
	cr_assert(ethos_u_ini_parse(ctx, &ini, "[a x]\nk = 1\nj = 2\n"
	    "[a y]\ninherit = x\nk = 3\n[a x]\nk = 4\n", "t.ini"));
	const EthosUIniSection *y = ethos_u_ini_find(&ini, "a", "y");
	cr_assert(y);
	cr_expect_str_eq(ethos_u_ini_get(&ini, y, "k")->value, "3");
	/* j comes from the later [a x], which replaced the first. */
	cr_expect_null(ethos_u_ini_get(&ini, y, "j"));
	char *names = ethos_u_ini_names(&ini, "a");
	cr_expect_str_eq(names, "y, x");
	free(names);
	ethos_u_ini_free(&ini);
	ir_context_destroy(ctx);
}

Test(ethos_u_perf, person_detect_depthwise_u55_128)
{
	/* Vela: Conv2d_1_depthwise 14592 cycles, 165888 MACs;
	 * Conv2d_2_depthwise (stride 2) 7433; Conv2d_3_depthwise 16800. */
	EthosUTarget t = target("ethos-u55-128", NULL, NULL);
	int64_t macs;
	EthosUQuery q = depthwise(48, 48, 8, 1);
	cr_expect_eq(cycles(&t, &q, &macs), 14592);
	cr_expect_eq(macs, 165888);
	q = depthwise(48, 48, 16, 2);
	cr_expect_eq(cycles(&t, &q, &macs), 7433);
	q = depthwise(24, 24, 32, 1);
	cr_expect_eq(cycles(&t, &q, &macs), 16800);
}

Test(ethos_u_perf, person_detect_pointwise)
{
	/* Vela: Conv2d_1_pointwise 18944 (U55-128), 9728 (U65-256);
	 * Conv2d_5_pointwise 5376 (U55-128). */
	EthosUTarget a = target("ethos-u55-128", NULL, NULL);
	EthosUTarget b = target("ethos-u65-256", "Ethos_U65_High_End",
	    "Dedicated_Sram");
	int64_t macs;
	EthosUQuery q = pointwise(48, 48, 8, 16);
	cr_expect_eq(cycles(&a, &q, &macs), 18944);
	cr_expect_eq(macs, 294912);
	cr_expect_eq(cycles(&b, &q, &macs), 9728);
	q = pointwise(12, 12, 64, 64);
	cr_expect_eq(cycles(&a, &q, &macs), 5376);
}

Test(ethos_u_perf, hello_world_fully_connected)
{
	/* Vela's first layer of hello_world_int8 on U55-128 with Shared_Sram:
	 * NPU 106, SRAM 2.5, off-chip flash 208 access cycles (the encoded
	 * weights and scales are 208 bytes, read once from flash). */
	EthosUTarget t = target("ethos-u55-128", NULL, NULL);
	EthosUQuery q = { 0 };
	q.block = ETHOS_U_VECTOR;
	q.act = ETHOS_U_ACT_RELU;
	q.ifm = fm(1, 1, 1, ETHOS_U_NHWC, ETHOS_U_SRAM);
	q.ofm = fm(1, 1, 16, ETHOS_U_NHCWB16, ETHOS_U_SRAM);
	q.kernel_h = q.kernel_w = q.stride_h = q.stride_w = 1;
	q.dilation_h = q.dilation_w = 1;
	q.has_bias = q.scaled = true;
	EthosUWeights w = { .present = true, .elements = 16,
	    .encoded_bytes = 208, .bias_bytes = 4 };
	EthosUPerf p;
	cr_assert(ethos_u_estimate(&t, &q, &w, 0, &p));
	cr_expect_eq(p.cycles[ETHOS_U_CYC_NPU], 106);
	cr_expect_eq(p.cycles[ETHOS_U_CYC_SRAM], 2.5);
	cr_expect_eq(p.cycles[ETHOS_U_CYC_OFF_FLASH], 208);
	cr_expect_eq(p.cycles[ETHOS_U_CYC_TOTAL], 208);
	cr_expect_eq(p.macs, 16);
}

Test(ethos_u_perf, dma_between_memories)
{
	/* micro_speech's input reshape on U65 with Dedicated_Sram: a copy of
	 * 1960 bytes (1968 allocated) from DRAM to SRAM, 1024 cycles. */
	EthosUTarget t = target("ethos-u65-256", "Ethos_U65_High_End",
	    "Dedicated_Sram");
	EthosUQuery q = { 0 };
	q.block = ETHOS_U_DMA;
	q.ifm = fm(1, 49, 40, ETHOS_U_NHWC, ETHOS_U_DRAM);
	q.ofm = fm(49, 40, 1, ETHOS_U_NHWC, ETHOS_U_SRAM);
	EthosUWeights w = { 0 };
	EthosUPerf p;
	cr_assert(ethos_u_estimate(&t, &q, &w, 0, &p));
	cr_expect_eq(p.cycles[ETHOS_U_CYC_TOTAL], 1024);
	q.ofm.mem = ETHOS_U_DRAM;   /* within one memory: nothing */
	cr_assert(ethos_u_estimate(&t, &q, &w, 0, &p));
	cr_expect_eq(p.cycles[ETHOS_U_CYC_TOTAL], 0);
}

Test(ethos_u_perf, no_block_fits)
{
	/* Every real variant fits some block; a target with 4 SHRAM banks
	 * (all reserved) fits none, and the estimate says so. */
	EthosUTarget t = target("ethos-u55-32", NULL, NULL);
	t.shram_banks = 4;
	EthosUQuery q = pointwise(8, 8, 64, 64);
	EthosUBlockConfig cfg;
	cr_expect_not(ethos_u_find_block_config(&t, &q, &cfg));
}

/* The first two ops of micro_speech's softmax on U65-256 with
 * Dedicated_Sram (1x1x1x4 int8 input): the row max pool, then the Sub
 * whose exp table (1 KiB in DRAM) is DMA'd into SHRAM under it. */
static EthosUQuery
softmax_maxpool(const EthosUTarget *t)
{
	EthosUQuery q = { 0 };
	q.block = ETHOS_U_POOLING;
	q.kind = ETHOS_U_KIND_MAXPOOL;
	q.act = ETHOS_U_ACT_NONE;
	q.ifm = fm(1, 4, 1, ETHOS_U_NHWC, t->cache_mem);
	q.ofm = fm(1, 1, 1, ETHOS_U_NHCWB16, t->cache_mem);
	q.kernel_h = 1, q.kernel_w = 4;
	q.stride_h = q.stride_w = q.dilation_h = q.dilation_w = 1;
	q.scaled = true;
	return q;
}

static EthosUQuery
softmax_sub(const EthosUTarget *t)
{
	EthosUQuery q = { 0 };
	q.block = ETHOS_U_ELEMENTWISE;
	q.kind = ETHOS_U_KIND_ADD_SUB;
	q.act = ETHOS_U_ACT_LUT;
	q.ifm = fm(1, 1, 4, ETHOS_U_NHWC, t->cache_mem);
	q.ifm2 = fm(1, 1, 1, ETHOS_U_NHCWB16, t->cache_mem);
	q.has_ifm2 = true;
	q.ofm = fm(1, 1, 4, ETHOS_U_NHCWB16, t->cache_mem);
	q.ofm.bits = 32;
	q.kernel_h = q.kernel_w = 1;
	q.stride_h = q.stride_w = q.dilation_h = q.dilation_w = 1;
	q.scaled = q.uses_lut = true;
	q.lut_bytes = 1024;
	return q;
}

Test(ethos_u_perf, lut_dma_hides_under_the_schedulers_slack)
{
	/* Vela: max pool 36 NPU cycles, Sub 402. The table's DMA takes
	 * 1024 / 3.75 + 500 = 773 cycles; the slack the max pool leaves is
	 * its cycles as Vela's scheduler saw them, with the maps still in
	 * DRAM (387: the 500/250-cycle latencies in the block memory
	 * cycles), not the 36 it runs in once they are in SRAM. */
	EthosUTarget t = target("ethos-u65-256", "Ethos_U65_High_End",
	    "Dedicated_Sram");
	EthosUWeights w = { 0 };
	EthosUPerf pool, sub;
	EthosUQuery q = softmax_maxpool(&t);
	cr_assert(ethos_u_estimate(&t, &q, &w, 0, &pool));
	cr_expect_eq(pool.cycles[ETHOS_U_CYC_NPU], 36);
	cr_expect_eq(pool.slack, 387);
	q = softmax_sub(&t);
	cr_assert(ethos_u_estimate(&t, &q, &w, pool.slack, &sub));
	cr_expect_eq(sub.cycles[ETHOS_U_CYC_NPU], 402);
	/* With Shared_Sram the maps are in SRAM all along: no difference
	 * (U55-128: Vela's 36 and 1076, the table from flash). */
	t = target("ethos-u55-128", "Ethos_U55_High_End_Embedded",
	    "Shared_Sram");
	q = softmax_maxpool(&t);
	cr_assert(ethos_u_estimate(&t, &q, &w, 0, &pool));
	cr_expect_eq(pool.slack, pool.cycles[ETHOS_U_CYC_NPU]);
	q = softmax_sub(&t);
	cr_assert(ethos_u_estimate(&t, &q, &w, pool.slack, &sub));
	cr_expect_eq(sub.cycles[ETHOS_U_CYC_NPU], 1076);
}

/* person_detect's Conv2d_6_pointwise on U55-256 with Shared_Sram (1x1,
 * 6x6x64 -> 6x6x128; 9,280 encoded bytes in off-chip flash) after a
 * depthwise op whose last weight slice leaves 808 cycles of slack. */
static void
pointwise_in_flash(const EthosUTarget *t, int64_t limit, EthosUPerf *p)
{
	EthosUQuery q = pointwise(6, 6, 64, 128);
	EthosUWeights w = { .present = true, .elements = 64 * 128,
	    .encoded_bytes = 9280, .bias_bytes = 4, .buffered = true,
	    .buffer_limit = limit };
	q.const_mem = t->const_mem;
	cr_assert(ethos_u_estimate(t, &q, &w, 808, p));
}

Test(ethos_u_perf, weight_buffers_within_a_limit)
{
	EthosUTarget t = target("ethos-u55-256", "Ethos_U55_High_End_Embedded",
	    "Shared_Sram");
	EthosUPerf p;
	/* No limit: depth slices in two buffers. Vela, optimising for
	 * size with 23,808 bytes left beside the maps, also slices: 8,128
	 * bytes of buffers, the DMA not hidden under the op before in the
	 * NPU cycles, nothing read from flash while the op runs. */
	pointwise_in_flash(&t, 0, &p);
	cr_expect_eq(p.weight_buffer, 8128);
	cr_expect_eq(p.cycles[ETHOS_U_CYC_OFF_FLASH], 0);
	double unlimited = p.cycles[ETHOS_U_CYC_NPU];
	pointwise_in_flash(&t, 30720 - 6912, &p);
	cr_expect_eq(p.weight_buffer, 8128);
	cr_expect_eq(p.cycles[ETHOS_U_CYC_NPU], unlimited);
	/* A limit below two slices: slices halve until they fit. */
	pointwise_in_flash(&t, 4096, &p);
	cr_expect_leq(p.weight_buffer, 4096);
	cr_expect_gt(p.weight_buffer, 0);
	cr_expect_eq(p.cycles[ETHOS_U_CYC_OFF_FLASH], 0);
	/* Not even the smallest slice fits: the weights are read from
	 * flash as the op runs, each at least once. */
	pointwise_in_flash(&t, 512, &p);
	cr_expect_eq(p.weight_buffer, 0);
	cr_expect_geq(p.cycles[ETHOS_U_CYC_OFF_FLASH], 9280, "%g",
	    p.cycles[ETHOS_U_CYC_OFF_FLASH]);
}

/* A weight encoder's sizes: the full-depth encoding 64 bytes smaller
 * than the sliced ones, which share 9,280 bytes in proportion. */
static bool
fake_sizes(const void *ctx, const EthosUBlockConfig *cfg, const int64_t *off,
    int n, int64_t *bytes)
{
	(void)ctx, (void)cfg;
	for (int i = 0; i < n; i++)
		bytes[i] = (9280 * (off[i + 1] - off[i]) / off[n] + 15) / 16 *
		    16;
	if (n == 1)
		bytes[0] -= 64;
	return true;
}

Test(ethos_u_perf, full_depth_encoding_times_the_transfer)
{
	/* Vela times the whole weight DMA at its full-depth encoding's
	 * size even when it moves depth slices: with flash at one byte a
	 * cycle, 64 bytes fewer are 64 NPU cycles fewer where the DMA is
	 * not hidden, and the buffers still hold the slices. */
	EthosUTarget t = target("ethos-u55-256", "Ethos_U55_High_End_Embedded",
	    "Shared_Sram");
	EthosUQuery q = pointwise(6, 6, 64, 128);
	q.const_mem = t.const_mem;
	EthosUWeights w = { .present = true, .elements = 64 * 128,
	    .encoded_bytes = 9280, .bias_bytes = 4, .buffered = true };
	EthosUPerf sliced, full;
	cr_assert(ethos_u_estimate(&t, &q, &w, 808, &sliced));
	w.slice_sizes = fake_sizes;
	cr_assert(ethos_u_estimate(&t, &q, &w, 808, &full));
	cr_expect_eq(full.cycles[ETHOS_U_CYC_NPU],
	    sliced.cycles[ETHOS_U_CYC_NPU] - 64);
	cr_expect_eq(full.weight_buffer, sliced.weight_buffer);
}

/* A one-row OFM of a 1x1 kernel on a 2-row micro-block (U65-256): the
 * block search picks a block 2 rows high, and the layout of that block
 * (what codegen programs) holds accumulators for one row, as Vela's
 * fit_block_for_ofm does, so it fits where two rows would not (1x56x48
 * int32 accumulators: 22 banks doubled, rounded to 32; two rows 48).
 * A 3x1 kernel keeps both rows of accumulators. */
Test(ethos_u_perf, one_row_block_layout_fits)
{
	EthosUTarget t = target("ethos-u65-256", NULL, NULL);
	EthosUQuery q = pointwise(1, 56, 24, 144);
	EthosUBlockConfig cfg;
	cr_assert(ethos_u_find_block_config(&t, &q, &cfg));
	cr_expect_eq(cfg.ofm_block.h, 2);
	cr_expect_eq(cfg.ofm_block.w, 56);
	cr_expect_eq(cfg.ofm_block.c, 48);
	EthosUShram l;
	cr_assert(ethos_u_shram_layout(&t, &q, cfg.ofm_block, cfg.ifm_block,
	    cfg.acc, &l));
	cr_expect_eq(l.ib_end, 10);
	cr_expect_eq(l.ab_start, 14);
	q.kernel_h = 3;
	cr_expect_not(ethos_u_shram_layout(&t, &q, cfg.ofm_block,
	    cfg.ifm_block, cfg.acc, &l));
}

/* ethos_u_slack_matters says when the slack before an op changes its
 * estimate, which the scheduler's search relies on to cost a stripe
 * once for every slack before it: buffered weights, a table's load or
 * a copy between memories do; the rest costs the same after any op.
 * ethos_u_estimate_next chains the slack as ethos-u-estimate does. */
Test(ethos_u_perf, slack_matters_exactly_when_it_changes_the_estimate)
{
	EthosUTarget t = target("ethos-u55-256", "Ethos_U55_High_End_Embedded",
	    "Shared_Sram");
	EthosUQuery q = pointwise(6, 6, 64, 128);
	q.const_mem = t.const_mem;
	EthosUWeights w = { .present = true, .elements = 64 * 128,
	    .encoded_bytes = 9280, .bias_bytes = 4, .buffered = true };
	EthosUPerf none, some;
	cr_assert(ethos_u_slack_matters(&q, &w));
	cr_assert(ethos_u_estimate(&t, &q, &w, 0, &none));
	cr_assert(ethos_u_estimate(&t, &q, &w, 808, &some));
	cr_expect_lt(some.cycles[ETHOS_U_CYC_TOTAL],
	    none.cycles[ETHOS_U_CYC_TOTAL]);
	/* A later stripe reads the buffer the first filled; streamed
	 * weights are read where they live: no DMA to hide. */
	EthosUWeights later = w, streamed = w;
	later.buffered = false, later.resident = true;
	streamed.buffered = false;
	const EthosUWeights *same[] = { &later, &streamed };
	for (int i = 0; i < 2; i++) {
		cr_expect_not(ethos_u_slack_matters(&q, same[i]));
		cr_assert(ethos_u_estimate(&t, &q, same[i], 0, &none));
		cr_assert(ethos_u_estimate(&t, &q, same[i], 1e6, &some));
		cr_expect_eq(memcmp(&none, &some, sizeof none), 0);
	}
	EthosUQuery lut = softmax_sub(&t), copy = q;
	EthosUWeights nw = { 0 };
	cr_expect(ethos_u_slack_matters(&lut, &nw));
	copy.block = ETHOS_U_DMA;
	cr_expect(ethos_u_slack_matters(&copy, &nw));
	/* The chain: the slack after is the op's own. */
	double slack = 808;
	cr_assert(ethos_u_estimate_next(&t, &q, &w, NULL, &slack, &some));
	cr_assert(ethos_u_estimate(&t, &q, &w, 808, &none));
	cr_expect_eq(memcmp(&none, &some, sizeof none), 0);
	cr_expect_eq(slack, some.slack);
}
