/* targets/ethos_u/layers.h: the NPU operations of a module as the
 * Ethos-U estimate sees them (layers.c), shared with estimate.c. */
#ifndef NPUIR_ETHOS_U_LAYERS_H
#define NPUIR_ETHOS_U_LAYERS_H

#include "targets/ethos_u/report.h"

/* The layers of a module, grown as ops are recognised. Zero-initialise;
 * free v. */
typedef struct EthosULayers {
	size_t n, cap;
	EthosULayer *v;
} EthosULayers;

/* Adds the layers op stands for (none for a constant, a free reshape, an
 * activation fused into its producer: *skip is then set). False when an
 * op that should run on the NPU cannot be read (not integer, dynamic). */
bool ethos_u_add_op(const EthosUTarget *t, EthosULayers *ls, IrOp *op,
    bool *skip);
/* Where each layer's feature maps live and whether its weights are
 * buffered (Vela's placement; estimate.c). size: no weight buffers. */
void ethos_u_place(const EthosUTarget *t, EthosULayers *ls, bool size);
/* Vela's limit on weight buffers (the SRAM its schedule leaves beside
 * the feature maps; optimising for size, the maps' own peak), applied
 * after ethos_u_place to an unscheduled program; limit 0: that default
 * (estimate.c). The code generator buffers what the estimate buffers. */
void ethos_u_limit_buffers(const EthosUTarget *t, EthosULayers *ls,
    bool size, int64_t limit);
/* Reads "<bytes> <weights name>" lines into the layers' encoded weight
 * sizes (estimate.c). False with a diagnostic. */
bool ethos_u_read_weight_sizes(IrContext *ctx, const IrLoc *loc,
    const char *path, EthosULayers *ls);
/* Lets the estimate size weight slices with our weight encoder (Vela's
 * bytes) for every conv and depthwise layer with constant weights:
 * slower, and exact where Vela slices weights in depth. */
void ethos_u_encode_weights(const EthosUTarget *t, EthosULayers *ls);
/* relu, relu6, relu_n1_to_1 (graph dialect). */
bool ethos_u_is_relu(const IrOp *op);
/* The activation fused into v's producer: its only user when that is a
 * ReLU, sigmoid or tanh; else NULL. */
IrOp *ethos_u_fused_activation(IrValue *v);
/* Reshapes of any kind (graph or npu): no data moves. */
bool ethos_u_is_reshape(const IrOp *op);

#endif /* NPUIR_ETHOS_U_LAYERS_H */
