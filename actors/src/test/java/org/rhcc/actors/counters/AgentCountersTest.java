package org.rhcc.actors.counters;

import java.util.HashMap;
import java.util.Map;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.Test;
import org.rhcc.actors.TestNode;
import org.rhcc.transport.counters.CounterAllocator;
import org.rhcc.transport.codec.DropReason;
import org.rhcc.transport.message.MessageAdapter;
import org.rhcc.transport.message.MessageListener;
import org.rhcc.transport.counters.CounterAllocator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
            final AgentCounters.RateUpdaterActor counters =
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
            final AgentCounters.Cascade cascade = AgentCounters.cascade(allocator, 9L);
            source.forwarded.incrementRelease();
            final MessageAdapter adapter = new MessageAdapter(new MessageListener()
            {
            }, cascade.frameDrops);
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
            assertEquals(2L, cascade.frameDrops.count(DropReason.SHORT_FRAME));
            source.close();
            cascade.close();
        }
    }

    @Test
    void shouldStartTheLastAnswerAtMinusOne()
    {
        final AgentCounters.Cascade counters = AgentCounters.cascade(CounterAllocator.unpublished(), 1L);
        assertEquals(-1L, counters.lastDoneNs.get());
        assertEquals(0L, counters.samplesSeen.get());
        counters.close();
    }
}
