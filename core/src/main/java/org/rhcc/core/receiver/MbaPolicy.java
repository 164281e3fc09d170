package org.rhcc.core.receiver;

/**
 * A hostCC receiver-side decision rule: turns IIO occupancy and PCIe bandwidth samples into MBA level changes.
 * hostCC as published ({@link HostCcLocalPolicy}) and over RHCC's levels ({@link HostCcFiveLevelPolicy}) implement it;
 * {@code core/.../control/ReceiverController} runs them.
 * <p>
 * <b>Note:</b> {@link #onSample} is a hot path: no allocation, no logging.
 */
public interface MbaPolicy
{
    /**
     * Feeds one sample and takes a decision.
     *
     * @param occupancy IIO occupancy sample, entries.
     * @param pcieGbps  inbound PCIe bandwidth sample, Gbit/s (ignored by policies that do not use it).
     * @param nowNs     time of the decision, ns.
     * @param sink      receives each level change.
     * @return number of level changes emitted.
     */
    int onSample(double occupancy, double pcieGbps, long nowNs, MbaLevelSink sink);

    /**
     * @param group COS group index.
     * @return the group's current level.
     */
    int level(int group);

    /**
     * @return number of COS groups.
     */
    int groupCount();

    /**
     * @return the policy's smoothed occupancy, entries.
     */
    double smoothedOccupancy();

    /**
     * Fail-safe: forget all throttling, every group back to level 1, without emitting.
     */
    void resetToUnthrottled();
}
