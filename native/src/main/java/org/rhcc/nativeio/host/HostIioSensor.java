package org.rhcc.nativeio.host;

import org.rhcc.core.port.IioOccupancySensor;

/**
 * The receiver node's sensor on a real host: the IRP occupancy counter a {@link ReceiverHost} owns from the node's
 * start to its stop, as {@link ReceiverHost#sensor()} hands it to the controller. Every (re)start of the MSR
 * poller's agent reads the same one. Each sample also keeps the host's heartbeat going: a sampling loop that stops
 * stops the beats.
 * <p>
 * <b>Note:</b> {@link #sampleOccupancy(long)} is one call through to
 * {@link org.rhcc.nativeio.iio.IrpOccupancySensor#sampleOccupancy(long)} and one release
 * store: no allocation, no logging.
 */
final class HostIioSensor implements IioOccupancySensor
{
    private final IioOccupancySensor sensor;
    private final Runnable onSample;

    /**
     * @param sensor   the host's IRP occupancy sensor.
     * @param onSample counts a sample for the heartbeat.
     */
    HostIioSensor(final IioOccupancySensor sensor, final Runnable onSample)
    {
        this.sensor = sensor;
        this.onSample = onSample;
    }

    /**
     * {@inheritDoc}
     * <p>
     * Also counts the sample for the host's heartbeat, which beats only while samples are read.
     */
    public double sampleOccupancy(final long nowNs)
    {
        final double occupancy = sensor.sampleOccupancy(nowNs);
        onSample.run();
        return occupancy;
    }

    @Override
    public long readLatencyNs()
    {
        return sensor.readLatencyNs();
    }
}
