/* dialects/npu/interpret.c: reference kernels of the npu dialect, indexed
 * by op id (NULL: no kernel yet). */
#include "dialects/npu/npu.h"

const IrInterpretFn npu_kernels[NPU_NUM_OPS] = {0};
