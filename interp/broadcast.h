/* interp/broadcast.h: numpy broadcasting for the reference kernels: one
 * or two operands stepped over a result's shape in row-major order, each
 * operand's element offset following along (0 strides on the dims it
 * broadcasts). The graph and npu elementwise kernels share it. */
#ifndef NPUIR_BROADCAST_H
#define NPUIR_BROADCAST_H

#include "interp/tensor.h"

/* The highest result rank a walk handles. */
#define IR_BROADCAST_MAX_RANK 16

/* A walk: ia and ib are the offsets in a and b of the result element
 * the walk is at. */
typedef struct IrBroadcast {
	int rank;
	const int64_t *dims;             /* the result's */
	int64_t sa[IR_BROADCAST_MAX_RANK]; /* a's strides, 0 where broadcast */
	int64_t sb[IR_BROADCAST_MAX_RANK];
	int64_t idx[IR_BROADCAST_MAX_RANK];
	int64_t ia, ib;
} IrBroadcast;

/* Element strides of t seen with out's rank, 0 on broadcast dims (out's
 * rank at most IR_BROADCAST_MAX_RANK). */
void ir_broadcast_strides(const IrTensor *t, const IrTensor *out,
    int64_t *st);

/* Starts a walk over out at its first element; b may be NULL (ib stays
 * 0). False when out's rank is above IR_BROADCAST_MAX_RANK. */
bool ir_broadcast_init(IrBroadcast *bc, const IrTensor *a,
    const IrTensor *b, const IrTensor *out);

/* Moves the walk to the next result element (inline: it runs once per
 * element of every broadcast elementwise op). */
static inline void
ir_broadcast_next(IrBroadcast *bc)
{
	int k;

	for (k = bc->rank - 1; k >= 0; k--) {
		bc->ia += bc->sa[k];
		bc->ib += bc->sb[k];
		if (++bc->idx[k] < bc->dims[k])
			return;
		bc->ia -= bc->sa[k] * bc->idx[k];
		bc->ib -= bc->sb[k] * bc->idx[k];
		bc->idx[k] = 0;
	}
}

#endif /* NPUIR_BROADCAST_H */
