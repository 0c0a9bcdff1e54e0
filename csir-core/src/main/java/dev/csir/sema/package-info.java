/**
 * Semantic analysis: names resolved, types checked, built-ins matched against one signature
 * table, and the result a checked, typed tree ({@link dev.csir.sema.Typed}) in which every
 * expression carries its type and position and every conversion is explicit. Knows neither IR.
 */
package dev.csir.sema;
