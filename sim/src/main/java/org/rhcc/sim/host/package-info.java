/**
 * The receiver host's intra-host network as a discrete-time fluid model (docs/model.md §2-§4, fidelity F1): quantities
 * are cache lines (64 B) held as doubles, fixed latencies are {@link org.rhcc.sim.host.CalendarRing} delay lines, and
 * every class advances once per host step without allocating.
 */
package org.rhcc.sim.host;
