# test/lit/targets/ethos_u/Inputs/vela-exp-table.py: checks that the
# exp_table ethos-u-legalize{softmax=vela} put on npu.softmax is, byte for
# byte, the 1024-byte exp LUT Vela wrote into its compiled model's flash
# (the ethos_u.stream op's `flash` attribute after npu-translate's
# import), and prints where it was found.
# usage: vela-exp-table.py LOWERED.mlir IMPORTED_VELA.mlir
import re
import sys


def dense(path, name):
    m = re.search(name + r' = dense<"0x([0-9A-F]*)"', open(path).read())
    if not m:
        sys.exit('%s: no %s attribute' % (path, name))
    return bytes.fromhex(m.group(1))


def main():
    table = dense(sys.argv[1], 'exp_table')
    flash = dense(sys.argv[2], 'flash')
    at = flash.find(table)
    if len(table) != 1024 or at < 0:
        print('exp_table not in Vela\'s flash')
        return 1
    print('exp_table: 1024 bytes, equal to Vela\'s flash at 0x%x' % at)
    return 0


sys.exit(main())
