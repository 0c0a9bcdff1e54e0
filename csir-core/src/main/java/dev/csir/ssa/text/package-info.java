/**
 * The transform IR's text form: {@link dev.csir.ssa.text.Printer} writes a module (its class
 * comment has the grammar), {@link dev.csir.ssa.text.Parser} reads one back and reports bad text
 * as located errors instead of throwing. Print, parse, print is byte-identical, so tests can be
 * written as text in, text out. Only the public model API of {@code dev.csir.ssa} is used.
 */
package dev.csir.ssa.text;
