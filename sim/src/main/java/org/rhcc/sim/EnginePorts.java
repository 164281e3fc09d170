package org.rhcc.sim;

import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.RateLimiter;
import org.rhcc.sim.api.SimPorts;
import org.rhcc.sim.net.RdmaFabric;

/**
 * The ports of one run as a controller sees them (docs/design.md §3, docs/model.md §4.10): the delayed MBA actuator,
 * the senders' rate limiter, the IIO sensor, the receiver NIC's CE marking and the run's static facts.
 * <p>
 * <b>Note:</b> single-threaded; allocates nothing.
 */
final class EnginePorts implements SimPorts
{
    private final MbaActuator mba;
    private final RateLimiter rateLimiter;
    private final IioOccupancySensor iioSensor;
    private final RdmaFabric fabric;
    private final int qpCount;
    private final double lineRateGbps;

    /**
     * @param mba          the MBA actuator.
     * @param rateLimiter  the senders' rate limiter.
     * @param iioSensor    the IIO occupancy sensor.
     * @param fabric       the run's fabric, or null for a run without RDMA.
     * @param qpCount      RDMA QPs of the run.
     * @param lineRateGbps line rate of a sender NIC, Gbit/s.
     */
    EnginePorts(final MbaActuator mba, final RateLimiter rateLimiter, final IioOccupancySensor iioSensor,
        final RdmaFabric fabric, final int qpCount, final double lineRateGbps)
    {
        this.mba = mba;
        this.rateLimiter = rateLimiter;
        this.iioSensor = iioSensor;
        this.fabric = fabric;
        this.qpCount = qpCount;
        this.lineRateGbps = lineRateGbps;
    }

    @Override
    public MbaActuator mba()
    {
        return mba;
    }

    @Override
    public RateLimiter rateLimiter()
    {
        return rateLimiter;
    }

    @Override
    public void setReceiverEcnMarking(final boolean on)
    {
        if (null != fabric)
        {
            fabric.markAll(on);
        }
    }

    @Override
    public int qpCount()
    {
        return qpCount;
    }

    @Override
    public double lineRateGbps()
    {
        return lineRateGbps;
    }

    @Override
    public IioOccupancySensor iioSensor()
    {
        return iioSensor;
    }

    @Override
    public double interHostRateGbps(final int qp, final long nowNs)
    {
        return null == fabric ? Double.NaN : fabric.interHostRateGbps(qp, nowNs);
    }

    @Override
    public double sendRateGbps(final int qp, final long nowNs)
    {
        return null == fabric ? Double.NaN : fabric.sendRateGbps(qp, nowNs);
    }

    @Override
    public long switchQueueBytes()
    {
        return null == fabric ? -1L : fabric.switchBacklogBytes();
    }

    @Override
    public long sentWireBytes(final int qp)
    {
        return null == fabric ? -1L : fabric.sentWireBytes(qp);
    }
}
