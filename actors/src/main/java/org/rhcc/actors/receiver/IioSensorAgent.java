package org.rhcc.actors.receiver;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NanoClock;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The IIO sample source's agent on real hardware ({@code iio-sample-source}): reads an {@link IioOccupancySensor} (e.g.
 * native/'s uncore IRP occupancy counter) every {@code intervalNs} and publishes each sample on the node's internal IIO
 * stream. A sensor that throws crashes the agent; its actor restarts it with backoff. Each read is timed with the
 * same monotonic clock (one more {@code clock_gettime}, through the vDSO: no system call) into the source's
 * read-latency histogram, when it has one.
 * <p>
 * <b>Note:</b> single-threaded; allocation-free per sample (as long as the sensor is).
 */
public final class IioSensorAgent implements Agent
{
    /** Role name of the agent and its thread. */
    public static final String ROLE_NAME = "iio-sample-source";

    private final IioOccupancySensor sensor;
    private final MessageProxy proxy;
    private final NanoClock clock;
    private final int hostId;
    private final long intervalNs;
    private long nextSampleNs;
    private final AgentCounters.Source counters;
    private long seq;
    /** The sample each read publishes, reused (the agent publishes one at a time). */
    private final IioSampleRecord sample = new IioSampleRecord();

    /**
     * @param sensor     the host's IIO occupancy sensor.
     * @param proxy      publishes on the node's internal IIO stream, signing as the host's IIO sensor.
     * @param clock      the host's monotonic clock.
     * @param hostId     the receiver host.
     * @param intervalNs sampling interval, ns.
     * @param counters   samples published and read latencies (the session's: outlive restarts).
     */
    public IioSensorAgent(final IioOccupancySensor sensor, final MessageProxy proxy, final NanoClock clock,
        final int hostId, final long intervalNs, final AgentCounters.Source counters)
    {
        this.counters = counters;
        this.sensor = sensor;
        this.proxy = proxy;
        this.clock = clock;
        this.hostId = hostId;
        this.intervalNs = intervalNs;
    }

    @Override
    public int doWork()
    {
        final long nowNs = clock.nanoTime();
        if (nowNs - nextSampleNs < 0)
        {
            return 0;
        }
        nextSampleNs = nowNs + intervalNs;
        final double occupancy = sensor.sampleOccupancy(nowNs);
        if (null != counters.sensorReadLatency)
        {
            counters.sensorReadLatency.record(clock.nanoTime() - nowNs);
        }
        final long result = proxy.iioSample(hostId, seq++, sample.set(occupancy, 0.0, nowNs));
        if (result < 0 && result != io.aeron.Publication.NOT_CONNECTED)
        {
            throw new IllegalStateException("cannot publish an IIO sample: " + OfferResult.describe(result));
        }
        if (result > 0)
        {
            counters.forwarded.incrementRelease();
        }
        return 1;
    }

    @Override
    public String roleName()
    {
        return ROLE_NAME;
    }
}
