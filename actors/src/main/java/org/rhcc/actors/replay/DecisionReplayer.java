package org.rhcc.actors.replay;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.journal.ActuatorFailed;
import org.rhcc.actors.journal.SessionEvent;
import org.rhcc.actors.journal.SessionJournal;
import org.rhcc.actors.journal.SessionStarted;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.actors.receiver.ReceiverDecisionLog;
import org.rhcc.actors.sender.BlockOpened;
import org.rhcc.actors.sender.BlockResumed;
import org.rhcc.actors.sender.QpBlockEntity;
import org.rhcc.actors.sender.QpBlockSlot;
import org.rhcc.actors.sender.QpStatesChanged;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.ProbeAck;
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
 * <p>
 * A session's {@link WriteAheadMark} bounds its input: only the recorded signals its agent had taken are fed. A
 * session that finished with a complete journal must be reproduced exactly; one whose node died (an interrupted
 * session) must have a journal that is a prefix of the rebuilt decisions, and the rest (the decisions taken after the
 * journal's last write) is counted as rebuilt (docs/design.md §7, "Durability"); signals it took that the archive had
 * not yet recorded are counted too (decisions on them, if any, cannot be rebuilt).
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

    public ReplayReport replay()
    {
        final Map<String, List<Object>> journal = reader.readAll();
        final List<String> divergences = new ArrayList<>();
        int sessions = 0;
        long signals = 0;
        long decisions = 0;
        long replayNs = 0;
        long unjournaled = 0;
        long unrecorded = 0;
        int interrupted = 0;
        int takenOver = 0;
        try (RecordedSignals signalsIn = new RecordedSignals(recordings, scratch))
        {
            for (final Map.Entry<String, List<Object>> entry : journal.entrySet())
            {
                if (!entry.getKey().startsWith(SessionJournal.TYPE + "|") || entry.getValue().isEmpty() ||
                    !(entry.getValue().get(0) instanceof SessionStarted))
                {
                    continue;
                }
                sessions++;
                final List<List<Object>> segments = segments(entry.getValue());
                takenOver += segments.size() > 1 ? 1 : 0;
                for (int k = 0; k < segments.size(); k++)
                {
                    final List<Object> segment = segments.get(k);
                    final SessionStarted started = (SessionStarted)segment.get(0);
                    if (started.recordingId() >= 0)
                    {
                        signalsIn.prepare(started.archiveName());
                    }
                    final long startNs = System.nanoTime();
                    final ReplayOutcome outcome = "receiver".equals(started.role()) ?
                        replayReceiver(started, segment, signalsIn) :
                        replaySender(started, journal, signalsIn, k);
                    replayNs += System.nanoTime() - startNs;
                    signals += outcome.signals;
                    decisions += outcome.decisions;
                    unjournaled += outcome.unjournaled;
                    unrecorded += outcome.unrecorded;
                    interrupted += outcome.interrupted ? 1 : 0;
                    if (null != outcome.divergence)
                    {
                        divergences.add(entry.getKey() + (segments.size() > 1 ? " (its part on " +
                            started.archiveName() + ")" : "") + ": " + outcome.divergence);
                    }
                }
            }
        }
        return new ReplayReport(sessions, signals, decisions, replayNs, unjournaled, unrecorded, interrupted,
            takenOver, divergences);
    }

    /**
     * @param events a session journal's events.
     * @return its segments, one per {@link SessionStarted} (the node that opened the session, then each standby that
     * took it over), each beginning with it.
     */
    static List<List<Object>> segments(final List<Object> events)
    {
        final List<List<Object>> segments = new ArrayList<>();
        for (final Object event : events)
        {
            if (event instanceof SessionStarted || segments.isEmpty())
            {
                segments.add(new ArrayList<>());
            }
            segments.get(segments.size() - 1).add(event);
        }
        return segments;
    }

    private ReplayOutcome replayReceiver(final SessionStarted started, final List<Object> events,
        final RecordedSignals signalsIn)
    {
        final ReplayOutcome outcome = new ReplayOutcome();
        outcome.mark(started, signalsIn);
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
            public void onIioSample(final int hostId, final long seq, final IioSample sample)
            {
                if (hostId != spec.receiverHostId() || !outcome.take())
                {
                    return;
                }
                controller.onIioSample(sample);
                if (!failSafeReported && controller.failSafe())
                {
                    failSafeReported = true;
                    log.onFailSafe(controller.failure(), sample.nowNs());
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
        final String unrecorded = outcome.recorded();
        outcome.divergence = null != unrecorded ? unrecorded : outcome.check(journaled, replayed);
        return outcome;
    }

    private ReplayOutcome replaySender(final SessionStarted started, final Map<String, List<Object>> journal,
        final RecordedSignals signalsIn, final int segment)
    {
        final ReplayOutcome outcome = new ReplayOutcome();
        outcome.mark(started, signalsIn);
        final int perEntity = started.qpsPerEntity();
        final QpBlockSlot[] slots = senderSlots(started, journal, segment);
        final List<List<Object>> replayed = new ArrayList<>();
        for (int b = 0; b < slots.length; b++)
        {
            replayed.add(new ArrayList<>());
        }
        final int shift = Integer.numberOfTrailingZeros(perEntity);
        final MessageAdapter adapter = new MessageAdapter("replay-acks", new MessageListener()
        {
            @Override
            public void onProbeAck(final ProbeAck ack)
            {
                if (!outcome.take())
                {
                    return;
                }
                final int b = ack.qp() >>> shift;
                if (b < slots.length)
                {
                    slots[b].onProbeAck(ack.qp() & (perEntity - 1), ack);
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
        outcome.divergence = outcome.recorded();
        return checkBlocks(outcome, started.spec(), journal, segment, slots, replayed);
    }

    /**
     * @return one slot per QP block of the session, each starting from its segment's {@link #startingTable}; the
     * slots' decisions are compared, not applied, so their rate sink does nothing.
     */
    private static QpBlockSlot[] senderSlots(final SessionStarted started, final Map<String, List<Object>> journal,
        final int segment)
    {
        final SessionSpec spec = started.spec();
        final int perEntity = started.qpsPerEntity();
        final int blocks = (spec.qpCount() + perEntity - 1) / perEntity;
        final QpBlockSlot[] slots = new QpBlockSlot[blocks];
        final ControllerConfig config = spec.controllerConfig();
        for (int b = 0; b < blocks; b++)
        {
            final int firstQp = b * perEntity;
            final int qps = Math.min(perEntity, spec.qpCount() - firstQp);
            final List<List<Object>> parts = blockSegments(journal.getOrDefault("QpBlock|" +
                QpBlockEntity.entityId(spec.sessionId(), b), List.of()));
            slots[b] = new QpBlockSlot(b, firstQp, startingTable(config, firstQp, qps, parts, segment),
                config.sender(), (update) ->
                {
                }, started.controlIntervalNs(), 1 << 16, null);
        }
        return slots;
    }

    /**
     * Flushes every block's slot and compares its batches with the segment's journaled ones.
     *
     * @return the outcome, its divergence the first block that differs (or that has no BlockOpened event).
     */
    private static ReplayOutcome checkBlocks(final ReplayOutcome outcome, final SessionSpec spec,
        final Map<String, List<Object>> journal, final int segment, final QpBlockSlot[] slots,
        final List<List<Object>> replayed)
    {
        for (int b = 0; b < slots.length; b++)
        {
            slots[b].coalescer().flush();
            slots[b].batches().drain(replayed.get(b)::add);
            final List<Object> events = journal.getOrDefault("QpBlock|" +
                QpBlockEntity.entityId(spec.sessionId(), b), List.of());
            final List<List<Object>> parts = blockSegments(events);
            final List<Object> batches = segment < parts.size() ? parts.get(segment) : List.of();
            if (events.isEmpty() && outcome.interrupted)
            {
                // the node died before the block was opened: it was never registered, so it decided nothing
                continue;
            }
            if (events.isEmpty() || !(events.get(0) instanceof BlockOpened))
            {
                outcome.divergence = "block " + b + " has no BlockOpened event in the journal";
                return outcome;
            }
            outcome.decisions += batches.size();
            final String divergence = outcome.check(batches, replayed.get(b));
            if (null != divergence && null == outcome.divergence)
            {
                outcome.divergence = "block " + b + ": " + divergence;
            }
        }
        return outcome;
    }

    /**
     * @param events a block's journal.
     * @return its batches, one list per segment: those before the first {@link BlockResumed}, then those after each.
     */
    static List<List<Object>> blockSegments(final List<Object> events)
    {
        final List<List<Object>> parts = new ArrayList<>();
        parts.add(new ArrayList<>());
        for (final Object event : events)
        {
            if (event instanceof BlockResumed)
            {
                parts.add(new ArrayList<>());
            }
            else if (!(event instanceof BlockOpened))
            {
                parts.get(parts.size() - 1).add(event);
            }
        }
        return parts;
    }

    /**
     * @return the table a block's segment starts from: opened, and for a segment after a takeover the state the
     * standby resumed, every batch journaled before it applied and then {@link QpStateTable#resume resumed}, as the
     * entity hands it over (QpBlockEntity.resumedTable).
     */
    private static QpStateTable startingTable(final ControllerConfig config, final int firstQp, final int qps,
        final List<List<Object>> parts, final int segment)
    {
        final QpStateTable table = SenderController.openedTable(config.sender(), firstQp, qps);
        if (0 == segment)
        {
            return table;
        }
        for (int k = 0; k < segment && k < parts.size(); k++)
        {
            for (final Object event : parts.get(k))
            {
                if (event instanceof QpStatesChanged batch)
                {
                    for (int i = 0; i < batch.qps().length; i++)
                    {
                        table.putState(batch.qps()[i], batch.state(), i * QpStateTable.BYTES_PER_QP);
                    }
                }
            }
        }
        table.resumeAll();
        return table;
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
        public void apply(final MbaLevelCommand command)
        {
        }

        @Override
        public void resetToUnthrottled()
        {
        }
    }
}
