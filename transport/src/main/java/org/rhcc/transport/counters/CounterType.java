package org.rhcc.transport.counters;

/**
 * What a {@link CounterDescriptor} constant holds.
 *
 * @param typeId the counter type id, as in the counters file.
 * @param what   what it counts, without its unit.
 * @param unit   its unit, e.g. {@code count}, {@code ns}, {@code 0/1}.
 */
public record CounterType(int typeId, String what, String unit)
{
}
