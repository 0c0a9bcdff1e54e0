package dev.csir.ssa.opt;

import static dev.csir.ssa.opt.CombineTesting.combines;
import static dev.csir.ssa.opt.CombineTesting.keeps;

import org.junit.jupiter.api.Test;

/** Composite folding, extract forwarding, shuffle of shuffle and dynamic indices. */
class CombineCompositeTest {

    @Test
    void compositesOfConstantsFold() {
        // (the constant composites to extract from and insert into are built by a construct first: in
        // the text form, a constant composite right before an index path would read as an array type)
        combines("""
                  %0 = construct 1.0:float, 2.0:float : vec2
                  store @v2, %0
                  %1 = construct %0, 3.0:float, 4.0:float : vec4
                  store @v4, %1
                  %2 = construct %0, {3.0:float, 4.0:float}:vec2 : mat2
                  store @m2, %2
                  %3 = extract %2 [1, 0] : float
                  store @x, %3
                  %4 = construct 1.0:float, 2.0:float, 3.0:float : vec3
                  %5 = insert 9.0:float, %4 [1] : vec3
                  store @v3, %5
                  %6 = insert %0, %2 [0] : mat2
                  store @m2, %6
                  %7 = shuffle {3.0:float, 4.0:float}:vec2, %0 [1, 2, 0] : vec3
                  store @v3, %7
                  %8 = construct 1.0:float, undef:float : vec2
                  store @v2, %8
                  %9 = extract %8 [1] : float
                  store @x, %9
                  %10 = extractdyn {1:int, 2:int}:ivec2, 1:int : int
                  store @i, %10
                  %11 = insertdyn {1:int, 2:int}:ivec2, 5:int, 0:uint : ivec2
                  store @iv2, %11
                  %12 = shuffle {3.0:float, 4.0:float}:vec2, %0 [2] : float
                  store @x, %12
                  %13 = shuffle undef:vec2, %0 [0, 3] : vec2
                  store @v2, %13
                """, """
                  store @v2, {1.0:float, 2.0:float}:vec2
                  store @v4, {1.0:float, 2.0:float, 3.0:float, 4.0:float}:vec4
                  store @m2, {{1.0:float, 2.0:float}:vec2, {3.0:float, 4.0:float}:vec2}:mat2
                  store @x, 3.0:float
                  store @v3, {1.0:float, 9.0:float, 3.0:float}:vec3
                  store @m2, {{1.0:float, 2.0:float}:vec2, {3.0:float, 4.0:float}:vec2}:mat2
                  store @v3, {4.0:float, 1.0:float, 3.0:float}:vec3
                  store @v2, {1.0:float, undef:float}:vec2
                  store @x, undef:float
                  store @i, 2:int
                  store @iv2, {5:int, 2:int}:ivec2
                  store @x, 1.0:float
                  store @v2, {undef:float, 2.0:float}:vec2
                """);
    }

    @Test
    void aDynamicIndexOutOfRangeIsLeftToTheGpu() {
        keeps("""
                  %0 = extractdyn {1:int, 2:int}:ivec2, 2:int : int
                  store @i, %0
                  %1 = extractdyn %arg7, -1:int : int
                  store @i, %1
                  %2 = insertdyn %arg7, 1:int, 4294967295:uint : ivec2
                  store @iv2, %2
                  %3 = extractdyn %arg7, %arg0 : int
                  store @i, %3
                """);
    }

    @Test
    void aConstantDynamicIndexInRangeBecomesAConstantPath() {
        combines("""
                  %0 = extractdyn %arg7, 1:int : int
                  store @i, %0
                  %1 = insertdyn %arg7, %arg0, 0:int : ivec2
                  store @iv2, %1
                """, """
                  %0 = extract %arg7 [1] : int
                  store @i, %0
                  %1 = insert %arg0, %arg7 [0] : ivec2
                  store @iv2, %1
                """);
    }

