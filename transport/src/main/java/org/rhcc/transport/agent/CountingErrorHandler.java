package org.rhcc.transport.agent;

import org.agrona.ErrorHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Error handler of a duty-cycle agent: counts every error the agent survives and logs the 1st, 2nd, 4th, 8th, ...
 * so a persistent failure stays visible without flooding the log or slowing the loop.
 */
public final class CountingErrorHandler implements ErrorHandler
{
    private static final Logger LOGGER = LoggerFactory.getLogger(CountingErrorHandler.class);

    private final String roleName;
    private final AtomicLong errorCount = new AtomicLong();

    /**
     * @param roleName of the agent, for the log line.
     */
    public CountingErrorHandler(final String roleName)
    {
        this.roleName = roleName;
    }

    /**
     * {@inheritDoc}
     */
    public void onError(final Throwable throwable)
    {
        final long count = errorCount.incrementAndGet();
        if (Long.bitCount(count) == 1)
        {
            LOGGER.error("agent {}: error #{} (the agent keeps running; logging errors 1, 2, 4, 8, ...)",
                roleName, count, throwable);
        }
    }

    /**
     * @return errors handled so far.
     */
    public long errorCount()
    {
        return errorCount.get();
    }
}
