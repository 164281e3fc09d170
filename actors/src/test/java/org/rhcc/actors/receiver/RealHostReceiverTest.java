package org.rhcc.actors.receiver;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.pekko.actor.testkit.typed.javadsl.ActorTestKit;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.persistence.testkit.PersistenceTestKitPlugin;
import org.apache.pekko.persistence.testkit.PersistenceTestKitSnapshotPlugin;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.actors.session.RoleGuardian;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RealHostReceiverTest
{
    static final List<String> ACTUATIONS = new CopyOnWriteArrayList<>();

    @Test
    void shouldPollTheHostSensorActuateTheHostAndResetItAtStartAndStop()
    {
        ACTUATIONS.clear();
        try (TestNode node = new TestNode("real-host", Map.of(
            "rhcc.receiver.sensor-interval", "10us",
            "rhcc.session.autostart", true,
            "rhcc.session.qp-count", 0), new FakeHardware(new CongestedSensor(), new RecordingActuator(2))))
        {
            final ActorTestKit kit = ActorTestKit.create("real-host",
                node.config(PersistenceTestKitPlugin.getInstance().config()
                    .withFallback(PersistenceTestKitSnapshotPlugin.getInstance().config())));
            try
            {
                final ActorRef<SessionProtocol.Command> guardian = kit.spawn(RoleGuardian.create(ReceiverRole.ROLE, node.context()),
                    "receiver");
                final long deadlineNs = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (!ACTUATIONS.contains("0:5") && System.nanoTime() < deadlineNs)
                {
                    sleep(20);
                }
                kit.stop(guardian, Duration.ofSeconds(10));
            }
            finally
            {
                kit.shutdownTestKit();
            }
        }

        assertEquals(List.of("reset", "1:4"), ACTUATIONS.subList(0, 2), "startup reset, then congestion onset");
        assertTrue(ACTUATIONS.contains("0:5"), ACTUATIONS.toString());
        assertEquals("reset", ACTUATIONS.get(ACTUATIONS.size() - 1), "the host is unthrottled when the node stops");
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

    /**
     * A receiver host's hardware made of fakes.
     *
     * @param sensor   the host's sensor.
     * @param actuator the host's MBA.
     */
    record FakeHardware(IioOccupancySensor sensor, MbaActuator actuator) implements ReceiverHardware
    {
        @Override
        public void close()
        {
            // nothing to release
        }
    }

    /**
     * A host whose IIO buffer stays full.
     */
    public static final class CongestedSensor implements IioOccupancySensor
    {
        @Override
        public double sampleOccupancy(final long nowNs)
        {
            return 90.0;
        }

        @Override
        public long readLatencyNs()
        {
            return 400;
        }
    }

    /**
     * Records what the controller asks of the host's MBA.
     */
    public static final class RecordingActuator implements MbaActuator
    {
        private final int groups;

        /**
         * @param groups COS groups.
         */
        public RecordingActuator(final int groups)
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
            ACTUATIONS.add(group + ":" + level);
        }

        @Override
        public void resetToUnthrottled()
        {
            ACTUATIONS.add("reset");
        }
    }
}
