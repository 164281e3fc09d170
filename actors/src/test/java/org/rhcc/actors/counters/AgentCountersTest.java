package org.rhcc.actors.counters;

import java.util.HashMap;
import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.counters.CounterKey;
import org.rhcc.transport.counters.NodeCounters;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_ACKS;
import static org.rhcc.actors.counters.AgentCounterDescriptor.RATE_UPDATER_DECISIONS;

class AgentCountersTest
{
    private static Map<String, Long> rhccCounters(final CountersReader reader)
    {
        final Map<String, Long> values = new HashMap<>();
        reader.forEach((value, id, label) ->
        {
            if (label.startsWith("rhcc "))
            {
                values.put(label, value);
            }
        });
        return values;
    }

    @Test
    void shouldPublishNamedCountersInTheDriversCountersFileUntilClosed() throws InterruptedException
    {
        try (TestNode node = new TestNode("counters", Map.of()))
        {
            final AgentCounters.RateUpdater counters =
                AgentCounters.rateUpdater(CounterAllocator.published(node.aeron()), 77L);
            counters.acksSeen.incrementRelease();
            counters.acksSeen.incrementRelease();
            counters.lastDoneNs.setRelease(1_000L);

            final Map<String, Long> seen = rhccCounters(node.aeron().countersReader());
            assertEquals(2L, seen.get("rhcc rate-updater probe ACKs processed (count): session=77"));
            assertEquals(0L, seen.get("rhcc rate-updater ACKs without a registered block (count): session=77"));
            assertEquals(0L, seen.get("rhcc rate-updater rate updates refused by the platform (count): session=77"));
            assertEquals(1_000L, seen.get("rhcc rate-updater last ClockDone (ns): session=77"));

            counters.close();
            final long deadlineNs = System.nanoTime() + 10_000_000_000L;
            while (rhccCounters(node.aeron().countersReader()).containsKey(
                "rhcc rate-updater probe ACKs processed (count): session=77"))
            {
                assertFalse(System.nanoTime() - deadlineNs > 0, "closed counters leave the file");
                Thread.sleep(10);
            }
        }
    }

    @Test
    void shouldPublishSourceCountersAndFrameDropsPerReason()
    {
        try (TestNode node = new TestNode("counters-drops", Map.of()))
        {
            final CounterAllocator allocator = CounterAllocator.published(node.aeron());
            final AgentCounters.Source source = AgentCounters.source(allocator, "iio-sample-source", 9L);
            final AgentCounters.MbaActuator actuator = AgentCounters.mbaActuator(allocator, 9L, 2);
            source.forwarded.incrementRelease();
            final MessageAdapter adapter = new MessageAdapter(new MessageListener()
            {
            }, actuator.frameDrops);
            final UnsafeBuffer shortFrame = new UnsafeBuffer(new byte[4]);
            adapter.onFrame(shortFrame, 0, 4);
            adapter.onFrame(shortFrame, 0, 4);

            final Map<String, Long> seen = rhccCounters(node.aeron().countersReader());
            assertEquals(1L, seen.get("rhcc iio-sample-source signals put on the internal stream (count): session=9"));
            assertEquals(0L,
                seen.get("rhcc iio-sample-source offers refused by the internal stream (count): session=9"));
            assertEquals(2L, seen.get("rhcc frames dropped, " + DropReason.SHORT_FRAME.description() +
                " (count): stream=iio-samples session=9"));
            assertEquals(0L, seen.get("rhcc mba-actuator decisions dropped, journal queue full (count): session=9"));
            assertEquals(2L, actuator.frameDrops.count(DropReason.SHORT_FRAME));
            source.close();
            actuator.close();
        }
    }

    /**
     * A node's total of a count stays monotonic across sessions: a retired session's count joins the node's retired
     * sum of its type, index and scope, and a reader under the node's lock sees it exactly once.
     */
    @Test
    void shouldKeepANodesTotalWhenASessionsCountsAreRetired()
    {
        try (TestNode node = new TestNode("counters-retired", Map.of()))
        {
            final NodeCounters counters = node.context().counters();
            final AgentCounters.RateUpdater first = AgentCounters.rateUpdater(counters, 5L);
            final AgentCounters.RateUpdater second = AgentCounters.rateUpdater(counters, 6L);
            first.acksSeen.setRelease(40);
            first.decisions[AgentCounters.LIMIT_R_CC].setRelease(7);
            second.acksSeen.setRelease(2);
            assertEquals(42L, total(counters, RATE_UPDATER_ACKS.typeId(), 0));

            first.close();
            assertEquals(42L, total(counters, RATE_UPDATER_ACKS.typeId(), 0));
            assertEquals(7L, total(counters, RATE_UPDATER_DECISIONS.typeId(), AgentCounters.LIMIT_R_CC));
            final AgentCounters.RateUpdater third = AgentCounters.rateUpdater(counters, 7L);
            third.acksSeen.setRelease(8);
            second.close();
            assertEquals(50L, total(counters, RATE_UPDATER_ACKS.typeId(), 0));
            final long retired = counters.read((reader) ->
            {
                final long[] retiredSums = new long[1];
                reader.forEach((id, typeId, key, label) ->
                {
                    if (RATE_UPDATER_ACKS.typeId() == typeId &&
                        CounterKey.NODE == CounterKey.decode(key, 0, key.capacity()).sessionId() &&
                        label.endsWith("sessions retired"))
                    {
                        retiredSums[0]++;
                    }
                });
                return retiredSums[0];
            });
            assertEquals(1L, retired, "one retired sum per type, index and scope");
            third.close();
        }
    }

    private static long total(final NodeCounters counters, final int typeId, final int index)
    {
        return counters.read((reader) ->
        {
            final long[] sum = new long[1];
            reader.forEach((id, type, key, label) ->
            {
                if (type == typeId && CounterKey.decode(key, 0, key.capacity()).index() == index)
                {
                    sum[0] += reader.getCounterValue(id);
                }
            });
            return sum[0];
        });
    }

    @Test
    void shouldStartTheLastAnswerAtMinusOne()
    {
        final AgentCounters.MbaActuator counters = AgentCounters.mbaActuator(CounterAllocator.unpublished(), 1L, 2);
        assertEquals(-1L, counters.lastDoneNs.get());
        assertEquals(0L, counters.samplesSeen.get());
        counters.close();
    }
}
