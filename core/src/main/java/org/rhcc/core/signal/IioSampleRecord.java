package org.rhcc.core.signal;

/**
 * An {@link IioSample} held in fields: what a reader fills to hand a sample on ({@link #set}) or copies a view into to
 * keep it past the call that handed it over ({@link #copyFrom}).
 * <p>
 * <b>Note:</b> mutable and reused; not thread-safe.
 */
public final class IioSampleRecord implements IioSample
{
    private double occupancy;
    private double pcieGbps;
    private long nowNs;

    /**
     * @param occupancy mean IIO occupancy since the previous sample, entries.
     * @param pcieGbps  inbound PCIe bandwidth since the previous sample, Gbit/s.
     * @param nowNs     time the read completed, ns.
     * @return this record.
     */
    public IioSampleRecord set(final double occupancy, final double pcieGbps, final long nowNs)
    {
        this.occupancy = occupancy;
        this.pcieGbps = pcieGbps;
        this.nowNs = nowNs;
        return this;
    }

    /**
     * @param sample a view, read now.
     * @return this record, holding the view's values.
     */
    public IioSampleRecord copyFrom(final IioSample sample)
    {
        return set(sample.occupancy(), sample.pcieGbps(), sample.nowNs());
    }

    @Override
    public double occupancy()
    {
        return occupancy;
    }

    @Override
    public double pcieGbps()
    {
        return pcieGbps;
    }

    @Override
    public long nowNs()
    {
        return nowNs;
    }

    @Override
    public String toString()
    {
        return "IioSample{occupancy=" + occupancy + ", pcieGbps=" + pcieGbps + ", nowNs=" + nowNs + '}';
    }
}
