package org.rhcc.core.sender;

/**
 * RHCC's probe cadence (paper §III-C): one probe per {@code intervalBytes} (32 KB) sent on a QP. Stateless: the
 * number of probes due is the number of interval boundaries the QP's cumulative byte count crossed.
 */
public final class ProbeCadence
{
    private ProbeCadence()
    {
    }

    /**
     * @param bytesBefore   cumulative bytes the QP had sent before, >= 0.
     * @param bytesAfter    cumulative bytes after, >= bytesBefore.
     * @param intervalBytes one probe per this many bytes, > 0.
     * @return the number of probes to send now (usually 0 or 1).
     */
    public static long probesDue(final long bytesBefore, final long bytesAfter, final int intervalBytes)
    {
        if (bytesBefore < 0 || bytesAfter < bytesBefore || intervalBytes <= 0)
        {
            throw new IllegalArgumentException("probe cadence needs 0 <= before <= after and interval > 0, got " +
                bytesBefore + ", " + bytesAfter + ", " + intervalBytes);
        }
        return bytesAfter / intervalBytes - bytesBefore / intervalBytes;
    }
}
