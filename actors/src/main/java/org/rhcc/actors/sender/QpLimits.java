package org.rhcc.actors.sender;

import java.util.Arrays;

import org.agrona.concurrent.status.AtomicCounter;
import org.rhcc.actors.counters.AgentCounters;

/**
 * Which limit bound each QP's last rate decision, Eq. (4)'s {@code R_send = min(R_rev, R_cc)}: R_rev (the receiver
 * is the bottleneck, {@code R_rev <= R_cc}) or R_cc (the network is), one byte per QP of the host; it counts every
 * decision under its limit and keeps the two gauges of QPs per limit current. A QP that has had no decision on this
 * node, or whose block left it, counts in neither.
 * <p>
 * <b>Note:</b> the rate-updater agent's thread only (or its actor while no agent runs); allocation-free.
 */
final class QpLimits
{
    private static final byte NONE = 0;

    private final byte[] limits;
    private final AtomicCounter[] decisions;
    private final AtomicCounter[] qps;

    /**
     * @param qps      QPs of the host.
     * @param counters the rate updater's counters ({@code decisions}, {@code limitedQps}).
     */
    QpLimits(final int qps, final AgentCounters.RateUpdater counters)
    {
        this.limits = new byte[qps];
        this.decisions = counters.decisions;
        this.qps = counters.limitedQps;
    }

    /**
     * @param qp        the host's QP number.
     * @param rRevGbps  the decision's R_rev.
     * @param rSendGbps the decision's R_send.
     */
    void onDecision(final int qp, final double rRevGbps, final double rSendGbps)
    {
        final int limit = rRevGbps <= rSendGbps ? AgentCounters.LIMIT_R_REV : AgentCounters.LIMIT_R_CC;
        increment(decisions[limit]);
        if (qp < 0 || qp >= limits.length)
        {
            return;
        }
        final byte now = (byte)(limit + 1);
        final byte was = limits[qp];
        if (was != now)
        {
            limits[qp] = now;
            if (NONE != was)
            {
                decrement(qps[was - 1]);
            }
            increment(qps[limit]);
        }
    }

    /**
     * @param firstQp the first QP of a block that left this node.
     * @param count   its QPs.
     */
    void forget(final int firstQp, final int count)
    {
        final int end = Math.min(limits.length, firstQp + count);
        for (int qp = Math.max(0, firstQp); qp < end; qp++)
        {
            final byte was = limits[qp];
            if (NONE != was)
            {
                decrement(qps[was - 1]);
                limits[qp] = NONE;
            }
        }
    }

    /**
     * Forgets every QP (the fail-safe released them all).
     */
    void clear()
    {
        Arrays.fill(limits, NONE);
        for (final AtomicCounter gauge : qps)
        {
            gauge.setRelease(0);
        }
    }

    private static void increment(final AtomicCounter counter)
    {
        counter.setRelease(counter.getPlain() + 1);
    }

    private static void decrement(final AtomicCounter counter)
    {
        counter.setRelease(counter.getPlain() - 1);
    }
}
