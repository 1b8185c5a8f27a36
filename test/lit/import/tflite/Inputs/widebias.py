# test/lit/import/tflite/Inputs/widebias.py: copies a .tflite whose
# int64 bias starts with the values FIRST, SECOND (little endian, side
# by side) with the first one replaced by 2^33 + FIRST, a value no int32
# holds. Usage: widebias.py IN OUT FIRST SECOND
import struct
import sys

src, dst, first, second = sys.argv[1], sys.argv[2], int(sys.argv[3]), \
    int(sys.argv[4])
data = bytearray(open(src, 'rb').read())
pat = struct.pack('<qq', first, second)
at = data.find(pat)
if at < 0 or data.find(pat, at + 1) >= 0:
    sys.exit('widebias.py: the bias is not found exactly once')
data[at:at + 8] = struct.pack('<q', (1 << 33) + first)
open(dst, 'wb').write(data)
