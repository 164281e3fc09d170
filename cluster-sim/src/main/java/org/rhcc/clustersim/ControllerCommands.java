package org.rhcc.clustersim;

import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.sim.api.SimPorts;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.message.MessageListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controllers' commands as they reach the simulator during a lockstep wait (docs/design.md §6): each is checked
 * against the session's {@link CommandLimits} and the lockstep's windows, then applied to the simulator's ports inside
 * the callback that waits, exactly where an in-process controller's decision would take effect, the frame's view as it
 * is: {@code MbaLevelCommand} to {@code ports.mba().apply}, {@code RateUpdate} to {@code ports.rateLimiter().apply}
 * (unless its decision was applied ahead, {@link AckLookahead}), {@code EcnMarking} to
 * {@code ports.setReceiverEcnMarking}, {@code ReceiverState} to the verdict the simulated receiver NIC reports in its
 * probe responses ({@link #receiverCongested()}). An authenticated command outside the session's limits (an MBA
 * group or level, a QP or rate, a host it does not have) is dropped and counted as {@link DropReason#INVALID_COMMAND},
 * the first one of a platform logged, and the run goes on; its windows close, since the controller's state may no
 * longer be their copy's.
 * {@code ClockDone} goes to the {@link LockstepStreams} that waits for it.
 * <p>
 * <b>Note:</b> single-threaded (the simulator's); allocation-free per command.
 */
final class ControllerCommands implements MessageListener
{
    private static final Logger LOGGER = LoggerFactory.getLogger(ControllerCommands.class);

    private final LockstepPlatform platform;
    private final LockstepStreams streams;
    private long sessionId = Long.MIN_VALUE;
    private SimPorts ports;
    private CommandLimits limits;
    private IioLookahead iioLookahead;
    private AckLookahead ackLookahead;
    private boolean receiverReports;
    private boolean receiverCongested = true;

    /**
     * @param platform the sim node's streams: the counters of dropped commands.
     * @param streams  waits for the controllers' {@code ClockDone}.
     */
    ControllerCommands(final LockstepPlatform platform, final LockstepStreams streams)
    {
        this.platform = platform;
        this.streams = streams;
    }

    /**
     * The run's session: where its commands go and what they may be.
     *
     * @param ackLookahead    the ACKs' window; null when the scheme has no sender loop.
     * @param receiverReports whether the receiver controller reports its verdict (its scheme's sender loop reads it):
     *                        it starts uncongested, as the controller does; otherwise the NIC reports nothing, which
     *                        a probe response says as congested (the paper's probe).
     */
    void session(final long sessionId, final SimPorts ports, final CommandLimits limits,
        final IioLookahead iioLookahead, final AckLookahead ackLookahead, final boolean receiverReports)
    {
        this.receiverReports = receiverReports;
        this.receiverCongested = !receiverReports;
        this.sessionId = sessionId;
        this.ports = ports;
        this.limits = limits;
        this.iioLookahead = iioLookahead;
        this.ackLookahead = ackLookahead;
    }

    @Override
    public void onMbaLevelCommand(final int hostId, final long seq, final MbaLevelCommand command)
    {
        final int group = command.group();
        final int level = command.level();
        final long nowNs = command.nowNs();
        if (!limits.mbaLevel(hostId, group, level))
        {
            iioLookahead.stop();
            invalid("MbaLevelCommand host " + hostId + " group " + group + " level " + level);
            return;
        }
        if (MbaLevelCommand.REASON_FAILSAFE_RESET == command.reasonCode())
        {
            // the controller's own fail-safe: it decides nothing more, and its levels are no longer the cascade's
            iioLookahead.stop();
        }
        else
        {
            iioLookahead.streamedPast(sessionId, "MbaLevelCommand group " + group + " level " + level, nowNs);
        }
        ports.mba().apply(command);
    }

    @Override
    public void onRateUpdate(final RateUpdate update)
    {
        final int qp = update.qp();
        final double rRevGbps = update.rRevGbps();
        final long nowNs = update.nowNs();
        if (!limits.rate(qp, rRevGbps))
        {
            if (null != ackLookahead)
            {
                ackLookahead.stop();
            }
            invalid("RateUpdate QP " + qp + " R_rev " + rRevGbps + " Gbit/s");
            return;
        }
        if (null != ackLookahead)
        {
            final String differs = ackLookahead.answer(qp, rRevGbps, nowNs);
            if (null != differs)
            {
                throw new IllegalStateException("lockstep: session " + sessionId + ": the sender controller " +
                    "answered " + differs + "; docs/design.md §6");
            }
            if (ackLookahead.lastAnswerApplied())
            {
                return;
            }
        }
        ports.rateLimiter().apply(update);
    }

    @Override
    public void onEcnMarking(final int hostId, final boolean markingOn, final long nowNs)
    {
        if (!limits.receiverHost(hostId))
        {
            invalid("EcnMarking host " + hostId);
            return;
        }
        iioLookahead.streamedPast(sessionId, "EcnMarking " + markingOn, nowNs);
        ports.setReceiverEcnMarking(markingOn);
    }

    @Override
    public void onReceiverState(final int hostId, final boolean congested, final long nowNs)
    {
        if (!limits.receiverHost(hostId))
        {
            iioLookahead.stop();
            invalid("ReceiverState host " + hostId);
            return;
        }
        iioLookahead.streamedPast(sessionId, "ReceiverState " + congested, nowNs);
        receiverCongested = congested;
    }

    /**
     * A standby took the receiver's session over: its controller reports from its own start, uncongested.
     */
    void receiverTakenOver()
    {
        receiverCongested = !receiverReports;
    }

    /**
     * @return the receiver controller's verdict as it last reported it, for the simulated NIC's probe responses.
     */
    boolean receiverCongested()
    {
        return receiverCongested;
    }

    @Override
    public void onClockDone(final long doneUpToNs, final long answeredSessionId, final int controllerId)
    {
        streams.onClockDone(doneUpToNs, answeredSessionId, controllerId);
    }

    /**
     * Counts a command outside the session's limits; the first one of a run's platform is logged (the message is
     * built only then).
     */
    private void invalid(final String command)
    {
        if (platform.commandDrops().onDrop(DropReason.INVALID_COMMAND))
        {
            LOGGER.warn("session {}: dropped a command outside the session ({}): {}; further ones are only counted",
                sessionId, limits.describe(), command);
        }
    }
}
