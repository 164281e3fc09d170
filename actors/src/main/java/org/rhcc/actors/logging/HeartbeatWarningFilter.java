package org.rhcc.actors.logging;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;

/**
 * Summarizes the failure detector's "heartbeat interval is growing too large" warnings: on a loaded machine Pekko logs
 * one per late heartbeat and peer, which drowned every other line of a node's log (97-99 % of them). The first such
 * warning passes; later ones pass at most once per {@link #PERIOD_S} s, each preceded by one line counting the ones
 * held back since. Every other event passes untouched. Installed by the node's {@code logback.xml}; what an operator
 * should watch for instead is {@code rhcc_cluster_unreachable_members} (README, "Operating rhcc").
 */
public final class HeartbeatWarningFilter extends TurboFilter
{
    /** Shortest interval between two heartbeat warnings that pass, s. */
    static final long PERIOD_S = 60;
    private static final String DETECTOR = "org.apache.pekko.remote.PhiAccrualFailureDetector";
    private static final String GROWING = "heartbeat interval is growing too large";

    private final AtomicLong nextPassNs = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong heldBack = new AtomicLong();

    @Override
    public FilterReply decide(final Marker marker, final Logger logger, final Level level, final String format,
        final Object[] params, final Throwable t)
    {
        if (Level.WARN != level || null == logger || !DETECTOR.equals(logger.getName()) ||
            !mentionsGrowing(format, params))
        {
            return FilterReply.NEUTRAL;
        }
        final long nowNs = System.nanoTime();
        final long next = nextPassNs.get();
        if (Long.MIN_VALUE != next && nowNs - next < 0 || !nextPassNs.compareAndSet(next,
            nowNs + TimeUnit.SECONDS.toNanos(PERIOD_S)))
        {
            heldBack.incrementAndGet();
            return FilterReply.DENY;
        }
        final long held = heldBack.getAndSet(0);
        if (held > 0)
        {
            LoggerFactory.getLogger(HeartbeatWarningFilter.class).warn("{} more failure-detector warnings " +
                "('{}') in the last {} s were held back (a loaded machine or a paused peer)", held, GROWING,
                PERIOD_S);
        }
        return FilterReply.NEUTRAL;
    }

    /**
     * Pekko's SLF4J logger hands over its own formatted message, as the format or as the one parameter of "{}".
     */
    private static boolean mentionsGrowing(final String format, final Object[] params)
    {
        if (null != format && format.contains(GROWING))
        {
            return true;
        }
        if (null != params)
        {
            for (final Object param : params)
            {
                if (null != param && param.toString().contains(GROWING))
                {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * @return warnings held back since the last one that passed.
     */
    long heldBack()
    {
        return heldBack.get();
    }
}
