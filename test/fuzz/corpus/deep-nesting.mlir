// Nesting just under and around the parser's bound; every level must give
// a module or a clean error.
"a.b"() {x = [[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]} : () -> ()
"a.r"() ({ "a.r"() ({ "a.r"() ({ "a.r"() ({ "a.t"() : () -> () }) : () -> () }) : () -> () }) : () -> () }) : () -> ()
