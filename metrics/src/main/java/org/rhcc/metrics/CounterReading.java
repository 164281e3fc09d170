package org.rhcc.metrics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.agrona.concurrent.status.CountersReader;
import org.rhcc.transport.counters.CounterKey;
import org.rhcc.transport.counters.NodeCounters;

/**
 * One pass over a node's counters file: every rhcc counter (type ids 4100-4199) with its key and value, read under
 * the node's counters lock ({@link NodeCounters#read}), so that a retired count is in its session's counter or in
 * the node's retired sum, exactly once.
 */
final class CounterReading
{
    /** Lowest rhcc counter type id. */
    static final int FIRST_TYPE_ID = 4100;
    /** Highest rhcc counter type id. */
    static final int LAST_TYPE_ID = 4199;

    /**
     * A counter as read.
     *
     * @param key   its key.
     * @param value its value.
     */
    record Entry(CounterKey key, long value)
    {
    }

    private final Map<Integer, List<Entry>> byType = new HashMap<>();

    private CounterReading()
    {
    }

    /**
     * @param counters the node's counters.
     * @return every rhcc counter of the file, by type id.
     */
    static CounterReading of(final NodeCounters counters)
    {
        return counters.read((reader) ->
        {
            // by id, as CountersReader.forEach walks them, without decoding every counter's label
            final CounterReading reading = new CounterReading();
            for (int id = 0, max = reader.maxCounterId(); id <= max; id++)
            {
                final int state = reader.getCounterState(id);
                if (CountersReader.RECORD_UNUSED == state)
                {
                    break;
                }
                final int typeId = reader.getCounterTypeId(id);
                if (CountersReader.RECORD_ALLOCATED == state && typeId >= FIRST_TYPE_ID && typeId <= LAST_TYPE_ID)
                {
                    reading.byType.computeIfAbsent(typeId, (t) -> new ArrayList<>()).add(new Entry(
                        CounterKey.decode(reader.metaDataBuffer(), CountersReader.metaDataOffset(id) +
                        CountersReader.KEY_OFFSET, CountersReader.MAX_KEY_LENGTH), reader.getCounterValue(id)));
                }
            }
            return reading;
        });
    }

    /**
     * @param typeId a counter type id.
     * @return the counters of that type.
     */
    List<Entry> of(final int typeId)
    {
        return byType.getOrDefault(typeId, List.of());
    }
}
