package org.rhcc.actors.sender;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNodes;
import org.rhcc.actors.config.FrameAuthSettings;
import org.rhcc.actors.config.JournalSettings;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.journal.ActuatorFailed;
import org.rhcc.actors.journal.FailSafeEntered;
import org.rhcc.actors.journal.SessionJournal;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.actors.replay.JournalReader;
import org.rhcc.actors.session.SessionClient;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.core.signal.RateUpdate;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.message.MessageProxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sender's rate-updater agent under supervision, driven the way the simulator drives it (probe ACKs, each with its
 * {@code ClockAdvance}, answered by {@code ClockDone} after the decisions): a crashed agent is restarted and decides
 * every later ACK exactly as an uninterrupted in-process controller does (its QP tables survived), and once its
 * restarts are exhausted the sender host enters the fail-safe: every QP's limit released, journaled, lockstep still
 * answered.
 */
class RateUpdaterSupervisionTest
{
    private static final int QPS = 8;
    private static final double LINE_RATE_GBPS = 100.0;
    private static final int MAX_RESTARTS = 2;
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private RhccNode node;
    private ExclusivePublication acks;
    private Subscription commands;
    private MessageProxy platform;
    private SessionClient client;
    private final Platform heard = new Platform();
    private MessageAdapter adapter;

    @BeforeEach
    void start()
    {
        final Map<String, Object> config = new LinkedHashMap<>();
        config.put("rhcc.work-dir", TestNodes.workDir("rate-updater-supervision").toString());
        config.put("pekko.cluster.roles", List.of(NodeSettings.ROLE_SENDER));
        config.put("pekko.cluster.seed-nodes", List.of());
        config.put("pekko.remote.artery.canonical.port", 0);
        config.put("rhcc.aeron.archive.enabled", "off");
        config.put("rhcc.sender.qps-per-entity", 4);
        config.put("rhcc.supervision.actuator-max-restarts", MAX_RESTARTS);
        config.put("rhcc.supervision.actuator-min-backoff", "20ms");
        config.put("rhcc.supervision.actuator-max-backoff", "50ms");
        config.put("rhcc.aeron.offer-retries", 1000);
        config.put(FrameAuthSettings.KEY_FILE, TestNodes.frameKeyFile(config).toString());
        node = RhccNode.start(RhccConfig.load(null, config));
        node.awaitUp(TIMEOUT, NodeSettings.senderHostRole(1));
        final NodeSettings s = node.settings();
        commands = node.context().aeron().addSubscription(s.platformCommandChannel(), s.platformCommandStream());
        acks = node.context().aeron().addExclusivePublication(s.platformAckChannel(), s.platformAckStream());
        platform = new MessageProxy(acks, 100_000, NoOpIdleStrategy.INSTANCE,
            node.context().frameAuth().signer(FramePublisher.PLATFORM_ACKS, 0));
        client = new SessionClient(node.system(), TIMEOUT);
        adapter = new MessageAdapter("platform-commands", heard);
    }

    @AfterEach
    void stop()
    {
        acks.close();
        commands.close();
        node.close();
    }

