package org.rhcc.sim;

import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.signal.IioSample;

/**
 * The simulated IIO occupancy counter (docs/model.md §4.10): the mean IIO write-buffer occupancy since the previous
 * read, from the run's occupancy integral, and beside it the NIC's inbound PCIe bandwidth over the same interval
 * (hostCC's second signal). The first read averages from the start of the run. The last read is the
 * {@link IioSample} the simulator hands a controller.
 * <p>
 * A read reflects the counters at the end of the step now closing, whatever {@code nowNs} it is given.
 * <p>
 * <b>Note:</b> single-threaded; allocates nothing.
 */
final class IioSampler implements IioOccupancySensor, IioSample
{
    private final Counters total;
    private final long readLatencyNs;
    private double lastTimeNs;
    private double lastOccupancyNs;
    private double lastIssuedLines;
    private double pcieGbps;
    private double occupancy;
    private long readNs;

    /**
     * @param total         the run's cumulative counters.
     * @param readLatencyNs the modelled cost of one read (MSR), ns.
     */
    IioSampler(final Counters total, final long readLatencyNs)
    {
        this.total = total;
        this.readLatencyNs = readLatencyNs;
    }

    @Override
    public double sampleOccupancy(final long nowNs)
    {
        final double elapsed = total.timeNs - lastTimeNs;
        final double occupancy = (total.occupancyNs - lastOccupancyNs) / elapsed;
        pcieGbps = (total.issuedLines - lastIssuedLines) * 512.0 / elapsed;
        lastTimeNs = total.timeNs;
        lastOccupancyNs = total.occupancyNs;
        lastIssuedLines = total.issuedLines;
        this.occupancy = occupancy;
        this.readNs = nowNs;
        return occupancy;
    }

    @Override
    public double occupancy()
    {
        return occupancy;
    }

    @Override
    public long nowNs()
    {
        return readNs;
    }

    @Override
    public long readLatencyNs()
    {
        return readLatencyNs;
    }

    /**
     * @return the NIC's inbound PCIe bandwidth over the interval of the last {@link #sampleOccupancy(long)}, Gbit/s.
     */
    @Override
    public double pcieGbps()
    {
        return pcieGbps;
    }
}
