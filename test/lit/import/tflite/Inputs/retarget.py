#!/usr/bin/env python3
# test/lit/import/tflite/Inputs/retarget.py: copies a TFLite model with one
# tensor made the (single) model output and, optionally, that tensor's
# per-tensor scale and zero point overwritten, all in place (the file size
# and every other byte stay the same). The arithmetic tests use it to
# expose an op's rounding: a chosen output scale turns many results into
# exact ties.
# Usage: retarget.py IN.tflite OUT.tflite TENSOR [SCALE ZERO_POINT]
# Field numbers follow the public schema.fbs: Model.subgraphs = 2,
# SubGraph.tensors = 0, .outputs = 2, Tensor.quantization = 4,
# QuantizationParameters.scale = 2, .zero_point = 3.
import struct
import sys


def u32(b, at):
    return struct.unpack_from('<I', b, at)[0]


def field(b, table, i):
    """Absolute position of field i of the table at `table`, or None."""
    vt = table - struct.unpack_from('<i', b, table)[0]
    vsize = struct.unpack_from('<H', b, vt)[0]
    if 4 + 2 * i >= vsize:
        return None
    off = struct.unpack_from('<H', b, vt + 4 + 2 * i)[0]
    return table + off if off else None


def deref(b, at):
    return at + u32(b, at)


def vector(b, table, i):
    """(position of element 0, length) of vector field i."""
    at = field(b, table, i)
    if at is None:
        sys.exit('retarget.py: missing vector field %d' % i)
    v = deref(b, at)
    return v + 4, u32(b, v)


def main():
    if len(sys.argv) not in (4, 6):
        sys.exit('usage: retarget.py IN OUT TENSOR [SCALE ZERO_POINT]')
    b = bytearray(open(sys.argv[1], 'rb').read())
    tensor = int(sys.argv[3])
    model = deref(b, 0)
    subgraphs, _ = vector(b, model, 2)
    sg = deref(b, subgraphs)
    outputs, nout = vector(b, sg, 2)
    if nout != 1:
        sys.exit('retarget.py: the model has %d outputs, not 1' % nout)
    struct.pack_into('<i', b, outputs, tensor)
    if len(sys.argv) == 6:
        tensors, ntensors = vector(b, sg, 0)
        if not 0 <= tensor < ntensors:
            sys.exit('retarget.py: no tensor %d' % tensor)
        t = deref(b, tensors + 4 * tensor)
        q = deref(b, field(b, t, 4))
        scales, ns = vector(b, q, 2)
        zps, nz = vector(b, q, 3)
        if ns != 1 or nz != 1:
            sys.exit('retarget.py: tensor %d is not per-tensor' % tensor)
        struct.pack_into('<f', b, scales, float(sys.argv[4]))
        struct.pack_into('<q', b, zps, int(sys.argv[5]))
    open(sys.argv[2], 'wb').write(b)


main()
