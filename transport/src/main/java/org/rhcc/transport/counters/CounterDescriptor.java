package org.rhcc.transport.counters;

/**
 * One type of rhcc counter, as a constant of its family's descriptor enum (the agents', the journals', the control
 * plane's, transport's): its type id, by which the metrics endpoint and {@code rhcc counters} find it in a node's
 * counters file, and what it counts in which unit, from which its allocator builds the label
 * {@code rhcc <owner> <what>[<qualifier>] (<unit>): <key>}. Each family checks its ids with {@link CounterTypeIds}.
 */
public interface CounterDescriptor
{
    /**
     * @return its type id, what it counts and its unit.
     */
    CounterType type();

    /**
     * @return the counter type id, as in the counters file.
     */
    default int typeId()
    {
        return type().typeId();
    }

    /**
     * @return what it counts, without its unit, e.g. {@code events stored} (a histogram's subject).
     */
    default String what()
    {
        return type().what();
    }

    /**
     * @return its unit, e.g. {@code count}, {@code ns}, {@code 0/1}.
     */
    default String unit()
    {
        return type().unit();
    }

    /**
     * @return what it counts and its unit, e.g. {@code events stored (count)}: the label without owner and key.
     */
    default String label()
    {
        return label("");
    }

    /**
     * @param qualifier names the member of a family (a limit, a group, a reason, a histogram bucket), e.g.
     *                  {@code ", R_rev <= R_cc"}; empty for none.
     * @return what it counts, the qualifier and its unit, e.g. {@code rate decisions, R_rev <= R_cc (count)}.
     */
    default String label(final String qualifier)
    {
        return what() + qualifier + " (" + unit() + ")";
    }
}
