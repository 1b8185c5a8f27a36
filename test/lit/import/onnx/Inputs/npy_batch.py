# test/lit/import/onnx/Inputs/npy_batch.py: repeats a .npy array N times
# along its first axis (a batch of N copies), without NumPy.
# usage: npy_batch.py IN.npy OUT.npy N
import ast
import sys


def main(argv):
    src, dst, n = argv[1], argv[2], int(argv[3])
    b = open(src, 'rb').read()
    assert b[:6] == b'\x93NUMPY' and b[6] == 1, 'needs a version 1 .npy'
    hlen = int.from_bytes(b[8:10], 'little')
    head = ast.literal_eval(b[10:10 + hlen].decode('latin1'))
    data = b[10 + hlen:]
    shape = (head['shape'][0] * n,) + tuple(head['shape'][1:])
    d = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        head['descr'], repr(shape))
    hl = (10 + len(d) + 1 + 63) // 64 * 64 - 10
    header = (d + ' ' * (hl - len(d) - 1) + '\n').encode()
    with open(dst, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + hl.to_bytes(2, 'little') + header +
                data * n)


main(sys.argv)
