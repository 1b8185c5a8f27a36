// Lexer and parser errors that cannot carry an expected-error annotation:
// embedded NUL, truncated input, unterminated constructs at end of file,
// binary garbage and nesting beyond IR_MAX_NESTING (512).

// RUN: printf '"foo.a"() : () -> ()\n"foo.b"\0() : () -> ()\n' > %t.nul
// RUN: not npu-opt %t.nul --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=NUL
// NUL: 2:8: error: unexpected NUL byte

// RUN: printf '"foo.a"() {s = "ab\0c"} : () -> ()\n' > %t.nulstr
// RUN: not npu-opt %t.nulstr --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=NULSTR
// NULSTR: 1:19: error: unexpected NUL byte

// RUN: printf '"foo.a"() {s = "abc' > %t.str
// RUN: not npu-opt %t.str --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=STR
// STR: 1:20: error: expected '"' in string literal

// RUN: printf '"foo.a"(' > %t.trunc1
// RUN: not npu-opt %t.trunc1 --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=TRUNC1
// TRUNC1: 1:9: error: expected ')'

// RUN: printf 'func.func @f() {\n  "foo.a"() : () -> ()\n' > %t.trunc2
// RUN: not npu-opt %t.trunc2 --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=TRUNC2
// TRUNC2: 3:1: error: expected '}'

// RUN: printf '"foo.a"() {t = !foo.bar<1, [2' > %t.pretty
// RUN: not npu-opt %t.pretty --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=PRETTY
// PRETTY: 1:24: error: unbalanced '<' character in pretty dialect name

// RUN: %python -c "import sys; sys.stdout.buffer.write(bytes(range(256)) * 4)" > %t.bin
// RUN: not npu-opt %t.bin 2>&1 | FileCheck %s --check-prefix=BIN
// BIN: error: unexpected

// RUN: %python -c "print('\"a.b\"() ({ ' * 100000)" > %t.deep1
// RUN: not npu-opt %t.deep1 --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "print('\"a.b\"() {x = ' + '[' * 100000)" > %t.deep2
// RUN: not npu-opt %t.deep2 --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "print('\"a.b\"() : () -> ' + 'tensor<' * 100000)" > %t.deep3
// RUN: not npu-opt %t.deep3 --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "print('\"a.b\"() : ' + '(' * 100000)" > %t.deep4
// RUN: not npu-opt %t.deep4 --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: error: nesting too deep (limit 512)

// 511 nested regions parse, verify and print (no stack overflow anywhere).
// RUN: %python -c "n = 255; print('\"a.b\"() ({ ' * n + '}) : () -> () ' * n)" > %t.ok
// RUN: npu-opt %t.ok --allow-unregistered-dialect | FileCheck %s --check-prefix=OK
// OK: "a.b"() ({

// A 1 MB identifier is fine.
// RUN: %python -c "print('\"a.b\"() {' + 'x' * 1000000 + ' = 1} : () -> ()')" > %t.big
// RUN: npu-opt %t.big --allow-unregistered-dialect | FileCheck %s --check-prefix=BIG
// BIG: {xxxxxxxxxx

// Integers beyond 64 bits.
// RUN: printf '"a.b"() {x = 99999999999999999999999 : i64} : () -> ()' > %t.int
// RUN: not npu-opt %t.int --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=INT
// INT: 1:14: error: integer constant out of range

// Aliases and operator chains nest without brackets; they are bounded too.
// RUN: %python -c "print('#a0 = [1]'); [print('#a%%d = [#a%%d]' %% (i, i - 1)) for i in range(1, 2000)]" > %t.alias
// RUN: not npu-opt %t.alias --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "print('\"a.b\"() {m = affine_map<(d0) -> (d0' + ' floordiv 2' * 100000 + ')>} : () -> ()')" > %t.aff
// RUN: not npu-opt %t.aff --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=DEEP
