/**
 * The transform IR: a typed SSA IR with structured control flow (spec 002). A {@link Module}
 * holds globals, functions and entry points in source order; functions hold blocks that end in
 * exactly one terminator; structured headers name their merge and continue blocks. Locals start
 * as allocas with loads and stores; mem2reg turns them into SSA values with phis. There are no
 * use lists: passes build a user map per run. This package knows neither the front end nor CSIR
 * nor any back end.
 */
package dev.csir.ssa;
