package org.rhcc.core.receiver;

/**
 * Congestion detection of RHCC's receiver loop (paper §III-B): the EWMA of IIO write-buffer occupancy samples,
 * Eq. (1) {@code I_cur <- (1 - g_IIO) I_cur + g_IIO I_sample}, and the test {@code I_cur > I_thr}.
 * <p>
 * Cold start: the first valid sample initialises {@code I_cur} (a zero initial value would hide congestion for the
 * first ~1/g_IIO samples). A sample that is negative or not a number is rejected: the state is kept and the previous
 * verdict returned. Equality with the threshold is not congestion.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free.
 */
public final class IioCongestionDetector
{
    /** Eq. (1) gain g_IIO from the paper. */
    public static final double G_IIO_DEFAULT = 0.25;
    /** Threshold I_thr from the paper, in 64-byte IIO entries (its no-congestion baseline is ~20, 1x is ~44). */
    public static final double I_THR_DEFAULT = 45.0;

    private final double gIio;
    private final double iThr;
    private double iCur;
    private boolean primed;
    private long rejectedSamples;

    /**
     * Detector with the paper's defaults: g_IIO = 0.25, I_thr = 45.
     */
    public IioCongestionDetector()
    {
        this(G_IIO_DEFAULT, I_THR_DEFAULT);
    }

    /**
     * @param gIio EWMA gain, (0, 1].
     * @param iThr congestion threshold, > 0 entries.
     */
    public IioCongestionDetector(final double gIio, final double iThr)
    {
        if (!(gIio > 0.0 && gIio <= 1.0))
        {
            throw new IllegalArgumentException("g_IIO = " + gIio + " must be in (0, 1]; the paper uses 0.25");
        }
        if (!(iThr > 0.0) || Double.isInfinite(iThr))
        {
            throw new IllegalArgumentException("I_thr = " + iThr + " must be a positive number; the paper uses 45");
        }
        this.gIio = gIio;
        this.iThr = iThr;
    }

    /**
     * Feeds one occupancy sample.
     *
     * @param iSample average IIO occupancy since the previous sample, entries.
     * @return true when the host is congested after this sample ({@code I_cur > I_thr}).
     */
    public boolean onSample(final double iSample)
    {
        if (!(iSample >= 0.0 && iSample < Double.POSITIVE_INFINITY))
        {
            rejectedSamples++;
            return primed && iCur > iThr;
        }
        if (primed)
        {
            // Eq. (1), (1 - g) I_cur + g I_sample, as one multiply-add
            iCur += gIio * (iSample - iCur);
        }
        else
        {
            iCur = iSample;
            primed = true;
        }
        return iCur > iThr;
    }

    /**
     * @return the smoothed occupancy I_cur (0 before the first sample).
     */
    public double iCur()
    {
        return iCur;
    }

    /**
     * @return true when {@code I_cur > I_thr}.
     */
    public boolean congested()
    {
        return primed && iCur > iThr;
    }

    public double iThr()
    {
        return iThr;
    }

    public double gIio()
    {
        return gIio;
    }

    /**
     * @return number of samples rejected as negative or not a number.
     */
    public long rejectedSamples()
    {
        return rejectedSamples;
    }

    /**
     * Forgets the EWMA: the next sample starts it again.
     */
    public void reset()
    {
        iCur = 0.0;
        primed = false;
    }
}
