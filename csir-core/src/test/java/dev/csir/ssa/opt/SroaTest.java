package dev.csir.ssa.opt;

import static dev.csir.ssa.opt.SroaCfgText.check;

import org.junit.jupiter.api.Test;

class SroaTest {
    private static final Sroa SROA = new Sroa();

    @Test
    void aStructLocalBecomesOneLocalPerMember() {
        check(SROA, """
                struct S { a: float, b: int }

                func @f(%arg0: float) -> float { ; x
                bb0: ; (entry)
                  %0 = alloca : ptr<function, S> ; s
                  %1 = access %0, 0:int : ptr<function, float>
                  store %1, %arg0
                  %2 = access %0, 1:int : ptr<function, int>
                  store %2, 3:int
                  %3 = load %1 : float
                  %4 = load %2 : int
                  %5 = convert %4 : float
                  %6 = add %3, %5 : float
                  ret %6
                }
                """, """
                func @f(%arg0: float) -> float { ; x
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float> ; s.a
                  %1 = alloca : ptr<function, int> ; s.b
                  store %0, %arg0
                  store %1, 3:int
                  %2 = load %0 : float
                  %3 = load %1 : int
                  %4 = convert %3 : float
                  %5 = add %2, %4 : float
                  ret %5
                }
                """);
    }

    @Test
    void anArrayWithConstantIndicesSplitsIntoTheElementsUsed() {
        check(SROA, """
                func @g(%arg0: vec2) -> float { ; v
                bb0: ; (entry)
                  %0 = alloca : ptr<function, int> ; before
                  %1 = alloca : ptr<function, vec2[3]> ; a
                  %2 = alloca : ptr<function, int> ; after
                  %3 = access %1, 0:int : ptr<function, vec2>
                  store %3, %arg0
                  %4 = access %1, 2:uint, 1:int : ptr<function, float>
                  store %4, 1.0:float
                  %5 = access %1, 0:int, 1:int : ptr<function, float>
                  %6 = load %5 : float
                  %7 = load %4 : float
                  %8 = add %6, %7 : float
                  ret %8
                }
                """, """
                func @g(%arg0: vec2) -> float { ; v
                bb0: ; (entry)
                  %0 = alloca : ptr<function, int> ; before
                  %1 = alloca : ptr<function, vec2> ; a.0
                  %2 = alloca : ptr<function, vec2> ; a.2
                  %3 = alloca : ptr<function, int> ; after
                  store %1, %arg0
                  %4 = access %2, 1:int : ptr<function, float>
                  store %4, 1.0:float
                  %5 = access %1, 1:int : ptr<function, float>
                  %6 = load %5 : float
                  %7 = load %4 : float
                  %8 = add %6, %7 : float
                  ret %8
                }
                """);
    }

    @Test
    void aStructHoldingAnArraySplitsAllTheWayDown() {
        check(SROA, """
                struct T { w: float[2], n: int }

                func @h() -> float {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, T> ; t
                  %1 = access %0, 0:int, 1:int : ptr<function, float>
                  store %1, 2.0:float
                  %2 = access %0, 0:int : ptr<function, float[2]>
                  %3 = access %2, 0:int : ptr<function, float>
                  store %3, 1.0:float
                  %4 = load %1 : float
                  %5 = load %3 : float
                  %6 = mul %4, %5 : float
                  ret %6
                }
                """, """
                func @h() -> float {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float> ; t.w.0
                  %1 = alloca : ptr<function, float> ; t.w.1
                  store %1, 2.0:float
                  store %0, 1.0:float
                  %2 = load %1 : float
                  %3 = load %0 : float
                  %4 = mul %2, %3 : float
                  ret %4
                }
                """);
    }

    @Test
    void wholeLoadsAndStoresSplitIntoElementLoadsAndStores() {
        check(SROA, """
                struct P { a: vec2, b: float }

                func @k(%arg0: P) -> P { ; p
                bb0: ; (entry)
                  %0 = alloca : ptr<function, P> ; q
                  %1 = alloca : ptr<function, P[2]> ; arr
                  store %0, %arg0
                  %2 = access %0, 1:int : ptr<function, float>
                  store %2, 5.0:float
                  store %1, {{{1.0:float, 2.0:float}:vec2, 3.0:float}:P, undef:P}:P[2]
                  %3 = load %0 : P
                  %4 = access %1, 1:int : ptr<function, P>
                  store %4, %3
                  %5 = load %1 : P[2]
                  %6 = extract %5 [0] : P
                  ret %6
                }
                """, """
                struct P { a: vec2, b: float }

                func @k(%arg0: P) -> P { ; p
                bb0: ; (entry)
                  %0 = alloca : ptr<function, vec2> ; q.a
                  %1 = alloca : ptr<function, float> ; q.b
                  %2 = alloca : ptr<function, vec2> ; arr.0.a
                  %3 = alloca : ptr<function, float> ; arr.0.b
                  %4 = alloca : ptr<function, vec2> ; arr.1.a
                  %5 = alloca : ptr<function, float> ; arr.1.b
                  %6 = extract %arg0 [0] : vec2
                  store %0, %6
                  %7 = extract %arg0 [1] : float
                  store %1, %7
                  store %1, 5.0:float
                  store %2, {1.0:float, 2.0:float}:vec2
                  store %3, 3.0:float
                  store %4, undef:vec2
                  store %5, undef:float
                  %8 = load %0 : vec2 ; q.a
                  %9 = load %1 : float ; q.b
                  %10 = construct %8, %9 : P
                  %11 = extract %10 [0] : vec2
                  store %4, %11
                  %12 = extract %10 [1] : float
                  store %5, %12
                  %13 = load %2 : vec2 ; arr.0.a
                  %14 = load %3 : float ; arr.0.b
                  %15 = construct %13, %14 : P ; arr.0
                  %16 = load %4 : vec2 ; arr.1.a
                  %17 = load %5 : float ; arr.1.b
                  %18 = construct %16, %17 : P ; arr.1
                  %19 = construct %15, %18 : P[2]
                  %20 = extract %19 [0] : P
                  ret %20
                }
                """);
    }

