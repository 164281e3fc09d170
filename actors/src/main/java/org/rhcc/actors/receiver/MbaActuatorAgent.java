package org.rhcc.actors.receiver;

import io.aeron.Subscription;
import org.agrona.concurrent.Agent;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.signal.IioSample;
import org.rhcc.transport.auth.FrameVerifier;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;
import org.rhcc.transport.message.OfferResult;

/**
 * The receiver's actuator agent ({@code mba-actuator}): polls the node's IIO sample stream (every frame verified, a
 * forged or replayed one counted and dropped), runs core's
 * {@link ReceiverController} on every sample of its host, and answers every {@code ClockAdvance(t)} of its session
 * with {@code ClockDone(t)} on the platform's command stream, after the commands decided up to t (same stream, so
 * the platform sees them first). Reports the fail-safe once to the decision log. Each sample of its host is counted
 * in the session's {@link WriteAheadMark} before the controller decides on it (docs/design.md §7, "Durability").
 * <p>
 * Its counters ({@link AgentCounters.MbaActuator}) are in the media driver's counters file on a node, for AeronStat and
 * the metrics endpoint: per sample the smoothed occupancy (a gauge) and whether the host is congested (a count); the
 * levels and their changes through the controller's observer ({@link MbaLevelTelemetry}).
 * <p>
 * <b>Note:</b> single-threaded; allocation-free and fence-free per sample (the counters other threads read are
 * published with ordered stores, not volatile increments).
 */
public final class MbaActuatorAgent implements Agent, MessageListener
{
    /** Role name of the agent and its thread. */
    public static final String ROLE_NAME = "mba-actuator";

    private final Subscription samples;
    private final MessageProxy commands;
    private final ReceiverController controller;
    private final ReceiverDecisionLog log;
    private final WriteAheadMark mark;
    private final long sessionId;
    private final int hostId;
    private final int controllerId;
    private final int fragmentLimit;
    private final MessageAdapter adapter;
    private boolean failSafeReported;
    /**
     * The counts behind {@code counters.samplesSeen} and {@code congestedSamples}, kept by their one writer: a store
     * per sample instead of a read and a store. Other threads read the counters.
     */
    private long samplesSeen;
    private long congestedSamples;
    private final AgentCounters.MbaActuator counters;

    /**
     * @param samples       the node's IIO sample stream.
     * @param verifier      checks every frame of it (the session's: the relayed platform frames or the host
     *                      sensor's).
     * @param commands      publishes commands and lockstep answers to the platform.
     * @param controller    core's receiver controller bound to the platform's ports.
     * @param log           decision log, also told about the fail-safe.
     * @param mark          the session's write-ahead mark (the caller closes it).
     * @param sessionId     the session (its lockstep steps carry its id).
     * @param hostId        receiver host whose samples are processed.
     * @param controllerId  id answered in {@code ClockDone}.
     * @param fragmentLimit most frames per duty cycle.
     * @param counters      the agent's counters (the caller closes them).
     */
    public MbaActuatorAgent(final Subscription samples, final FrameVerifier verifier, final MessageProxy commands,
        final ReceiverController controller, final ReceiverDecisionLog log, final WriteAheadMark mark,
        final long sessionId, final int hostId, final int controllerId, final int fragmentLimit,
        final AgentCounters.MbaActuator counters)
    {
        this.counters = counters;
        this.samples = samples;
        this.commands = commands;
        this.controller = controller;
        this.log = log;
        this.mark = mark;
        this.sessionId = sessionId;
        this.hostId = hostId;
        this.controllerId = controllerId;
        this.fragmentLimit = fragmentLimit;
        this.adapter = new MessageAdapter(this, counters.frameDrops, verifier);
    }

    @Override
    public int doWork()
    {
        return samples.poll(adapter, fragmentLimit);
    }

    @Override
    public String roleName()
    {
        return ROLE_NAME;
    }

    @Override
    public void onIioSample(final int hostId, final long seq, final IioSample sample)
    {
        if (hostId != this.hostId)
        {
            return;
        }
        counters.samplesSeen.setRelease(++samplesSeen);
        mark.signalTaken();
        controller.onIioSample(sample);
        counters.occupancyMilli.setRelease((long)(controller.smoothedOccupancy() * 1000.0));
        if (controller.congested())
        {
            counters.congestedSamples.setRelease(++congestedSamples);
        }
        if (!failSafeReported)
        {
            if (controller.failSafe())
            {
                failSafeReported = true;
                MbaLevelTelemetry.failSafe(counters);
                log.onFailSafe(controller.failure(), sample.nowNs());
            }
        }
    }

    @Override
    public void onClockAdvance(final long advanceToNs, final long advanceSessionId)
    {
        if (advanceSessionId != sessionId)
        {
            return;
        }
        final long result = commands.clockDone(advanceToNs, sessionId, controllerId);
        if (result < 0)
        {
            throw new IllegalStateException("cannot answer ClockAdvance(" + advanceToNs + "): " +
                OfferResult.describe(result));
        }
        counters.clockDoneSent.incrementRelease();
        counters.lastDoneNs.setRelease(advanceToNs);
    }

    /**
     * @return IIO samples of the host processed so far.
     */
    public long samplesSeen()
    {
        return counters.samplesSeen.get();
    }

    /**
     * @return lockstep answers sent so far.
     */
    public long clockDoneSent()
    {
        return counters.clockDoneSent.get();
    }

    /**
     * @return simulated time of the last lockstep answer, ns, or -1.
     */
    public long lastDoneNs()
    {
        return counters.lastDoneNs.get();
    }

    public ReceiverController controller()
    {
        return controller;
    }
}
