package org.rhcc.nativeio.tune;

/**
 * A cumulative reading of the receiver processing delays a sender measured: the sum of every probe's
 * {@code t_resp - t_recv} (Eq. (2)'s sample, before its EWMA) and how many probes it summed. Two readings give the
 * mean delay between them.
 *
 * @param sumNs   the sum of the delays, ns.
 * @param samples the number of delays summed.
 */
public record DelayReading(double sumNs, long samples)
{
    /**
     * @param later a reading taken after this one.
     * @return the number of delays measured between the two.
     */
    public long samplesUntil(final DelayReading later)
    {
        return later.samples - samples;
    }

    /**
     * @param later a reading taken after this one, with more samples.
     * @return the mean delay of the probes measured between the two, ns.
     * @throws IllegalStateException if no probe was measured between them, or the counts went backwards (the sender
     *                               node restarted).
     */
    public double meanNsUntil(final DelayReading later)
    {
        final long samples = samplesUntil(later);
        final double sumNs = later.sumNs - this.sumNs;
        if (samples < 0 || sumNs < 0)
        {
            throw new IllegalStateException("the sender's delay counters went backwards (" + this + " then " + later +
                "): did the sender node restart during the measurement? Run the tuning again");
        }
        if (0 == samples)
        {
            throw new IllegalStateException("the sender measured no probe ACK during the measurement window: is its " +
                "rhcc session running on the QPs that load this NIC?");
        }
        return sumNs / samples;
    }
}
