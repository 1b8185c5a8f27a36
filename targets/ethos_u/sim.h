/* targets/ethos_u/sim.h: the Ethos-U functional simulator: runs a decoded
 * command stream register by register over its memory regions. */
#ifndef NPUIR_ETHOSU_SIM_H
#define NPUIR_ETHOSU_SIM_H

#include "interp/interp.h"
#include "targets/ethos_u/cmdstream.h"

/* Base-pointer regions: 0 flash, 1 scratch arena, 2 fast scratch (as
 * Vela and the TFLite Micro driver number them); 3..7 unused by Vela. */
#define ETHOSU_NUM_REGIONS 8

typedef struct EthosuRegion {
	uint8_t *data;
	size_t size;
} EthosuRegion;

typedef struct EthosuSimOptions {
	IrArith arith;          /* reserved: the stream's round modes rule */
	uint32_t config;        /* the COP1 configuration word, 0: none
	                           (then 256 MACs and 48 KB of SHRAM) */
	uint64_t max_work;      /* a stream needing more multiply-adds
	                           (or element steps) is rejected before it
	                           runs; 0: ETHOSU_SIM_MAX_WORK */
} EthosuSimOptions;

/* The default work limit: about a minute of simulation, far above any
 * model of ../shared (person_detect: 7.6e6), so a stream whose zero
 * strides make a huge map fit in a tiny region cannot hang npu-run. */
#define ETHOSU_SIM_MAX_WORK ((uint64_t)1 << 34)

/* Runs stream s over regions r. First every command is checked with
 * nothing executed: each operation's reads and writes must lie inside
 * their regions and its registers must describe something this simulator
 * runs, and no operation or DMA may race with a DMA or operation still
 * outstanding (a missing NPU_OP_DMA_WAIT or NPU_OP_KERNEL_WAIT:
 * simhazard.c); then the stream is executed. False with "command N
 * (NAME): ..." in err on the first problem. */
bool ethosu_sim_run(const EthosuStream *s, EthosuRegion *r,
    const EthosuSimOptions *o, char *err, size_t errlen);

/* The COP1 configuration word of a payload, 0 when it has none. */
uint32_t ethosu_payload_config(const EthosuPayload *pl);

#endif /* NPUIR_ETHOSU_SIM_H */
