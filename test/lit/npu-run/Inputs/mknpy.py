#!/usr/bin/env python3
# test/lit/npu-run/Inputs/mknpy.py: writes a .npy file without NumPy.
# usage: mknpy.py OUT DESCR SHAPE VALUES [--version=2] [--corrupt=KIND]
#   DESCR  as NumPy spells it: '<f4', '|i1', '<i4', ...
#   SHAPE  comma-separated dims ("" for a scalar), VALUES comma-separated
#   KIND   truncate (drop the last byte), magic, header (no newline)
import struct
import sys

FMT = {'<f4': 'f', '<f2': 'e', '|i1': 'b', '|u1': 'B', '<i2': 'h',
       '<i4': 'i', '<i8': 'q', '>f4': 'f', '<f8': 'd', '|b1': 'B',
       '<u2': 'H', '<u4': 'I', '<u8': 'Q'}


def main(argv):
    out, descr, shape, values = argv[1:5]
    opts = dict(a[2:].split('=', 1) for a in argv[5:])
    dims = [int(d) for d in shape.split(',') if d]
    vals = [float(v) if descr[1] in 'f' else int(v)
            for v in values.split(',') if v]
    tup = '(%s)' % (', '.join(map(str, dims)) + (',' if len(dims) == 1
                                                else ''))
    d = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr,
                                                                    tup)
    ver = int(opts.get('version', '1'))
    pre = 10 if ver == 1 else 12
    hlen = (pre + len(d) + 1 + 63) // 64 * 64 - pre
    header = (d + ' ' * (hlen - len(d) - 1) + '\n').encode()
    endian = '>' if descr[0] == '>' else '<'
    data = struct.pack(endian + FMT[descr] * len(vals), *vals)
    img = (b'\x93NUMPY' + bytes([ver, 0]) +
           struct.pack('<H' if ver == 1 else '<I', hlen) + header + data)
    kind = opts.get('corrupt')
    if kind == 'truncate':
        img = img[:-1]
    elif kind == 'magic':
        img = b'\x93NUMPX' + img[6:]
    elif kind == 'header':
        img = img[:pre + hlen - 1] + b' ' + img[pre + hlen:]
    with open(out, 'wb') as f:
        f.write(img)


if __name__ == '__main__':
    main(sys.argv)
