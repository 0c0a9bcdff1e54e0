package dev.csir.ssa.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad text yields located errors, never an exception. */
class ParseErrorTest {

    private static List<String> errors(String text) {
        ParseResult r = Parser.parse(text);
        assertThat(r).isInstanceOf(ParseResult.Failed.class);
        return ((ParseResult.Failed) r).errors().stream().map(ParseError::toString).toList();
    }

    /** A one-block function around {@code line} (the body line is line 3). */
    private static String inFunction(String line) {
        return "global @g : ptr<private, int>\nfunc @f(%arg0: int) -> int {\nbb0:\n  " + line + "\n  ret %arg0\n}\n";
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            %0 = add %9, 1:int : int                 | 4:12: unknown value %9
            br bb7                                   | 4:6: unknown block bb7
            %0 = frobnicate %arg0 : int              | 4:8: unknown opcode 'frobnicate'
            %0 = add %arg0, 1.5:int : int            | 4:19: bad constant '1.5:int': not an integer
            %0 = add %arg0, 3000000000:int : int     | 4:19: bad constant '3000000000:int': out of range
            %0 = neg 1e39:float : float              | 4:12: bad constant '1e39:float': out of range (infinities are written as raw bits)
            %0 = neg 0x1ffffffff:uint : uint         | 4:12: bad constant '0x1ffffffff:uint': more than 32 bits
            %0 = neg 1:bool : bool                   | 4:12: bad constant '1:bool': a bool is true or false
            %0 = neg true:int : int                  | 4:17: bad constant: true is a bool
            %0 = neg 1:vec2 : vec2                   | 4:14: bad constant: a number needs a scalar type
            %0 = neg {1.0:float}:vec2 : vec2         | 4:12: bad constant: 1 elements for vec2
            %0 = neg undef:void : int                | 4:18: bad constant: undef needs a type
            %0 = neg %arg0 : vec5                    | 4:20: unknown type 'vec5'
            %0 = neg %arg0 : "Nope"                  | 4:20: unknown type "Nope"
            %0 = neg %arg0 : ptr<heap, int>          | 4:24: expected an address space, found 'heap'
            %0 = neg %arg0 : float[0]                | 4:25: unknown type: no array of 0 float
            %0 = neg %arg0 : void                    | 4:20: a value's type cannot be void
            %0 = neg %arg0                           | 4:17: expected ':', found end of line
            neg %arg0 : int                          | 4:13: a type needs a result: write %N = ... : type
            %0 = load @nope : int                    | 4:13: unknown global @nope
            %0 = call @nope(%arg0) : int             | 4:13: unknown function @nope
            %0 = intrinsic sine(%arg0) : int         | 4:18: unknown intrinsic 'sine'
            %0 = atomic nand @g, 1:int : int         | 4:15: unknown atomic operation 'nand'
            %0 = neg spec(4 X) : int                 | 4:12: unknown spec constant spec(4 X)
            %arg0 = neg %arg0 : int                  | 4:3: value %arg0 defined twice
            %0 = neg %arg0 : int ; two words         | 4:30: expected end of line, found 'words'
            %0 = neg %arg0 : int ; 3                 | 4:26: expected a name, found '3'
            %0 = neg %arg0 # : int                   | 4:18: unexpected character "#"
            %0 = neg "open : int                     | 4:12: unterminated string
            %0 = neg 12ab:int : int                  | 4:12: malformed number '12ab'
            switch %arg0, bb0 [1: bb0, 2 bb0]        | 4:32: expected ':', found 'bb0'
            %0 = phi [%arg0, %arg0] : int            | 4:20: expected a block bbN, found '%arg0'
            """)
    void eachBadInstructionHasItsLocatedMessage(String line, String message) {
        assertThat(errors(inFunction(line))).containsExactly(message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            global @g : int                                     | 1:13: a global's type is a pointer, ptr<space, type>
            global @g : ptr<output, int> location=x             | 1:39: expected an integer, found 'x'
            global @g : ptr<output, int> builtin=nose           | 1:38: expected a built-in name, found 'nose'
            global @g : ptr<output, int> flat flat              | 1:35: duplicate attribute interpolation
            global @g : ptr<output, int> colour=3               | 1:30: unknown global attribute 'colour'
            global @g : ptr<private, int> = 1.0:float:int       | 1:42: expected end of line, found ':'
            entry pixel @f()                                    | 1:7: expected a shader stage, found 'pixel'
            entry vertex @nope()                                | 1:14: unknown function @nope
            entry vertex @f(@nope)                              | 1:17: unknown global @nope
            struct S { a: int, a: float }                       | 1:20: member a defined twice
            struct S { a: S }                                   | 1:15: unknown type 'S'
            spec 1 A = {1:int, 2:int}:ivec2                     | 1:12: bad constant: a spec constant's default is a scalar
            spec 1 A = 1:int x                                  | 1:18: expected end of line, found 'x'
            frob 1                                              | 1:1: expected struct, spec, global, entry or func, found 'frob'
            """)
    void eachBadModuleLineHasItsLocatedMessage(String line, String message) {
        assertThat(errors(line + "\nfunc @f() -> void {\nbb0:\n  ret\n}\n")).containsExactly(message);
    }

