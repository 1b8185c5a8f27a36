// Valid pipeline forms; the statistics report shows the tree that was
// built (test-mark-func counts the functions it ran on: 2 here).
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(func.func(test-mark-func,cse),any(cse),symbol-dce)' --pass-statistics %s 2>&1 | FileCheck --check-prefix=NESTED %s
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(func.func(test-mark-func,cse),any(cse),symbol-dce)' %s | FileCheck --check-prefix=MARKED %s
// MARKED: func.func @f() attributes {test.visited}
// MARKED: func.func @g() attributes {test.visited}
// NESTED: Pass statistics report
// NESTED-NEXT: ===-
// NESTED-NEXT: {{^}}'func.func' Pipeline
// NESTED-NEXT: {{^}}  test-mark-func
// NESTED-NEXT: {{^}}    (S) 2 num-visited - functions visited
// NESTED-NEXT: {{^}}  cse
// NESTED-NEXT: {{^}}    (S) 0 num-cse'd
// NESTED-NEXT: {{^}}    (S) 0 num-dce'd
// NESTED-NEXT: {{^}}'any' Pipeline
// NESTED-NEXT: {{^}}  cse
// NESTED-NEXT: {{^}}    (S) 0 num-cse'd
// NESTED-NEXT: {{^}}    (S) 0 num-dce'd
// NESTED-NEXT: {{^}}symbol-dce
// NESTED-NEXT: {{^}}  (S) 0 num-dce'd

// Without builtin.module(...) the list runs on the module; blanks are
// allowed around names and commas.
// RUN: npu-opt --register-test-ops --pass-pipeline=' func.func( test-mark-func ) , cse ' --pass-statistics %s 2>&1 | FileCheck --check-prefix=BARE %s
// BARE: {{^}}'func.func' Pipeline
// BARE-NEXT: {{^}}  test-mark-func
// BARE-NEXT: {{^}}    (S) 2 num-visited
// BARE-NEXT: {{^}}cse

// Empty pipelines are allowed.
// RUN: npu-opt --pass-pipeline='builtin.module()' %s | FileCheck --check-prefix=EMPTY %s
// RUN: npu-opt --pass-pipeline='builtin.module(func.func())' %s | FileCheck --check-prefix=EMPTY %s
// EMPTY: func.func @f() {

// Options of every kind; a bool alone means true; quotes keep blanks.
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(test-options{i=-3 b s="a b" e=slow il=1,2,3 sl=x,y})' %s 2>&1 | FileCheck --check-prefix=OPTS %s
// OPTS: remark: test-options: i=-3 b=1 s='a b' e=slow il=[1,2,3] sl=['x','y']
// Defaults:
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(test-options)' %s 2>&1 | FileCheck --check-prefix=DEFAULTS %s
// DEFAULTS: remark: test-options: i=0 b=0 s='' e=fast il=[] sl=[]
// The last value given wins; b=false and b=0 are false.
// RUN: npu-opt --register-test-ops --pass-pipeline='builtin.module(test-options{i=1 i=2 b=false})' %s 2>&1 | FileCheck --check-prefix=LAST %s
// LAST: remark: test-options: i=2 b=0

// Pass flags run in command-line order with --pass-pipeline pieces; a
// func.func pass given as a flag is nested implicitly, and consecutive
// ones share one nested pipeline.
// RUN: npu-opt --register-test-ops --test-mark-func --cse --pass-pipeline='func.func(test-mark-func)' --test-mark-func --test-mark-func --test-options='i=7 sl=a' --pass-statistics %s 2>&1 | FileCheck --check-prefix=FLAGS %s
// FLAGS: remark: test-options: i=7 b=0 s='' e=fast il=[] sl=['a']
// FLAGS: Pass statistics report
// FLAGS-NEXT: ===-
// FLAGS-NEXT: {{^}}'func.func' Pipeline
// FLAGS-NEXT: {{^}}  test-mark-func
// FLAGS-NEXT: {{^}}    (S) 2
// FLAGS-NEXT: {{^}}cse
// FLAGS-NEXT: {{^}}  (S) 0
// FLAGS-NEXT: {{^}}  (S) 0
// FLAGS-NEXT: {{^}}'func.func' Pipeline
// FLAGS-NEXT: {{^}}  test-mark-func
// FLAGS-NEXT: {{^}}    (S) 2
// FLAGS-NEXT: {{^}}'func.func' Pipeline
// FLAGS-NEXT: {{^}}  test-mark-func
// FLAGS-NEXT: {{^}}    (S) 2
// FLAGS-NEXT: {{^}}  test-mark-func
// FLAGS-NEXT: {{^}}    (S) 2
// FLAGS-NEXT: {{^}}test-options

func.func @f() {
  return
}
func.func @g() {
  return
}
