/**
 * Thresholds from the host itself: the rule that derives I_thr and D_thr from a bounded probe of contention
 * ({@link org.rhcc.core.tune.KneeSearch}), shared by the simulator and the real-host backends of {@code rhcc tune}
 * (docs/design.md §4.2).
 */
package org.rhcc.core.tune;
