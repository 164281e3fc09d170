/**
 * rhcc's shared test vectors: a deterministic generator over the Java core whose CSV output both the core's tests
 * and the C PCC program replay.
 */
package org.rhcc.testvectors;
