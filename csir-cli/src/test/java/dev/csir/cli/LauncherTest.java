package dev.csir.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./csir} launcher rebuilds exactly when the sources changed: run in a git checkout
 * of its own (the real script and {@code tools/jdk.sh}, a one-file source tree), with a
 * stand-in {@code mvn} on the PATH that only counts its builds and leaves a jar.
 */
class LauncherTest {
    @TempDir
    Path root;
    private Path builds;

    @BeforeEach
    void checkout() throws Exception {
        Path repo = Path.of(System.getProperty("user.dir")).getParent();
        Files.createDirectories(root.resolve("tools"));
        Files.copy(repo.resolve("csir"), root.resolve("csir"));
        Files.copy(repo.resolve("tools/jdk.sh"), root.resolve("tools/jdk.sh"));
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Path src = Files.createDirectories(root.resolve("csir-core/src/main/java"));
        Files.writeString(src.resolve("A.java"), "class A {}\n");
        Path bin = Files.createDirectories(root.resolve("fake-bin"));
        builds = root.resolve("builds.log");
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\necho build >> '" + builds + "'\nmkdir -p csir-cli/target\n"
                + "echo not-a-jar > csir-cli/target/csir.jar\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(root.resolve(".gitignore"), "csir-cli/target/\nfake-bin/\nbuilds.log\nstand-in/\nprobe.jar\n");
        run("git", "init", "-q");
        run("git", "-c", "user.email=t@example.org", "-c", "user.name=t", "add", ".");
        run("git", "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-q", "-m", "sources");
    }

    @Test
    void buildsOnFirstUseAndAfterEveryChangeOnlyThen() throws Exception {
        String first = launch();
        assertThat(first).contains("building the command line tool");
        // the stand-in jar cannot make a start-up cache: tried once per build, then left alone
        assertThat(first).contains("preparing the start-up cache");
        assertThat(root.resolve("csir-cli/target/csir.aot")).doesNotExist();
        String second = launch();
        assertThat(second).doesNotContain("building").doesNotContain("preparing");
        assertThat(builds()).isEqualTo(1);
        // an edit not yet committed, then another edit of the same file, then a new file
        Path a = root.resolve("csir-core/src/main/java/A.java");
        Files.writeString(a, "class A { int x; }\n");
        assertThat(launch()).contains("building");
        assertThat(launch()).doesNotContain("building");
        Files.writeString(a, "class A { int y; }\n");
        assertThat(launch()).contains("building");
        Files.writeString(root.resolve("csir-core/src/main/java/B.java"), "class B {}\n");
        assertThat(launch()).contains("building");
        assertThat(launch()).doesNotContain("building");
        // committing what was built changes the commit: one more build, then none
        run("git", "-c", "user.email=t@example.org", "-c", "user.name=t", "add", ".");
        run("git", "-c", "user.email=t@example.org", "-c", "user.name=t", "commit", "-q", "-m", "more");
        assertThat(launch()).contains("building");
        assertThat(launch()).doesNotContain("building");
        // a file outside the sources does not count
        Files.writeString(root.resolve("notes.txt"), "x\n");
        assertThat(launch()).doesNotContain("building");
        assertThat(builds()).isEqualTo(5);
    }

    @Test
    void aRealJarGetsAStartupCacheThatEveryLaterStartUses() throws Exception {
        // a jar whose main prints the JVM's options, put in place by the stand-in build, and the
        // class the launcher's training run of the cache starts (dev.csir.cli.AotTraining)
        Path classes = Files.createDirectories(root.resolve("stand-in"));
        Path source = Files.writeString(classes.resolve("Probe.java"), """
                public class Probe {
                    public static void main(String[] args) {
                        System.out.println("options " + java.lang.management.ManagementFactory.getRuntimeMXBean()
                                .getInputArguments());
                    }
                }
                """);
        Path training = Files.writeString(classes.resolve("AotTraining.java"), """
                package dev.csir.cli;
                public class AotTraining {
                    public static void main(String[] args) {
                        System.out.println("trained on " + args.length + " arguments");
                    }
                }
                """);
        assertThat(javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                source.toString(), training.toString())).isZero();
        Path jar = root.resolve("probe.jar");
        java.util.jar.Manifest manifest = new java.util.jar.Manifest();
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MAIN_CLASS, "Probe");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (String entry : List.of("Probe.class", "dev/csir/cli/AotTraining.class")) {
                out.putNextEntry(new java.util.jar.JarEntry(entry));
                out.write(Files.readAllBytes(classes.resolve(entry)));
                out.closeEntry();
            }
        }
        Files.writeString(root.resolve("fake-bin/mvn"), "#!/bin/sh\necho build >> '" + builds + "'\n"
                + "mkdir -p csir-cli/target\ncp '" + jar + "' csir-cli/target/csir.jar\n");
        String first = launch();
        assertThat(first).contains("building", "preparing the start-up cache");
        Path cache = root.resolve("csir-cli/target/csir.aot");
        assertThat(cache).isNotEmptyFile();
        assertThat(first).contains("-XX:AOTCache=" + cache);
        String second = launch();
        assertThat(second).doesNotContain("building").doesNotContain("preparing").contains("-XX:AOTCache=" + cache);
        // a rebuild makes a fresh cache
        Files.writeString(root.resolve("csir-core/src/main/java/A.java"), "class A { int z; }\n");
        assertThat(launch()).contains("building", "preparing the start-up cache");
        assertThat(cache).isNotEmptyFile();
    }

    private int builds() throws IOException {
        return Files.exists(builds) ? Files.readAllLines(builds).size() : 0;
    }

    /** Runs {@code ./csir --version}; its standard error (the jar itself is a stand-in and fails to start). */
    private String launch() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of("bash", root.resolve("csir").toString(), "--version"))
                .directory(root.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", root.resolve("fake-bin") + ":" + System.getenv("PATH"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    private void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }
}
