# test/lit/targets/ethos_u/Inputs/codegen-many.py: prints an npu module
# whose function returns N table lookups of its input (a run with N
# results).
# usage: codegen-many.py N
import sys

n = int(sys.argv[1])
t = 'tensor<1x4xi8>'
print('module {')
print('  func.func @f(%%x: %s) -> (%s) {' % (t, ', '.join([t] * n)))
for i in range(n):
    print('    %%%d = "npu.lut"(%%x) {table = dense<%d> : tensor<256xi8>}'
          ' : (%s) -> %s' % (i, i - 128, t, t))
print('    return %s : %s' % (', '.join('%%%d' % i for i in range(n)),
                               ', '.join([t] * n)))
print('  }')
print('}')
