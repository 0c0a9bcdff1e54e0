/** JMH benchmarks of the compiler stages and the interpreter. */
package dev.csir.bench;
