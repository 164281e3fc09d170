/**
 * End-to-end benchmarks of the distributed controller: signal-to-actuation latency through the real agents over
 * Aeron IPC, probe-ACK throughput and allocation of a sender node, the same paths through plain actor messages,
 * the heap of sharded sender state, and journal and replay speed.
 */
package org.rhcc.bench.actors;
