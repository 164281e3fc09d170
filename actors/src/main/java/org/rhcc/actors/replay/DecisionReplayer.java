package org.rhcc.actors.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.rhcc.actors.journal.ActuatorFailed;
import org.rhcc.actors.journal.SessionEvent;
import org.rhcc.actors.journal.SessionJournal;
import org.rhcc.actors.journal.SessionStarted;
import org.rhcc.actors.receiver.ReceiverDecisionLog;
import org.rhcc.actors.sender.BlockOpened;
import org.rhcc.actors.sender.QpBlockEntity;
import org.rhcc.actors.sender.QpBlockSlot;
import org.rhcc.actors.sender.QpStatesChanged;
import org.rhcc.actors.session.SessionSpec;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;

/**
 * {@code rhcc replay}: for every session in a journal, rebuilds a fresh controller from the session's journaled
 * configuration, feeds it the session's recorded input (the controller node's internal IIO or probe-ACK stream, as
 * the archive kept it), and checks that it takes every journaled decision again, in order: each MBA level change,
 * ECN marking change and fail-safe of the receiver; each coalesced batch of QP states of every sender entity.
 * <p>
 * A recording holds only frames the node verified before it recorded them (the signal relay verifies, then copies;
 * transport/README.md, "Authenticated frames"), so replay reads it with the header checks alone and needs no key.
 */
public final class DecisionReplayer
{
    private final JournalReader reader;
    private final List<Path> recordings;
    private final Path scratch;

    /**
     * @param reader     reads the journal.
     * @param recordings archive roots of the run.
     * @param scratch    scratch directory for the replay drivers.
     */
    public DecisionReplayer(final JournalReader reader, final List<Path> recordings, final Path scratch)
    {
        this.reader = reader;
        this.recordings = recordings;
        this.scratch = scratch;
    }

    /**
     * @return the report.
     */
    public ReplayReport replay()
    {
        final Map<String, List<Object>> journal = reader.readAll();
        final List<String> divergences = new ArrayList<>();
        int sessions = 0;
        long signals = 0;
        long decisions = 0;
        long replayNs = 0;
        try (RecordedSignals signalsIn = new RecordedSignals(recordings, scratch))
        {
            for (final Map.Entry<String, List<Object>> entry : journal.entrySet())
            {
                if (!entry.getKey().startsWith(SessionJournal.TYPE + "|") || entry.getValue().isEmpty() ||
                    !(entry.getValue().get(0) instanceof SessionStarted started))
                {
                    continue;
                }
                sessions++;
                if (started.recordingId() >= 0)
                {
                    signalsIn.prepare(started.archiveName());
                }
                final long startNs = System.nanoTime();
                final Outcome outcome = "receiver".equals(started.role()) ?
                    replayReceiver(started, entry.getValue(), signalsIn) :
                    replaySender(started, journal, signalsIn);
                replayNs += System.nanoTime() - startNs;
                signals += outcome.signals;
                decisions += outcome.decisions;
                if (null != outcome.divergence)
                {
                    divergences.add(entry.getKey() + ": " + outcome.divergence);
                }
            }
        }
        return new ReplayReport(sessions, signals, decisions, replayNs, divergences);
    }

    private static final class Outcome
    {
        long signals;
        long decisions;
        String divergence;
    }

    private Outcome replayReceiver(final SessionStarted started, final List<Object> events,
        final RecordedSignals signalsIn)
    {
        final Outcome outcome = new Outcome();
        final SessionSpec spec = started.spec();
        final ControllerConfig config = spec.controllerConfig();
        final ReceiverDecisionLog log = new ReceiverDecisionLog(1 << 20);
        final List<SessionEvent> replayed = new ArrayList<>();
        final ReceiverController controller = new ReceiverController(config, new NullMbaActuator(spec.mbaGroups()),
            log::onEcnMarking, log);
        final MessageAdapter adapter = new MessageAdapter("replay-iio", new MessageListener()
        {
            private boolean failSafeReported;

            @Override
            public void onIioSample(final int hostId, final long seq, final long nowNs, final double occupancy,
                final double pcieGbps)
            {
                if (hostId != spec.receiverHostId())
                {
                    return;
                }
                outcome.signals++;
                controller.onIioSample(occupancy, pcieGbps, nowNs);
                if (!failSafeReported && controller.failSafe())
                {
                    failSafeReported = true;
                    log.onFailSafe(controller.failure(), nowNs);
                }
                if (log.queue().size() > 1 << 19)
                {
                    log.queue().drain(replayed::add);
                }
            }
        });
        if (started.recordingId() < 0)
        {
            outcome.divergence = "the session's input was not recorded (rhcc.aeron.archive.enabled was off)";
            return outcome;
        }
        signalsIn.replay(started.archiveName(), started.recordingId(), adapter);
        log.queue().drain(replayed::add);
        final List<Object> journaled = new ArrayList<>();
        for (final Object event : events.subList(1, events.size()))
        {
            if (!(event instanceof ActuatorFailed))
            {
                journaled.add(event);
            }
        }
        outcome.decisions = journaled.size();
        outcome.divergence = compare(journaled, replayed);
        return outcome;
    }

