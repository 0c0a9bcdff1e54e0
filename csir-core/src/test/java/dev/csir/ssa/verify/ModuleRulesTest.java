package dev.csir.ssa.verify;

import dev.csir.ssa.BuiltIn;
import dev.csir.ssa.Constant;
import dev.csir.ssa.EntryPoint;
import dev.csir.ssa.Function;
import dev.csir.ssa.GlobalVariable;
import dev.csir.ssa.SpecConstant;
import dev.csir.types.AddressSpace;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.VectorType;
import dev.csir.types.VoidType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModuleRulesTest {
    /** A void parameterless {@code f} that returns at once. */
    private static Fixture voidFunction() {
        Fixture x = new Fixture(VoidType.VOID);
        x.b.ret();
        return x;
    }

    private static GlobalVariable input(String name, int location) {
        return new GlobalVariable(name, AddressSpace.INPUT, VectorType.VEC4).setLocation(location);
    }

    @Test
    void globalNamesAreUnique() {
        Fixture x = voidFunction();
        x.module.addGlobal(new GlobalVariable("g", AddressSpace.PRIVATE, ScalarType.FLOAT));
        x.module.addGlobal(new GlobalVariable("g", AddressSpace.PRIVATE, ScalarType.INT));
        x.assertOnlyModule("global @g is declared more than once");
    }

    @Test
    void functionNamesAreUnique() {
        Fixture x = voidFunction();
        Function twin = x.module.addFunction(new Function("f", VoidType.VOID, List.of()));
        new dev.csir.ssa.Builder(twin).at(twin.addBlock("entry")).ret();
        x.assertOnlyModule("function @f is defined more than once");
    }

    @Test
    void entryPointReturnsVoid() {
        Fixture x = new Fixture(ScalarType.INT);
        x.b.ret(Constant.ofInt(0));
        x.module.entryPoints().add(new EntryPoint(ShaderStage.VERTEX, x.f, List.of(), List.of()));
        x.assertOnlyModule("entry point @f returns int; an entry point returns void");
    }

    @Test
    void entryPointTakesNoParameters() {
        Fixture x = new Fixture(VoidType.VOID, ScalarType.INT);
        x.b.ret();
        x.module.entryPoints().add(new EntryPoint(ShaderStage.VERTEX, x.f, List.of(), List.of()));
        x.assertOnlyModule("entry point @f takes 1 parameter; an entry point takes none");
    }

    @Test
    void entryPointNamesAFunctionOfTheModule() {
        Fixture x = voidFunction();
        Function stray = new Function("stray", VoidType.VOID, List.of());
        x.module.entryPoints().add(new EntryPoint(ShaderStage.FRAGMENT, stray, List.of(), List.of()));
        x.assertOnlyModule("entry point @stray is not a function of the module");
    }

    @Test
    void entryPointIsDeclaredOncePerStage() {
        Fixture x = voidFunction();
        x.module.entryPoints().add(new EntryPoint(ShaderStage.FRAGMENT, x.f, List.of(), List.of()));
        x.module.entryPoints().add(new EntryPoint(ShaderStage.FRAGMENT, x.f, List.of(), List.of()));
        x.module.entryPoints().add(new EntryPoint(ShaderStage.VERTEX, x.f, List.of(), List.of()));
        x.assertOnlyModule("entry point @f is declared more than once for the fragment stage");
    }

    @Test
    void interfaceVariablesAreInputOrOutputGlobalsOfTheModule() {
        Fixture x = voidFunction();
        GlobalVariable stray = input("stray", 0);
        GlobalVariable priv = x.module.addGlobal(new GlobalVariable("p", AddressSpace.PRIVATE, ScalarType.FLOAT));
        GlobalVariable in = x.module.addGlobal(input("in", 1));
        x.module.entryPoints().add(new EntryPoint(ShaderStage.FRAGMENT, x.f, List.of(stray, priv, in, in), List.of()));
        x.assertProblems(
                new Problem(null, -1, -1, "entry point @f lists @stray, which is not a global of the module"),
                new Problem(null, -1, -1, "entry point @f lists @p (private); interface variables are input or output"),
                new Problem(null, -1, -1, "entry point @f lists @in more than once"));
    }

    @Test
    void computeEntryPointHasThreeLocalSizes() {
        Fixture x = voidFunction();
        x.module.entryPoints().add(new EntryPoint(ShaderStage.COMPUTE, x.f, List.of(), List.of(8, 8)));
        x.assertOnlyModule("compute entry point @f has local size [8, 8]; it needs 3 sizes of at least 1");
    }

    @Test
    void computeLocalSizesAreAtLeastOne() {
        Fixture x = voidFunction();
        x.module.entryPoints().add(new EntryPoint(ShaderStage.COMPUTE, x.f, List.of(), List.of(8, 0, 1)));
        x.assertOnlyModule("compute entry point @f has local size [8, 0, 1]; it needs 3 sizes of at least 1");
    }

    @Test
    void otherStagesHaveNoLocalSize() {
        Fixture x = voidFunction();
        x.module.entryPoints().add(new EntryPoint(ShaderStage.FRAGMENT, x.f, List.of(), List.of(1, 1, 1)));
        x.assertOnlyModule("fragment entry point @f has local size [1, 1, 1]; only compute entry points have one");
    }

    @Test
    void stageVariablesHaveALocationOrABuiltInNotBoth() {
        Fixture x = voidFunction();
        x.module.addGlobal(new GlobalVariable("a", AddressSpace.INPUT, VectorType.VEC4));
        x.module.addGlobal(new GlobalVariable("b", AddressSpace.OUTPUT, VectorType.VEC4).setLocation(0)
                .setBuiltIn(BuiltIn.POSITION));
        x.module.addGlobal(new GlobalVariable("c", AddressSpace.OUTPUT, VectorType.VEC4).setBuiltIn(BuiltIn.POSITION));
        x.assertProblems(new Problem(null, -1, -1, "stage variable @a has neither a location nor a built-in"),
                new Problem(null, -1, -1, "stage variable @b has both location 0 and built-in position"));
    }

    @Test
    void onlyStageVariablesHaveALocation() {
        Fixture x = voidFunction();
        x.module.addGlobal(new GlobalVariable("p", AddressSpace.PRIVATE, ScalarType.FLOAT).setLocation(2));
        x.assertOnlyModule("@p (private) has a location or built-in; only input and output globals have one");
    }

    @Test
    void resourcesHaveASetAndBinding() {
        Fixture x = voidFunction();
        x.module.addGlobal(new GlobalVariable("u", AddressSpace.UNIFORM, VectorType.VEC4));
        x.module.addGlobal(new GlobalVariable("s", AddressSpace.STORAGE_BUFFER, VectorType.VEC4).setBinding(0, -1));
        x.assertProblems(new Problem(null, -1, -1, "resource @u has no set and binding"),
                new Problem(null, -1, -1, "resource @s has no set and binding"));
    }

    @Test
    void onlyResourcesHaveABinding() {
        Fixture x = voidFunction();
        x.module.addGlobal(new GlobalVariable("w", AddressSpace.WORKGROUP, ScalarType.INT).setBinding(0, 1));
        x.assertOnlyModule("@w (workgroup) has a set and binding; only uniform, uniform_constant and storage "
                + "globals have one");
    }

    @Test
    void samplersLiveInUniformConstantAndOnlyThey() {
        Fixture x = voidFunction();
        x.module.addGlobal(new GlobalVariable("t", AddressSpace.PRIVATE, SamplerType.SAMPLER2D));
        x.module.addGlobal(new GlobalVariable("k", AddressSpace.UNIFORM_CONSTANT, ScalarType.FLOAT).setBinding(0, 0));
        x.assertProblems(
                new Problem(null, -1, -1, "@t holds sampler2D in private; samplers and images are uniform_constant globals"),
                new Problem(null, -1, -1, "@k holds float in uniform_constant, which holds only samplers and images"));
    }

    @Test
    void initializersOnlyOnPrivateAndWorkgroupGlobals() {
        Fixture x = voidFunction();
        x.module.addGlobal(input("in", 0).setInitializer(Constant.splat(VectorType.VEC4, Constant.ofFloat(0))));
        x.module.addGlobal(new GlobalVariable("w", AddressSpace.WORKGROUP, ScalarType.INT).setInitializer(
                Constant.ofInt(0)));
        x.assertOnlyModule("@in (input) has an initializer; only private and workgroup globals have one");
    }

    @Test
    void initializerHasTheGlobalsTypeAndIsWellFormed() {
        Fixture x = voidFunction();
        x.module.addGlobal(new GlobalVariable("a", AddressSpace.PRIVATE, ScalarType.FLOAT).setInitializer(
                Constant.ofInt(1)));
        x.module.addGlobal(new GlobalVariable("b", AddressSpace.PRIVATE, VectorType.VEC2).setInitializer(
                new Constant.Composite(VectorType.VEC2, List.of(Constant.ofFloat(1), Constant.ofInt(1)))));
        x.assertProblems(new Problem(null, -1, -1, "the initializer of @a is int; the global holds float"),
                new Problem(null, -1, -1, "the initializer of @b is malformed: element 1 of the vec2 is int, expected float"));
    }

    @Test
    void specConstantsHaveADefaultAndUniqueNonNegativeIds() {
        Fixture x = voidFunction();
        x.module.specConstants().add(new SpecConstant(1, "A", Constant.ofInt(1)));
        x.module.specConstants().add(new SpecConstant(1, "B", Constant.ofInt(2)));
        x.module.specConstants().add(new SpecConstant(1, "C", Constant.ofInt(3)));
        x.module.specConstants().add(new SpecConstant(2, "D", null));
        x.module.specConstants().add(new SpecConstant(-3, "E", Constant.ofBool(true)));
        x.assertProblems(new Problem(null, -1, -1, "spec constant id 1 is used more than once"),
                new Problem(null, -1, -1, "spec constant 2 (D) has no default"),
                new Problem(null, -1, -1, "spec constant E has id -3; ids are at least 0"));
    }
}
