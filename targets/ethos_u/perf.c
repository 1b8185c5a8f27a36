/* targets/ethos_u/perf.c: Vela 3.10's Ethos-U performance model, term
 * for term (block search, DPU and output-stage cycles per block, burst
 * efficiency, access cycles), so the numbers match Arm's compiler. The
 * arithmetic keeps Vela's order of float operations: block choice ties
 * are decided on exact float equality. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "targets/ethos_u/perf.h"

#define SPLIT_DEPTH 16          /* OFM depth split granule */
#define SUB_KERNEL_MAX 8        /* sub-kernel height and width */
#define BANK_BYTES 1024
#define RESERVED_OUTPUT_BANKS 2

static int64_t
round_up(int64_t a, int64_t b)
{
	return (a + b - 1) / b * b;
}

static int64_t
div_up(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

static int64_t
min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

static int64_t
max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

static double
maxd(double a, double b)
{
	return a > b ? a : b;
}

static EthosUShape
shape_min(EthosUShape a, EthosUShape b)
{
	return (EthosUShape){ min64(a.n, b.n), min64(a.h, b.h),
	    min64(a.w, b.w), min64(a.c, b.c) };
}

static EthosUShape
shape_div_up(EthosUShape a, EthosUShape b)
{
	return (EthosUShape){ div_up(a.n, b.n), div_up(a.h, b.h),
	    div_up(a.w, b.w), div_up(a.c, b.c) };
}

static int64_t
elements(EthosUShape s)
{
	return s.n * s.w * s.h * s.c;
}

/* The storage rounding of a format: NHCWB16 holds whole bricks. */
static EthosUShape
rounded(EthosUShape s, EthosUFormat f)
{
	if (f == ETHOS_U_NHCWB16)
		s.c = round_up(s.c, 16);
	return s;
}

static bool
is_u55_32(const EthosUTarget *t)
{
	return t->macs == 32 && t->cores == 1 && t->axi_data_width == 64;
}

/* U55-64 and U55-128 take longer for 40-bit accumulation. */
static bool
is_u55_64_or_128(const EthosUTarget *t)
{
	return (t->macs == 64 || t->macs == 128) && t->axi_data_width == 64;
}

static bool
sub_kernels_1x1(const EthosUQuery *q)
{
	return q->block == ETHOS_U_VECTOR || q->block == ETHOS_U_ELEMENTWISE;
}

/* ------------------------------------------------------------ blocks */

static EthosUAcc
acc_type(const EthosUQuery *q)
{
	return q->ifm.bits == 16 && q->block != ETHOS_U_POOLING && q->scaled ?
	    ETHOS_U_ACC_40 : ETHOS_U_ACC_32;
}

/* Part-kernel-first when it uses the MACs better than depth-first. */
static bool
choose_part_kernel(EthosUShape ifm, int bits, int64_t kh, int64_t kw)
{
	if (ifm.c <= 8)
		return true;
	int64_t kel = kh * kw;
	double depth_util = (double)ifm.c / (double)round_up(ifm.c,
	    bits == 8 ? 32 : 16);
	double part_util = (double)(ifm.c * kel) / (double)(round_up(ifm.c,
	    8) * round_up(kel, bits == 8 ? 4 : 2));
	return part_util > depth_util;
}

static int64_t
ifm_block_depth(const EthosUTarget *t, EthosUShape ifm, int bits,
    bool part_kernel)
{
	if (bits == 16)
		return round_up(min64(ifm.c, 16), 4);
	return round_up(min64(ifm.c, part_kernel ? 16 : 32), t->ifm_ublock[2]);
}

/* The IFM block an OFM block needs (rounded to the OFM micro-block, as
 * Vela does). */
static EthosUShape
ifm_block_for(const EthosUTarget *t, const EthosUQuery *q, int64_t h,
    int64_t w, int64_t c)
{
	int64_t ah = (q->kernel_h - 1) * q->dilation_h + 1;
	int64_t aw = (q->kernel_w - 1) * q->dilation_w + 1;
	int64_t ih = (h - 1) * q->stride_h + min64(ah, SUB_KERNEL_MAX);
	int64_t iw = (w - 1) * q->stride_w + min64(aw, SUB_KERNEL_MAX);
	return (EthosUShape){ 1, round_up(ih, t->ofm_ublock[0]),
	    round_up(iw, t->ofm_ublock[1]), c };
}

static int64_t
ifm_granule(const EthosUTarget *t, const EthosUQuery *q)
{
	bool ew = q->block == ETHOS_U_ELEMENTWISE;
	switch (q->ifm.bits) {
	case 16:
		return t->shram_granules[ew ? ETHOS_U_IFM16_EW : ETHOS_U_IFM16];
	case 32:
		return t->shram_granules[ETHOS_U_IFM32];
	default:
		return t->shram_granules[ew ? ETHOS_U_IFM8_EW : ETHOS_U_IFM8];
	}
}

/* The OFM block whose accumulators SHRAM holds: a one-row OFM of a
 * one-row kernel on a 2-row micro-block (256 and 512 MACs) keeps one
 * row of them, whatever the block height (Vela's Conv1D case). The
 * block registers still get the whole block. */
static EthosUShape
fit_ofm_block(const EthosUTarget *t, const EthosUQuery *q, EthosUShape ofm)
{
	if (q->ofm.shape.h == 1 && q->kernel_h == 1 && t->ofm_ublock[0] == 2)
		ofm.h = min64(ofm.h, q->ofm.shape.h);
	return ofm;
}

/* Vela's SHRAM layout of a block: the IFM double buffer after the
 * reserved output banks, then the IFM2 (elementwise) or, counted down
 * from the LUT banks, the accumulators. False when it does not fit. */
bool
ethos_u_shram_layout(const EthosUTarget *t, const EthosUQuery *q,
    EthosUShape ofm, EthosUShape ifm, EthosUAcc acc, EthosUShram *out)
{
	ofm = fit_ofm_block(t, q, ofm);
	int64_t lut_banks = q->uses_lut ? 2 : 0;
	int64_t reserved_end = t->shram_banks > 16 ? 2 : 0;
	lut_banks = max64(lut_banks, reserved_end);
	int64_t ifm_bytes = ifm.w * ifm.h * round_up(ifm.c * q->ifm.bits / 8,
	    8);
	int64_t ifm_banks = round_up(div_up(ifm_bytes, BANK_BYTES) * 2,
	    ifm_granule(t, q));
	int64_t acc_start = t->shram_banks - lut_banks;
	int64_t ifm_end = RESERVED_OUTPUT_BANKS + ifm_banks;
	int64_t ifm2_start = ifm_end;
	if (q->block != ETHOS_U_ELEMENTWISE) {
		int64_t bits = acc == ETHOS_U_ACC_40 ? 40 : 32;
		int64_t gran = t->shram_granules[acc == ETHOS_U_ACC_40 ?
		    ETHOS_U_ACC40 : ETHOS_U_ACC32];
		int64_t acc_bytes = ofm.w * ofm.h * round_up(ofm.c, 8) * bits /
		    8;
		acc_start -= round_up(div_up(acc_bytes, BANK_BYTES) * 2, gran);
	} else {
		int64_t ifm2_banks = q->scalar_ifm2 ? 0 : ifm_banks;
		if (ifm_end + ifm2_banks > acc_start)
			return false;
		ifm_end = acc_start;
	}
	if (ifm_end > acc_start)
		return false;
	*out = (EthosUShram){ (int)ifm_end, (int)acc_start, (int)ifm2_start };
	return true;
}

/* The search's state: the best so far. */
typedef struct Search {
	double best_cost, best_coverage;
	bool found;
	EthosUBlockConfig *cfg;
} Search;

/* Vela's relative cost of one candidate (fetches per output element). */
static double
block_cost(const EthosUQuery *q, EthosUShape ofm_shape, EthosUShape ifm_shape,
    EthosUShape ofm, EthosUShape ifm, int64_t h, int64_t w, int64_t d)
{
	bool dw = q->block == ETHOS_U_DEPTHWISE;
	bool equal_depth = q->block == ETHOS_U_ELEMENTWISE ||
	    q->block == ETHOS_U_POOLING || dw;
	bool conv = q->block == ETHOS_U_CONV || dw;
	int64_t ah = (q->kernel_h - 1) * q->dilation_h + 1;
	int64_t aw = (q->kernel_w - 1) * q->dilation_w + 1;
	EthosUShape full = shape_div_up(ofm_shape, ofm);
	double bh = (double)ofm_shape.h / (double)ofm.h;
	double bw = (double)ofm_shape.w / (double)ofm.w;
	double bd = (double)ofm_shape.c / (double)ofm.c;
	int64_t repeats = div_up(aw, SUB_KERNEL_MAX) * div_up(ah,
	    SUB_KERNEL_MAX);
	double weight_fetch = (double)((conv ? aw * ah : 0) * ifm_shape.c *
	    (full.w * full.h));
	if (!dw)
		weight_fetch = weight_fetch * ((double)ofm.c * bd);
	double ifm_fetch = (double)(ifm.w * ifm.h * ifm_shape.c * repeats) *
	    (bw * bh);
	if (!equal_depth)
		ifm_fetch *= (double)full.c;
	double cost;
	if (q->block == ETHOS_U_ELEMENTWISE)
		cost = maxd((double)elements(ofm_shape) / (double)(h * w * d),
		    1);
	else
		cost = (ifm_fetch + weight_fetch) /
		    (double)elements(ofm_shape);
	if (elements(ifm_shape) < elements(ifm) * 2)
		cost = cost / 2;
	return cost;
}

static void
consider(Search *s, double cost, EthosUShape ifm_shape, EthosUShape ifm,
    int64_t h, int64_t w, int64_t d)
{
	if (!(cost <= s->best_cost))
		return;
	if (cost == s->best_cost) {
		EthosUShape cov = shape_min(ifm_shape, ifm);
		double coverage = (double)(ifm_shape.w * ifm_shape.h) /
		    (double)(cov.w * cov.h);
		/* Small 4x4 blocks win ties when they cover more. */
		if (!(coverage <= s->best_coverage && h <= 4 && w <= 4))
			return;
		s->best_coverage = coverage;
	} else {
		s->best_coverage = INFINITY;
	}
	s->best_cost = cost;
	s->found = true;
	s->cfg->ifm_block = ifm;
	s->cfg->ofm_block = (EthosUShape){ 1, h, w, d };
}

/* Block sides never pass the largest OFM block (64 wide, 32 high). */
#define MAX_SIDE 128
/* Words of a row of search_depth's bit table (sides 0..MAX_SIDE). */
#define WONT_WORDS ((MAX_SIDE + 64) / 64)

/* Tries every block height and width at depth d. */
static void
search_depth(const EthosUTarget *t, const EthosUQuery *q, Search *s,
    EthosUShape space, EthosUShape ifm_shape, int64_t d)
{
	bool equal_depth = q->block == ETHOS_U_ELEMENTWISE ||
	    q->block == ETHOS_U_POOLING || q->block == ETHOS_U_DEPTHWISE;
	int64_t uh = t->ofm_ublock[0], uw = t->ofm_ublock[1];
	/* Vela marks (width, height) as not fitting but looks up
	 * (height, width): what it skips is the transposed block. One bit
	 * a block, on the stack, and only the rows this space reaches
	 * cleared (a 16 KB calloc per depth was most of the estimate's
	 * instructions). */
	uint64_t wont_fit[MAX_SIDE + 1][WONT_WORDS];
	int64_t rows = max64(min64(space.h, MAX_SIDE), min64(space.w,
	    MAX_SIDE));
	memset(wont_fit, 0, (size_t)(rows + 1) * sizeof wont_fit[0]);
	int64_t ifm_depth = ifm_block_depth(t, ifm_shape, q->ifm.bits,
	    s->cfg->part_kernel);
	for (int64_t h = uh; h <= space.h && h <= MAX_SIDE; h += uh)
		for (int64_t w = uw; w <= space.w && w <= MAX_SIDE; w += uw) {
			if (wont_fit[h][w / 64] >> (w % 64) & 1)
				continue;
			EthosUShape ifm = ifm_block_for(t, q, h, w, d);
			if (!equal_depth)
				ifm.c = ifm_depth;
			/* Vela costs the fitted block too. */
			EthosUShape ofm = fit_ofm_block(t, q,
			    (EthosUShape){ 1, h, w, d });
			EthosUShram layout;
			if (!ethos_u_shram_layout(t, q, ofm, ifm,
			    s->cfg->acc, &layout)) {
				/* A wider (or higher) block needs more SHRAM:
				 * none of the rest fits; mark them as the loop
				 * would have, without the layouts. */
				for (int64_t v = w; v <= space.w &&
				    v <= MAX_SIDE; v += uw)
					if (!(wont_fit[h][v / 64] >> (v % 64) &
					    1))
						wont_fit[v][h / 64] |=
						    (uint64_t)1 << (h % 64);
				if (w == uw)
					h = MAX_SIDE;
				break;
			}
			consider(s, block_cost(q, q->ofm.shape, ifm_shape,
			    ofm, ifm, h, w, d), ifm_shape, ifm, h, w, d);
		}
}

bool
ethos_u_find_block_config(const EthosUTarget *t, const EthosUQuery *q,
    EthosUBlockConfig *cfg)
{
	EthosUShape ifm_shape = q->ifm.shape;
	if (q->has_ifm2 && elements(q->ifm2.shape) > elements(ifm_shape))
		ifm_shape = q->ifm2.shape;
	memset(cfg, 0, sizeof *cfg);
	cfg->acc = acc_type(q);
	cfg->part_kernel = (q->block == ETHOS_U_CONV ||
	    q->block == ETHOS_U_DEPTHWISE) && choose_part_kernel(ifm_shape,
	    q->ifm.bits, q->kernel_h, q->kernel_w);
	EthosUShape max = { 1, t->ofm_block_max[0], t->ofm_block_max[1],
	    t->ofm_block_max[2] };
	EthosUShape space = shape_min(q->ofm.shape, max);
	space.h = round_up(space.h, t->ofm_ublock[0]);
	space.w = round_up(space.w, t->ofm_ublock[1]);
	space.c = round_up(space.c, t->ofm_ublock[2]);
	Search s = { INFINITY, INFINITY, false, cfg };
	int64_t d = max64(t->ofm_ublock[2], min64(space.c, SPLIT_DEPTH));
	if (d < q->ofm.shape.c)
		d = round_up(d, SPLIT_DEPTH);
	while (d <= space.c) {
		search_depth(t, q, &s, space, ifm_shape, d);
		d += t->ofm_ublock[2];
		if (d < q->ofm.shape.c)
			d = round_up(d, SPLIT_DEPTH);
	}
	return s.found;
}

/* ------------------------------------------------------------ memory */

static int64_t
latency(const EthosUTarget *t, EthosUMem m, bool read)
{
	return read ? t->mem[m].read_latency : t->mem[m].write_latency;
}

/* Bytes moved, scaled up by how far the access pattern falls short of
 * a full burst (Vela's memory transfer efficiency). */
static double
burst_scaled(const EthosUTarget *t, bool read, const EthosUFm *fm,
    EthosUShape block, double bytes)
{
	int64_t bits = fm->bits;
	int64_t burst;
	if (fm->format == ETHOS_U_NHCWB16) {
		/* Vela compares the brick row stride with the depth. */
		double x_stride = (double)(bits * 16 * fm->shape.w) / 8;
		if (x_stride == (double)block.c)
			burst = bits * block.c * block.w;
		else if (read)
			burst = 16 * bits * block.w;
		else
			burst = 16 * bits * block.w * t->cores;
	} else {
		double c_stride = (double)bits / 8;
		bool dense = c_stride == (double)block.c;
		if (read)
			burst = dense ? bits * block.c * block.w :
			    bits * block.c;
		else if (block.c <= 16 && dense)
			burst = bits * block.c * block.w;
		else
			burst = min64(min64(64 * 8, 16 * bits * t->cores),
			    block.c * bits);
	}
	int64_t len = t->mem[fm->mem].burst_length;
	burst = min64(len, burst / 8);
	return bytes * ((double)len / (double)burst);
}

/* Cycles to fetch one IFM block and write one OFM block. */
static void
block_memory_cycles(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, double *ifm_cycles, double *ofm_cycles)
{
	double ib = (double)elements(shape_min(q->ifm.shape, cfg->ifm_block));
	*ifm_cycles = (double)latency(t, q->ifm.mem, true) + burst_scaled(t,
	    true, &q->ifm, cfg->ifm_block, ib) / ethos_u_bandwidth(t,
	    q->ifm.mem);
	double ob = (double)elements(shape_min(q->ofm.shape, cfg->ofm_block));
	*ofm_cycles = (double)latency(t, q->ofm.mem, false) + burst_scaled(t,
	    false, &q->ofm, cfg->ofm_block, ob) / ethos_u_bandwidth(t,
	    q->ofm.mem);
}

double
ethos_u_mem2mem_cycles(const EthosUTarget *t, EthosUMem from, EthosUMem to,
    double bytes)
{
	double f = floor(bytes / ethos_u_bandwidth(t, from)) +
	    (double)t->mem[from].read_latency;
	double o = floor(bytes / ethos_u_bandwidth(t, to));
	return maxd(f, o);
}

/* ------------------------------------------------------------ cycles */

static double
output_cycles_per_element(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg)
{
	int idx;
	bool mac = q->block != ETHOS_U_ELEMENTWISE;
	if (q->block == ETHOS_U_ELEMENTWISE && q->ifm.bits == 32)
		idx = q->has_ifm2 ? 0 : 1;  /* as Vela indexes them */
	else if (q->kind == ETHOS_U_KIND_MUL && q->ofm.bits == 32)
		idx = 2;
	else if (q->kind == ETHOS_U_KIND_MUL ||
	    (mac && cfg->acc == ETHOS_U_ACC_40))
		idx = 3;
	else if (q->kind == ETHOS_U_KIND_ADD_SUB)
		idx = 5;
	else if (q->kind == ETHOS_U_KIND_MAXPOOL)
		idx = 6;
	else
		idx = 7;
	double cpe = maxd(t->output_cycles[idx], t->activation_cycles[q->act]);
	if (q->block == ETHOS_U_ELEMENTWISE) {
		double n = (double)elements(cfg->ofm_block), ic, oc;
		block_memory_cycles(t, q, cfg, &ic, &oc);
		double cmd = (ic + oc + cpe * n) / 4;
		cpe = maxd(cpe, cmd / n);
	}
	return cpe;
}

/* DPU cycles of one sub-kernel of kernel_elems elements. */
static double
sub_kernel_cycles(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, int64_t kernel_elems, int64_t ux,
    int64_t uy, int64_t uz, int64_t ublock_depth, int64_t ifm_block_c)
{
	int64_t xy = ux * uy, wb = 32 * ublock_depth / 8, steps, cycles;
	bool acc40 = cfg->acc == ETHOS_U_ACC_40;
	bool part = q->block == ETHOS_U_CONV && cfg->part_kernel;
	if (q->block == ETHOS_U_POOLING) {
		steps = 1;
		cycles = max64(4, kernel_elems) * xy * uz;
		if (q->ifm.bits == 16 && !is_u55_32(t))
			cycles *= 2;
	} else if (q->block == ETHOS_U_DEPTHWISE) {
		cycles = 4 * xy * (q->ifm.bits == 16 ? 2 : 1);
		steps = div_up(kernel_elems, 4);
		cycles = max64(wb, cycles) * steps * uz;
	} else if (!part) {
		steps = kernel_elems;
		cycles = max64(wb, 4 * xy) * steps * uz;
	} else {
		steps = div_up(kernel_elems, q->ifm.bits == 16 ? 2 : 4);
		cycles = max64(wb, 4 * xy) * (steps * div_up(ifm_block_c, 8) *
		    uz);
	}
	int64_t delay = 0;
	if (is_u55_32(t)) {
		int64_t d = acc40 ? 7 : 3;
		if (ux == 1 && uy == 1) {
			if (uz == 1)
				delay = d * steps;
			else if (steps > 1)
				delay = d * (steps - 1) * uz;
		}
		if ((ux == 1 || uy == 1) && uz > 1 && acc40)
			delay += d * uz;
	} else {
		int64_t d = acc40 && is_u55_64_or_128(t) ? 3 : 2;
		if (ux == 1 && uy == 1) {
			if (uz == 1)
				delay = d * steps;
			else if (steps > 1)
				delay = d * (steps - 1) * uz;
		}
	}
	if (part)
		delay *= div_up(ifm_block_c, 8);
	return (double)(cycles + delay);
}

/* DPU cycles of one OFM block, over every sub-kernel. */
static double
dpu_block_cycles(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, EthosUShape ofm_block, int64_t ublock[3],
    EthosUShape ifm_block)
{
	int64_t ux = div_up(ofm_block.w, ublock[1]);
	int64_t uy = div_up(ofm_block.h, ublock[0]);
	int64_t uz = div_up(ofm_block.c, ublock[2]);
	int64_t lim = sub_kernels_1x1(q) ? 1 : SUB_KERNEL_MAX;
	double total = 0;
	for (int64_t y = 0; y < div_up(q->kernel_h, lim); y++)
		for (int64_t x = 0; x < div_up(q->kernel_w, lim); x++) {
			int64_t sy = min64(q->kernel_h - y * lim, lim);
			int64_t sx = min64(q->kernel_w - x * lim, lim);
			total += sub_kernel_cycles(t, q, cfg, sx * sy, ux, uy,
			    uz, ublock[2], ifm_block.c);
		}
	if (q->block == ETHOS_U_CONV || q->block == ETHOS_U_VECTOR ||
	    q->block == ETHOS_U_REDUCE_SUM)
		total *= (double)div_up(q->ifm.shape.c, ifm_block.c);
	return total / (double)t->cores;
}

/* Vela's _estimate_conv_cycles: blocks run DPU and output stage in a
 * pipeline, so the slower stage sets the pace. */
static double
conv_cycles(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg)
{
	EthosUShape ifm_block = shape_min(q->ifm.shape, cfg->ifm_block);
	EthosUShape ofm_block = shape_min(q->ofm.shape, cfg->ofm_block);
	int64_t ublock[3] = { t->ofm_ublock[0], t->ofm_ublock[1],
	    t->ofm_ublock[2] };
	/* 1-D optimisation of the 2-high micro-block for even widths. */
	if (t->ofm_ublock[0] == 2 && (q->block == ETHOS_U_CONV ||
	    q->block == ETHOS_U_DEPTHWISE || q->block == ETHOS_U_VECTOR) &&
	    q->ofm.shape.h == 1 && q->ofm.shape.w % 2 == 0 &&
	    q->kernel_h == 1) {
		ublock[0] = 1, ublock[1] = 4;
		ofm_block.h = 1;
	}
	double dpu = dpu_block_cycles(t, q, cfg, ofm_block, ublock, ifm_block);
	double nblocks = (double)elements(shape_div_up(q->ofm.shape,
	    ofm_block));
	double out = ceil(output_cycles_per_element(t, q, cfg) *
	    (double)elements(ofm_block));
	if (q->has_bias) {
		double bias = (double)(10 * ofm_block.c * latency(t,
		    q->const_mem, true)) / 256;
		out = maxd(out, bias);
	}
	double ic, oc;
	block_memory_cycles(t, q, cfg, &ic, &oc);
	double cmd = (ic + oc + out + dpu) / 4;
	dpu = maxd(dpu, cmd);
	out = maxd(out, cmd);
	return dpu > out ? dpu * nblocks + out : out * nblocks + dpu;
}

int64_t
ethos_u_op_cycles(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, int64_t *macs)
{
	const EthosUShape *ofm = &q->ofm.shape;
	if (q->block == ETHOS_U_ELEMENTWISE) {
		*macs = 0;
		return (int64_t)ceil(output_cycles_per_element(t, q, cfg) *
		    (double)elements(rounded(*ofm, q->ofm.format)));
	}
	int64_t kel = q->kernel_h * q->kernel_w;
	if (q->block == ETHOS_U_DEPTHWISE || q->block == ETHOS_U_POOLING)
		*macs = kel * elements(*ofm);
	else
		*macs = kel * q->ifm.shape.c * elements(*ofm);
	return (int64_t)conv_cycles(t, q, cfg);
}

void
ethos_u_element_access(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, EthosUAccess *a)
{
	memset(a, 0, sizeof *a);
	EthosUShape ib_cfg = cfg->ifm_block;
	/* Through the NEAREST upscale a block reads half the rows and
	 * columns (Vela divides the IFM area by the upscale). */
	if (q->upscale > 1) {
		ib_cfg.h = div_up(ib_cfg.h, q->upscale);
		ib_cfg.w = div_up(ib_cfg.w, q->upscale);
	}
	EthosUShape ifm_block = shape_min(q->ifm.shape, ib_cfg);
	EthosUShape ofm_block = shape_min(q->ofm.shape, cfg->ofm_block);
	EthosUShape ofm_r = rounded(q->ofm.shape, q->ifm.format);
	if (q->block != ETHOS_U_ELEMENTWISE) {
		bool per_channel = q->block == ETHOS_U_DEPTHWISE ||
		    q->block == ETHOS_U_POOLING;
		EthosUShape blocks = shape_div_up(q->ofm.shape, ofm_block);
		int64_t block_depth = ofm_block.c;
		if (per_channel)
			blocks.c = 1, block_depth = q->ifm.shape.c;
		int64_t lim = sub_kernels_1x1(q) ? 1 : SUB_KERNEL_MAX;
		int64_t subkernels = div_up(q->kernel_w, lim) *
		    div_up(q->kernel_h, lim);
		int64_t count = elements(blocks);
		EthosUShape ib = rounded(ifm_block, q->ifm.format);
		int64_t ifm_fetch = ib.w * ib.h * rounded(q->ifm.shape,
		    q->ifm.format).c;
		int64_t kernel_read = q->kernel_h * q->kernel_w *
		    (per_channel ? 1 : q->ifm.shape.c);
		a->ifm_read[0] = (double)(ifm_fetch * subkernels * count);
		if (q->block != ETHOS_U_POOLING &&
		    q->block != ETHOS_U_REDUCE_SUM) {
			a->const_read[0] = (double)(kernel_read * block_depth *
			    count);
			a->const_read[1] = (double)q->ofm.shape.c;
		}
	} else if (elements(q->ifm.shape) == 1) {
		if (q->ifm.bits > 8)
			a->ifm_read[0] = (double)elements(rounded(q->ifm.shape,
			    q->ifm.format));
		if (q->has_ifm2)
			a->ifm_read[1] = (double)elements(ofm_r);
	} else {
		a->ifm_read[0] = (double)elements(ofm_r);
		if (q->has_ifm2 && elements(q->ifm2.shape) > 1)
			a->ifm_read[1] = (double)elements(ofm_r);
		else if (q->has_ifm2 && q->ifm2.bits > 8)
			a->ifm_read[1] = (double)elements(rounded(
			    q->ifm2.shape, q->ifm.format));
	}
	(void)t;
	a->ofm_write = (double)elements(rounded(q->ofm.shape, q->ofm.format));
}

/* ------------------------------------------------------------ one op */

/* Traffic of one op: unscaled bytes per memory and direction, and the
 * burst-scaled bytes that set the access cycles. */
typedef struct Traffic {
	double bytes[ETHOS_U_NMEM][2][2];  /* [mem][fm, weights][r, w] */
	double scaled[ETHOS_U_NMEM];
} Traffic;

static void
move(Traffic *tr, EthosUMem m, bool weights, bool read, double bytes,
    double scaled)
{
	tr->bytes[m][weights][read ? 0 : 1] += bytes;
	tr->scaled[m] += scaled;
}

/* The op as Vela's scheduler costs it when it decides weight buffering
 * and the slack under each op: every feature map still in the arena
 * (Vela moves maps into the fast storage only after scheduling, and
 * with Dedicated_Sram the arena is DRAM, whose latency the block
 * memory cycles include), scales and biases in the fast storage. */
EthosUQuery
ethos_u_scheduler_view(const EthosUTarget *t, const EthosUQuery *q)
{
	EthosUQuery d = *q;
	d.ifm.mem = d.ifm2.mem = d.ofm.mem = t->arena_mem;
	d.const_mem = t->cache_mem;
	return d;
}

/* Op cycles of the same op writing only depth output channels, as the
 * scheduler sees it (what Vela asks when it slices weights). */
static double
cycles_at_depth(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, int64_t depth)
{
	EthosUQuery d = ethos_u_scheduler_view(t, q);
	int64_t macs;
	d.ofm.shape.c = depth;
	return (double)ethos_u_op_cycles(t, &d, cfg, &macs);
}

static double
round_down_f(double a, double b)
{
	return floor(a / b) * b;
}

static double
round_up_f(double a, double b)
{
	return floor((a + b - 1) / b) * b;
}

/* How an op's weights are buffered: Vela's propose_weight_buffering. */
typedef struct BufPlan {
	bool buffered;          /* false: read from where they live */
	bool twice;             /* double buffered (depth slices alternate) */
	int64_t pre, step;      /* first slice's depth, the others' */
	int64_t buffer;         /* SRAM bytes of the buffer(s) */
	double first;           /* bytes of the first slice's DMA */
	double full;            /* cycles of the full-depth DMA */
	double slack;           /* cycles the next op's DMA hides under */
} BufPlan;

/* The depth slices [0, pre), then step at a time, as offsets (n + 1 of
 * them, from 0 to depth) in off, which holds depth / 16 + 3; *n the
 * number of slices. */
static void
slice_offsets(int64_t depth, int64_t pre, int64_t step, int64_t *off,
    int *n)
{
	int k = 0;
	off[k++] = 0;
	for (int64_t at = min64(pre, depth); at < depth; at += step)
		off[k++] = at;
	off[k] = depth;
	*n = k;
}

/* Encoded bytes of each slice: what the weight encoder gives (w's
 * slice_sizes), else the encoded size shared in proportion to depth, in
 * 16-byte units. */
static void
slice_sizes(const EthosUWeights *w, const EthosUBlockConfig *cfg,
    const int64_t *off, int n, int64_t *out)
{
	if (w->slice_sizes && w->slice_sizes(w->slice_ctx, cfg, off, n, out))
		return;
	for (int i = 0; i < n; i++)
		out[i] = round_up((int64_t)((double)w->encoded_bytes *
		    (double)(off[i + 1] - off[i]) / (double)off[n]), 16);
}

/* Sizes of a slicing: the two buffers of a double buffer (slices
 * alternate between them, each as large as the largest slice it holds),
 * the largest slice, the sum of all and the first. Returns the two
 * buffers' sum. */
typedef struct Slicing {
	int64_t twice, largest, total, first;
} Slicing;

static int64_t
slicing(const EthosUWeights *w, const EthosUBlockConfig *cfg, int64_t depth,
    int64_t pre, int64_t step, Slicing *sl)
{
	/* The block search and the scheduler ask this often: no heap for
	 * the usual depths. */
	int64_t stack[2][80];
	size_t cap = (size_t)(depth / 16 + 3);
	int64_t *off = cap <= 80 ? stack[0] : malloc(cap * sizeof *off);
	int64_t *sz = cap <= 80 ? stack[1] : malloc(cap * sizeof *sz);
	int64_t buf2[2] = { 0, 0 };
	int n;
	slice_offsets(depth, pre, step, off, &n);
	slice_sizes(w, cfg, off, n, sz);
	sl->total = 0;
	for (int i = 0; i < n; i++) {
		buf2[i % 2] = max64(buf2[i % 2], sz[i]);
		sl->total += sz[i];
	}
	sl->first = sz[0];
	sl->largest = max64(buf2[0], buf2[1]);
	sl->twice = buf2[0] + buf2[1];
	if (off != stack[0])
		free(off), free(sz);
	return sl->twice;
}

/* The depth slices when the prebuffer (what the op before hides) is
 * less than the whole: the first slice is what the slack covers, the
 * others what one slice's op time covers, halved until the two buffers
 * fit the limit (Vela's loop). */
static void
slice_plan(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUWeights *w, const EthosUBlockConfig *cfg, double bytes,
    double full, double ratio, int64_t limit, BufPlan *b)
{
	int64_t depth = q->ofm.shape.c;
	double half = (double)(limit / 2);
	double block_depth = (double)cfg->ofm_block.c;
	int64_t pre = (int64_t)fmax(16, round_down_f((double)depth * ratio,
	    16));
	double pre_cycles = cycles_at_depth(t, q, cfg, pre);
	double step = round_up_f((double)depth * (pre_cycles / full),
	    block_depth);
	if (step / (double)depth * bytes > half)
		step = half / bytes * (double)depth;
	Slicing sl;
	for (;;) {
		step = step > block_depth ? round_down_f(step, block_depth) :
		    round_down_f(step, 16);
		step = fmax(step, 16);
		if (slicing(w, cfg, depth, pre, (int64_t)step, &sl) <= limit ||
		    pre == 16)
			break;
		if ((int64_t)step > pre)
			step = (double)round_up((int64_t)step / 2, 16);
		else
			pre = round_up(pre / 2, 16);
	}
	b->pre = pre;
	b->step = (int64_t)step;
	int64_t last = pre < depth ? pre : 0;
	while (last && last + b->step < depth)
		last += b->step;
	b->slack = cycles_at_depth(t, q, cfg, depth - last);
}

/* Vela's weight buffering of an op whose weights live far, within
 * w->buffer_limit bytes of SRAM: one buffer for all of them when the
 * op before hides their DMA and half the limit holds them, else depth
 * slices in two buffers; no buffer when even the largest slice does
 * not fit. The whole transfer is timed at the full-depth encoding's
 * size, as Vela times it. */
static void
plan_buffering(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUWeights *w, const EthosUBlockConfig *cfg,
    double prev_slack, BufPlan *b)
{
	int64_t depth = q->ofm.shape.c;
	Slicing whole;
	slicing(w, cfg, depth, depth, depth, &whole);
	double bytes = (double)whole.total;
	double full = ethos_u_mem2mem_cycles(t, t->const_mem, t->cache_mem,
	    bytes);
	int64_t limit = w->buffer_limit > 0 ? w->buffer_limit :
	    (int64_t)1 << 40;
	double half = (double)(limit / 2);
	double pre_bytes = full > prev_slack ? fmin(prev_slack / full *
	    bytes, half) : fmin(bytes, half);
	memset(b, 0, sizeof *b);
	b->pre = b->step = depth;
	b->full = full;
	b->slack = cycles_at_depth(t, q, cfg, depth);
	if (pre_bytes < bytes)
		slice_plan(t, q, w, cfg, bytes, full, pre_bytes / bytes, limit,
		    b);
	Slicing sl = whole;
	if (b->pre < depth)
		slicing(w, cfg, depth, b->pre, b->step, &sl);
	int64_t one = min64(sl.total, sl.largest);
	if (one > limit) {          /* no buffer: weights read in place */
		b->slack = cycles_at_depth(t, q, cfg, depth);
		return;
	}
	b->buffered = true;
	b->twice = sl.twice <= limit && one < sl.total;
	b->buffer = b->twice ? sl.twice : one;
	b->first = (double)sl.first;
}

bool
ethos_u_weight_slices(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, double bytes, double prev_slack,
    EthosUSlices *s)
{
	EthosUWeights w;
	BufPlan b;
	memset(&w, 0, sizeof w);
	w.encoded_bytes = (int64_t)bytes;
	plan_buffering(t, q, &w, cfg, prev_slack, &b);
	s->pre = b.pre;
	s->step = b.step;
	s->slack = b.slack;
	return b.buffered && b.pre < q->ofm.shape.c;
}

/* NPU cycles with the weights DMA'd into the fast storage under the op
 * before, as planned. Sets p->slack to what the next op can hide its
 * own DMA under. */
static double
buffered_npu_cycles(const EthosUTarget *t, const BufPlan *b,
    const EthosUWeights *w, double prev_slack, EthosUPerf *p)
{
	double full = b->full;
	double first = ethos_u_mem2mem_cycles(t, t->const_mem, t->cache_mem,
	    b->first);
	double op = (double)p->op_cycles;
	p->weight_transfer = full;
	p->weight_buffer = b->buffer;
	p->slack = b->slack;
	if (b->twice)
		return fmax(full - prev_slack + b->slack,
		    op + fmax(first - prev_slack, 0));
	return op + full - fmin(first, prev_slack);
}

static void
feature_map_traffic(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, const EthosUAccess *a, Traffic *tr)
{
	double bw = a->ofm_write * (double)q->ofm.bits / 8;
	move(tr, q->ofm.mem, false, false, bw, burst_scaled(t, false, &q->ofm,
	    cfg->ofm_block, bw));
	bw = a->ifm_read[0] * (double)q->ifm.bits / 8;
	move(tr, q->ifm.mem, false, true, bw, burst_scaled(t, true, &q->ifm,
	    cfg->ifm_block, bw));
	if (q->has_ifm2) {
		bw = a->ifm_read[1] * (double)q->ifm2.bits / 8;
		move(tr, q->ifm2.mem, false, true, bw, burst_scaled(t, true,
		    &q->ifm2, cfg->ifm_block, bw));
	}
}

/* Weight and bias reads; buffered weights are read from the fast
 * storage, and their cost is in the NPU cycles, not the access ones. */
static void
weight_traffic(const EthosUQuery *q, const EthosUWeights *w, bool near,
    const EthosUAccess *a, Traffic *tr)
{
	if (!w->present)
		return;
	double scale_bytes = a->const_read[1] * (double)w->bias_bytes;
	if (a->const_read[0] > 0 && w->elements > 0) {
		double approx = (double)w->encoded_bytes - scale_bytes;
		double bw = a->const_read[0] * (approx /
		    (double)w->elements);
		move(tr, q->const_mem, true, true, bw, near ? 0 : bw);
	}
	if (a->const_read[1] > 0)
		move(tr, q->const_mem, true, true, scale_bytes,
		    near ? 0 : scale_bytes);
}

/* A copy between memories: a DMA that runs under the op before, and is
 * nothing at all within one memory. */
static void
estimate_dma(const EthosUTarget *t, const EthosUQuery *q, double prev_slack,
    EthosUPerf *p)
{
	const EthosUFm *src = &q->ifm, *dst = &q->ofm;
	if (src->mem != dst->mem) {
		double bytes = (double)round_up(elements(src->shape) *
		    src->bits / 8, 16);
		double dma = ethos_u_mem2mem_cycles(t, src->mem, dst->mem,
		    bytes);
		p->cycles[ETHOS_U_CYC_NPU] = fmax(dma - prev_slack, 0);
		p->bytes[src->mem][0][0] += bytes;
		p->bytes[dst->mem][0][1] += bytes;
	}
	p->cycles[ETHOS_U_CYC_TOTAL] = p->cycles[ETHOS_U_CYC_NPU];
}

bool
ethos_u_estimate(const EthosUTarget *t, const EthosUQuery *query,
    const EthosUWeights *w, double prev_slack, EthosUPerf *p)
{
	return ethos_u_estimate_config(t, query, w, prev_slack, NULL, p);
}

bool
ethos_u_estimate_config(const EthosUTarget *t, const EthosUQuery *query,
    const EthosUWeights *w, double prev_slack, const EthosUBlockConfig *cfg,
    EthosUPerf *p)
{
	EthosUQuery q = *query;
	memset(p, 0, sizeof *p);
	if (q.block == ETHOS_U_DMA) {
		estimate_dma(t, &q, prev_slack, p);
		return true;
	}
	if (cfg)
		p->config = *cfg;
	else if (!ethos_u_find_block_config(t, &q, &p->config))
		return false;
	BufPlan plan = { 0 };
	if (w->present && w->buffered)
		plan_buffering(t, &q, w, &p->config, prev_slack, &plan);
	q.const_mem = w->present && (plan.buffered || w->resident) ?
	    t->cache_mem : t->const_mem;
	p->op_cycles = ethos_u_op_cycles(t, &q, &p->config, &p->macs);
	p->cycles[ETHOS_U_CYC_NPU] = (double)p->op_cycles;
	p->slack = cycles_at_depth(t, &q, &p->config, q.ofm.shape.c);
	Traffic tr;
	memset(&tr, 0, sizeof tr);
	if (q.lut_bytes) {
		/* The table's DMA into SHRAM (as fast as the AXI port, no
		 * latency) hides under the op before. */
		double b = (double)q.lut_bytes;
		double bw = ethos_u_bandwidth(t, t->const_mem);
		double dma = fmax(floor(b / bw) +
		    (double)t->mem[t->const_mem].read_latency,
		    floor(b / ((double)t->axi_data_width / 8)));
		p->cycles[ETHOS_U_CYC_NPU] += fmax(dma - prev_slack, 0);
		tr.bytes[t->const_mem][1][0] += b;
	}
	if (plan.buffered) {
		p->cycles[ETHOS_U_CYC_NPU] = buffered_npu_cycles(t, &plan, w,
		    prev_slack, p);
		tr.bytes[t->const_mem][1][0] += (double)w->encoded_bytes;
		tr.bytes[t->cache_mem][1][1] += (double)w->encoded_bytes;
	}
	EthosUAccess a;
	ethos_u_element_access(t, &q, &p->config, &a);
	feature_map_traffic(t, &q, &p->config, &a, &tr);
	weight_traffic(&q, w, plan.buffered || w->resident, &a, &tr);
	double total = p->cycles[ETHOS_U_CYC_NPU];
	for (int m = 0; m < ETHOS_U_NMEM; m++) {
		double c = tr.scaled[m] / ethos_u_bandwidth(t, (EthosUMem)m);
		p->cycles[ETHOS_U_CYC_SRAM + m] = c;
		total = maxd(total, c);
		memcpy(p->bytes[m], tr.bytes[m], sizeof p->bytes[m]);
	}
	p->cycles[ETHOS_U_CYC_TOTAL] = total;
	return true;
}

bool
ethos_u_slack_matters(const EthosUQuery *q, const EthosUWeights *w)
{
	return q->block == ETHOS_U_DMA || q->lut_bytes > 0 || (w->present &&
	    w->buffered);
}

bool
ethos_u_estimate_next(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUWeights *w, const EthosUBlockConfig *cfg, double *slack,
    EthosUPerf *p)
{
	if (!ethos_u_estimate_config(t, q, w, *slack, cfg, p))
		return false;
	*slack = p->slack;
	return true;
}