    @Test
    void shouldRestartACrashedAgentThatKeepsDecidingFromTheSameQpStateThenFailSafeOnceRestartsAreExhausted()
    {
        final SessionSpec spec = new SessionSpec(SessionClient.newSessionId(), "rhcc", Map.of(), QPS, LINE_RATE_GBPS,
            2, 0);
        final List<double[]> expected = new ArrayList<>();
        final SenderController reference = new SenderController(spec.controllerConfig(), QPS,
            (update) -> expected.add(new double[]{ update.qp(), update.rRevGbps(), update.nowNs() }));
        platform.signer().sessionId(spec.sessionId());
        client.start(spec, List.of(SessionProtocol.SENDER_KEY));
        awaitConnected();

        final SenderHostState state = node.senderAgents().get(spec.sessionId());
        int ack = 0;
        for (int crash = 1; crash <= MAX_RESTARTS; crash++)
        {
            for (final int end = ack + 40; ack < end; ack++)
            {
                sendAndAwait(spec, reference, ack);
            }
            crash(spec.sessionId());
        }
        for (final int end = ack + 40; ack < end; ack++)
        {
            sendAndAwait(spec, reference, ack);
        }

        assertSame(state, node.senderAgents().get(spec.sessionId()), "new agents, same state");
        assertEquals(ack, state.counters().acksSeen.get(), "the counts carried over the restarts");
        assertEquals(expected.size(), heard.rates.size());
        for (int i = 0; i < expected.size(); i++)
        {
            final double[] e = expected.get(i);
            final double[] h = heard.rates.get(i);
            assertEquals(e[0], h[0], "QP of decision " + i);
            assertEquals(e[1], h[1], "R_rev of decision " + i + " (after restarts, from the same QP state)");
            assertEquals(e[2], h[2], "R_send of decision " + i);
        }
        assertTrue(heard.rates.stream().anyMatch((r) -> r[1] < LINE_RATE_GBPS), "the ACKs must move the rates");

        // one crash more than the restarts allowed: the host goes to the fail-safe
        crash(spec.sessionId());
        heard.rates.clear();
        send(spec, ack++);
        await(spec, ack);
        assertEquals(QPS, heard.rates.size(), "every QP's limit released, and no decision on the ACK: " +
            heard.rates.size());
        for (int qp = 0; qp < QPS; qp++)
        {
            assertEquals(qp, (int)heard.rates.get(qp)[0]);
            assertEquals(LINE_RATE_GBPS, heard.rates.get(qp)[1], "R_rev released to the line rate");
        }
        send(spec, ack++);
        await(spec, ack);
        assertEquals(QPS, heard.rates.size(), "no decision in the fail-safe, lockstep still answered");
        assertEquals(1L, state.counters().failSafe.get(), "the fail-safe gauge is up");
        assertEquals(0L, state.counters().limitedQps[AgentCounters.LIMIT_R_REV].get() +
            state.counters().limitedQps[AgentCounters.LIMIT_R_CC].get(), "released QPs are limited by nothing");
        assertTrue(state.counters().decisions[AgentCounters.LIMIT_R_REV].get() +
            state.counters().decisions[AgentCounters.LIMIT_R_CC].get() > 0, "the decisions before were counted");

        final List<SessionProtocol.Ended> ended = client.end(spec.sessionId(), List.of(SessionProtocol.SENDER_KEY));
        final String failure = ended.get(0).failure();
        assertTrue(failure.startsWith("the rate updater agent crashed 3 times " +
            "(rhcc.supervision.actuator-max-restarts = 2), last: "), failure);
        assertEquals(ack, ended.get(0).inputFrames(), "every ACK reached an agent");

        final List<Object> events = new JournalReader(JournalSettings.from(node.system().settings().config()))
            .readAll().get(SessionJournal.persistenceId("sender", spec.sessionId(),
                SessionProtocol.SENDER_CONTROLLER_ID).id());
        final FailSafeEntered entered = assertInstanceOf(FailSafeEntered.class, events.get(events.size() - 2));
        assertEquals(failure, entered.reason());
        assertInstanceOf(ActuatorFailed.class, events.get(events.size() - 1));
    }

