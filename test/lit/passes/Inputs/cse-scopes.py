# test/lit/passes/Inputs/cse-scopes.py: prints a function whose CSE
# table must grow inside nested scopes: N distinct ops before, inside and
# after a non-isolated region and an isolated one, with repeats that
# must (or must not) be merged across them. See cse-scopes.mlir.
# usage: cse-scopes.py N
import sys

n = int(sys.argv[1])
out = []
emit = out.append
ty2 = '(i32, i32) -> i32'


def chain(prefix, name, first, other, indent='  '):
    """n ops: prefix0 = name(first), prefix<i> = name(prefix<i-1>, other)."""
    emit(f'{indent}%{prefix}0 = "{name}"({first}) : {ty2}')
    for i in range(1, n):
        emit(f'{indent}%{prefix}{i} = "{name}"(%{prefix}{i - 1}, {other})'
             f' : {ty2}')


def effect(values, indent='  '):
    types = ', '.join('i32' for _ in values)
    emit(f'{indent}"test.effect"({", ".join(values)}) : ({types}) -> ()')


emit('func.func @scopes(%a: i32, %b: i32) {')
# Outer entries; the table grows from its smallest size.
chain('o', 'test.pure_add', '%a, %b', '%a')
emit('  %k = "test.constant"() {value = 0 : i32} : () -> i32')
chain('z', 'test.pure_add', '%k, %k', '%k')
# A nested scope that grows the table again: its own chain, and repeats
# of every seventh outer op (merged).
emit('  "test.region"() ({')
chain('r', 'test.pure_mul', '%a, %b', '%b', '    ')
qs = []
for i in range(1, n, 7):
    emit(f'    %q{i} = "test.pure_add"(%o{i - 1}, %a) : {ty2}')
    qs.append(f'%q{i}')
effect([f'%r{n - 1}'] + qs, '    ')
emit('  }) : () -> ()')
# The region's chain again: its entries are gone, so these stay; a
# second copy merges with them, commuted adds with plain ones.
chain('s', 'test.pure_mul', '%a, %b', '%b')
chain('t', 'test.pure_mul', '%a, %b', '%b')
for i in range(0, n, 5):
    emit(f'  %c{i} = "test.add"(%o{i}, %b) : {ty2}')
    emit(f'  %d{i} = "test.add"(%b, %o{i}) : {ty2}')
# An isolated scope: the outer constant chain again, not merged with the
# outer one (but with a second copy inside), growing the table.
emit('  "test.isolated"() ({')
emit('    %k = "test.constant"() {value = 0 : i32} : () -> i32')
chain('w', 'test.pure_add', '%k, %k', '%k', '    ')
chain('x', 'test.pure_add', '%k, %k', '%k', '    ')
effect([f'%w{n - 1}', f'%x{n - 1}'], '    ')
emit('  }) : () -> ()')
# After it, the outer entries are back: this copy merges.
chain('u', 'test.pure_add', '%k, %k', '%k')
effect([f'%o{n - 1}', f'%z{n - 1}', f'%s{n - 1}', f'%t{n - 1}',
        f'%u{n - 1}'] + [f'%c{i}' for i in range(0, n, 5)] +
       [f'%d{i}' for i in range(0, n, 5)])
emit('  return')
emit('}')
print('\n'.join(out))
