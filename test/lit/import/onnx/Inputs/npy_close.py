# test/lit/import/onnx/Inputs/npy_close.py: compares float32 .npy files
# pairwise (OUT REF ...): prints max-abs error, the reference range and
# the cosine similarity per pair, and "ok" when cosine >= --min-cos.
import math
import struct
import sys


def load(path):
    b = open(path, 'rb').read()
    if b[:6] != b'\x93NUMPY':
        sys.exit('%s: not a .npy file' % path)
    hl = struct.unpack('<H', b[8:10])[0]
    head = b[10:10 + hl].decode('latin1')
    if "'<f4'" not in head:
        sys.exit('%s: not float32' % path)
    d = b[10 + hl:]
    return struct.unpack('<%df' % (len(d) // 4), d)


def main():
    args = sys.argv[1:]
    min_cos = 0.999
    if args and args[0].startswith('--min-cos='):
        min_cos = float(args.pop(0).split('=', 1)[1])
    for i in range(0, len(args), 2):
        a, r = load(args[i]), load(args[i + 1])
        if len(a) != len(r):
            sys.exit('pair %d: %d vs %d elements' % (i // 2, len(a), len(r)))
        mx = max(abs(x - y) for x, y in zip(a, r))
        rng = max(r) - min(r)
        na = math.sqrt(sum(x * x for x in a))
        nr = math.sqrt(sum(y * y for y in r))
        cos = sum(x * y for x, y in zip(a, r)) / (na * nr) if na and nr else 0
        print('pair %d: max-abs %.3g range %.3g cosine %.6f %s' % (
            i // 2, mx, rng, cos, 'ok' if cos >= min_cos else 'FAIL'))


main()