    @Test
    void shouldMoveTheSenderHostToTheFailSafeAtOnceWhenThePlatformRefusesARate()
    {
        final SessionSpec spec = new SessionSpec(SessionClient.newSessionId(), "rhcc", Map.of(), QPS, LINE_RATE_GBPS,
            2, 0);
        final SenderController reference = new SenderController(spec.controllerConfig(), QPS,
            (update) -> { });
        platform.signer().sessionId(spec.sessionId());
        client.start(spec, List.of(SessionProtocol.SENDER_KEY));
        awaitConnected();
        int ack = 0;
        for (; ack < 10; ack++)
        {
            sendAndAwait(spec, reference, ack);
        }

        // the platform stops listening: once the driver sees it gone, the next decision cannot be published
        commands.close();
        final long deadlineNs = System.nanoTime() + TIMEOUT.toNanos();
        while (null != node.senderAgents().get(spec.sessionId()))
        {
            assertTrue(System.nanoTime() < deadlineNs, "no fail-safe after a refused rate");
            send(spec, ack++);
            sleep(1);
        }

        final String failure = client.end(spec.sessionId(), List.of(SessionProtocol.SENDER_KEY)).get(0).failure();
        assertTrue(failure.startsWith("the rate updater cannot actuate: the platform's rate port refused QP "),
            failure);
        assertTrue(failure.contains("'s rate update: not connected"), failure);
        assertTrue(failure.endsWith("the platform refused 8 of 8 limit releases too"), failure);
        final List<Object> events = new JournalReader(JournalSettings.from(node.system().settings().config()))
            .readAll().get(SessionJournal.persistenceId("sender", spec.sessionId(),
                SessionProtocol.SENDER_CONTROLLER_ID).id());
        assertEquals(failure, assertInstanceOf(FailSafeEntered.class, events.get(events.size() - 2)).reason());
        assertEquals(1, events.stream().filter(FailSafeEntered.class::isInstance).count(), "entered once");
    }

    private static void sleep(final long ms)
    {
        try
        {
            Thread.sleep(ms);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void crash(final long sessionId)
    {
        node.senderAgents().get(sessionId).execute(() ->
        {
            throw new IllegalStateException("injected crash of the rate updater");
        });
    }

    private void sendAndAwait(final SessionSpec spec, final SenderController reference, final int ack)
    {
        send(spec, ack);
        reference.onProbeAck(probeAck(ack));
        await(spec, ack + 1);
    }

    private static ProbeAckRecord probeAck(final int ack)
    {
        return new ProbeAckRecord().set(ack % QPS, reqRecvTs(ack), respSendTs(ack), true, LINE_RATE_GBPS, nowNs(ack));
    }

    private void send(final SessionSpec spec, final int ack)
    {
        assertTrue(platform.probeAck(probeAck(ack)) > 0);
        assertTrue(platform.clockAdvance(nowNs(ack), spec.sessionId()) > 0);
    }

    private void await(final SessionSpec spec, final int acksSent)
    {
        final long awaitedNs = nowNs(acksSent - 1);
        final long deadlineNs = System.nanoTime() + TIMEOUT.toNanos();
        while (heard.doneNs < awaitedNs || heard.sessionId != spec.sessionId())
        {
            if (0 == commands.poll(adapter, 64))
            {
                assertTrue(System.nanoTime() < deadlineNs, "no ClockDone(" + awaitedNs + ")");
                Thread.yield();
            }
        }
    }

    private void awaitConnected()
    {
        final long deadlineNs = System.nanoTime() + TIMEOUT.toNanos();
        while (!acks.isConnected())
        {
            assertTrue(System.nanoTime() < deadlineNs, "the probe-ACK stream did not connect");
            Thread.yield();
        }
    }

    private static long nowNs(final int ack)
    {
        return 10_000L * (ack + 1);
    }

    private static int reqRecvTs(final int ack)
    {
        return (int)(nowNs(ack) - 3_000);
    }

    private static int respSendTs(final int ack)
    {
        // a receiver processing delay that rises above D_thr and falls back: the PID moves every QP's rate
        return reqRecvTs(ack) + 120 + (ack * 37) % 500;
    }

    /**
     * The platform's end of the command stream: the rate updates and lockstep answers it hears.
     */
    private static final class Platform implements MessageListener
    {
        private final List<double[]> rates = new ArrayList<>();
        private long doneNs = Long.MIN_VALUE;
        private long sessionId;

        @Override
        public void onRateUpdate(final RateUpdate update)
        {
            rates.add(new double[]{ update.qp(), update.rRevGbps(), update.nowNs() });
        }

        @Override
        public void onClockDone(final long doneUpToNs, final long sessionId, final int controllerId)
        {
            if (SessionProtocol.SENDER_CONTROLLER_ID == controllerId)
            {
                this.doneNs = doneUpToNs;
                this.sessionId = sessionId;
            }
        }
    }
}
