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
import org.rhcc.actors.context.ReceiverHardware;
import org.rhcc.actors.session.RoleGuardian;
import org.rhcc.actors.session.SessionProtocol;
import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.transport.codec.MbaReason;
import org.rhcc.transport.counters.CounterKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_LEVEL;
import static org.rhcc.actors.counters.AgentCounterDescriptor.MBA_ACTUATOR_LEVEL_CHANGES;
import static org.rhcc.actors.counters.AgentCounterDescriptor.SIGNAL_SOURCE_SENSOR_READ_BUCKET;

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
                // the level gauge is set right after the actuation
                while ((!ACTUATIONS.contains("0:5") || 5 != counted(node, MBA_ACTUATOR_LEVEL.typeId(), 0))
                    && System.nanoTime() < deadlineNs)
                {
                    sleep(20);
                }
                assertTrue(counted(node, SIGNAL_SOURCE_SENSOR_READ_BUCKET.typeId(), -1) > 0, "sensor reads timed");
                assertEquals(5L, counted(node, MBA_ACTUATOR_LEVEL.typeId(), 0), "group 0's level gauge");
                assertEquals(1L, counted(node, MBA_ACTUATOR_LEVEL_CHANGES.typeId(),
                    MbaReason.CONGESTION_ONSET.value()), "group 1 jumped to level 4 once");
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

    /**
     * @param node   the node.
     * @param typeId a counter type.
     * @param index  the key index to sum, or -1 for every index.
     * @return the sum of the node's counters of that type (and index).
     */
    private static long counted(final TestNode node, final int typeId, final int index)
    {
        return node.context().counters().read((reader) ->
        {
            final long[] sum = new long[1];
            reader.forEach((id, type, key, label) ->
            {
                if (type == typeId && (index < 0 || CounterKey.decode(key, 0, key.capacity()).index() == index))
                {
                    sum[0] += reader.getCounterValue(id);
                }
            });
            return sum[0];
        });
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
        public void apply(final MbaLevelCommand command)
        {
            final int group = command.group();
            final int level = command.level();
            ACTUATIONS.add(group + ":" + level);
        }

        @Override
        public void resetToUnthrottled()
        {
            ACTUATIONS.add("reset");
        }
    }
}