    @Test
    void aDynamicIndexKeepsTheArrayWhole() {
        check(SROA, """
                struct U { v: float[4], k: int }

                func @r(%arg0: int) -> float { ; i
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[4]> ; a
                  %1 = alloca : ptr<function, U> ; u
                  %2 = access %0, 0:int : ptr<function, float>
                  store %2, 1.0:float
                  %3 = access %0, %arg0 : ptr<function, float>
                  %4 = load %3 : float
                  %5 = access %1, 0:int, %arg0 : ptr<function, float>
                  store %5, %4
                  %6 = access %1, 1:int : ptr<function, int>
                  store %6, %arg0
                  %7 = access %1, 0:int, 3:int : ptr<function, float>
                  %8 = load %7 : float
                  ret %8
                }
                """, """
                func @r(%arg0: int) -> float { ; i
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[4]> ; a
                  %1 = alloca : ptr<function, float[4]> ; u.v
                  %2 = alloca : ptr<function, int> ; u.k
                  %3 = access %0, 0:int : ptr<function, float>
                  store %3, 1.0:float
                  %4 = access %0, %arg0 : ptr<function, float>
                  %5 = load %4 : float
                  %6 = access %1, %arg0 : ptr<function, float>
                  store %6, %5
                  store %2, %arg0
                  %7 = access %1, 3:int : ptr<function, float>
                  %8 = load %7 : float
                  ret %8
                }
                """);
    }

    @Test
    void anArrayOverTheBoundStaysWhole() {
        String text = """
                func @big() -> float {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[17]> ; a
                  %1 = alloca : ptr<function, float[16]> ; b
                  %2 = access %0, 16:int : ptr<function, float>
                  store %2, 1.0:float
                  %3 = load %2 : float
                  %4 = access %1, 15:int : ptr<function, float>
                  store %4, %3
                  %5 = load %4 : float
                  ret %5
                }
                """;
        check(SROA, text, """
                func @big() -> float {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float[17]> ; a
                  %1 = alloca : ptr<function, float> ; b.15
                  %2 = access %0, 16:int : ptr<function, float>
                  store %2, 1.0:float
                  %3 = load %2 : float
                  store %1, %3
                  %4 = load %1 : float
                  ret %4
                }
                """);
    }

    /** A chain is a pointer into the element's local, whatever it is used for (here an out parameter). */
    @Test
    void aChainPassedAsAnOutParameterPointsIntoTheElementLocal() {
        check(SROA, """
                struct S { a: float, b: float }

                func @f(%arg0: float) -> float {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, S> ; s
                  %1 = alloca : ptr<function, vec2[2]> ; w
                  %2 = access %0, 0:int : ptr<function, float>
                  %3 = intrinsic modf(%arg0, %2) : float
                  %4 = load %0 : S
                  %5 = extract %4 [1] : float
                  %6 = load %1 : vec2[2]
                  store %1, %6
                  %7 = add %3, %5 : float
                  ret %7
                }
                """, """
                struct S { a: float, b: float }

                func @f(%arg0: float) -> float {
                bb0: ; (entry)
                  %0 = alloca : ptr<function, float> ; s.a
                  %1 = alloca : ptr<function, float> ; s.b
                  %2 = alloca : ptr<function, vec2> ; w.0
                  %3 = alloca : ptr<function, vec2> ; w.1
                  %4 = intrinsic modf(%arg0, %0) : float
                  %5 = load %0 : float ; s.a
                  %6 = load %1 : float ; s.b
                  %7 = construct %5, %6 : S
                  %8 = extract %7 [1] : float
                  %9 = load %2 : vec2 ; w.0
                  %10 = load %3 : vec2 ; w.1
                  %11 = construct %9, %10 : vec2[2]
                  %12 = extract %11 [0] : vec2
                  store %2, %12
                  %13 = extract %11 [1] : vec2
                  store %3, %13
                  %14 = add %4, %8 : float
                  ret %14
                }
                """);
    }
}
