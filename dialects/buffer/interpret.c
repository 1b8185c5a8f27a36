/* dialects/buffer/interpret.c: reference kernels of the buffer dialect, indexed
 * by op id (NULL: no kernel yet). */
#include "dialects/buffer/buffer.h"

const IrInterpretFn buffer_kernels[BUFFER_NUM_OPS] = {0};
