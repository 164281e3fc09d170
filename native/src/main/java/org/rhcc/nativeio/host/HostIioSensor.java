package org.rhcc.nativeio.host;

import org.rhcc.core.port.IioOccupancySensor;

/**
 * The receiver node's sensor on a real host: the IRP occupancy counter of the {@link ReceiverHost} open in this JVM.
 * Named by {@code rhcc.receiver.sensor-class}; the node's MSR poller creates one per (re)start of its agent, and every
 * one reads the same counters, which the host owns from the node's start to its stop. Each sample also keeps the
 * host's heartbeat going: a sampling loop that stops stops the beats.
 * <p>
 * <b>Note:</b> {@link #sampleOccupancy(long)} is one call through to
 * {@link org.rhcc.nativeio.iio.IrpOccupancySensor#sampleOccupancy(long)} and one release
 * store: no allocation, no logging.
 */
public final class HostIioSensor implements IioOccupancySensor
{
    private final ReceiverHost host;
    private final IioOccupancySensor sensor;

    /**
     * @throws IllegalStateException if no receiver host is open in this JVM.
     */
    public HostIioSensor()
    {
        this.host = ReceiverHost.current();
        this.sensor = host.sensor();
    }

    /**
     * {@inheritDoc}
     * <p>
     * Also counts the sample for the host's heartbeat, which beats only while samples are read.
     */
    public double sampleOccupancy(final long nowNs)
    {
        final double occupancy = sensor.sampleOccupancy(nowNs);
        host.onSample();
        return occupancy;
    }

    /**
     * {@inheritDoc}
     */
    public long readLatencyNs()
    {
        return sensor.readLatencyNs();
    }
}
