/* targets/ethos_u/codegen.h: the Ethos-U command-stream generator's
 * internals: one NPU operation as register values (CgNpuOp), the
 * register machine that writes a stream only where a value changed, and
 * the per-operation register sequence (codegen_emit.c); the pass, the
 * runs, the memory plan and the weights live in codegen.c. */
#ifndef NPUIR_ETHOS_U_CODEGEN_H
#define NPUIR_ETHOS_U_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "targets/ethos_u/cmdstream.h"
#include "targets/ethos_u/config.h"
#include "targets/ethos_u/perf.h"

/* A feature map as the registers describe it: NHWC or NHCWB16 (bricks
 * of 16 channels, Vela's layout between NPU operations), one tile. */
typedef struct CgFm {
	int region;             /* 0 flash, 1 scratch arena */
	bool b16;               /* NHCWB16 */
	uint64_t addr;          /* byte offset in the region */
	int64_t h, w, c;
	int bits;               /* 8, 16 or 32 */
	bool sign;
	int64_t zp;
	/* A view (a slice read, a concat write, a broadcast fill): the
	 * strides in bytes when `strided`, else the map's own. */
	bool strided;
	uint64_t sx, sy, sc;
} CgFm;

/* One NPU operation: every register value it needs. */
typedef struct CgNpuOp {
	unsigned op;            /* ETHOSU_OP_CONV, _DEPTHWISE, _POOL, ... */
	uint32_t op_param;      /* pooling or elementwise mode */
	CgFm ifm, ifm2, ofm;
	bool has_ifm2;          /* a binary elementwise op */
	bool windowed;          /* conv, depthwise, pool: kernel, padding */
	int kh, kw, sh, sw, dh, dw;
	int pt, pl, pb, pr;
	bool part_kernel;
	/* Weights and scales per core (region 0); ncores 0: none. */
	int ncores;
	uint64_t w_addr[2], w_len[2], s_addr[2], s_len[2];
	int round;              /* ETHOSU_ROUND_* of the OFM */
	bool global_scale;      /* OFM_SCALE, not per-channel records */
	uint32_t ofm_scale;
	int ofm_shift;
	uint32_t opa_scale, opb_scale; /* add/sub operand scales (16-bit) */
	bool reversed;          /* IFM2 is the first operand */
	uint32_t activation;    /* NPU_SET_ACTIVATION's parameter */
	int64_t act_min, act_max;
	EthosUBlockConfig cfg;  /* as perf.c chooses it */
	int ib_end, ab_start, ib_start2;
	/* A LUT to DMA into SHRAM first (region 0), 0 bytes: none. */
	uint64_t lut_addr, lut_len;
} CgNpuOp;

/* The register machine: a growing stream and the last value written to
 * each register. */
typedef struct CgEmit {
	uint8_t *p;
	size_t n, cap;
	uint64_t last[ETHOSU_NUM_CMDS];
	bool set[ETHOSU_NUM_CMDS];
	bool lut_loaded;        /* a LUT is in SHRAM */
	uint64_t lut_addr;      /* the flash address of that LUT */
	bool any_op;            /* an operation was started */
} CgEmit;

/* Appends the register writes and the NPU_OP_* command of op. */
void cg_emit_op(CgEmit *e, const EthosUTarget *t, const CgNpuOp *op);
/* The stream's first commands (NPU_SET_PARALLEL_MODE on an Ethos-U65). */
void cg_emit_begin(CgEmit *e, const EthosUTarget *t);
/* NPU_OP_STOP. */
void cg_emit_end(CgEmit *e);

/* The SHRAM layout of op's block configuration (Vela's try_block_config
 * for the configuration perf.c chose): sets ib_end, ab_start and
 * ib_start2. False when it does not fit. */
bool cg_shram_layout(const EthosUTarget *t, const EthosUQuery *q,
    CgNpuOp *op);

/* A COP1 driver payload: the configuration word of t and the stream.
 * malloc'd, *len bytes. */
uint8_t *cg_payload(const EthosUTarget *t, const CgEmit *e, size_t *len);

#endif /* NPUIR_ETHOS_U_CODEGEN_H */
