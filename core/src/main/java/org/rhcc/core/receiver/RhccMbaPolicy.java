package org.rhcc.core.receiver;

/**
 * RHCC's receiver-side rule (paper §III-B): Eq. (1) EWMA and {@code I_cur > I_thr} ({@link IioCongestionDetector})
 * driving the cross-NUMA-first {@link MbaCascade}. The PCIe bandwidth sample is not used: RHCC's receiver loop acts on
 * IIO occupancy alone.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per sample.
 */
public final class RhccMbaPolicy implements MbaPolicy
{
    private final IioCongestionDetector detector;
    private final MbaCascade cascade;

    /**
     * @param detector the Eq. (1) detector.
     * @param cascade  the MBA cascade.
     */
    public RhccMbaPolicy(final IioCongestionDetector detector, final MbaCascade cascade)
    {
        this.detector = detector;
        this.cascade = cascade;
    }

    /**
     * @return the paper's rule: g_IIO 0.25, I_thr 45, the default cascade.
     */
    public static RhccMbaPolicy paperDefaults()
    {
        return new RhccMbaPolicy(new IioCongestionDetector(), new MbaCascade(MbaCascadeConfig.paperDefaults()));
    }

    /**
     * {@inheritDoc}
     */
    public int onSample(final double occupancy, final double pcieGbps, final long nowNs, final MbaLevelSink sink)
    {
        return cascade.onDecision(detector.onSample(occupancy), nowNs, sink);
    }

    /**
     * {@inheritDoc}
     */
    public int level(final int group)
    {
        return cascade.level(group);
    }

    /**
     * {@inheritDoc}
     */
    public int groupCount()
    {
        return cascade.groupCount();
    }

    /**
     * {@inheritDoc}
     */
    public double smoothedOccupancy()
    {
        return detector.iCur();
    }

    /**
     * {@inheritDoc}
     */
    public void resetToUnthrottled()
    {
        cascade.resetToUnthrottled();
    }

    /**
     * @return the detector.
     */
    public IioCongestionDetector detector()
    {
        return detector;
    }
}
