package org.rhcc.actors.sender;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The distribution of R_rev over a sender host's QPs, for the metrics endpoint: the rate-updater agent records, for
 * one ACK in {@link #SAMPLE_EVERY_ACKS}, the R_rev of the next QP of a round-robin sweep over the host's registered
 * QPs (not the QP of the ACK), so that every QP is sampled equally often whatever its rate (a QP held at the floor
 * sends, and probes, a hundred times less often than one at line rate, and would vanish from a per-ACK sample).
 * Values are in Mbit/s, in an HdrHistogram {@link SingleWriterRecorder} (two significant digits, up to 10 Tbit/s); the
 * reader takes the samples recorded since its last read ({@link #intervalHistogram}).
 * <p>
 * <b>Note:</b> {@link #record} runs on the agent's thread, allocation-free and lock-free (the recorder's
 * writer-reader phaser: two atomic increments per sample, hence one sample per {@link #SAMPLE_EVERY_ACKS} ACKs);
 * {@link #intervalHistogram} on any one reader thread.
 */
public final class ReceivableRateSampler
{
    /** ACKs per sample (a power of two). */
    public static final int SAMPLE_EVERY_ACKS = 8;
    /** Highest value recorded, Mbit/s (10 Tbit/s); higher values are recorded as this. */
    public static final long HIGHEST_MBPS = 10_000_000L;

    private final SingleWriterRecorder recorder = new SingleWriterRecorder(1, HIGHEST_MBPS, 2);

    /**
     * @param rateGbps a QP's R_rev, Gbit/s (not a number and non-positive values are skipped).
     */
    void record(final float rateGbps)
    {
        if (rateGbps > 0.0f)
        {
            recorder.recordValue(Math.min(HIGHEST_MBPS, Math.max(1L, (long)(rateGbps * 1000.0f))));
        }
    }

    /**
     * @param recycle a histogram an earlier call returned, to reuse, or null.
     * @return the samples recorded since the previous call (Mbit/s); the recorder starts a new interval.
     */
    public Histogram intervalHistogram(final Histogram recycle)
    {
        return recorder.getIntervalHistogram(recycle);
    }
}