    private Outcome replaySender(final SessionStarted started, final Map<String, List<Object>> journal,
        final RecordedSignals signalsIn)
    {
        final Outcome outcome = new Outcome();
        final SessionSpec spec = started.spec();
        final int perEntity = started.qpsPerEntity();
        final int blocks = (spec.qpCount() + perEntity - 1) / perEntity;
        final QpBlockSlot[] slots = new QpBlockSlot[blocks];
        final List<List<Object>> replayed = new ArrayList<>();
        final ControllerConfig config = spec.controllerConfig();
        for (int b = 0; b < blocks; b++)
        {
            final int firstQp = b * perEntity;
            final int qps = Math.min(perEntity, spec.qpCount() - firstQp);
            slots[b] = new QpBlockSlot(b, firstQp, SenderController.openedTable(config.sender(), qps),
                config.sender(), (qp, rRev, rSend, nowNs) ->
                {
                }, started.controlIntervalNs(), 1 << 16, null);
            replayed.add(new ArrayList<>());
        }
        final int shift = Integer.numberOfTrailingZeros(perEntity);
        final MessageAdapter adapter = new MessageAdapter("replay-acks", new MessageListener()
        {
            @Override
            public void onProbeAck(final int qp, final int reqRecvTs32, final int respSendTs32, final double rccGbps,
                final long nowNs)
            {
                outcome.signals++;
                final int b = qp >>> shift;
                if (b < slots.length)
                {
                    slots[b].onProbeAck(qp & (perEntity - 1), reqRecvTs32, respSendTs32, rccGbps, nowNs);
                    if (!slots[b].batches().isEmpty())
                    {
                        slots[b].batches().drain(replayed.get(b)::add);
                    }
                }
            }
        });
        if (started.recordingId() < 0)
        {
            outcome.divergence = "the session's input was not recorded (rhcc.aeron.archive.enabled was off)";
            return outcome;
        }
        signalsIn.replay(started.archiveName(), started.recordingId(), adapter);
        for (int b = 0; b < blocks; b++)
        {
            slots[b].coalescer().flush();
            slots[b].batches().drain(replayed.get(b)::add);
            final List<Object> events = journal.getOrDefault("QpBlock|" +
                QpBlockEntity.entityId(spec.sessionId(), b), List.of());
            final List<Object> batches = new ArrayList<>();
            for (final Object event : events)
            {
                if (!(event instanceof BlockOpened))
                {
                    batches.add(event);
                }
            }
            if (events.isEmpty() || !(events.get(0) instanceof BlockOpened))
            {
                outcome.divergence = "block " + b + " has no BlockOpened event in the journal";
                return outcome;
            }
            outcome.decisions += batches.size();
            final String divergence = compare(batches, replayed.get(b));
            if (null != divergence && null == outcome.divergence)
            {
                outcome.divergence = "block " + b + ": " + divergence;
            }
        }
        return outcome;
    }

    private static String compare(final List<?> journaled, final List<?> replayed)
    {
        final int n = Math.min(journaled.size(), replayed.size());
        for (int i = 0; i < n; i++)
        {
            final Object j = journaled.get(i);
            final Object r = replayed.get(i);
            if (!Objects.equals(j, r))
            {
                final String detail = j instanceof QpStatesChanged jb && r instanceof QpStatesChanged rb ?
                    " (" + jb.firstDifference(rb) + ")" : "";
                return "decision #" + (i + 1) + " journaled " + j + " but replayed " + r + detail;
            }
        }
        if (journaled.size() != replayed.size())
        {
            return journaled.size() + " decisions journaled but " + replayed.size() + " replayed; first extra: " +
                (journaled.size() > n ? "journaled " + journaled.get(n) : "replayed " + replayed.get(n));
        }
        return null;
    }

    /**
     * The replay's MBA actuator: accepts every level (decisions are recorded through the loop's observer).
     */
    private static final class NullMbaActuator implements MbaActuator
    {
        private final int groups;

        NullMbaActuator(final int groups)
        {
            this.groups = groups;
        }

        @Override
        public int groupCount()
        {
            return groups;
        }

        @Override
        public void applyLevel(final int group, final int level, final long nowNs)
        {
        }

        @Override
        public void resetToUnthrottled()
        {
        }
    }
}