    @Test
    void functionLevelErrorsAreLocated() {
        assertThat(errors("func @f() -> void {\nbb0:\n  ret\nbb0:\n  ret\n}\n")).containsExactly(
                "4:1: block bb0 defined twice");
        assertThat(errors("func @f() -> void {\n  ret\n}\n")).containsExactly(
                "2:3: instruction before the first block label");
        assertThat(errors("func @f() -> void {\nbb0:\n  ret\n")).containsExactly(
                "4:1: missing '}' at the end of function @f");
        assertThat(errors("func @f() -> void {\nbb0:\n  ret\nfunc @g() -> void {\n}\n")).containsExactly(
                "4:1: missing '}' at the end of function @f");
        assertThat(errors("func @f(%arg0: int) -> void { ; a, b\n}\n")).containsExactly(
                "1:33: expected 1 parameter names, found 2");
        assertThat(errors("func @f() -> void {\n}\nfunc @f() -> void {\n}\n")).containsExactly(
                "3:6: function @f defined twice");
        assertThat(errors("func @f() -> void {\nbb0: ; selection continue=bb0\n  ret\n}\n")).containsExactly(
                "2:18: only a loop has a continue block");
        assertThat(errors("func @f() -> void {\nbb0: ; merge=bb0\n  ret\n}\n")).containsExactly(
                "2:8: merge= needs 'loop' or 'selection' first");
        assertThat(errors("func @f() -> void {\nbb0: ; loop hint=sometimes\n  ret\n}\n")).containsExactly(
                "2:18: expected a control hint (unroll, dontunroll, flatten, dontflatten), found 'sometimes'");
    }

    @Test
    void oneRunReportsEveryBadLineInTextOrder() {
        assertThat(errors("func @f() -> void {\nbb0:\n  %0 = nope : int\n  br bb9\n  %1 = neg %7 : int\n}\n"
                + "global @g : int\n")).containsExactly("3:8: unknown opcode 'nope'", "4:6: unknown block bb9",
                "5:12: unknown value %7", "7:13: a global's type is a pointer, ptr<space, type>");
    }

    @Test
    void aBadHeaderSkipsItsBodyInsteadOfReportingEveryLine() {
        assertThat(errors("func @f(%arg0) -> void {\nbb0:\n  %0 = nope\n}\nfunc @g() -> void {\nbb0:\n  ret\n}\n"))
                .containsExactly("1:14: expected ':', found ')'");
    }

    @Test
    void everyPrefixOfAValidTextParsesOrFailsWithoutThrowing() {
        for (String text : List.of(GoldenTextTest.FULL, GoldenTextTest.BROKEN, BuilderPrintTest.LOOP_TEXT)) {
            for (int n = 0; n <= text.length(); n++) {
                String prefix = text.substring(0, n);
                assertThatCode(() -> check(prefix)).as("prefix of length %d", n).doesNotThrowAnyException();
            }
        }
    }

    @Test
    void deepNestingIsAnErrorNotAStackOverflow() {
        String deep = "{".repeat(100_000);
        assertThat(errors("global @g : ptr<private, int> = " + deep + "\n")).containsExactly(
                "1:97: nested too deeply");
        assertThat(errors("global @g : " + "ptr<private, ".repeat(50_000) + "\n")).hasSize(1);
        assertThat(errors(inFunction("%0 = neg " + deep + " : int") + "global @h : int\n")).containsExactly(
                "4:76: nested too deeply", "7:13: a global's type is a pointer, ptr<space, type>");
    }

    @Test
    void garbledTextFailsWithoutThrowing() {
        Random random = new Random(42);
        String alphabet = "%@:;,=()[]{}<>-\"\\\n 0123456789abxE.";
        String base = GoldenTextTest.FULL;
        for (int round = 0; round < 2000; round++) {
            StringBuilder b = new StringBuilder(base);
            for (int k = 0; k < 1 + random.nextInt(4); k++) {
                int at = random.nextInt(b.length());
                switch (random.nextInt(3)) {
                    case 0 -> b.deleteCharAt(at);
                    case 1 -> b.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> b.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            String text = b.toString();
            assertThatCode(() -> check(text)).as(text).doesNotThrowAnyException();
        }
    }

    /**
     * Parses; a success must print to a canonical text that reads back to itself, a failure must be
     * a real located message (no internal error).
     */
    private static void check(String text) {
        switch (Parser.parse(text)) {
            case ParseResult.Parsed p -> {
                String once = Printer.print(p.module());
                assertThat(Printer.print(Parser.parse(once).orElseThrow())).isEqualTo(once);
            }
            case ParseResult.Failed f -> {
                assertThat(f.errors()).isNotEmpty();
                for (ParseError e : f.errors()) {
                    assertThat(e.message()).doesNotContain("internal");
                    assertThat(e.line()).isBetween(1, (int) text.chars().filter(c -> c == '\n').count() + 1);
                }
            }
        }
    }
}
