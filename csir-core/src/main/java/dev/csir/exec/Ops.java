package dev.csir.exec;

/**
 * Internal opcodes of the precompiled code. Each instruction is {@link #STRIDE} ints:
 * {@code op, d, a, b, x, n, y, -} where d/a/b are float offsets into the temporary file, n a
 * lane or float count, x an op-specific operand (slot offset, constant offset, jump target,
 * column count, status ordinal) and y SWZ's fourth lane source.
 */
final class Ops {
    private Ops() {
    }

    static final int STRIDE = 8;
    static final int OP = 0, D = 1, A = 2, B = 3, X = 4, N = 5, Y = 6;

    static final int END = 0;
    static final int ERROR = 1;
    static final int CONST = 2;
    static final int MOV1 = 3;
    static final int MOV3 = 4;
    static final int MOV4 = 5;
    static final int MOVN = 6;
    /** Lane sources pre-resolved in a, b, x and word 6; a lane past ncomp reads the zero block. */
    static final int SWZ = 7;
    static final int ADD1 = 8;
    static final int ADD3 = 9;
    static final int ADD4 = 10;
    static final int ADDN = 11;
    static final int SUB1 = 12;
    static final int SUB3 = 13;
    static final int SUB4 = 14;
    static final int SUBN = 15;
    static final int MUL1 = 16;
    static final int MUL3 = 17;
    static final int MUL4 = 18;
    static final int MULN = 19;
    static final int MAX1 = 20;
    static final int MAXN = 21;
    static final int MIN1 = 22;
    static final int MINN = 23;
    static final int ABSN = 24;
    static final int DOT3 = 25;
    static final int DOT4 = 26;
    static final int DOTN = 27;
    static final int RSQ1 = 28;
    static final int RSQ = 29;
    static final int RCP1 = 30;
    static final int RCP = 31;
    static final int SIN = 32;
    static final int COS = 33;
    static final int POW = 34;
    static final int TRUNC = 35;
    static final int CMP_LT = 36;
    static final int CMP_GT = 37;
    static final int CMP_LE = 38;
    static final int CMP_GE = 39;
    static final int CMP_EQ = 40;
    static final int CMP_NE = 41;
    static final int ZERO1 = 42;
    static final int MULMV = 43;
    static final int MULMM = 44;
    static final int SAMPLE = 45;
    static final int LOAD_ATTR = 46;
    static final int LOAD_VAR = 47;
    /** One vec4 slot; spans up to 4 are emitted as one of these per slot. */
    static final int LOAD_UNI1 = 48;
    static final int LOAD_UNI = 49;
    static final int LOAD_FCOORD = 50;
    static final int ZERON = 51;
    static final int STORE_POS = 52;
    static final int STORE_VAR = 53;
    static final int STORE_COLOR = 54;
    static final int IF = 55;
    static final int JUMP = 56;
    static final int DISCARD = 57;
    /** A loop back-edge (ENDLOOP, CONTINUE): counted against the iteration guard, then a jump. */
    static final int BACK = 58;
    static final int LG2 = 59;
    /** dst.xy = the width and height of a texture's level (z, w zero), as floats. */
    static final int TEXSIZE = 60;
    static final int FETCH = 61;
    /** An integer-lane unary opcode on n lanes; x its {@link IntLanes} kind. */
    static final int IUN = 62;
    /** An integer-lane binary opcode on n lanes; x its {@link IntLanes} kind. */
    static final int IBIN = 63;
    /** Integer comparisons of lane x, signed and unsigned; x the comparison code. */
    static final int ICMP = 64;
    static final int UCMP = 65;
    /** bitfieldExtract on n lanes, b and b + 1 the offset and the bit count. */
    static final int IBFE = 66;
    static final int UBFE = 67;
    /** A vertex system value (x its offset in the frame's system values) into four lanes. */
    static final int LOAD_SYSVAL = 68;
    /** Lookups at slot x of a cube, 3D or 2D array texture; a.xyz the direction or coordinate. */
    static final int SAMPLE_CUBE = 69;
    static final int SAMPLE_3D = 70;
    static final int SAMPLE_ARRAY = 71;
    /** dst.xyz = a 3D level's width, height and depth, or a 2D array's width, height and layers. */
    static final int TEXSIZE_3D = 72;
    static final int TEXSIZE_ARRAY = 73;
    /**
     * Register arrays at a run-time index, x the array's length in registers, b the index (an
     * integer lane), clamped to the array: n lanes of register {@code a + index} into d, or of a
     * into register {@code d + index}.
     */
    static final int LOAD_INDEXED = 74;
    static final int STORE_INDEXED = 75;
    /** Uniform slot {@code x / 4 + index} (index b, clamped below y slots) into d's four lanes. */
    static final int LOAD_UNI_INDEXED = 76;

    /** The clamped register (or slot) offset, in floats, of an integer-lane index into an array of {@code length}. */
    static int element(float index, int length) {
        return Math.clamp(Float.floatToRawIntBits(index), 0, length - 1) * 4;
    }

    /** A derivative (x its {@link Quads} kind) on n lanes: 0 for one invocation, its quad's in {@link Interpreter#runQuad}. */
    static final int DERIV = 77;
    /** Only in the code {@link QuadCode} makes: a lane stops here until its quad-mates are in step. */
    static final int PAUSE = 78;
    /**
     * Shadow lookups at slot x (2D, cube, 2D array): the comparison of the reference, a.z for 2D
     * and a.w for the others, with the texel a.xy or a.xyz picks, into four lanes.
     */
    static final int SHADOW_2D = 79;
    static final int SHADOW_CUBE = 80;
    static final int SHADOW_ARRAY = 81;
    /**
     * 2D lookups with a texel offset ({@link dev.csir.ir.TexelOffset}, in y) at slot x: a.xy
     * sampled, a texel at a.x, a.y of level a.w fetched, a.xy's four texels gathered.
     */
    static final int SAMPLE_OFFSET = 82;
    static final int FETCH_OFFSET = 83;
    static final int GATHER = 84;
    /** The same at a 2D array slot, a.z the layer. */
    static final int SAMPLE_ARRAY_OFFSET = 85;
    static final int GATHER_ARRAY = 86;
    /**
     * Cube-map array lookups at slot x: a.xyz the direction, a.w the layer (the shadow lookup's
     * reference b.x); the size of one as dst.xyz, a face's width and height and the cubes.
     */
    static final int SAMPLE_CUBE_ARRAY = 87;
    static final int SHADOW_CUBE_ARRAY = 88;
    static final int TEXSIZE_CUBE_ARRAY = 89;
    /**
     * A fetch at a multisample slot x: texel a.x, a.y; a.w, the sample, read as the texture's one
     * sample whatever its value (the executors' textures are single-sampled).
     */
    static final int FETCH_SAMPLE = 90;
    /** The same at a multisample array slot, a.z the layer (GL's texelFetch: whole, out of range zero). */
    static final int FETCH_SAMPLE_ARRAY = 91;
}
