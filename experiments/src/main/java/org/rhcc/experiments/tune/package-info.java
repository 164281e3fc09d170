/**
 * {@code rhcc tune} on the simulator: the contention probe of {@link org.rhcc.core.tune.KneeSearch} as short
 * simulated runs of a host profile, and the I_thr x D_thr sweep that checks what it chooses (docs/design.md §4.2).
 */
package org.rhcc.experiments.tune;
