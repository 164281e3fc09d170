package org.rhcc.actors.receiver;

import java.util.List;
import java.util.Map;

import io.aeron.ExclusivePublication;
import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.LoggingTestKit;
import org.apache.pekko.actor.testkit.typed.javadsl.TestProbe;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.persistence.testkit.PersistenceTestKitPlugin;
import org.apache.pekko.persistence.testkit.PersistenceTestKitSnapshotPlugin;
import org.apache.pekko.persistence.testkit.javadsl.PersistenceTestKit;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.actors.journal.FailSafeEntered;
import org.rhcc.actors.journal.MbaLevelChanged;
import org.rhcc.actors.journal.SessionJournal;
import org.rhcc.actors.journal.SessionStarted;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.transport.aeron.IdleStrategies;
import org.rhcc.transport.auth.FramePublisher;
import org.rhcc.transport.message.MessageProxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FailSafeTest
{
    @Test
    void shouldMoveTheHostToTheFailSafeOnceWhenTheMbaActuatorCannotActuate()
    {
        // the platform's command stream has no subscriber: every MBA command is refused
        try (TestNode node = new TestNode("failsafe", Map.of("rhcc.aeron.offer-retries", 10)))
        {
            final ActorTestKit kit = ActorTestKit.create("failsafe",
                node.config(PersistenceTestKitPlugin.getInstance().config()
                    .withFallback(PersistenceTestKitSnapshotPlugin.getInstance().config())));
            try
            {
                final PersistenceTestKit journal = PersistenceTestKit.create(kit.system());
                final var s = node.context().settings();
                final SessionSpec spec = new SessionSpec(42L, "rhcc", Map.of(), 8, 100.0, 2, 0);
                final TestProbe<MbaActuatorActor.Ready> ready = kit.createTestProbe();
                final ActorRef<MbaActuatorActor.Command> cascade;
                try (ExclusivePublication samples = node.aeron().addExclusivePublication(s.internalChannel(),
                    s.iioStream()))
                {
                    cascade = kit.spawn(
                        MbaActuatorActor.create(node.context(), spec, -1, ready.getRef()), "mba-actuator");
                    while (!samples.isConnected())
                    {
                        Thread.onSpinWait();
                    }
                    final MessageProxy proxy = new MessageProxy(samples, 1000, IdleStrategies.parse("yielding"),
                        node.context().frameAuth().signer(FramePublisher.PLATFORM_IIO, spec.sessionId()));
                    LoggingTestKit.warn("entered the fail-safe").withOccurrences(1).expect(kit.system(), () ->
                    {
                        for (int i = 0; i < 200; i++)
                        {
                            proxy.iioSample(0, i, new IioSampleRecord().set(120.0, 80.0, 1_000L * (i + 1)));
                        }
                        final TestProbe<MbaActuatorActor.Finished> finished = kit.createTestProbe();
                        sleep(300);
                        cascade.tell(new MbaActuatorActor.Finish(finished.getRef()));
                        final MbaActuatorActor.Finished f = finished.receiveMessage(java.time.Duration.ofSeconds(10));
                        assertTrue(f.failure().contains("refused"), f.failure());
                        return null;
                    });
                }

                final List<Object> events = journal.persistedInStorage(SessionJournal.persistenceId("receiver", 42L,
                    SessionProtocol.RECEIVER_CONTROLLER_ID).id());
                assertInstanceOf(SessionStarted.class, events.get(0));
                assertEquals(2, events.size(), events.toString());
                final FailSafeEntered entered = assertInstanceOf(FailSafeEntered.class, events.get(1));
                assertTrue(entered.reason().contains("MBA actuator refused level"), entered.reason());
                assertTrue(events.stream().noneMatch(MbaLevelChanged.class::isInstance));
            }
            finally
            {
                kit.shutdownTestKit();
            }
        }
    }

    @Test
    void shouldUnthrottleTheHostAndSaySoWhenTheMbaCascadeAgentCrashes()
    {
        // a host actuator records the levels; the platform's command stream has no subscriber, so the agent crashes
        // when it cannot answer a ClockAdvance
        RealHostReceiverTest.ACTUATIONS.clear();
        try (TestNode node = new TestNode("cascade-crash", Map.of("rhcc.aeron.offer-retries", 10),
            new RealHostReceiverTest.FakeHardware(new RealHostReceiverTest.CongestedSensor(),
                new RealHostReceiverTest.RecordingActuator(2))))
        {
            final ActorTestKit kit = ActorTestKit.create("cascade-crash",
                node.config(PersistenceTestKitPlugin.getInstance().config()
                    .withFallback(PersistenceTestKitSnapshotPlugin.getInstance().config())));
            try
            {
                final PersistenceTestKit journal = PersistenceTestKit.create(kit.system());
                final var s = node.context().settings();
                final SessionSpec spec = new SessionSpec(43L, "rhcc", Map.of(), 8, 100.0, 2, 0);
                final TestProbe<MbaActuatorActor.Ready> ready = kit.createTestProbe();
                try (ExclusivePublication samples = node.aeron().addExclusivePublication(s.internalChannel(),
                    s.iioStream()))
                {
                    final ActorRef<MbaActuatorActor.Command> cascade = kit.spawn(
                        MbaActuatorActor.create(node.context(), spec, -1, ready.getRef()), "mba-actuator");
                    while (!samples.isConnected())
                    {
                        Thread.onSpinWait();
                    }
                    final MessageProxy proxy = new MessageProxy(samples, 1000, IdleStrategies.parse("yielding"),
                        node.context().frameAuth().signer(FramePublisher.PLATFORM_IIO, spec.sessionId()));
                    LoggingTestKit.error("entered the fail-safe (MBA 100 %)").withOccurrences(1)
                        .expect(kit.system(), () ->
                        {
                            for (int i = 0; i < 50; i++)
                            {
                                proxy.iioSample(0, i, new IioSampleRecord().set(120.0, 80.0, 1_000L * (i + 1)));
                            }
                            proxy.clockAdvance(50_000L, 43L);
                            return null;
                        });
                    // before the session ends (whose stop also resets a host actuator)
                    final List<String> actuations = List.copyOf(RealHostReceiverTest.ACTUATIONS);
                    final int throttled = actuations.indexOf("1:4");
                    assertTrue(throttled > 0, "the congested host was throttled first: " + actuations);
                    assertEquals("reset", actuations.get(actuations.size() - 1),
                        "and unthrottled by the crash: " + actuations);
                    final TestProbe<MbaActuatorActor.Finished> finished = kit.createTestProbe();
                    cascade.tell(new MbaActuatorActor.Finish(finished.getRef()));
                    final MbaActuatorActor.Finished f = finished.receiveMessage(java.time.Duration.ofSeconds(10));
                    assertTrue(f.failure().startsWith("MBA cascade agent stopped: "), f.failure());
                    assertTrue(f.failure().contains("cannot answer ClockAdvance(50000)"), f.failure());
                }

                final List<Object> events = journal.persistedInStorage(SessionJournal.persistenceId("receiver", 43L,
                    SessionProtocol.RECEIVER_CONTROLLER_ID).id());
                final FailSafeEntered entered = assertInstanceOf(FailSafeEntered.class,
                    events.get(events.size() - 2));
                assertTrue(entered.reason().startsWith("MBA cascade agent stopped: "), entered.reason());
                assertInstanceOf(org.rhcc.actors.journal.ActuatorFailed.class, events.get(events.size() - 1));
            }
            finally
            {
                kit.shutdownTestKit();
            }
        }
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
}
