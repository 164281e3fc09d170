package org.rhcc.core.port;

import org.rhcc.core.signal.MbaLevelCommand;

/**
 * Port: Intel Memory Bandwidth Allocation per class-of-service group, the actuator of RHCC's receiver loop.
 * <p>
 * Groups are numbered {@code 0 .. groupCount()-1} in the order of {@link org.rhcc.core.receiver.MbaCascadeConfig}
 * (by default 0 = local-NUMA cores, 1 = cross-NUMA cores). Levels are 1..N of an
 * {@link org.rhcc.core.receiver.MbaLevelTable}: level 1 is unthrottled (100 %). hostCC's two settings travel the same
 * port as levels {@link org.rhcc.core.receiver.MbaLevelTable#MBA_90_LEVEL} (resctrl's 10 %, Intel delay 90) and
 * {@link org.rhcc.core.receiver.MbaLevelTable#PAUSED_LEVEL} (the group's memory-heavy process stopped); an actuator
 * that cannot apply one refuses it with {@link IllegalStateException}.
 * <p>
 * Implemented by the simulator (a per-core request delay), by resctrl schemata writes and by raw MSR 0xD50+COS.
 */
public interface MbaActuator
{
    /**
     * @return the number of COS groups this actuator controls.
     */
    int groupCount();

    /**
     * Applies a throttling level to one group.
     *
     * @param command the group, its MBA level (1 (100 %) .. table size, most throttled, or one of hostCC's two
     *                levels), the reason and the time of the decision in ns of the caller's clock. A view the caller
     *                reuses after the call, so an implementation that keeps it copies it
     *                ({@link org.rhcc.core.signal.MbaLevelCommandRecord#copyFrom}).
     * @throws IllegalStateException if the platform refused the change; the caller then moves the host to the
     *                               fail-safe with {@link #resetToUnthrottled()}.
     */
    void apply(MbaLevelCommand command);

    /**
     * Fail-safe: every group back to level 1 (100 %, unthrottled). Idempotent; tries every group even when one fails.
     */
    void resetToUnthrottled();
}
