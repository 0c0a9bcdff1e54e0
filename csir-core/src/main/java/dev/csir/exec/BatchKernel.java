package dev.csir.exec;

/** What {@link BatchCompiler}'s hidden class implements: the whole shader over lanes 0..n-1 of a batch. */
interface BatchKernel {
    void run(Batch batch, int n);
}
