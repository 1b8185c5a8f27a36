# Writes N values (-128 .. 127 cycled) as DTYPE .npy (i1, u1 or f4) with
# shape SHAPE (comma-separated), each value v stored as v + OFFSET times
# SCALE (for f4). Usage: mknpy.py OUT DTYPE SHAPE OFFSET SCALE
import struct
import sys

out, dt, shape, off, scale = sys.argv[1:6]
dims = [int(d) for d in shape.split(',')]
n = 1
for d in dims:
    n *= d
vals = [((i * 37) % 256 - 128 + int(off)) for i in range(n)]
fmt = {'i1': 'b', 'u1': 'B', 'f4': 'f'}[dt]
if dt == 'f4':
    vals = [v * float(scale) for v in vals]
descr = {'i1': '|i1', 'u1': '|u1', 'f4': '<f4'}[dt]
sh = '(%s,)' % dims[0] if len(dims) == 1 else '(%s)' % ', '.join(
    str(d) for d in dims)
h = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, sh)
h += ' ' * ((64 - (11 + len(h)) % 64) % 64) + '\n'
with open(out, 'wb') as f:
    f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h.encode())
    f.write(struct.pack('<%d%s' % (n, fmt), *vals))
