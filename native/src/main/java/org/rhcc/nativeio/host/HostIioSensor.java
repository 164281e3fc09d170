package org.rhcc.nativeio.host;

import org.rhcc.core.port.IioOccupancySensor;

/**
 * The receiver node's sensor on a real host: the IRP occupancy counter of the {@link ReceiverHost} open in this JVM.
 * Named by {@code rhcc.receiver.sensor-class}; the node's MSR poller creates one per (re)start of its agent, and every
 * one reads the same counters, which the host owns from the node's start to its stop.
 * <p>
 * <b>Note:</b> {@link #sampleOccupancy(long)} is one call through to
 * {@link org.rhcc.nativeio.iio.IrpOccupancySensor#sampleOccupancy(long)}: no allocation, no logging.
 */
public final class HostIioSensor implements IioOccupancySensor
{
    private final IioOccupancySensor sensor;

    /**
     * @throws IllegalStateException if no receiver host is open in this JVM.
     */
    public HostIioSensor()
    {
        this.sensor = ReceiverHost.current().sensor();
    }

    /**
     * {@inheritDoc}
     */
    public double sampleOccupancy(final long nowNs)
    {
        return sensor.sampleOccupancy(nowNs);
    }

    /**
     * {@inheritDoc}
     */
    public long readLatencyNs()
    {
        return sensor.readLatencyNs();
    }
}
