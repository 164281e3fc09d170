package org.rhcc.actors.receiver;

import java.util.concurrent.atomic.AtomicLongFieldUpdater;

import io.aeron.Subscription;
import org.agrona.concurrent.Agent;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.receiver.ReceiverLoop;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The receiver's actuator agent ({@code mba-cascade}): polls the node's IIO sample stream, runs core's
 * {@link ReceiverController} on every sample of its host, and answers every {@code ClockAdvance(t)} of its session
 * with {@code ClockDone(t)} on the platform's command stream, after the commands decided up to t (same stream, so
 * the platform sees them first). Reports the fail-safe once to the decision log.
 * <p>
 * <b>Note:</b> single-threaded; allocation-free and fence-free per sample (the sample counter other threads read is
 * published with an ordered store, not a volatile increment).
 */
public final class MbaCascadeAgent implements Agent, MessageListener
{
    /** Role name of the agent and its thread. */
    public static final String ROLE_NAME = "mba-cascade";

    private static final AtomicLongFieldUpdater<MbaCascadeAgent> SAMPLES_SEEN =
        AtomicLongFieldUpdater.newUpdater(MbaCascadeAgent.class, "samplesSeen");

    private final Subscription samples;
    private final MessageProxy commands;
    private final ReceiverController controller;
    private final ReceiverDecisionLog log;
    private final long sessionId;
    private final int hostId;
    private final int controllerId;
    private final int fragmentLimit;
    private final MessageAdapter adapter;
    private boolean failSafeReported;
    private volatile long samplesSeen;
    private volatile long clockDoneSent;
    private volatile long lastDoneNs = -1;

    /**
     * @param samples       the node's IIO sample stream.
     * @param commands      publishes commands and lockstep answers to the platform.
     * @param controller    core's receiver controller bound to the platform's ports.
     * @param log           decision log, also told about the fail-safe.
     * @param sessionId     the session (lockstep epoch).
     * @param hostId        receiver host whose samples are processed.
     * @param controllerId  id answered in {@code ClockDone}.
     * @param fragmentLimit most frames per duty cycle.
     */
    public MbaCascadeAgent(final Subscription samples, final MessageProxy commands,
        final ReceiverController controller, final ReceiverDecisionLog log, final long sessionId, final int hostId,
        final int controllerId, final int fragmentLimit)
    {
        this.samples = samples;
        this.commands = commands;
        this.controller = controller;
        this.log = log;
        this.sessionId = sessionId;
        this.hostId = hostId;
        this.controllerId = controllerId;
        this.fragmentLimit = fragmentLimit;
        this.adapter = new MessageAdapter("iio-samples", this);
    }

    /**
     * {@inheritDoc}
     */
    public int doWork()
    {
        return samples.poll(adapter, fragmentLimit);
    }

    /**
     * {@inheritDoc}
     */
    public String roleName()
    {
        return ROLE_NAME;
    }

    /**
     * {@inheritDoc}
     */
    public void onIioSample(
        final int hostId, final long seq, final long nowNs, final double occupancy, final double pcieGbps)
    {
        if (hostId != this.hostId)
        {
            return;
        }
        SAMPLES_SEEN.lazySet(this, samplesSeen + 1);
        controller.onIioSample(occupancy, pcieGbps, nowNs);
        if (!failSafeReported)
        {
            final ReceiverLoop loop = controller.loop();
            if (null != loop && loop.failSafe())
            {
                failSafeReported = true;
                log.onFailSafe(loop.failure(), nowNs);
            }
        }
    }

    /**
     * {@inheritDoc}
     */
    public void onClockAdvance(final long advanceToNs, final long epoch)
    {
        if (epoch != sessionId)
        {
            return;
        }
        final long result = commands.clockDone(advanceToNs, epoch, controllerId);
        if (result < 0)
        {
            throw new IllegalStateException("cannot answer ClockAdvance(" + advanceToNs + "): " +
                OfferResult.describe(result));
        }
        clockDoneSent++;
        lastDoneNs = advanceToNs;
    }

    /**
     * @return IIO samples of the host processed so far.
     */
    public long samplesSeen()
    {
        return samplesSeen;
    }

    /**
     * @return lockstep answers sent so far.
     */
    public long clockDoneSent()
    {
        return clockDoneSent;
    }

    /**
     * @return simulated time of the last lockstep answer, ns, or -1.
     */
    public long lastDoneNs()
    {
        return lastDoneNs;
    }

    /**
     * @return the controller.
     */
    public ReceiverController controller()
    {
        return controller;
    }
}
