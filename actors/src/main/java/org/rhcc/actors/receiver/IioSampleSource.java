package org.rhcc.actors.receiver;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.apache.pekko.actor.typed.Behavior;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.SystemNanoClock;
import org.rhcc.actors.agent.SignalRelayAgent;
import org.rhcc.actors.agent.SourceActor;
import org.rhcc.actors.context.NodeContext;
import org.rhcc.actors.context.ReceiverHardware;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.message.FrameGate;
import org.rhcc.transport.message.MessageProxy;

/**
 * The receiver's signal source: a supervised {@link SourceActor} whose agent either relays the platform's IIO sample
 * stream (the simulator) onto the node's internal IIO stream, or, on real hardware, polls the
 * {@link IioOccupancySensor} of the node's {@link ReceiverHardware} and publishes its samples there. A crashed agent
 * is restarted with backoff.
 */
public final class IioSampleSource
{
    /** Role name of the agent and its thread. */
    public static final String ROLE_NAME = "iio-sample-source";

    private IioSampleSource()
    {
    }

    /**
     * @param node     the node's shared resources.
     * @param platform the session's subscription to the platform's IIO stream when the node relays it (outlives
     *                 restarts, so that a restarted agent resumes where its predecessor stopped), null on real
     *                 hardware (the node has a {@link ReceiverHardware}).
     * @param internal the node's internal IIO stream (outlives restarts).
     * @param counters the source's counters (outlive restarts).
     * @param sessionId the session: the relay accepts the platform's frames signed for it, the sensor signs for it.
     */
    public static Behavior<SourceActor.Command> create(final NodeContext node, final Subscription platform,
        final ExclusivePublication internal, final AgentCounters.Source counters, final long sessionId)
    {
        final ReceiverHardware hardware = node.hardware();
        if (null != hardware)
        {
            return create(node, internal, hardware::sensor, counters, sessionId);
        }
        final var s = node.settings();
        final FrameGate gate = new FrameGate(
            node.frameAuth().verifier(sessionId, FramePublisher.PLATFORM_IIO), counters.frameDrops);
        return SourceActor.create(() -> new SignalRelayAgent(ROLE_NAME, platform, internal, gate, s.fragmentLimit(),
            s.offerRetries(), counters), () -> IdleStrategies.parse(s.idleStrategy()), node);
    }

    /**
     * @param node     the node's shared resources.
     * @param internal the node's internal IIO stream.
     * @param sensor   the host's sensor, asked once per (re)start of the agent.
     * @param counters the source's counters (outlive restarts).
     * @param sessionId the session its samples are signed for.
     * @return a supervised source polling the sensor.
     */
    public static Behavior<SourceActor.Command> create(final NodeContext node, final ExclusivePublication internal,
        final java.util.function.Supplier<IioOccupancySensor> sensor, final AgentCounters.Source counters,
        final long sessionId)
    {
        final var s = node.settings();
        return SourceActor.create(() -> sensor(node, internal, sensor.get(), counters, sessionId),
            () -> IdleStrategies.parse(s.idleStrategy()), node);
    }

    private static Agent sensor(final NodeContext node, final ExclusivePublication internal,
        final IioOccupancySensor sensor, final AgentCounters.Source counters, final long sessionId)
    {
        final var s = node.settings();
        final MessageProxy proxy = new MessageProxy(internal, s.offerRetries(), NoOpIdleStrategy.INSTANCE,
            node.frameAuth().signer(FramePublisher.HOST_IIO_SENSOR, sessionId));
        return new IioSensorAgent(sensor, proxy, new SystemNanoClock(), s.receiverHostId(), s.sensorIntervalNs(),
            counters);
    }
}
