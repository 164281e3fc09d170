package org.rhcc.actors.sender;

import java.util.Map;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.persistence.testkit.javadsl.EventSourcedBehaviorTestKit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.journal.WriteAheadMark;
import org.rhcc.core.sender.QpStateTable;
import org.rhcc.core.signal.ProbeAckRecord;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.message.MessageProxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QpBlockEntityTest
{
    private static final long SESSION = 77L;
    private static final int QPS_PER_ENTITY = 64;
    private static final long INTERVAL_NS = 100_000L;

    private TestNode node;
    private ActorTestKit kit;
    private ExclusivePublication commands;
    private Subscription platform;
    private RateUpdaterAgent agent;
    private EventSourcedBehaviorTestKit<QpBlockEntity.Command, QpBlockEvent, QpBlockState> entity;

    @BeforeEach
    void start()
    {
        node = new TestNode("entity", Map.of());
        kit = ActorTestKit.create("entity", node.config(EventSourcedBehaviorTestKit.config()));
        commands = node.aeron().addExclusivePublication("aeron:ipc", 4242);
        // the platform's end of the command stream: a refused rate update would be a failure of the agent
        platform = node.aeron().addSubscription("aeron:ipc", 4242);
        final SenderHostState state = new SenderHostState(SESSION, 2, QPS_PER_ENTITY, 2, INTERVAL_NS,
            AgentCounters.rateUpdater(CounterAllocator.unpublished(), SESSION), WriteAheadMark.inMemory());
        agent = new RateUpdaterAgent(null, node.context().frameAuth().verifier(SESSION, FramePublisher.PLATFORM_ACKS),
            new MessageProxy(commands, 0, IdleStrategies.parse("noop")), state, 64);
        node.senderAgents().put(state);
        entity = EventSourcedBehaviorTestKit.create(kit.system(), QpBlockEntity.create(
            QpBlockEntity.entityId(SESSION, 1), node.senderAgents(), QPS_PER_ENTITY, INTERVAL_NS, 100, 2));
    }

    @AfterEach
    void stop()
    {
        kit.shutdownTestKit();
        platform.close();
        commands.close();
        node.close();
    }

    @Test
    void shouldOpenItsBlockAtLineRateAndHandItsTableToTheAgent()
    {
        final SessionSpec spec = new SessionSpec(SESSION, "rhcc", Map.of(), 100, 100.0, 2, 0);
        final var result = entity.<QpBlockEntity.Opened>runCommand((replyTo) -> new QpBlockEntity.Open(spec, replyTo));

        final BlockOpened opened = assertInstanceOf(BlockOpened.class, result.event());
        assertEquals(64, opened.firstQp());
        assertEquals(36, opened.qps(), "the last block holds QPs 64..99");
        assertTrue(result.reply().registered());
        final QpStateTable table = QpStateTable.copyOf(result.state().state());
        assertEquals(100.0f, table.rateGbps(0));
        assertTrue(Float.isNaN(table.dPrevNs(35)));

        final var again = entity.<QpBlockEntity.Opened>runCommand((replyTo) -> new QpBlockEntity.Open(spec, replyTo));
        assertTrue(again.hasNoEvents(), "Open is idempotent");
    }

    @Test
    void shouldJournalCoalescedBatchesAndRecoverItsQpsAfterBeingKilled()
    {
        final SessionSpec spec = new SessionSpec(SESSION, "rhcc", Map.of(), 128, 100.0, 2, 0);
        entity.<QpBlockEntity.Opened>runCommand((replyTo) -> new QpBlockEntity.Open(spec, replyTo));
        agent.doWork();

        // window 0: three ACKs for QP 70 and one for QP 65; window 1: one for QP 70 closes window 0
        ack(70, 1_000, 1_900, 10_000L);
        ack(65, 2_000, 2_500, 20_000L);
        ack(70, 3_000, 3_800, 30_000L);
        ack(70, 4_000, 4_600, 150_000L);
        final var drained = entity.runCommand(QpBlockEntity.Drain.INSTANCE);
        final QpStatesChanged batch = assertInstanceOf(QpStatesChanged.class, drained.event());
        assertEquals(0L, batch.windowStartNs());
        assertArrayEquals(new int[]{ 1, 6 }, batch.qps());
        final byte[] journaledState = drained.state().state().clone();
        assertNotEquals(100.0f, QpStateTable.copyOf(journaledState).rateGbps(6), "QP 70's rate moved");

        entity.restart();

        final QpBlockState recovered = entity.getState();
        assertArrayEquals(journaledState, recovered.state());
        assertEquals(1, recovered.batches());
        agent.doWork();
        ack(65, 5_000, 5_300, 160_000L);
        ack(65, 6_000, 6_300, 260_000L);
        assertEquals(0, agent.unroutedAcks(), "the recovered entity handed its table over again");

        ack(65, 7_000, 6_900, 270_000L);
        agent.onProbeAck(new ProbeAckRecord().set(66, 8_000, 8_300, true, Double.NaN, 280_000L));
        assertEquals(1, agent.state().counters().negativeDelayAcks.get());
        assertEquals(1, agent.state().counters().badRateAcks.get());
        ack(4, 9_000, 9_300, 290_000L);
        assertEquals(1, agent.unroutedAcks(), "block 0 is not registered here");
        assertEquals(9, agent.acksSeen());
        assertEquals(6, agent.state().counters().delaySamples.get(), "the six ACKs decided on, not the rejected");
        assertEquals(900 + 500 + 800 + 600 + 300 + 300, agent.state().counters().delaySumNs.get(),
            "t_resp - t_recv of each ACK decided on");
    }

    private void ack(final int qp, final int reqRecvTsNs, final int respSendTsNs, final long nowNs)
    {
        agent.onProbeAck(new ProbeAckRecord().set(qp, reqRecvTsNs, respSendTsNs, true, 100.0, nowNs));
    }
}
