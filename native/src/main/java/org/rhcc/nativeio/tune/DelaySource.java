package org.rhcc.nativeio.tune;

/**
 * Where {@code rhcc tune --native} takes D, the receiver processing delay: the receiver host cannot time its own
 * probes (both timestamps are its NIC's, and they reach only the sender), so D comes from the sender side.
 */
public interface DelaySource
{
    /**
     * @return the sender's cumulative delay sum and probe count now.
     * @throws IllegalStateException if the source cannot be read, naming it and what to check.
     */
    DelayReading read();

    /**
     * @return where the delays come from, for the report.
     */
    String describe();
}
