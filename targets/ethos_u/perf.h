/* targets/ethos_u/perf.h: the Ethos-U performance model of Arm's Vela
 * 3.10: block configuration choice, NPU cycles, element accesses and
 * memory access cycles of one NPU operation. Pure functions of an
 * EthosUQuery and the target; no IR. */
#ifndef NPUIR_ETHOS_U_PERF_H
#define NPUIR_ETHOS_U_PERF_H

#include <stdbool.h>
#include <stdint.h>

#include "targets/ethos_u/config.h"

/* What the NPU's datapath does for an op (Vela's NpuBlockType). */
typedef enum EthosUBlock {
	ETHOS_U_CONV,           /* MxN convolution */
	ETHOS_U_DEPTHWISE,
	ETHOS_U_VECTOR,         /* fully connected */
	ETHOS_U_POOLING,
	ETHOS_U_ELEMENTWISE,
	ETHOS_U_REDUCE_SUM,
	ETHOS_U_DMA,            /* a copy (Vela's Memcpy): no NPU work */
} EthosUBlock;

/* The op kinds the output stage times differently. */
typedef enum EthosUKind {
	ETHOS_U_KIND_OTHER,
	ETHOS_U_KIND_MUL,
	ETHOS_U_KIND_ADD_SUB,
	ETHOS_U_KIND_MAXPOOL,
} EthosUKind;

/* The fused activation (Vela's activation cycle index). */
typedef enum EthosUAct {
	ETHOS_U_ACT_LUT,        /* sigmoid, tanh, table */
	ETHOS_U_ACT_RELU,       /* relu, relu6, relu_n1_to_1 */
	ETHOS_U_ACT_NONE,
} EthosUAct;

/* Feature map layouts in memory: NHWC, or NHCWB16 (bricks of 16
 * channels), which Vela uses between NPU ops. */
typedef enum EthosUFormat {
	ETHOS_U_NHWC,
	ETHOS_U_NHCWB16,
} EthosUFormat;

/* Accumulator types (SHRAM element kinds). */
typedef enum EthosUAcc {
	ETHOS_U_ACC_32,
	ETHOS_U_ACC_40,
} EthosUAcc;

typedef struct EthosUShape {
	int64_t n, h, w, c;
} EthosUShape;

/* One feature map operand. */
typedef struct EthosUFm {
	EthosUShape shape;
	int bits;               /* 8, 16 or 32 */
	EthosUFormat format;
	EthosUMem mem;
} EthosUFm;

/* Everything the model needs about one op. */
typedef struct EthosUQuery {
	EthosUBlock block;
	EthosUKind kind;
	EthosUAct act;
	EthosUFm ifm, ifm2, ofm;
	bool has_ifm2;
	int64_t kernel_h, kernel_w;     /* 1x1 for elementwise and FC */
	int64_t stride_h, stride_w;
	int64_t dilation_h, dilation_w;
	bool has_bias;
	EthosUMem const_mem;    /* where scales/biases are read from */
	bool scaled;            /* has a rescale (40-bit acc for int16) */
	bool uses_lut;          /* an activation table takes SHRAM banks */
	bool scalar_ifm2;       /* elementwise with a scalar operand */
	int64_t lut_bytes;      /* an activation table DMA'd to SHRAM first */
	int upscale;            /* 2: the IFM read through the NEAREST
	                           upscale (each element 2x2); 0 or 1: none */
} EthosUQuery;

/* A block configuration (SHRAM layout omitted). */
typedef struct EthosUBlockConfig {
	EthosUShape ifm_block;
	EthosUShape ofm_block;
	EthosUAcc acc;
	bool part_kernel;       /* part-kernel-first weight order */
} EthosUBlockConfig;

/* Element counts read and written by an op (Vela's ElementAccess). */
typedef struct EthosUAccess {
	double ifm_read[2];
	double ofm_write;
	double const_read[2];   /* weights, scales and biases */
} EthosUAccess;

/* Cycle kinds of a per-layer report, in Vela's column order. */
enum {
	ETHOS_U_CYC_NPU, ETHOS_U_CYC_SRAM, ETHOS_U_CYC_DRAM,
	ETHOS_U_CYC_ON_FLASH, ETHOS_U_CYC_OFF_FLASH, ETHOS_U_CYC_TOTAL,
	ETHOS_U_NCYC,
};

/* Encoded bytes of an op's weights cut in depth slices [off[i],
 * off[i + 1]) for i < n (off[0] = 0, off[n] = the OFM depth), under
 * block configuration cfg: each slice's scale records and weight
 * stream, as a weight encoder lays them out. False when it cannot say
 * (the estimate then shares the encoded size in proportion). */
typedef bool (*EthosUSliceSizes)(const void *ctx,
    const EthosUBlockConfig *cfg, const int64_t *off, int n,
    int64_t *bytes);