    @Test
    void extractOfAConstructForwardsTheElement() {
        combines("""
                  %0 = construct %arg1, 2.0:float, %arg1 : vec3
                  %1 = extract %0 [2] : float
                  store @x, %1
                  %2 = construct %arg6, %arg1, %arg1 : vec4
                  %3 = extract %2 [1] : float
                  store @x, %3
                  %4 = extract %2 [2] : float
                  store @x, %4
                  %5 = construct %arg6, %arg6 : mat2
                  %6 = extract %5 [1] : vec2
                  store @v2, %6
                  %7 = extract %5 [1, 0] : float
                  store @x, %7
                """, """
                  %0 = construct %arg1, 2.0:float, %arg1 : vec3
                  store @x, %arg1
                  %1 = construct %arg6, %arg1, %arg1 : vec4
                  %2 = extract %arg6 [1] : float
                  store @x, %2
                  store @x, %arg1
                  %3 = construct %arg6, %arg6 : mat2
                  store @v2, %arg6
                  %4 = extract %arg6 [0] : float
                  store @x, %4
                """);
    }

    @Test
    void extractOfAnInsertLooksThroughIt() {
        combines("""
                  %0 = insert %arg1, %arg4 [2] : vec4
                  %1 = extract %0 [2] : float
                  store @x, %1
                  %2 = extract %0 [3] : float
                  store @x, %2
                  %3 = construct %arg6, %arg6 : mat2
                  %4 = insert {1.0:float, 2.0:float}:vec2, %3 [1] : mat2
                  %5 = extract %4 [1, 1] : float
                  store @x, %5
                  %6 = insert %arg6, %3 [1] : mat2
                  %7 = extract %6 [1, 1] : float
                  store @x, %7
                  %8 = extract %arg4 [1] : float
                  %9 = insert %8, %arg4 [1] : vec4
                  store @v4, %9
                """, """
                  %0 = insert %arg1, %arg4 [2] : vec4
                  store @x, %arg1
                  %1 = extract %arg4 [3] : float
                  store @x, %1
                  %2 = construct %arg6, %arg6 : mat2
                  %3 = insert {1.0:float, 2.0:float}:vec2, %2 [1] : mat2
                  store @x, 2.0:float
                  %4 = insert %arg6, %2 [1] : mat2
                  %5 = extract %arg6 [1] : float
                  store @x, %5
                  %6 = extract %arg4 [1] : float
                  store @v4, %arg4
                """);
        // extracting a whole column that an insert only changed one element of is not forwarded
        keeps("""
                  %0 = construct %arg6, %arg6 : mat2
                  %1 = insert %arg1, %0 [1, 0] : mat2
                  %2 = extract %1 [1] : vec2
                  store @v2, %2
                """);
    }

    @Test
    void shuffleOfShuffleTakesLanesFromTheOriginalVectors() {
        combines("""
                  %0 = shuffle %arg4, %arg5 [4, 5, 0, 1] : vec4
                  %1 = shuffle %0, %0 [1, 2] : vec2
                  store @v2, %1
                  %2 = shuffle %arg4, %arg4 [3, 2, 1, 0] : vec4
                  %3 = shuffle %2, %2 [3, 2, 1, 0] : vec4
                  store @v4, %3
                  %4 = shuffle %arg4, %arg6 [0, 1, 2, 3] : vec4
                  store @v4, %4
                  %5 = shuffle %2, %arg6 [0, 5, 4] : vec3
                  store @v3, %5
                """, """
                  %0 = shuffle %arg4, %arg5 [4, 5, 0, 1] : vec4
                  %1 = shuffle %arg5, %arg4 [1, 4] : vec2
                  store @v2, %1
                  %2 = shuffle %arg4, %arg4 [3, 2, 1, 0] : vec4
                  store @v4, %arg4
                  store @v4, %arg4
                  %3 = shuffle %arg4, %arg6 [3, 5, 4] : vec3
                  store @v3, %3
                """);
        // three different vectors do not fit one shuffle
        keeps("""
                  %0 = shuffle %arg4, %arg5 [0, 4, 1, 5] : vec4
                  %1 = shuffle %0, %arg6 [0, 1, 4, 5] : vec4
                  store @v4, %1
                """);
    }

    @Test
    void aOneLaneShuffleIsAnExtract() {
        combines("""
                  %0 = construct %arg1, %arg1, 2.0:float, 3.0:float : vec4
                  %1 = shuffle %arg6, %0 [3] : float
                  store @x, %1
                """, """
                  %0 = construct %arg1, %arg1, 2.0:float, 3.0:float : vec4
                  store @x, %arg1
                """);
    }
}
