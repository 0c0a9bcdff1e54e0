package dev.csir.bench;

import dev.csir.diag.DiagnosticLog;
import dev.csir.lang.Ast;
import dev.csir.lang.Lexer;
import dev.csir.lang.Parser;
import dev.csir.lang.Tokens;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/** Lexing and parsing speed of a typical lit vertex shader. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FrontEndBench {
    private static final String SOURCE = """
            #version 330 core
            // Per-vertex diffuse lighting.
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            uniform mat4 mvp;
            uniform vec3 lightDir;
            smooth out vec4 shade;

            float lambert(vec3 n, vec3 l) {
                return max(dot(normalize(n), -l), 0.0);
            }

            void main() {
                float k = lambert(normal, lightDir) * 0.75 + 0.25;
                shade = vec4(k, k, k, 1.0);
                gl_Position = mvp * vec4(position, 1.0);
            }
            """;

    @Benchmark
    public Tokens lex() {
        return Lexer.lex(SOURCE, new DiagnosticLog("lit.vert", SOURCE));
    }

    @Benchmark
    public Ast.Unit lexAndParse() {
        return Parser.parse(SOURCE, new DiagnosticLog("lit.vert", SOURCE));
    }
}
