// Every pipeline error: a message at <pass-pipeline>:1:COL, the pipeline
// text and a caret under column COL (counted by hand below), exit 2.
// RUN: %python %S/../tools/Inputs/expect-exit.py 2 npu-opt --pass-pipeline='builtin.module(foo)' %s
// RUN: not npu-opt --pass-pipeline='builtin.module(foo)' %s 2>&1 | FileCheck --strict-whitespace --check-prefix=UNKNOWN %s
// "builtin.module(" is 15 characters: foo starts at column 16.
// UNKNOWN: <pass-pipeline>:1:16: error: 'foo' does not refer to a registered pass
// UNKNOWN-NEXT: {{^}}builtin.module(foo)
// UNKNOWN-NEXT: {{^}}               ^

// RUN: not npu-opt --pass-pipeline='builtin.module(cse' %s 2>&1 | FileCheck --strict-whitespace --check-prefix=UNCLOSED %s
// UNCLOSED: <pass-pipeline>:1:19: error: expected ')' to close the pipeline
// UNCLOSED-NEXT: {{^}}builtin.module(cse
// UNCLOSED-NEXT: {{^}}                  ^

// RUN: not npu-opt --pass-pipeline='cse,,dce' %s 2>&1 | FileCheck --check-prefix=EMPTY %s
// EMPTY: <pass-pipeline>:1:5: error: expected a pass or op name

// RUN: not npu-opt --pass-pipeline='builtin.module(cse dce)' %s 2>&1 | FileCheck --check-prefix=COMMA %s
// COMMA: <pass-pipeline>:1:20: error: expected ',' or ')'

// RUN: not npu-opt --pass-pipeline='cse dce' %s 2>&1 | FileCheck --check-prefix=COMMA-TOP %s
// COMMA-TOP: <pass-pipeline>:1:5: error: expected ',' or the end of the pipeline

// RUN: not npu-opt --pass-pipeline='builtin.module(func.func(cse)) x' %s 2>&1 | FileCheck --check-prefix=TRAILING %s
// TRAILING: <pass-pipeline>:1:32: error: unexpected text after the pipeline

// RUN: not npu-opt --pass-pipeline='builtin.module(cse{x=1})' %s 2>&1 | FileCheck --strict-whitespace --check-prefix=OPTION %s
// OPTION: <pass-pipeline>:1:20: error: unknown option 'x' for pass 'cse'
// OPTION-NEXT: {{^}}builtin.module(cse{x=1})
// OPTION-NEXT: {{^}}                   ^

// RUN: not npu-opt --pass-pipeline='builtin.module(inline{max-ops=abc})' %s 2>&1 | FileCheck --check-prefix=INT %s
// INT: <pass-pipeline>:1:31: error: invalid value 'abc' for int option 'max-ops'

// RUN: not npu-opt --pass-pipeline='builtin.module(inline{max-ops})' %s 2>&1 | FileCheck --check-prefix=NOVALUE %s
// NOVALUE: <pass-pipeline>:1:30: error: option 'max-ops' needs a value ('max-ops=...')

// RUN: not npu-opt --register-test-ops --pass-pipeline='builtin.module(test-options{e=medium})' %s 2>&1 | FileCheck --check-prefix=ENUM %s
// ENUM: <pass-pipeline>:1:31: error: invalid value 'medium' for option 'e' (expected one of 'fast', 'slow')

// RUN: not npu-opt --register-test-ops --pass-pipeline='builtin.module(test-options{b=maybe})' %s 2>&1 | FileCheck --check-prefix=BOOL %s
// BOOL: <pass-pipeline>:1:31: error: invalid value 'maybe' for bool option 'b'

// The second item of the list is bad: "builtin.module(test-options{il=" is
// 31 characters, "1," 2 more: x is at column 34.
// RUN: not npu-opt --register-test-ops --pass-pipeline='builtin.module(test-options{il=1,x,3})' %s 2>&1 | FileCheck --check-prefix=LIST %s
// LIST: <pass-pipeline>:1:34: error: invalid value 'x' for int list option 'il'

// RUN: not npu-opt --register-test-ops --pass-pipeline='builtin.module(test-options{s="abc)' %s 2>&1 | FileCheck --check-prefix=QUOTE %s
// QUOTE: <pass-pipeline>:1:31: error: unterminated option value

// RUN: not npu-opt --pass-pipeline='builtin.module(cse{' %s 2>&1 | FileCheck --check-prefix=BRACE %s
// BRACE: <pass-pipeline>:1:20: error: expected '}' to close the options of 'cse'

// RUN: not npu-opt --pass-pipeline='builtin.module(cse{=1})' %s 2>&1 | FileCheck --check-prefix=OPTNAME %s
// OPTNAME: <pass-pipeline>:1:20: error: expected an option name

// A func.func pass directly in the module pipeline must be nested.
// RUN: not npu-opt --register-test-ops --pass-pipeline='builtin.module(test-mark-func)' %s 2>&1 | FileCheck --check-prefix=ANCHOR %s
// ANCHOR: <pass-pipeline>:1:16: error: pass 'test-mark-func' runs on 'func.func' ops and cannot run in a 'builtin.module' pipeline (nest it: func.func(test-mark-func))

// A module pass cannot run in a func.func pipeline.
// RUN: not npu-opt --pass-pipeline='builtin.module(func.func(symbol-dce))' %s 2>&1 | FileCheck --check-prefix=ANCHOR2 %s
// ANCHOR2: <pass-pipeline>:1:26: error: pass 'symbol-dce' runs on 'builtin.module' ops and cannot run in a 'func.func' pipeline

// Options of a pass flag are checked the same way.
// RUN: not npu-opt --inline=max-ops=no %s 2>&1 | FileCheck --check-prefix=FLAG %s
// FLAG: <pass-pipeline>:1:16: error: invalid value 'no' for int option 'max-ops'

func.func @f() {
  return
}

// Text after a flag's options ("inline{max-ops=1}}": the flag text is
// wrapped in braces, so the extra '}' is at column 18).
// RUN: not npu-opt --inline='max-ops=1}' %s 2>&1 | FileCheck --check-prefix=FLAGTEXT %s
// FLAGTEXT: <pass-pipeline>:1:18: error: unexpected text after the options

// Nesting is bounded like the parser's (IR_MAX_NESTING = 512): 512 any(
// levels are fine, 513 are not; "builtin.module(" + 512 * "any(" is 2063
// characters, so the 513th '(' is at column 2067.
// RUN: %python %S/Inputs/deep-pipeline.py npu-opt 512 %s > /dev/null
// RUN: not %python %S/Inputs/deep-pipeline.py npu-opt 513 %s 2>&1 | FileCheck --check-prefix=DEEP %s
// DEEP: <pass-pipeline>:1:2067: error: pipeline nested too deeply
