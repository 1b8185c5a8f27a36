# test/lit/quant/Inputs/mknpy.py: writes deterministic float32 .npy sample
# folders without NumPy, for the calibrate/quantize tests.
#   mknpy.py DIR --shape 1x4x4x2 [--samples N] [--seed S] [--lo A --hi B]
#            [--nan K] [--dtype f4|f8] [--flat]
# DIR/<k>/input_0.npy for k < N (or DIR/input_0.npy with --flat); values
# from a 32-bit LCG in [lo, hi); --nan K puts a NaN into sample K.
import argparse
import os
import struct


def npy_bytes(shape, values, dtype):
    header = "{'descr': '<%s', 'fortran_order': False, 'shape': (%s), }" % (
        dtype, ''.join('%d, ' % d for d in shape).rstrip(' ')
        if len(shape) > 1 else '%d,' % shape[0])
    pad = 64 - (10 + len(header) + 1) % 64
    header += ' ' * pad + '\n'
    fmt = '<%d%s' % (len(values), 'f' if dtype == 'f4' else 'd')
    return (b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) +
            header.encode() + struct.pack(fmt, *values))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dir')
    ap.add_argument('--shape', required=True)
    ap.add_argument('--samples', type=int, default=1)
    ap.add_argument('--seed', type=int, default=42)
    ap.add_argument('--lo', type=float, default=-1.0)
    ap.add_argument('--hi', type=float, default=1.0)
    ap.add_argument('--nan', type=int, default=-1)
    ap.add_argument('--dtype', default='f4')
    ap.add_argument('--flat', action='store_true')
    a = ap.parse_args()
    shape = [int(d) for d in a.shape.split('x')]
    n = 1
    for d in shape:
        n *= d
    s = a.seed & 0xffffffff
    for k in range(a.samples):
        vals = []
        for _ in range(n):
            s = (1664525 * s + 1013904223) & 0xffffffff
            vals.append(a.lo + (a.hi - a.lo) * s / 2.0 ** 32)
        if k == a.nan:
            vals[n // 2] = float('nan')
        d = a.dir if a.flat else os.path.join(a.dir, '%03d' % k)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, 'input_0.npy'), 'wb') as f:
            f.write(npy_bytes(shape, vals, a.dtype))


main()
