package org.rhcc.core.receiver;

/**
 * RHCC's receiver rule (paper §III-B) as an {@link MbaPolicy}: each IIO occupancy sample updates Eq. (1),
 * {@code I_cur <- (1 - g_IIO) I_cur + g_IIO I_sample}, and the verdict {@code I_cur > I_thr}
 * ({@link IioCongestionDetector}) drives the cross-NUMA-first five-level {@link MbaCascade}. The PCIe bandwidth sample
 * is not used.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per sample.
 */
public final class RhccCascadePolicy implements MbaPolicy
{
    private final IioCongestionDetector detector;
    private final MbaCascade cascade;

    /**
     * @param detector Eq. (1) with the session's g_IIO and I_thr.
     * @param cascade  the level cascade it drives.
     */
    public RhccCascadePolicy(final IioCongestionDetector detector, final MbaCascade cascade)
    {
        this.detector = detector;
        this.cascade = cascade;
    }

    /**
     * {@inheritDoc} {@code pcieGbps} is ignored.
     */
    @Override
    public int onSample(final double occupancy, final double pcieGbps, final long nowNs, final MbaLevelSink sink)
    {
        return cascade.onDecision(detector.onSample(occupancy), nowNs, sink);
    }

    @Override
    public int level(final int group)
    {
        return cascade.level(group);
    }

    @Override
    public int groupCount()
    {
        return cascade.groupCount();
    }

    /**
     * @return I_cur of Eq. (1), entries.
     */
    @Override
    public double smoothedOccupancy()
    {
        return detector.iCur();
    }

    /**
     * @return I_thr, entries.
     */
    @Override
    public double threshold()
    {
        return detector.iThr();
    }

    /**
     * @return Eq. (1)'s verdict {@code I_cur > I_thr}.
     */
    @Override
    public boolean congested()
    {
        return detector.congested();
    }

    /**
     * {@inheritDoc} Eq. (1)'s EWMA is kept: the occupancy it tracks is the host's, not the rule's.
     */
    @Override
    public void resetToUnthrottled()
    {
        cascade.resetToUnthrottled();
    }
}
