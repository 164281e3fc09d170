/**
 * Counters anyone can read: {@link org.rhcc.transport.counters.CounterAllocator} hands out Agrona
 * {@code AtomicCounter}s, published in the media driver's counters file on a node.
 */
package org.rhcc.transport.counters;
