package dev.csir.exec;

import static java.lang.constant.ConstantDescs.CD_Object;
import static java.lang.constant.ConstantDescs.CD_boolean;
import static java.lang.constant.ConstantDescs.CD_float;
import static java.lang.constant.ConstantDescs.CD_int;
import static java.lang.constant.ConstantDescs.CD_void;

import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.TypeKind;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AccessFlag;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Compiles an {@link Interpreter}'s precompiled code to one hidden class whose {@code run} takes
 * the whole shader over a {@link Batch}: each instruction a counted loop over the lanes, on a
 * temporary file laid out structure-of-arrays (float f of lane l at {@code f * lanes + l}, the
 * offsets constants), so the JIT can vectorize it. Reading the interpreter's code rather than the
 * CSIR means both paths share one reading of the shader: remap, the zero block, operands out of
 * range, and the failures the assembler places at fixed positions.
 *
 * <p>Control flow runs on execution masks, as SIMD GPUs run it. The code has forward jumps (IF on
 * a zero condition, ELSE's and BREAK's JUMP) and counted back-edges to a loop's top; every jump
 * target is a label, and a lane that takes a jump waits at its label until the linear walk gets
 * there. At a loop's last back-edge the walk goes back to the top while any lane waits there.
 * Each lane so runs exactly its own invocation's instruction sequence; the order lanes run in
 * cannot matter, as lanes share nothing but read-only uniforms and textures. When no lane is
 * active the walk skips to the next place a lane can wait at (a label, or a loop's last
 * back-edge), so a branch no lane takes costs a test.
 *
 * <p>Straight-line runs between control points go to small static methods (HotSpot compiles no
 * method over 8,000 bytes of bytecode), each twice: for a full mask, one loop an instruction
 * without any test, and for a partial one, one loop for the run in which only the active lanes
 * take the instructions. Before the first control point a costly instruction whose operands are
 * the same in every lane runs once per batch (see {@link #findBatchWide()}).
 */
final class BatchCompiler {
    /** Weight of straight-line code per block method (a 4-column MULMM weighs 8, most ops 1). */
    private static final int BLOCK_WEIGHT = 24;
    /** Float runs longer than this (wide uniform loads) go through a helper, not a local each. */
    private static final int WIDE = 16;

    private static final ClassDesc CD_BATCH = ClassDesc.of("dev.csir.exec.Batch");
    private static final ClassDesc CD_KERNEL = ClassDesc.of("dev.csir.exec.BatchKernel");
    private static final ClassDesc CD_LANES = ClassDesc.of("dev.csir.exec.Lanes");
    private static final ClassDesc CD_INTERPRETER = ClassDesc.of("dev.csir.exec.Interpreter");
    private static final ClassDesc CD_TEXTURE = ClassDesc.of("dev.csir.exec.Texture2D");
    private static final ClassDesc CD_STATUS = ClassDesc.of("dev.csir.exec.Status");
    private static final ClassDesc CD_MATH = ClassDesc.of("java.lang.Math");
    private static final ClassDesc CD_SHADER_MATH = ClassDesc.of("dev.csir.exec.ShaderMath");
    private static final ClassDesc CD_ROWS = ClassDesc.of("dev.csir.exec.Rows");
    private static final ClassDesc CD_VECTOR_ROWS = ClassDesc.of("dev.csir.exec.VectorRows");
    private static final ClassDesc CD_FLOATS = CD_float.arrayType();
    /** Lanes' lookups of three coordinates and its sizes with a depth: texture, coordinates or level, scratch, temps, at, stride. */
    private static final MethodTypeDesc OFFSET_SAMPLE_CALL = MethodTypeDesc.of(CD_void, CD_TEXTURE,
            CD_float, CD_float, CD_int, CD_FLOATS, CD_FLOATS, CD_int, CD_int);
    private static final MethodTypeDesc LAYERED_OFFSET_CALL = MethodTypeDesc.of(CD_void, CD_TEXTURE,
            CD_float, CD_float, CD_float, CD_int, CD_FLOATS, CD_FLOATS, CD_int, CD_int);
    private static final MethodTypeDesc LAYERED_SAMPLE_CALL = MethodTypeDesc.of(CD_void, CD_TEXTURE,
            CD_float, CD_float, CD_float, CD_FLOATS, CD_FLOATS,
            CD_int, CD_int);
    /** Lanes' shadow lookups of three coordinates and a reference: texture, coordinates, reference, scratch, temps, at, stride. */
    private static final MethodTypeDesc SHADOW_CALL = MethodTypeDesc.of(CD_void, CD_TEXTURE,
            CD_float, CD_float, CD_float, CD_float, CD_FLOATS, CD_FLOATS, CD_int, CD_int);
    /** Lanes' multisample fetch: texture, texel x and y, scratch, temps, at, stride. */
    private static final MethodTypeDesc SAMPLE_FETCH_CALL = MethodTypeDesc.of(CD_void, CD_TEXTURE,
            CD_float, CD_float, CD_FLOATS, CD_FLOATS, CD_int, CD_int);
    /** Lanes' cube-map array shadow lookup: texture, direction, layer, reference, scratch, temps, at, stride. */
    private static final MethodTypeDesc CUBE_ARRAY_SHADOW_CALL = MethodTypeDesc.of(CD_void, CD_TEXTURE,
            CD_float, CD_float, CD_float, CD_float, CD_float, CD_FLOATS, CD_FLOATS, CD_int, CD_int);
    private static final MethodTypeDesc SIZE_CALL = MethodTypeDesc.of(CD_void, CD_TEXTURE,
            CD_float, CD_FLOATS, CD_FLOATS, CD_int, CD_int);
    private static final ClassDesc CD_BOOLS = CD_boolean.arrayType();
    private static final MethodTypeDesc BLOCK = MethodTypeDesc.of(CD_void, CD_BATCH, CD_FLOATS, CD_BOOLS, CD_int);
    private static final MethodTypeDesc DISPATCH = MethodTypeDesc.of(CD_void, CD_BATCH);
    private static final MethodTypeDesc I_I = MethodTypeDesc.of(CD_int, CD_int);
    private static final MethodTypeDesc I_Z = MethodTypeDesc.of(CD_boolean, CD_int);
    private static final MethodTypeDesc I_V = MethodTypeDesc.of(CD_void, CD_int);
    private static final ClassDesc CD_SELF = ClassDesc.of("dev.csir.exec.CompiledShader");
    private static final MethodTypeDesc F_F = MethodTypeDesc.of(CD_float, CD_float);
    private static final MethodTypeDesc FF_F = MethodTypeDesc.of(CD_float, CD_float, CD_float);
    /** Rows' methods: temporaries, destination, source (and second source) offsets, lanes (and scratch). */
    private static final MethodTypeDesc ROW1 = MethodTypeDesc.of(CD_void, CD_FLOATS, CD_int, CD_int, CD_int);
    private static final MethodTypeDesc ROW2 = MethodTypeDesc.of(CD_void, CD_FLOATS, CD_int, CD_int, CD_int, CD_int,
            CD_FLOATS);
    private static final ClassDesc CD_INT_LANES = ClassDesc.of("dev.csir.exec.IntLanes");
    private static final MethodTypeDesc IFF_F = MethodTypeDesc.of(CD_float, CD_int, CD_float, CD_float);
    private static final MethodTypeDesc F_I = MethodTypeDesc.of(CD_int, CD_float);
    private static final MethodTypeDesc FII_F = MethodTypeDesc.of(CD_float, CD_float, CD_int, CD_int);

    // Block method locals.
    private static final int B_BATCH = 0, B_T = 1, B_ACT = 2, B_N = 3, B_L = 4;
    // Main method locals.
    private static final int M_BATCH = 1, M_N = 2;

    private final Interpreter in;
    /** Whether a partial mask runs a block in one loop (see {@link #FUSE}). */
    private final boolean fuse;
    /** Where a full batch's transcendental rows go: {@link VectorRows} or {@link Rows}' loops. */
    private final ClassDesc rowsClass;
    private final int[] code;
    private final int count;
    private final int lanes;
    /** The label index of each position, or -1. */
    private final int[] labelAt;
    private int labels;
    /** Whether the back-edge at a position is the last one to its target (the loop's end). */
    private final boolean[] closing;
    /** Instructions computed once per batch and broadcast (see {@link #findBatchWide()}). */
    private final boolean[] hoisted;
    private final List<Item> items = new ArrayList<>();
    private final List<int[]> blocks = new ArrayList<>();

    private enum Kind { LABEL, BLOCK, CONTROL, CHECK, DERIVATIVE }

    /**
     * One step of the main method: a label, a block method's call, a control instruction, a
     * loop's check, a derivative (which reads other lanes, so is no block's: {@link Batch#derivative}).
     */
    private record Item(Kind kind, int at) {
    }

    private BatchCompiler(Interpreter in, int lanes, boolean fuse, boolean vector) {
        this.in = in;
        this.fuse = fuse;
        this.rowsClass = vector ? CD_VECTOR_ROWS : CD_ROWS;
        this.code = in.code();
        this.count = in.instructionCount();
        this.lanes = lanes;
        this.labelAt = new int[count + 1];
        this.closing = new boolean[count];
        this.hoisted = new boolean[count];
        Arrays.fill(labelAt, -1);
    }

    /** The compiled kernel and the label count its batches need rows for. */
    record Compiled(BatchKernel kernel, int labels) {
    }

    /** Compiles {@code in}'s code for batches of {@code lanes}; throws when the class cannot be made. */
    static Compiled compile(Interpreter in, int lanes) {
        return compile(in, lanes, FUSE, Rows.VECTOR);
    }

    /** As {@link #compile(Interpreter, int)}, with the fused loops and the SIMD rows as asked (tests compare them). */
    static Compiled compile(Interpreter in, int lanes, boolean fuse, boolean vector) {
        BatchCompiler c = new BatchCompiler(in, lanes, fuse, vector);
        byte[] bytes = c.classBytes();
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(bytes, true);
            BatchKernel k = (BatchKernel) hidden
                    .findConstructor(hidden.lookupClass(), MethodType.methodType(void.class)).invoke();
            return new Compiled(k, c.labels);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) { // the constructor's handle declares Throwable
            throw new IllegalStateException(t);
        }
    }

    /** The class file alone, for tests that look at its methods. */
    static byte[] classFile(Interpreter in, int lanes) {
        return new BatchCompiler(in, lanes, FUSE, Rows.VECTOR).classBytes();
    }

    private byte[] classBytes() {
        plan();
        return generate();
    }

    private int op(int p) {
        return code[p * Ops.STRIDE];
    }

    private int word(int p, int w) {
        return code[p * Ops.STRIDE + w];
    }

    private int target(int p) {
        return word(p, Ops.X) / Ops.STRIDE;
    }

    private static boolean isControl(int op) {
        return switch (op) {
            case Ops.IF, Ops.JUMP, Ops.BACK, Ops.DISCARD, Ops.END, Ops.ERROR -> true;
            default -> false;
        };
    }

    /** Finds the labels and the loops' last back-edges, and splits the code into items. */
    private void plan() {
        boolean[] target = new boolean[count];
        int[] lastBack = new int[count + 1];
        Arrays.fill(lastBack, -1);
        for (int p = 0; p < count; p++) {
            int o = op(p);
            if (o == Ops.IF || o == Ops.JUMP || o == Ops.BACK) {
                int t = target(p);
                if (t < 0 || t >= count) {
                    throw new IllegalStateException("jump out of the code at " + p);
                }
                target[t] = true;
                if (o == Ops.BACK) {
                    if (t > p) {
                        throw new IllegalStateException("back-edge forward at " + p);
                    }
                    lastBack[t] = Math.max(lastBack[t], p);
                } else if (t <= p) {
                    throw new IllegalStateException("forward jump backward at " + p);
                }
            }
        }
        for (int p = 0; p < count; p++) {
            if (target[p]) {
                labelAt[p] = labels++;
            }
            if (lastBack[p] >= 0) {
                closing[lastBack[p]] = true;
            }
        }
        findBatchWide();
        List<Integer> block = new ArrayList<>();
        int weight = 0;
        for (int p = 0; p < count; p++) {
            if (labelAt[p] >= 0) {
                weight = flush(block);
                items.add(new Item(Kind.LABEL, p));
            }
            int o = op(p);
            if (o == Ops.DERIV) {
                weight = flush(block);
                items.add(new Item(Kind.DERIVATIVE, p));
            } else if (isControl(o)) {
                weight = flush(block);
                items.add(new Item(Kind.CONTROL, p));
                if (o == Ops.BACK && closing[p]) {
                    items.add(new Item(Kind.CHECK, p));
                }
            } else {
                int w = weight(p);
                if (weight + w > BLOCK_WEIGHT) {
                    weight = flush(block);
                }
                block.add(p);
                weight += w;
            }
        }
        flush(block);
    }

    /**
     * In the code before the first label or control instruction every lane runs every
     * instruction, from registers that start zero; there a float is batch-wide (the same in every
     * lane) when it came from constants, uniforms and batch-wide floats only. An instruction there
     * that reads only batch-wide floats and costs more than a broadcast (the transcendentals, a
     * matrix product of uniforms, a texture lookup at a uniform coordinate) runs once per batch.
     */
    private void findBatchWide() {
        boolean[] wide = new boolean[in.fileFloats()];
        Arrays.fill(wide, true);
        for (int p = 0; p < count && labelAt[p] < 0 && !isControl(op(p)); p++) {
            boolean uniform = switch (op(p)) {
                // a derivative of a batch-wide value is not one: the lanes past the run hold zeros
                case Ops.LOAD_ATTR, Ops.LOAD_VAR, Ops.LOAD_FCOORD, Ops.LOAD_SYSVAL, Ops.DERIV -> false;
                default -> all(wide, reads(p));
            };
            hoisted[p] = uniform && costly(op(p));
            int[] w = writes(p);
            Arrays.fill(wide, w[0], w[0] + w[1], uniform);
        }
    }

    private static boolean all(boolean[] wide, int[] floats) {
        for (int f : floats) {
            if (!wide[f]) {
                return false;
            }
        }
        return true;
    }

    private static boolean costly(int op) {
        return switch (op) {
            case Ops.SIN, Ops.COS, Ops.POW, Ops.LG2, Ops.RSQ1, Ops.RSQ, Ops.RCP1, Ops.RCP, Ops.DOT3, Ops.DOT4,
                    Ops.DOTN, Ops.MULMV, Ops.MULMM, Ops.SAMPLE, Ops.FETCH, Ops.TEXSIZE, Ops.SAMPLE_CUBE,
                    Ops.SAMPLE_3D, Ops.SAMPLE_ARRAY, Ops.TEXSIZE_3D, Ops.TEXSIZE_ARRAY, Ops.SHADOW_2D, Ops.SHADOW_CUBE,
                    Ops.SHADOW_ARRAY, Ops.SAMPLE_OFFSET, Ops.FETCH_OFFSET, Ops.GATHER, Ops.SAMPLE_ARRAY_OFFSET,
                    Ops.GATHER_ARRAY, Ops.SAMPLE_CUBE_ARRAY, Ops.SHADOW_CUBE_ARRAY, Ops.TEXSIZE_CUBE_ARRAY,
                    Ops.FETCH_SAMPLE, Ops.FETCH_SAMPLE_ARRAY -> true;
            default -> false;
        };
    }

    /** The floats of the temporary file instruction p reads (inputs and uniforms aside). */
    private int[] reads(int p) {
        int a = word(p, Ops.A), b = word(p, Ops.B), x = word(p, Ops.X), n = word(p, Ops.N);
        return switch (op(p)) {
            case Ops.MOV1, Ops.RSQ1, Ops.RCP1 -> span(a, 1);
            case Ops.MOV3 -> span(a, 3);
            case Ops.MOV4 -> span(a, 4);
            case Ops.MOVN, Ops.ABSN, Ops.RSQ, Ops.RCP, Ops.SIN, Ops.COS, Ops.LG2, Ops.TRUNC -> span(a, n);
            case Ops.ADD1, Ops.SUB1, Ops.MUL1, Ops.MAX1, Ops.MIN1, Ops.POW, Ops.CMP_LT, Ops.CMP_GT, Ops.CMP_LE,
                    Ops.CMP_GE, Ops.CMP_EQ, Ops.CMP_NE -> concat(span(a, 1), span(b, 1));
            case Ops.ADD3, Ops.SUB3, Ops.MUL3, Ops.DOT3 -> concat(span(a, 3), span(b, 3));
            case Ops.ADD4, Ops.SUB4, Ops.MUL4, Ops.DOT4 -> concat(span(a, 4), span(b, 4));
            case Ops.ADDN, Ops.SUBN, Ops.MULN, Ops.MAXN, Ops.MINN, Ops.DOTN -> concat(span(a, n), span(b, n));
            case Ops.MULMV -> concat(span(a, 4 * x), span(b, x));
            case Ops.MULMM -> concat(span(a, 4 * x), span(b, 4 * x));
            case Ops.SWZ -> new int[] {a, b, x, word(p, Ops.Y)};
            case Ops.SAMPLE, Ops.SAMPLE_OFFSET, Ops.GATHER -> span(a, 2);
            case Ops.FETCH, Ops.FETCH_OFFSET -> new int[] {a, a + 1, a + 3};
            case Ops.TEXSIZE, Ops.TEXSIZE_3D, Ops.TEXSIZE_ARRAY, Ops.TEXSIZE_CUBE_ARRAY -> span(a, 1);
            case Ops.SAMPLE_CUBE_ARRAY -> span(a, 4);
            case Ops.FETCH_SAMPLE -> span(a, 2);
            case Ops.FETCH_SAMPLE_ARRAY -> span(a, 3);
            case Ops.SHADOW_CUBE_ARRAY -> concat(span(a, 4), span(b, 1));
            case Ops.SAMPLE_CUBE, Ops.SAMPLE_3D, Ops.SAMPLE_ARRAY, Ops.SHADOW_2D, Ops.SAMPLE_ARRAY_OFFSET,
                    Ops.GATHER_ARRAY -> span(a, 3);
            case Ops.SHADOW_CUBE, Ops.SHADOW_ARRAY -> span(a, 4);
            case Ops.STORE_POS, Ops.STORE_VAR, Ops.STORE_COLOR -> span(a, 4);
            case Ops.IUN -> span(a, n);
            case Ops.IBIN -> concat(span(a, n), span(b, n));
            case Ops.ICMP, Ops.UCMP -> concat(span(a, 1), span(b, 1));
            case Ops.IBFE, Ops.UBFE -> concat(span(a, n), span(b, 2));
            case Ops.LOAD_INDEXED -> concat(span(a, 4 * x), span(b, 1));
            // the array too: what the store leaves of it is as batch-wide as it was
            case Ops.STORE_INDEXED -> concat(concat(span(a, n), span(b, 1)), span(word(p, Ops.D), 4 * x));
            case Ops.LOAD_UNI_INDEXED -> span(b, 1);
            case Ops.DERIV -> span(a, n);
            default -> new int[0]; // CONST, ZERO1, ZERON, LOAD_UNI1, LOAD_UNI, and the inputs
        };
    }

    /** The floats instruction p writes in the temporary file: {start, count}. */
    private int[] writes(int p) {
        int d = word(p, Ops.D), x = word(p, Ops.X), n = word(p, Ops.N);
        return switch (op(p)) {
            case Ops.MOV1, Ops.ADD1, Ops.SUB1, Ops.MUL1, Ops.MAX1, Ops.MIN1, Ops.DOT3, Ops.DOT4, Ops.DOTN,
                    Ops.RSQ1, Ops.RCP1, Ops.POW, Ops.CMP_LT, Ops.CMP_GT, Ops.CMP_LE, Ops.CMP_GE, Ops.CMP_EQ,
                    Ops.CMP_NE, Ops.ZERO1 -> new int[] {d, 1};
            case Ops.MOV3, Ops.ADD3, Ops.SUB3, Ops.MUL3 -> new int[] {d, 3};
            case Ops.MOV4, Ops.ADD4, Ops.SUB4, Ops.MUL4, Ops.CONST, Ops.LOAD_UNI1, Ops.MULMV, Ops.SWZ, Ops.SAMPLE,
                    Ops.FETCH, Ops.TEXSIZE, Ops.SAMPLE_CUBE, Ops.SAMPLE_3D, Ops.SAMPLE_ARRAY, Ops.TEXSIZE_3D,
                    Ops.SHADOW_2D, Ops.SHADOW_CUBE, Ops.SHADOW_ARRAY,
                    Ops.SAMPLE_OFFSET, Ops.FETCH_OFFSET, Ops.GATHER, Ops.SAMPLE_ARRAY_OFFSET, Ops.GATHER_ARRAY,
                    Ops.TEXSIZE_ARRAY, Ops.SAMPLE_CUBE_ARRAY, Ops.SHADOW_CUBE_ARRAY, Ops.TEXSIZE_CUBE_ARRAY, Ops.FETCH_SAMPLE, Ops.FETCH_SAMPLE_ARRAY,
                    Ops.LOAD_ATTR, Ops.LOAD_VAR, Ops.LOAD_FCOORD, Ops.LOAD_SYSVAL -> new int[] {d, 4};
            case Ops.ICMP, Ops.UCMP -> new int[] {d, 1};
            case Ops.IUN, Ops.IBIN, Ops.IBFE, Ops.UBFE, Ops.DERIV -> new int[] {d, n};
            case Ops.MOVN, Ops.ADDN, Ops.SUBN, Ops.MULN, Ops.MAXN, Ops.MINN, Ops.ABSN, Ops.RSQ, Ops.RCP, Ops.SIN,
                    Ops.COS, Ops.LG2, Ops.TRUNC, Ops.ZERON, Ops.LOAD_UNI -> new int[] {d, n};
            case Ops.MULMM -> new int[] {d, 4 * x};
            case Ops.LOAD_INDEXED -> new int[] {d, n};
            case Ops.STORE_INDEXED -> new int[] {d, 4 * x};
            case Ops.LOAD_UNI_INDEXED -> new int[] {d, 4};
            default -> new int[] {0, 0}; // the stores write outputs only
        };
    }

    private static int[] span(int from, int n) {
        int[] r = new int[Math.max(n, 0)];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }

    private static int[] concat(int[] x, int[] y) {
        int[] r = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, r, x.length, y.length);
        return r;
    }

    private int weight(int p) {
        return switch (op(p)) {
            case Ops.MULMM -> 2 * Math.max(1, word(p, Ops.X));
            case Ops.MULMV -> 2;
            default -> 1;
        };
    }

    private int flush(List<Integer> block) {
        if (!block.isEmpty()) {
            items.add(new Item(Kind.BLOCK, blocks.size()));
            blocks.add(block.stream().mapToInt(Integer::intValue).toArray());
            block.clear();
        }
        return 0;
    }

    private byte[] generate() {
        ClassLoader loader = BatchCompiler.class.getClassLoader();
        ClassFile cf = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(
                ClassHierarchyResolver.defaultResolver().orElse(ClassHierarchyResolver.ofClassLoading(loader))));
        return cf.build(CD_SELF, cb -> {
            cb.withFlags(AccessFlag.FINAL, AccessFlag.SYNTHETIC);
            cb.withInterfaceSymbols(CD_KERNEL);
            cb.withMethodBody("<init>", MethodTypeDesc.of(CD_void), ClassFile.ACC_PUBLIC,
                    c -> c.aload(0).invokespecial(CD_Object, "<init>", MethodTypeDesc.of(CD_void)).return_());
            cb.withMethodBody("run", MethodTypeDesc.of(CD_void, CD_BATCH, CD_int), ClassFile.ACC_PUBLIC, this::main);
            for (int k = 0; k < blocks.size(); k++) {
                int[] block = blocks.get(k);
                cb.withMethodBody("b" + k, BLOCK, ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC,
                        c -> emitBlock(c, block, false));
                cb.withMethodBody("m" + k, BLOCK, ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC,
                        c -> emitBlock(c, block, true));
                int kk = k;
                cb.withMethodBody("k" + k, DISPATCH, ClassFile.ACC_PRIVATE | ClassFile.ACC_STATIC,
                        c -> dispatch(c, kk));
            }
        });
    }

    // ---------------------------------------------------------------- the main method: control

    private void main(CodeBuilder c) {
        Label[] labelOf = new Label[labels];
        for (int k = 0; k < labels; k++) {
            labelOf[k] = c.newLabel();
        }
        Label exit = c.newLabel();
        // Where each item goes when no lane is active after it: the next label or loop check.
        Label[] resume = new Label[items.size()];
        Label[] checkLabel = new Label[items.size()];
        Label next = exit;
        for (int i = items.size() - 1; i >= 0; i--) {
            resume[i] = next;
            Item it = items.get(i);
            if (it.kind == Kind.LABEL) {
                next = labelOf[labelAt[it.at]];
            } else if (it.kind == Kind.CHECK) {
                checkLabel[i] = c.newLabel();
                next = checkLabel[i];
            }
        }
        c.aload(M_BATCH).iload(M_N).loadConstant(in.registerFloats()).loadConstant(in.storedVaryingFloats())
                .invokevirtual(CD_BATCH, "begin", MethodTypeDesc.of(CD_void, CD_int, CD_int, CD_int));
        // The lane counts and masks live in the batch, moved by its methods (small, so inlined):
        // a control point costs the main method a dozen bytes, which keeps it under the JIT's limit.
        for (int i = 0; i < items.size(); i++) {
            Item it = items.get(i);
            switch (it.kind) {
                case LABEL -> {
                    c.labelBinding(labelOf[labelAt[it.at]]);
                    c.aload(M_BATCH).loadConstant(labelAt[it.at]).invokevirtual(CD_BATCH, "merge", I_I);
                    c.ifeq(resume[i]);
                }
                case BLOCK -> c.aload(M_BATCH).invokestatic(CD_SELF, "k" + it.at, DISPATCH);
                case CONTROL -> control(c, it.at, resume[i]);
                case DERIVATIVE -> c.aload(M_BATCH).loadConstant(word(it.at, Ops.X))
                        .loadConstant(word(it.at, Ops.D) * lanes).loadConstant(word(it.at, Ops.A) * lanes)
                        .loadConstant(word(it.at, Ops.N))
                        .invokevirtual(CD_BATCH, "derivative", MethodTypeDesc.of(CD_void, CD_int, CD_int, CD_int, CD_int));
                case CHECK -> {
                    c.labelBinding(checkLabel[i]);
                    int k = labelAt[target(it.at)];
                    c.aload(M_BATCH).loadConstant(k).invokevirtual(CD_BATCH, "waits", I_Z);
                    c.ifne(labelOf[k]);
                    c.goto_(resume[i]);
                }
            }
        }
        c.labelBinding(exit);
        c.return_();
    }

    /** Block k for the mask the batch has: {@code b<k>} when every lane is active, else {@code m<k>}. */
    private void dispatch(CodeBuilder c, int k) {
        Label partial = c.newLabel();
        c.aload(0).invokevirtual(CD_BATCH, "full", MethodTypeDesc.of(CD_boolean)).ifeq(partial);
        callBlock(c, "b" + k);
        c.return_();
        c.labelBinding(partial);
        callBlock(c, "m" + k);
        c.return_();
    }

    private void callBlock(CodeBuilder c, String name) {
        c.aload(0).aload(0).getfield(CD_BATCH, "temps", CD_FLOATS).aload(0).getfield(CD_BATCH, "active", CD_BOOLS)
                .aload(0).getfield(CD_BATCH, "n", CD_int).invokestatic(CD_SELF, name, BLOCK);
    }

    private void control(CodeBuilder c, int p, Label resume) {
        switch (op(p)) {
            case Ops.IF -> {
                c.aload(M_BATCH).loadConstant(word(p, Ops.A) * lanes).loadConstant(labelAt[target(p)])
                        .invokevirtual(CD_BATCH, "branch", MethodTypeDesc.of(CD_int, CD_int, CD_int));
                c.ifeq(resume);
            }
            case Ops.JUMP -> {
                c.aload(M_BATCH).loadConstant(labelAt[target(p)]).invokevirtual(CD_BATCH, "jump", I_V);
                c.goto_(resume);
            }
            case Ops.BACK -> {
                c.aload(M_BATCH).loadConstant(labelAt[target(p)]).invokevirtual(CD_BATCH, "back", I_V);
                if (!closing[p]) {
                    c.goto_(resume); // a closing back-edge falls into its check
                }
            }
            case Ops.DISCARD -> {
                c.aload(M_BATCH).invokevirtual(CD_BATCH, "discard", MethodTypeDesc.of(CD_void));
                c.goto_(resume);
            }
            case Ops.END -> {
                c.aload(M_BATCH).invokevirtual(CD_BATCH, "end", MethodTypeDesc.of(CD_void));
                c.goto_(resume);
            }
            case Ops.ERROR -> {
                c.aload(M_BATCH).loadConstant(word(p, Ops.X)).invokevirtual(CD_BATCH, "fail", I_V);
                c.goto_(resume);
            }
            default -> throw new IllegalStateException("not a control op " + op(p));
        }
    }

    // ---------------------------------------------------------------- block methods: the math

    private void emitBlock(CodeBuilder c, int[] block, boolean masked) {
        if (c.allocateLocal(TypeKind.INT) != B_L) { // the lane index; the floats go after it
            throw new IllegalStateException("lane index not in its slot");
        }
        if (!masked || !fuse) {
            for (int p : block) {
                new Insn(c, p, masked, null).emit();
            }
            c.return_();
            return;
        }
        // Under a partial mask, where nothing vectorizes anyway, one loop over the lanes takes the
        // whole block, each active lane its instructions in order: one mask test a lane, not one
        // an instruction. Their set-up (constants, uniforms, array references) goes before it.
        // (For the full mask one loop an instruction measured faster: SuperWord vectorizes those,
        // and not a loop of many.)
        List<Runnable> bodies = new ArrayList<>();
        for (int p : block) {
            boolean alone = isWide(p);
            if (alone) {
                lanesLoop(c, masked, bodies);
                new Insn(c, p, masked, null).emit();
            } else {
                new Insn(c, p, masked, bodies).emit();
            }
        }
        lanesLoop(c, masked, bodies);
        c.return_();
    }

    /**
     * Whether a block's instructions share one loop under a partial mask (the default) or each has
     * its own there too; {@code -Dcsir.batch.perInstruction=true} gives the latter, for measuring.
     */
    static final boolean FUSE = !Boolean.getBoolean("csir.batch.perInstruction");

    private boolean isWide(int p) {
        return (op(p) == Ops.ZERON || op(p) == Ops.LOAD_UNI) && word(p, Ops.N) > WIDE;
    }

    /** The loop over the lanes (the active ones when masked) running {@code bodies} in order; empties the list. */
    private static void lanesLoop(CodeBuilder c, boolean masked, List<Runnable> bodies) {
        if (bodies.isEmpty()) {
            return;
        }
        lanesLoop(c, masked, () -> bodies.forEach(Runnable::run));
        bodies.clear();
    }

    /** The loop over the lanes (the active ones when masked) running {@code body}, lane index in B_L. */
    private static void lanesLoop(CodeBuilder c, boolean masked, Runnable body) {
        Label head = c.newLabel();
        Label next = c.newLabel();
        Label end = c.newLabel();
        c.iconst_0().istore(B_L);
        c.labelBinding(head);
        c.iload(B_L).iload(B_N).if_icmpge(end);
        if (masked) {
            c.aload(B_ACT).iload(B_L).baload().ifeq(next);
        }
        body.run();
        c.labelBinding(next);
        c.iinc(B_L, 1).goto_(head);
        c.labelBinding(end);
    }

    /** The loop of one instruction over the lanes. */
    private final class Insn {
        private final CodeBuilder c;
        private final int p;
        private final boolean masked;
        /** Where the body goes when it shares its block's loop, else null. */
        private final List<Runnable> fused;
        private final int d;
        private final int a;
        private final int b;
        private final int x;
        private final int n;

        Insn(CodeBuilder c, int p, boolean masked, List<Runnable> fused) {
            this.c = c;
            this.fused = fused;
            this.p = p;
            this.masked = masked;
            this.d = word(p, Ops.D);
            this.a = word(p, Ops.A);
            this.b = word(p, Ops.B);
            this.x = word(p, Ops.X);
            this.n = word(p, Ops.N);
        }

        /** Runs {@code body} for each lane (each active lane when masked), lane index in B_L. */
        private void loop(Runnable body) {
            if (fused != null) {
                fused.add(body);
                return;
            }
            if (!masked && hoisted[p]) {
                once(body);
                return;
            }
            lanesLoop(c, masked, body);
        }

        /**
         * A batch-wide value: the body for lane 0 only, then its results copied to lanes 1..n-1.
         * Every lane would compute the same bits from the same operands, so this is exact.
         */
        private void once(Runnable body) {
            c.iconst_0().istore(B_L);
            body.run();
            int[] w = writes(p);
            for (int f = w[0]; f < w[0] + w[1]; f++) {
                int v = local();
                c.aload(B_T).loadConstant(f * lanes).faload().fstore(v);
                Label head = c.newLabel();
                Label end = c.newLabel();
                c.iconst_1().istore(B_L);
                c.labelBinding(head);
                c.iload(B_L).iload(B_N).if_icmpge(end);
                storeLocal(f, v);
                c.iinc(B_L, 1).goto_(head);
                c.labelBinding(end);
            }
        }

        /** Pushes the SoA index of float {@code f} of the current lane. */
        private void index(int f) {
            c.loadConstant(f * lanes).iload(B_L).iadd();
        }

        private void t(int f) {
            c.aload(B_T);
            index(f);
            c.faload();
        }

        /** T[f] = the value {@code value} pushes. */
        private void store(int f, Runnable value) {
            c.aload(B_T);
            index(f);
            value.run();
            c.fastore();
        }

        private void storeLocal(int f, int local) {
            store(f, () -> c.fload(local));
        }

        private int local() {
            return c.allocateLocal(TypeKind.FLOAT);
        }

        private void call(String name, MethodTypeDesc type) {
            c.invokestatic(CD_LANES, name, type);
        }

        /** A unary transcendental: by rows where {@link #byRows} takes it, else {@link ShaderMath}'s lane by lane. */
        private void unaryRows(String method, int lanesN) {
            if (!byRows(method, lanesN, false)) {
                unary(lanesN, () -> c.invokestatic(CD_SHADER_MATH, method, F_F));
            }
        }

        /**
         * Under a full mask, outside a fused loop and not batch-wide, the instruction as calls of
         * {@link Rows}' (or {@link VectorRows}') {@code method}, one per float row in order, as
         * the lanes' loop would write them; false (nothing emitted) otherwise.
         */
        private boolean byRows(String method, int rows, boolean binary) {
            if (masked || fused != null || hoisted[p]) {
                return false;
            }
            for (int k = 0; k < rows; k++) {
                c.aload(B_T).loadConstant((d + k) * lanes).loadConstant((a + k) * lanes);
                if (binary) {
                    c.loadConstant((b + k) * lanes);
                }
                // the whole row, not the batch's n lanes: a lane past n computes a value nobody
                // reads, where a partial last vector would go lane by lane
                c.loadConstant(lanes);
                if (binary) {
                    c.aload(B_BATCH).getfield(CD_BATCH, "rows", CD_FLOATS);
                }
                c.invokestatic(rowsClass, method, binary ? ROW2 : ROW1);
            }
            return true;
        }

        private void unary(int lanesN, Runnable f) {
            loop(() -> {
                for (int i = 0; i < lanesN; i++) {
                    int k = i;
                    store(d + k, () -> {
                        t(a + k);
                        f.run();
                    });
                }
            });
        }

        /** In order, lane by lane, as the interpreter's N-loops: dst[i] = f(a[i], b[i]). */
        private void binary(int lanesN, Runnable f) {
            loop(() -> {
                for (int i = 0; i < lanesN; i++) {
                    int k = i;
                    store(d + k, () -> {
                        t(a + k);
                        t(b + k);
                        f.run();
                    });
                }
            });
        }

        /** All lanes read before any is written, as the interpreter's fixed-width forms. */
        private void binaryAtOnce(int lanesN, Runnable f) {
            loop(() -> {
                int[] v = new int[lanesN];
                for (int i = 0; i < lanesN; i++) {
                    v[i] = local();
                    t(a + i);
                    t(b + i);
                    f.run();
                    c.fstore(v[i]);
                }
                for (int i = 0; i < lanesN; i++) {
                    storeLocal(d + i, v[i]);
                }
            });
        }

        private void moveAtOnce(int lanesN) {
            loop(() -> {
                int[] v = new int[lanesN];
                for (int i = 0; i < lanesN; i++) {
                    v[i] = local();
                    t(a + i);
                    c.fstore(v[i]);
                }
                for (int i = 0; i < lanesN; i++) {
                    storeLocal(d + i, v[i]);
                }
            });
        }

        /** dst[k] = the batch-wide {@code src[at + k]}, k < lanesN, read once before the loop. */
        private void broadcast(String field, int at, int lanesN) {
            int[] v = new int[lanesN];
            int arr = c.allocateLocal(TypeKind.REFERENCE);
            c.aload(B_BATCH).getfield(CD_BATCH, field, CD_FLOATS).astore(arr);
            for (int k = 0; k < lanesN; k++) {
                v[k] = local();
                c.aload(arr).loadConstant(at + k).faload().fstore(v[k]);
            }
            loop(() -> {
                for (int k = 0; k < lanesN; k++) {
                    storeLocal(d + k, v[k]);
                }
            });
        }

        private void zero(int lanesN) {
            loop(() -> {
                for (int k = 0; k < lanesN; k++) {
                    store(d + k, c::fconst_0);
                }
            });
        }

        /** dst[k] = field[(at + k) * lanes + l] for k < 4: a per-lane input. */
        private void input(String field, int at) {
            int arr = c.allocateLocal(TypeKind.REFERENCE);
            c.aload(B_BATCH).getfield(CD_BATCH, field, CD_FLOATS).astore(arr);
            loop(() -> {
                for (int k = 0; k < 4; k++) {
                    int kk = k;
                    store(d + k, () -> {
                        c.aload(arr);
                        index(at + kk);
                        c.faload();
                    });
                }
            });
        }

        /** field[(at + k) * lanes + l] = T[a + k] for k < 4: a per-lane output. */
        private void output(String field, int at) {
            int arr = c.allocateLocal(TypeKind.REFERENCE);
            c.aload(B_BATCH).getfield(CD_BATCH, field, CD_FLOATS).astore(arr);
            loop(() -> {
                for (int k = 0; k < 4; k++) {
                    c.aload(arr);
                    index(at + k);
                    t(a + k);
                    c.fastore();
                }
            });
        }

        private void texture(String helper, MethodTypeDesc type, int[] coords) {
            texture(helper, type, coords, null);
        }

        /** A lookup helper's call per lane: the texture, the coordinates, {@code constant} (when set), the scratch and out. */
        private void texture(String helper, MethodTypeDesc type, int[] coords, Integer constant) {
            int tex = c.allocateLocal(TypeKind.REFERENCE);
            int scratch = c.allocateLocal(TypeKind.REFERENCE);
            c.aload(B_BATCH).getfield(CD_BATCH, "textures", CD_TEXTURE.arrayType())
                    .loadConstant(x).aaload().astore(tex);
            c.aload(B_BATCH).getfield(CD_BATCH, "texel", CD_FLOATS).astore(scratch);
            loop(() -> {
                c.aload(tex);
                for (int f : coords) {
                    t(f);
                }
                if (constant != null) {
                    c.loadConstant(constant);
                }
                c.aload(scratch).aload(B_T);
                index(d);
                c.loadConstant(lanes);
                call(helper, type);
            });
        }

        /** Σ_k T[m + 4k + row] * T[v + k] from 0f, k < cols, into four locals (past cols: 0). */
        private int[] matVec(int m, int v, int cols) {
            int[] r = new int[4];
            for (int i = 0; i < 4; i++) {
                r[i] = local();
                c.fconst_0().fstore(r[i]);
            }
            for (int k = 0; k < cols; k++) {
                int s = local();
                t(v + k);
                c.fstore(s);
                for (int i = 0; i < 4; i++) {
                    c.fload(r[i]);
                    t(m + 4 * k + i);
                    c.fload(s).fmul().fadd().fstore(r[i]);
                }
            }
            for (int i = Math.max(cols, 1); i < 4; i++) {
                c.fconst_0().fstore(r[i]);
            }
            return r;
        }

        /** A register array read or written at each lane's own index, through {@link Lanes}. */
        private void indexed(String helper, int source) {
            loop(() -> {
                c.aload(B_T).loadConstant(d).loadConstant(source).loadConstant(b).loadConstant(x).loadConstant(n)
                        .loadConstant(lanes).iload(B_L);
                call(helper, MethodTypeDesc.of(CD_void, CD_FLOATS, CD_int, CD_int, CD_int, CD_int, CD_int, CD_int,
                        CD_int));
            });
        }

        /** A long run of floats (a wide uniform load, or its zeros) through {@link Lanes#fill}. */
        private void wide(String field) {
            if (field == null) {
                c.aconst_null();
            } else {
                c.aload(B_BATCH).getfield(CD_BATCH, field, CD_FLOATS);
            }
            c.loadConstant(x).aload(B_T).loadConstant(d * lanes).loadConstant(lanes);
            if (masked) {
                c.aload(B_ACT);
            } else {
                c.aconst_null();
            }
            c.loadConstant(n).iload(B_N);
            call("fill", MethodTypeDesc.of(CD_void, CD_FLOATS, CD_int, CD_FLOATS, CD_int, CD_int, CD_BOOLS,
                    CD_int, CD_int));
        }

        void emit() {
            int o = op(p);
            switch (o) {
                case Ops.MOV1 -> unary(1, () -> { });
                case Ops.MOV3 -> moveAtOnce(3);
                case Ops.MOV4 -> moveAtOnce(4);
                case Ops.MOVN -> unary(n, () -> { });
                case Ops.ADD1 -> binary(1, c::fadd);
                case Ops.SUB1 -> binary(1, c::fsub);
                case Ops.MUL1 -> binary(1, c::fmul);
                case Ops.ADD3 -> binaryAtOnce(3, c::fadd);
                case Ops.SUB3 -> binaryAtOnce(3, c::fsub);
                case Ops.MUL3 -> binaryAtOnce(3, c::fmul);
                case Ops.ADD4 -> binaryAtOnce(4, c::fadd);
                case Ops.SUB4 -> binaryAtOnce(4, c::fsub);
                case Ops.MUL4 -> binaryAtOnce(4, c::fmul);
                case Ops.ADDN -> binary(n, c::fadd);
                case Ops.SUBN -> binary(n, c::fsub);
                case Ops.MULN -> binary(n, c::fmul);
                case Ops.MAX1 -> binary(1, () -> call("max", FF_F));
                case Ops.MAXN -> binary(n, () -> call("max", FF_F));
                case Ops.MIN1 -> binary(1, () -> call("min", FF_F));
                case Ops.MINN -> binary(n, () -> call("min", FF_F));
                case Ops.ABSN -> unary(n, () -> c.invokestatic(CD_MATH, "abs", F_F));
                case Ops.DOT3, Ops.DOT4 -> loop(() -> store(d, () -> {
                    int lanesN = o == Ops.DOT3 ? 3 : 4;
                    for (int i = 0; i < lanesN; i++) {
                        t(a + i);
                        t(b + i);
                        c.fmul();
                        if (i > 0) {
                            c.fadd();
                        }
                    }
                }));
                case Ops.DOTN -> loop(() -> store(d, () -> {
                    c.fconst_0();
                    for (int i = 0; i < n; i++) {
                        t(a + i);
                        t(b + i);
                        c.fmul().fadd();
                    }
                }));
                case Ops.RSQ1 -> unaryRows("rsq", 1);
                case Ops.RSQ -> unaryRows("rsq", n);
                case Ops.RCP1 -> unaryRows("rcp", 1);
                case Ops.RCP -> unaryRows("rcp", n);
                case Ops.SIN -> unary(n, () -> call("sin", F_F));
                case Ops.COS -> unary(n, () -> call("cos", F_F));
                case Ops.LG2 -> unaryRows("log2", n);
                case Ops.TRUNC -> unary(n, () -> c.invokestatic(CD_INTERPRETER, "trunc", F_F));
                case Ops.POW -> {
                    if (!byRows("pow", 1, true)) {
                        binary(1, () -> c.invokestatic(CD_SHADER_MATH, "pow", FF_F));
                    }
                }
                case Ops.CMP_LT -> binary(1, () -> call("lt", FF_F));
                case Ops.CMP_GT -> binary(1, () -> call("gt", FF_F));
                case Ops.CMP_LE -> binary(1, () -> call("le", FF_F));
                case Ops.CMP_GE -> binary(1, () -> call("ge", FF_F));
                case Ops.CMP_EQ -> binary(1, () -> call("eq", FF_F));
                case Ops.CMP_NE -> binary(1, () -> call("ne", FF_F));
                case Ops.ZERO1 -> zero(1);
                case Ops.ZERON -> {
                    if (n > WIDE) {
                        wide(null);
                    } else {
                        zero(n);
                    }
                }
                case Ops.CONST -> broadcast("consts", x, 4);
                case Ops.LOAD_UNI1 -> broadcast("uniforms", x, 4);
                case Ops.LOAD_UNI -> {
                    if (n > WIDE) {
                        wide("uniforms");
                    } else {
                        broadcast("uniforms", x, n);
                    }
                }
                case Ops.MULMV -> loop(() -> {
                    int[] r = matVec(a, b, x);
                    for (int i = 0; i < 4; i++) {
                        storeLocal(d + i, r[i]);
                    }
                });
                case Ops.MULMM -> loop(() -> {
                    // every column computed before any is written: dst may overlap a source
                    int[][] cols = new int[x][];
                    for (int j = 0; j < x; j++) {
                        cols[j] = matVec(a, b + 4 * j, x);
                    }
                    for (int j = 0; j < x; j++) {
                        for (int i = 0; i < 4; i++) {
                            storeLocal(d + 4 * j + i, cols[j][i]);
                        }
                    }
                });
                case Ops.SWZ -> loop(() -> {
                    int[] src = {a, b, x, word(p, Ops.Y)};
                    int[] v = new int[4];
                    for (int i = 0; i < 4; i++) {
                        v[i] = local();
                        t(src[i]);
                        c.fstore(v[i]);
                    }
                    for (int i = 0; i < 4; i++) {
                        storeLocal(d + i, v[i]);
                    }
                });
                case Ops.SAMPLE -> texture("sample", MethodTypeDesc.of(CD_void, CD_TEXTURE, CD_float, CD_float,
                        CD_FLOATS, CD_FLOATS, CD_int, CD_int), new int[] {a, a + 1});
                case Ops.FETCH -> texture("fetch", MethodTypeDesc.of(CD_void, CD_TEXTURE, CD_float, CD_float,
                        CD_float, CD_FLOATS, CD_FLOATS, CD_int, CD_int), new int[] {a, a + 1, a + 3});
                case Ops.TEXSIZE -> texture("size", MethodTypeDesc.of(CD_void, CD_TEXTURE, CD_float,
                        CD_FLOATS, CD_FLOATS, CD_int, CD_int), new int[] {a});
                case Ops.TEXSIZE_3D -> texture("size3d", SIZE_CALL, new int[] {a});
                case Ops.TEXSIZE_ARRAY -> texture("sizeArray", SIZE_CALL, new int[] {a});
                case Ops.TEXSIZE_CUBE_ARRAY -> texture("sizeCubeArray", SIZE_CALL, new int[] {a});
                case Ops.FETCH_SAMPLE -> texture("fetchSample", SAMPLE_FETCH_CALL, new int[] {a, a + 1});
                case Ops.FETCH_SAMPLE_ARRAY -> texture("fetchSampleArray", LAYERED_SAMPLE_CALL, new int[] {a, a + 1, a + 2});
                case Ops.SAMPLE_CUBE_ARRAY -> texture("sampleCubeArray", SHADOW_CALL, new int[] {a, a + 1, a + 2, a + 3});
                case Ops.SHADOW_CUBE_ARRAY -> texture("shadowCubeArray", CUBE_ARRAY_SHADOW_CALL,
                        new int[] {a, a + 1, a + 2, a + 3, b});
                case Ops.SAMPLE_CUBE -> texture("sampleCube", LAYERED_SAMPLE_CALL, new int[] {a, a + 1, a + 2});
                case Ops.SAMPLE_3D -> texture("sample3d", LAYERED_SAMPLE_CALL, new int[] {a, a + 1, a + 2});
                case Ops.SAMPLE_ARRAY -> texture("sampleArray", LAYERED_SAMPLE_CALL, new int[] {a, a + 1, a + 2});
                case Ops.SHADOW_2D -> texture("shadow2d", LAYERED_SAMPLE_CALL, new int[] {a, a + 1, a + 2});
                case Ops.SHADOW_CUBE -> texture("shadowCube", SHADOW_CALL, new int[] {a, a + 1, a + 2, a + 3});
                case Ops.SHADOW_ARRAY -> texture("shadowArray", SHADOW_CALL, new int[] {a, a + 1, a + 2, a + 3});
                case Ops.SAMPLE_OFFSET -> texture("sampleOffset", OFFSET_SAMPLE_CALL, new int[] {a, a + 1}, word(p, Ops.Y));
                case Ops.GATHER -> texture("gather", OFFSET_SAMPLE_CALL, new int[] {a, a + 1}, word(p, Ops.Y));
                case Ops.SAMPLE_ARRAY_OFFSET -> texture("sampleArrayOffset", LAYERED_OFFSET_CALL, new int[] {a, a + 1, a + 2},
                        word(p, Ops.Y));
                case Ops.GATHER_ARRAY -> texture("gatherArray", LAYERED_OFFSET_CALL, new int[] {a, a + 1, a + 2},
                        word(p, Ops.Y));
                case Ops.FETCH_OFFSET -> texture("fetchOffset", MethodTypeDesc.of(CD_void, CD_TEXTURE, CD_float, CD_float,
                        CD_float, CD_int, CD_FLOATS, CD_FLOATS, CD_int, CD_int), new int[] {a, a + 1, a + 3},
                        word(p, Ops.Y));
                case Ops.LOAD_ATTR -> input("attributes", x);
                case Ops.LOAD_VAR -> input("varyingsIn", x);
                case Ops.LOAD_FCOORD -> input("fragCoord", 0);
                case Ops.LOAD_SYSVAL -> input("systemValues", x);
                case Ops.IUN -> unary(n, () -> c.invokestatic(CD_INT_LANES, IntLanes.UNARY[x], F_F));
                case Ops.IBIN -> binary(n, () -> c.invokestatic(CD_INT_LANES, IntLanes.BINARY[x], FF_F));
                case Ops.ICMP, Ops.UCMP -> loop(() -> store(d, () -> {
                    c.loadConstant(x);
                    t(a);
                    t(b);
                    c.invokestatic(CD_INT_LANES, o == Ops.ICMP ? "icmp" : "ucmp", IFF_F);
                }));
                case Ops.IBFE, Ops.UBFE -> loop(() -> {
                    // the field is read before any lane is written, as the interpreter reads it
                    int offset = c.allocateLocal(TypeKind.INT);
                    int bits = c.allocateLocal(TypeKind.INT);
                    t(b);
                    c.invokestatic(CD_INT_LANES, "field", F_I).istore(offset);
                    t(b + 1);
                    c.invokestatic(CD_INT_LANES, "field", F_I).istore(bits);
                    for (int i = 0; i < n; i++) {
                        int k = i;
                        store(d + k, () -> {
                            t(a + k);
                            c.iload(offset).iload(bits);
                            c.invokestatic(CD_INT_LANES, o == Ops.IBFE ? "ibfe" : "ubfe", FII_F);
                        });
                    }
                });
                case Ops.STORE_POS -> output("position", 0);
                case Ops.STORE_VAR -> output("varyingsOut", x);
                case Ops.STORE_COLOR -> output("color", x);
                case Ops.LOAD_INDEXED -> indexed("loadIndexed", a);
                case Ops.STORE_INDEXED -> indexed("storeIndexed", a);
                case Ops.LOAD_UNI_INDEXED -> {
                    int arr = c.allocateLocal(TypeKind.REFERENCE);
                    c.aload(B_BATCH).getfield(CD_BATCH, "uniforms", CD_FLOATS).astore(arr);
                    loop(() -> {
                        c.aload(arr).aload(B_T).loadConstant(d).loadConstant(x).loadConstant(b)
                                .loadConstant(word(p, Ops.Y)).loadConstant(lanes).iload(B_L);
                        call("loadUniformIndexed", MethodTypeDesc.of(CD_void, CD_FLOATS, CD_FLOATS, CD_int, CD_int,
                                CD_int, CD_int, CD_int, CD_int));
                    });
                }
                default -> throw new IllegalStateException("no batch form for internal opcode " + o);
            }
        }
    }
}
