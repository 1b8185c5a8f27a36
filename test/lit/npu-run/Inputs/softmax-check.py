#!/usr/bin/env python3
# test/lit/npu-run/Inputs/softmax-check.py: checks that a float32 .npy
# holds probabilities: every value in (0, 1] and the total 1 within 1e-4.
# usage: softmax-check.py FILE.npy
import struct
import sys

data = open(sys.argv[1], 'rb').read()
assert data[:6] == b'\x93NUMPY', 'not a .npy file'
hlen = struct.unpack('<H', data[8:10])[0]
assert b"'<f4'" in data[10:10 + hlen], 'not float32'
body = data[10 + hlen:]
vals = struct.unpack('<%df' % (len(body) // 4), body)
assert all(0 < v <= 1 for v in vals), 'a value outside (0, 1]'
total = sum(vals)
assert abs(total - 1) < 1e-4, 'sum %r' % total
print('%d probabilities, sum 1' % len(vals))
