package org.rhcc.core.receiver;

/**
 * A receiver-side decision rule: turns IIO occupancy (and, for hostCC, PCIe bandwidth) samples into MBA level changes.
 * RHCC's rule ({@link RhccCascadePolicy}: Eq. (1) and the cross-NUMA-first cascade), hostCC as published
 * ({@link HostCcLocalPolicy}) and hostCC over RHCC's levels ({@link HostCcFiveLevelPolicy}) implement it, and
 * {@link #NONE} is the rule of a scheme without a receiver loop; {@code core/.../control/ReceiverController} runs
 * whichever its scheme names ({@code core/.../control/ReceiverRule}).
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
     * @return the threshold the smoothed occupancy is compared with, entries (I_thr for RHCC's rule, I_T for hostCC's).
     */
    double threshold();

    /**
     * @return the rule's congestion verdict on the samples so far: the smoothed occupancy above {@link #threshold()}.
     */
    boolean congested();

    /**
     * Fail-safe: forget all throttling, every group back to level 1, without emitting.
     */
    void resetToUnthrottled();

    /** The rule of a scheme without a receiver loop: never congested, never throttles. */
    MbaPolicy NONE = new MbaPolicy()
    {
        @Override
        public int onSample(final double occupancy, final double pcieGbps, final long nowNs, final MbaLevelSink sink)
        {
            return 0;
        }

        @Override
        public int level(final int group)
        {
            return 1;
        }

        @Override
        public int groupCount()
        {
            return 0;
        }

        @Override
        public double smoothedOccupancy()
        {
            return 0.0;
        }

        @Override
        public double threshold()
        {
            return 0.0;
        }

        @Override
        public boolean congested()
        {
            return false;
        }

        @Override
        public void resetToUnthrottled()
        {
        }
    };
}
