/**
 * {@code rhcc tune --native}: the contention probe of docs/design.md §4.2 on a real host. The NIC receives at line
 * rate from a peer; {@link org.rhcc.nativeio.tune.NativeTuneHost} opens the port's counters, the IRP occupancy
 * counter, a resctrl group and a {@link org.rhcc.nativeio.tune.MemoryLoad} on the NIC's socket, and
 * {@link org.rhcc.nativeio.tune.NativeContentionProbe} measures each point in a bounded window, D coming from the
 * sender node's metrics ({@link org.rhcc.nativeio.tune.PrometheusDelaySource}). The host is left unthrottled after
 * every measurement, at close and at JVM shutdown.
 */
package org.rhcc.nativeio.tune;