/* How the op's weights reach the MAC array. */
typedef struct EthosUWeights {
	bool present;
	int64_t elements;       /* original weight elements */
	int64_t encoded_bytes;  /* encoded weights + scales (the DMA size) */
	int64_t bias_bytes;     /* bytes of one bias element (4 or 8) */
	bool buffered;          /* DMA'd into the fast storage */
	bool resident;          /* already there: a later stripe of a
	                           buffered op reads the same buffer */
	int64_t buffer_limit;   /* SRAM bytes its buffers may take (what
	                           the feature maps leave of Vela's limit);
	                           0: no limit */
	EthosUSliceSizes slice_sizes; /* NULL: sizes in proportion */
	const void *slice_ctx;
} EthosUWeights;

/* The result for one op. */
typedef struct EthosUPerf {
	EthosUBlockConfig config;
	int64_t op_cycles;      /* compute only */
	int64_t macs;
	double cycles[ETHOS_U_NCYC];
	/* Unscaled traffic: [memory][feature maps, weights][read, write] */
	double bytes[ETHOS_U_NMEM][2][2];
	double weight_transfer; /* cycles of the full weight DMA */
	int64_t weight_buffer;  /* SRAM bytes of its weight buffers */
	double slack;           /* cycles later weight DMAs can hide under */
} EthosUPerf;

/* Where a block's buffers sit in SHRAM, in banks (the IB/AB registers):
 * the IFM buffer ends at ib_end, the accumulators start at ab_start, an
 * elementwise op's IFM2 buffer at ib_start2. */
typedef struct EthosUShram {
	int ib_end, ab_start, ib_start2;
} EthosUShram;

/* Vela's SHRAM layout of the block (ofm, ifm, acc) for q; false when it
 * does not fit. ofm is the block as the registers have it: a one-row
 * OFM of a 1-high kernel on a 2-row micro-block keeps accumulators for
 * one row only, as the block search assumed. */
bool ethos_u_shram_layout(const EthosUTarget *t, const EthosUQuery *q,
    EthosUShape ofm, EthosUShape ifm, EthosUAcc acc, EthosUShram *out);

/* Vela's find_block_config: the cheapest block that fits SHRAM. False
 * when none fits. */
bool ethos_u_find_block_config(const EthosUTarget *t, const EthosUQuery *q,
    EthosUBlockConfig *cfg);
/* The op as Vela's scheduler costs it when it decides weight buffering
 * and the slack under each op: its feature maps in the arena, its
 * scales and biases in the fast storage (the cache). The estimate and
 * ethos-u-codegen's weight buffering both ask this. */
EthosUQuery ethos_u_scheduler_view(const EthosUTarget *t,
    const EthosUQuery *q);
/* NPU cycles of the op alone (measure_cycle_cost); *macs its MACs. */
int64_t ethos_u_op_cycles(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, int64_t *macs);
/* Elements the op reads and writes (measure_element_access). */
void ethos_u_element_access(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, EthosUAccess *a);
/* Cycles to copy bytes from one memory to another (a DMA). */
double ethos_u_mem2mem_cycles(const EthosUTarget *t, EthosUMem from,
    EthosUMem to, double bytes);
/* Vela's OFM depth slices for weights (bytes of them, scales included)
 * DMA'd into the fast storage under an op that leaves prev_slack
 * cycles: the first slice as deep as that DMA hides (16 channels at
 * least), then slices of `step` channels, each about as deep as the
 * slice before computes while its DMA runs (the block depth's
 * multiples). Slices start at 0, pre, pre + step, ... below the OFM
 * depth. False for one slice of all channels. */
typedef struct EthosUSlices {
	int64_t pre, step;
	double slack;           /* cycles of the last slice (for the next
	                           op's DMA) */
} EthosUSlices;
bool ethos_u_weight_slices(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUBlockConfig *cfg, double bytes, double prev_slack,
    EthosUSlices *s);
/* The whole estimate (estimate_full_op_performance): block config, NPU
 * cycles with the weight DMA, access cycles per memory and the total.
 * prev_slack is the slack of the op before (0 for the first). False when
 * no block configuration fits. */
bool ethos_u_estimate(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUWeights *w, double prev_slack, EthosUPerf *p);

/* The same with a block configuration that ethos_u_find_block_config
 * gave for this query before (NULL: find it), so callers that cost one
 * op shape under several weight placements search blocks once. */
bool ethos_u_estimate_config(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUWeights *w, double prev_slack, const EthosUBlockConfig *cfg,
    EthosUPerf *p);

/* Does prev_slack change what the estimate gives for this op: a copy
 * (a DMA), an activation table's load, or weights DMA'd into a buffer?
 * Anything else costs the same after any op. */
bool ethos_u_slack_matters(const EthosUQuery *q, const EthosUWeights *w);

/* One op of a program, costed after the ones before it as
 * ethos-u-estimate costs a program (and ethos-u-schedule's search each
 * plan, so the two agree): *slack is the slack the op before left (0
 * before the first) and becomes this op's. cfg as for
 * ethos_u_estimate_config. False when no block configuration fits. */
bool ethos_u_estimate_next(const EthosUTarget *t, const EthosUQuery *q,
    const EthosUWeights *w, const EthosUBlockConfig *cfg, double *slack,
    EthosUPerf *p);

#endif /* NPUIR_ETHOS_U_PERF_H */
