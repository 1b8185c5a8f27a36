# compare.py: compares npu_values.py's tensors with ort_dump.js's.
#
# Usage: compare.py NPUDIR ORTDIR
# For each tensor of NPUDIR/names.txt (model order) that ORTDIR also has:
# its name, element count, how many elements differ and the largest
# absolute difference; then a summary line. Needs no NumPy. Exit 0 when
# both were read, 1 when a file is bad or shapes differ, 2 on usage.
import os
import struct
import sys

FMT = {"'<f4'": 'f', "'|u1'": 'B', "'|i1'": 'b', "'<i8'": 'q',
       "'<i4'": 'i'}


def load(path):
    b = open(path, 'rb').read()
    if b[:6] != b'\x93NUMPY' or len(b) < 10:
        raise ValueError('%s: not a .npy file' % path)
    hl = struct.unpack('<H', b[8:10])[0]
    head = b[10:10 + hl].decode('latin1')
    for d, c in FMT.items():
        if d in head:
            n = (len(b) - 10 - hl) // struct.calcsize(c)
            return struct.unpack('<%d%s' % (n, c), b[10 + hl:10 + hl +
                                 n * struct.calcsize(c)])
    raise ValueError('%s: unsupported dtype' % path)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write('usage: compare.py NPUDIR ORTDIR\n')
        sys.exit(2)
    ours, ort = sys.argv[1:]
    same = total = 0
    try:
        lines = open(os.path.join(ours, 'names.txt')).read().splitlines()
        for ln in lines:
            name, f = ln.split('\t')[:2]
            if not os.path.exists(os.path.join(ort, f)):
                continue
            a, r = load(os.path.join(ours, f)), load(os.path.join(ort, f))
            if len(a) != len(r):
                raise ValueError('%s: %d vs %d elements' % (name, len(a),
                                                           len(r)))
            diff = [abs(x - y) for x, y in zip(a, r) if x != y]
            total += 1
            same += not diff
            print('%s: %d elements, %d differ, max-abs %.3g' % (
                name, len(a), len(diff), max(diff, default=0)))
    except (OSError, ValueError) as e:
        sys.stderr.write('compare.py: %s\n' % e)
        sys.exit(1)
    print('%d of %d tensors identical' % (same, total))


main()
