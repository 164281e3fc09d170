package org.rhcc.actors.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.spi.FilterReply;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The failure detector's late-heartbeat warnings pass once, then are held back and counted; nothing else is touched.
 */
class HeartbeatWarningFilterTest
{
    @Test
    void shouldPassTheFirstHeartbeatWarningAndHoldBackTheRest()
    {
        final LoggerContext context = new LoggerContext();
        final HeartbeatWarningFilter filter = new HeartbeatWarningFilter();
        final var detector = context.getLogger("org.apache.pekko.remote.PhiAccrualFailureDetector");
        final var other = context.getLogger("org.apache.pekko.cluster.Cluster");
        final Object[] message = { "heartbeat interval is growing too large for address pekko://rhcc@10.0.0.2:25520: " +
            "2712 millis" };

        assertEquals(FilterReply.NEUTRAL, filter.decide(null, detector, Level.WARN, "{}", message, null));
        for (int i = 0; i < 5; i++)
        {
            assertEquals(FilterReply.DENY, filter.decide(null, detector, Level.WARN, "{}", message, null));
        }
        assertEquals(5, filter.heldBack());
        assertEquals(FilterReply.NEUTRAL, filter.decide(null, other, Level.WARN, "{}", message, null),
            "another logger's warning passes");
        assertEquals(FilterReply.NEUTRAL, filter.decide(null, detector, Level.WARN, "something else", null, null),
            "another warning of the detector passes");
        assertEquals(FilterReply.NEUTRAL, filter.decide(null, detector, Level.INFO, "{}", message, null),
            "only warnings are summarized");
    }
}
