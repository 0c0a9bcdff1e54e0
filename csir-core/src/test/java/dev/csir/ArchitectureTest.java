package dev.csir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of DESIGN.md, checked over the compiled classes (every class reference in each
 * constant pool, descriptors included): the shared vocabulary depends on nothing; the front end
 * knows neither IR; the transform IR knows no CSIR, no front end and no back end; CSIR and its
 * back ends know nothing of the transform IR; no package mixes the two IRs; the SPIR-V back end
 * reads only the transform IR and the shared vocabulary.
 */
class ArchitectureTest {
    /** The CSIR world: its model, passes, verifier, interpreter, blob format and TGSI back end. */
    private static final Set<String> CSIR = Set.of("dev.csir.ir", "dev.csir.opt", "dev.csir.verify", "dev.csir.exec",
            "dev.csir.csi", "dev.csir.tgsi");
    private static final Pattern DESCRIPTOR_CLASS = Pattern.compile("L(dev/csir/[\\w/$]+);");

    /** Package to the dev.csir packages its classes refer to. */
    private static Map<String, Set<String>> deps;

    @BeforeAll
    static void scan() throws IOException, URISyntaxException {
        Path root = Path.of(ShaderCompiler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        deps = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                ClassModel model = ClassFile.of().parse(Files.readAllBytes(f));
                String pkg = packageOf(model.thisClass().asInternalName());
                Set<String> out = deps.computeIfAbsent(pkg, k -> new TreeSet<>());
                for (PoolEntry e : model.constantPool()) {
                    if (e instanceof ClassEntry c) {
                        addIfProject(out, c.asInternalName().replaceFirst("^\\[+L?", "").replace(";", ""));
                    } else if (e instanceof Utf8Entry u) {
                        Matcher m = DESCRIPTOR_CLASS.matcher(u.stringValue());
                        while (m.find()) {
                            addIfProject(out, m.group(1));
                        }
                    }
                }
                out.remove(pkg);
            }
        }
    }

    private static void addIfProject(Set<String> out, String internalName) {
        if (internalName.startsWith("dev/csir/")) {
            out.add(packageOf(internalName));
        }
    }

    private static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return internalName.substring(0, slash).replace('/', '.');
    }

    private static boolean within(String pkg, String prefix) {
        return pkg.equals(prefix) || pkg.startsWith(prefix + ".");
    }

    /** Every dependency of packages under {@code from} that lies outside {@code allowed} (or {@code from}). */
    private static List<String> violations(String from, Set<String> allowed) {
        return violations(from, allowed, Set.of());
    }

    /** The same, leaving out the packages under {@code except}. */
    private static List<String> violations(String from, Set<String> allowed, Set<String> except) {
        List<String> bad = new ArrayList<>();
        deps.forEach((pkg, uses) -> {
            if (within(pkg, from) && except.stream().noneMatch(e -> within(pkg, e))) {
                for (String u : uses) {
                    if (!within(u, from) && allowed.stream().noneMatch(a -> within(u, a))) {
                        bad.add(pkg + " -> " + u);
                    }
                }
            }
        });
        return bad;
    }

    @Test
    void theScanSeesRealDependencies() {
        // so that an empty scan cannot pass the rules below
        assertThat(deps).containsKeys("dev.csir.lang", "dev.csir.sema", "dev.csir.ssa", "dev.csir.ssa.build",
                "dev.csir.types", "dev.csir.tocsir", "dev.csir.ir");
        assertThat(deps.get("dev.csir.tocsir")).contains("dev.csir.ir", "dev.csir.ssa");
        assertThat(deps.get("dev.csir.ssa")).contains("dev.csir.types");
    }

    @Test
    void theSharedVocabularyDependsOnNothing() {
        assertThat(violations("dev.csir.types", Set.of())).isEmpty();
        assertThat(violations("dev.csir.diag", Set.of())).isEmpty();
    }

    @Test
    void theFrontEndKnowsNeitherIr() {
        assertThat(violations("dev.csir.lang", Set.of("dev.csir.types", "dev.csir.diag"))).isEmpty();
    }

    @Test
    void semanticAnalysisKnowsNeitherIr() {
        assertThat(violations("dev.csir.sema", Set.of("dev.csir.lang", "dev.csir.types", "dev.csir.diag"))).isEmpty();
    }

    @Test
    void theTransformIrKnowsNoCsirNoFrontEndAndNoBackEnd() {
        assertThat(violations("dev.csir.ssa", Set.of("dev.csir.types"), Set.of("dev.csir.ssa.build"))).isEmpty();
        // its builder reads the typed tree, and nothing downstream
        assertThat(violations("dev.csir.ssa.build", Set.of("dev.csir.ssa", "dev.csir.sema", "dev.csir.lang",
                "dev.csir.types"))).isEmpty();
    }

    @Test
    void csirKnowsNothingOfTheTransformIrOrTheFrontEnd() {
        List<String> bad = new ArrayList<>();
        for (String p : CSIR) {
            for (String v : violations(p, CSIR)) {
                if (!v.endsWith(" -> dev.csir.diag")) {
                    bad.add(v);
                }
            }
        }
        assertThat(bad).isEmpty();
    }

    /** The SPIR-V back end takes a verified transform-IR module: no CSIR, no front end, no facade. */
    @Test
    void theSpirvBackEndKnowsOnlyTheTransformIr() {
        assertThat(deps).containsKey("dev.csir.back.spirv");
        assertThat(deps.get("dev.csir.back.spirv")).contains("dev.csir.ssa", "dev.csir.ssa.verify", "dev.csir.types");
        assertThat(violations("dev.csir.back.spirv", Set.of("dev.csir.ssa", "dev.csir.types", "dev.csir.diag"),
                Set.of())).isEmpty();
    }

    /** The lowering to CSIR reads the transform IR and writes CSIR, and knows nothing else of the project. */
    @Test
    void theLoweringToCsirBridgesTheIrsAndNothingElse() {
        assertThat(violations("dev.csir.tocsir", Set.of("dev.csir.ssa", "dev.csir.ir", "dev.csir.types", "dev.csir.diag")))
                .isEmpty();
    }

    /**
     * The facade ({@code dev.csir}) drives every stage and so knows both, the lowering between
     * them ({@code dev.csir.tocsir}) reads one to write the other, and a linked program
     * ({@code dev.csir.link}) carries each stage in both forms, for the targets that start from
     * either; nothing else may.
     */
    @Test
    void noPackageMixesTheTwoIrs() {
        List<String> mixed = new ArrayList<>();
        deps.forEach((pkg, uses) -> {
            if (pkg.equals("dev.csir") || pkg.equals("dev.csir.tocsir") || pkg.equals("dev.csir.link")) {
                return;
            }
            boolean ssa = within(pkg, "dev.csir.ssa") || uses.stream().anyMatch(u -> within(u, "dev.csir.ssa"));
            boolean csir = CSIR.contains(pkg) || uses.stream().anyMatch(CSIR::contains);
            if (ssa && csir) {
                mixed.add(pkg + " " + uses);
            }
        });
        assertThat(mixed).isEmpty();
    }
}
