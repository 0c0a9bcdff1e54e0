package dev.csir.sema;

import dev.csir.diag.Messages;
import dev.csir.lang.Ast;
import dev.csir.lang.Ast.Pos;
import dev.csir.lang.Client;
import dev.csir.lang.GlslVersion;
import dev.csir.lang.LayoutIds;
import dev.csir.types.BufferLayout;
import dev.csir.types.SamplerType;
import dev.csir.types.ScalarType;
import dev.csir.types.ShaderStage;
import dev.csir.types.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The layout qualifiers of global declarations and the interface blocks (GLSL 4.60 sections 4.3.9
 * and 4.4, with glslang's rules for each client): which ids each kind of declaration may carry,
 * what the Vulkan client requires and forbids, the offsets of uniform block members, and the
 * variables a block's members become (each a {@link Typed.Variable} with its {@link Typed.Member}).
 */
final class Interfaces {
    private static final Set<String> STAGE_VARIABLE = Set.of("location", "component", "set");
    private static final Set<String> SAMPLER = Set.of("binding", "set", "location");
    private static final Set<String> SUBPASS = Set.of("binding", "set", "input_attachment_index");
    /** The largest input attachment index glslang takes. */
    static final int MAX_INPUT_ATTACHMENT = 254;
    private static final Set<String> LOOSE_UNIFORM = Set.of("location", "set");
    private static final Set<String> CONSTANT = Set.of("constant_id");
    private static final Set<String> UNIFORM_BLOCK = Set.of("binding", "set", "std140", "std430", "shared", "packed",
            "push_constant", "column_major");
    private static final Set<String> STAGE_BLOCK = Set.of("location");
    private static final Set<String> UNIFORM_MEMBER = Set.of("offset", "align", "column_major");
    private static final Set<String> STAGE_MEMBER = Set.of("location");
    private static final Set<String> DEFAULT = Set.of("std140", "shared", "packed", "column_major");

    private final Checker checker;
    private final Client client;
    /** The packing of {@code layout(std140) uniform;}, or null while none was declared. */
    private String defaultPacking;
    private boolean pushConstant;
    private boolean earlyFragmentTests;
    private final Set<Integer> constantIds = new HashSet<>();

    Interfaces(Checker checker, Client client) {
        this.checker = checker;
        this.client = client;
    }

    /**
     * The decoration of a global variable of {@code storage} from its layout; null after
     * reporting why the layout does not fit the declaration.
     */
    Typed.Decoration variable(Ast.VarDecl v, Typed.Storage storage) {
        Ast.Layout l = v.qualifiers().layout();
        boolean sampler = v.type().isOpaque();
        Set<String> allowed = switch (storage) {
            case INPUT, OUTPUT -> STAGE_VARIABLE;
            case UNIFORM -> subpass(v.type()) ? SUBPASS : sampler ? SAMPLER : LOOSE_UNIFORM;
            case CONST -> CONSTANT;
            default -> Set.of();
        };
        if (!allowedIds(l, allowed, storage == Typed.Storage.UNIFORM)) {
            return null;
        }
        if ((storage == Typed.Storage.INPUT || storage == Typed.Storage.OUTPUT) && l.has("location")
                && !stageLocationAllowed(storage)) {
            return fail(l.id("location").pos(), Messages.LOCATION_VERSION);
        }
        if (storage == Typed.Storage.UNIFORM && l.has("location") && client == Client.OPENGL && !uniformLocationAllowed()) {
            return fail(l.id("location").pos(), Messages.UNIFORM_LOCATION_VERSION);
        }
        if (client == Client.VULKAN) {
            if (storage == Typed.Storage.UNIFORM && !sampler) {
                return fail(v.pos(), Messages.LOOSE_UNIFORM_VULKAN);
            }
            if (storage == Typed.Storage.UNIFORM && !l.has("binding")) {
                return fail(v.pos(), Messages.SAMPLER_NEEDS_BINDING);
            }
            if ((storage == Typed.Storage.INPUT || storage == Typed.Storage.OUTPUT) && !l.has("location")) {
                return fail(v.pos(), Messages.LOCATION_NEEDS_VULKAN);
            }
        }
        if (!component(l, v.type())) {
            return null;
        }
        int constantId = l.value("constant_id");
        if (l.has("constant_id")) {
            if (!(v.type() instanceof ScalarType)) {
                return fail(l.id("constant_id").pos(), Messages.CONSTANT_ID_SCALAR);
            }
            if (!constantIds.add(constantId)) {
                return fail(l.id("constant_id").pos(), Messages.CONSTANT_ID_REUSED);
            }
        }
        if (subpass(v.type()) && !subpassInput(v, l)) {
            return null;
        }
        int set = sampler ? l.value("set") : -1;
        return new Typed.Decoration(set, l.value("binding"), l.value("component"), constantId, null)
                .withInputAttachment(l.value("input_attachment_index"));
    }

    /**
     * Whether this version takes a location on a stage variable, as glslang has it: a vertex input
     * or fragment output from GLSL 3.30 and ES 3.00 (or with GL_ARB_explicit_attrib_location), any
     * other from GLSL 4.10 and ES 3.10 (or with GL_ARB_separate_shader_objects, which also gives
     * the first kind); the documented subset, which has no version, takes them all.
     */
    private boolean stageLocationAllowed(Typed.Storage storage) {
        dev.csir.lang.GlslVersion v = checker.version();
        boolean sso = !v.es() && v.enabled("GL_ARB_separate_shader_objects");
        boolean attribute = (storage == Typed.Storage.INPUT) == (checker.stage() == ShaderStage.VERTEX);
        if (!v.explicit() || sso || v.number() >= (v.es() ? 310 : 410)) {
            return true;
        }
        return attribute && (v.number() >= (v.es() ? 300 : 330) || !v.es() && v.enabled("GL_ARB_explicit_attrib_location"));
    }

    /** A uniform's location, as glslang has it: GLSL 4.30 and ES 3.10 on, or GL_ARB_explicit_uniform_location from 3.30. */
    private boolean uniformLocationAllowed() {
        dev.csir.lang.GlslVersion v = checker.version();
        return !v.explicit() || v.number() >= (v.es() ? 310 : 430)
                || !v.es() && v.number() >= 330 && v.enabled("GL_ARB_explicit_uniform_location");
    }

    private static boolean subpass(Type t) {
        while (t instanceof dev.csir.types.ArrayType a) {
            t = a.element();
        }
        return t instanceof dev.csir.types.SubpassInputType;
    }

    /** An input attachment's rules, glslang's: fragment shaders only, with an index in range. */
    private boolean subpassInput(Ast.VarDecl v, Ast.Layout l) {
        if (checker.stage() != ShaderStage.FRAGMENT) {
            checker.error(v.pos(), Messages.SUBPASS_STAGE);
            return false;
        }
        if (!l.has("input_attachment_index")) {
            checker.error(v.pos(), Messages.SUBPASS_NEEDS_INDEX);
            return false;
        }
        if (l.value("input_attachment_index") > MAX_INPUT_ATTACHMENT) {
            checker.error(l.id("input_attachment_index").pos(), Messages.INPUT_ATTACHMENT_TOO_LARGE);
            return false;
        }
        return true;
    }

    /** {@code layout(std140) uniform;} and its kin: packing alone, for the blocks after it. */
    void defaultLayout(Ast.DefaultLayout d) {
        Ast.Layout l = d.qualifiers().layout();
        if (l.has("early_fragment_tests")) {
            earlyFragmentTests(d);
            return;
        }
        for (Ast.LayoutId id : l.ids()) {
            if (!DEFAULT.contains(id.name()) || d.qualifiers().storage() != Ast.Storage.UNIFORM) {
                if (d.qualifiers().storage() == Ast.Storage.UNIFORM && id.hasValue()) {
                    checker.error(id.pos(), Messages.DEFAULT_LAYOUT_ID);
                    return;
                }
                if (d.qualifiers().storage() == Ast.Storage.UNIFORM || !STAGE_BLOCK.contains(id.name())) {
                    checker.error(id.pos(), Messages.layoutNotHere(id.name()));
                    return;
                }
            }
        }
        if (!clientIds(l)) {
            return;
        }
        for (Ast.LayoutId id : l.ids()) {
            if (id.name().equals("std140") || id.name().equals("shared") || id.name().equals("packed")) {
                defaultPacking = id.name();
            }
        }
    }

    /**
     * {@code layout(early_fragment_tests) in;}, as glslang takes it: alone, on {@code in}, in a
     * fragment shader of GLSL 4.20 or ES 3.10 on, any number of times. glslang also takes it with
     * GL_ARB_shader_image_load_store, an extension csir does not know (it would promise images).
     */
    private void earlyFragmentTests(Ast.DefaultLayout d) {
        for (Ast.LayoutId id : d.qualifiers().layout().ids()) {
            if (!id.name().equals("early_fragment_tests") || id.hasValue() || d.qualifiers().storage() != Ast.Storage.IN
                    || checker.stage() != ShaderStage.FRAGMENT) {
                checker.error(id.pos(), Messages.layoutNotHere(id.name()));
                return;
            }
        }
        GlslVersion v = checker.version();
        if (v.number() < (v.es() ? 310 : 420)) {
            checker.error(d.qualifiers().layout().id("early_fragment_tests").pos(), Messages.EARLY_FRAGMENT_TESTS_VERSION);
            return;
        }
        earlyFragmentTests = true;
    }

    /** Whether the shader asked for its depth and stencil tests before it runs. */
    boolean earlyFragmentTests() {
        return earlyFragmentTests;
    }

    /**
     * The block itself and its members as variables, in order (null after reporting an error).
     * A {@code gl_PerVertex} output redeclares the built-ins and gives no block. {@code elements}
     * is the size of the instance array, 0 when it is none.
     */
    Typed.InterfaceBlock block(Ast.BlockDecl b, int elements) {
        Ast.Storage st = b.qualifiers().storage();
        Ast.Layout l = b.qualifiers().layout();
        boolean uniform = st == Ast.Storage.UNIFORM;
        if (!allowedIds(l, uniform ? UNIFORM_BLOCK : STAGE_BLOCK, false)) {
            return null;
        }
        boolean push = l.has("push_constant");
        if (st == Ast.Storage.IN && checker.stage() == ShaderStage.VERTEX) {
            return fail(b.pos(), Messages.INPUT_BLOCK_STAGE);
        }
        if (st == Ast.Storage.OUT && checker.stage() == ShaderStage.FRAGMENT) {
            return fail(b.pos(), Messages.OUTPUT_BLOCK_STAGE);
        }
        if (push && l.has("binding")) {
            return fail(l.id("binding").pos(), Messages.BINDING_WITH_PUSH_CONSTANT);
        }
        if (l.has("std430") && !push) {
            return fail(l.id("std430").pos(), Messages.STD430_NEEDS_BUFFER);
        }
        if (client == Client.VULKAN && uniform && !push && !l.has("binding")) {
            return fail(b.pos(), Messages.BLOCK_NEEDS_BINDING);
        }
        if (push) {
            if (pushConstant) {
                return fail(b.pos(), Messages.ONE_PUSH_CONSTANT);
            }
            pushConstant = true;
        }
        // the packing written, else the default declared, else the client's: Vulkan's std140
        // (std430 for push constants); OpenGL's shared, which csir lays out as std140
        String packing = l.has("std430") ? "std430" : l.has("std140") ? "std140" : l.has("shared") ? "shared"
                : l.has("packed") ? "packed" : defaultPacking;
        boolean explicitPacking = "std140".equals(packing) || "std430".equals(packing) || client == Client.VULKAN;
        BufferLayout rule = push && !"std140".equals(packing) || "std430".equals(packing) ? BufferLayout.STD430
                : BufferLayout.STD140;
        List<Typed.BlockMember> members = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int end = 0;
        for (Ast.VarDecl m : b.members()) {
            Ast.Layout ml = m.qualifiers().layout();
            if (!allowedIds(ml, uniform ? UNIFORM_MEMBER : STAGE_MEMBER, false)) {
                return null;
            }
            if (!names.add(m.name())) {
                return fail(m.pos(), Messages.DUPLICATE_SYMBOL);
            }
            if (m.type() instanceof SamplerType || m.type() instanceof dev.csir.types.VoidType) {
                return fail(m.pos(), Messages.TYPE_MISMATCH);
            }
            int offset = -1;
            if (uniform) {
                if ((ml.has("offset") || ml.has("align")) && !explicitPacking) {
                    return fail(ml.id(ml.has("offset") ? "offset" : "align").pos(), Messages.OFFSET_NEEDS_PACKING);
                }
                int align = rule.alignment(m.type());
                if (ml.has("align")) {
                    int a = ml.value("align");
                    if (a <= 0 || (a & (a - 1)) != 0) {
                        return fail(ml.id("align").pos(), Messages.ALIGN_POWER_OF_TWO);
                    }
                    align = Math.max(align, a);
                }
                offset = BufferLayout.roundUp(end, align);
                if (ml.has("offset")) {
                    int o = ml.value("offset");
                    if (o % rule.alignment(m.type()) != 0) {
                        return fail(ml.id("offset").pos(), Messages.OFFSET_NOT_ALIGNED);
                    }
                    if (o < end && client == Client.OPENGL) {
                        return fail(ml.id("offset").pos(), Messages.OFFSET_IN_PREVIOUS);
                    }
                    offset = BufferLayout.roundUp(o, align);
                }
                end = offset + rule.size(m.type());
            }
            members.add(new Typed.BlockMember(m.name(), m.type(), offset, ml.value("location")));
        }
        Typed.BlockKind kind = push ? Typed.BlockKind.PUSH_CONSTANT : switch (st) {
            case IN -> Typed.BlockKind.INPUT;
            case OUT -> Typed.BlockKind.OUTPUT;
            default -> Typed.BlockKind.UNIFORM;
        };
        if (client == Client.VULKAN && !uniform && !l.has("location")
                && b.members().stream().anyMatch(m -> !m.qualifiers().layout().has("location"))
                && !b.name().equals("gl_PerVertex")) {
            return fail(b.pos(), Messages.LOCATION_NEEDS_VULKAN);
        }
        if (elements > 0 && kind != Typed.BlockKind.UNIFORM) {
            // glslang takes arrays of stage blocks too; csir's stage blocks are one each so far
            return fail(b.instancePos(), Messages.BLOCK_ARRAY_KIND);
        }
        return new Typed.InterfaceBlock(b.name(), b.instance(), kind,
                rule == BufferLayout.STD430 ? Typed.Packing.STD430 : Typed.Packing.STD140, l.value("set"),
                l.value("binding"), members, elements);
    }

    /** The location of each member of a stage block: its own, else the next after the one before. */
    static int[] memberLocations(Typed.InterfaceBlock b, int blockLocation) {
        int[] out = new int[b.members().size()];
        int next = blockLocation;
        for (int i = 0; i < out.length; i++) {
            int own = b.members().get(i).location();
            out[i] = own >= 0 ? own : next >= 0 ? next : -1;
            if (out[i] >= 0) {
                next = out[i] + 1;
            }
        }
        return out;
    }

    /** Reports each id {@code l} has that is not in {@code allowed} (or that csir lacks); false when any was. */
    private boolean allowedIds(Ast.Layout l, Set<String> allowed, boolean uniform) {
        for (Ast.LayoutId id : l.ids()) {
            if (LayoutIds.UNSUPPORTED.contains(id.name())) {
                checker.error(id.pos(), Messages.layoutNotSupported(id.name()));
                return false;
            }
            if (!allowed.contains(id.name())) {
                String why = switch (id.name()) {
                    case "binding" -> uniform ? Messages.BINDING_NEEDS_OPAQUE
                            : allowed == STAGE_VARIABLE || allowed == STAGE_BLOCK || allowed == STAGE_MEMBER
                            ? Messages.BINDING_NEEDS_UNIFORM : Messages.layoutNotHere(id.name());
                    case "location" -> allowed == UNIFORM_BLOCK ? Messages.LOCATION_ON_UNIFORM_BLOCK
                            : Messages.layoutNotHere(id.name());
                    case "offset", "align" -> Messages.OFFSET_ON_VARIABLE;
                    case "constant_id" -> client == Client.OPENGL ? Messages.CONSTANT_ID_VULKAN
                            : Messages.CONSTANT_ID_SCALAR;
                    case "push_constant" -> client == Client.OPENGL ? Messages.PUSH_CONSTANT_VULKAN
                            : Messages.layoutNotHere(id.name());
                    case "input_attachment_index" -> client == Client.OPENGL ? Messages.INPUT_ATTACHMENT_VULKAN
                            : Messages.INPUT_ATTACHMENT_NOT_SUBPASS;
                    default -> Messages.layoutNotHere(id.name());
                };
                checker.error(id.pos(), why);
                return false;
            }
        }
        return clientIds(l);
    }

    /** What one client forbids: push_constant, constant_id and a set but 0 in OpenGL, shared and packed in Vulkan. */
    private boolean clientIds(Ast.Layout l) {
        for (Ast.LayoutId id : l.ids()) {
            String why = switch (id.name()) {
                case "push_constant" -> client == Client.OPENGL ? Messages.PUSH_CONSTANT_VULKAN : null;
                case "constant_id" -> client == Client.OPENGL ? Messages.CONSTANT_ID_VULKAN : null;
                case "input_attachment_index" -> client == Client.OPENGL ? Messages.INPUT_ATTACHMENT_VULKAN : null;
                // glslang takes set = 0 from OpenGL GLSL, the one set there is
                case "set" -> client == Client.OPENGL && id.value() != 0 ? Messages.SET_VULKAN : null;
                case "shared", "packed" -> client == Client.VULKAN ? Messages.packingInVulkan(id.name()) : null;
                default -> null;
            };
            if (why != null) {
                checker.error(id.pos(), why);
                return false;
            }
        }
        return true;
    }

    private boolean component(Ast.Layout l, Type type) {
        if (!l.has("component")) {
            return true;
        }
        Ast.LayoutId c = l.id("component");
        if (!l.has("location")) {
            checker.error(c.pos(), Messages.COMPONENT_NEEDS_LOCATION);
            return false;
        }
        if (c.value() + type.componentCount() > 4) {
            checker.error(c.pos(), Messages.COMPONENT_OVERFLOW);
            return false;
        }
        return true;
    }

    private <T> T fail(Pos pos, String message) {
        checker.error(pos, message);
        return null;
    }
}
