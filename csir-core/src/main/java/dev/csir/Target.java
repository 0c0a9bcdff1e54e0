package dev.csir;

/**
 * What {@link ShaderCompiler#compile} produces past verified CSIR: the caller chooses. CSIR stops
 * there (for the interpreter, the software renderer, a CSI blob); TGSI also emits the text VirGL
 * takes, and reports what TGSI cannot carry (its byte budget) as an error of the compile.
 */
public enum Target {
    CSIR, TGSI
}
