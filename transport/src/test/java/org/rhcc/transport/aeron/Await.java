package org.rhcc.transport.aeron;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Test helper: waits for a condition with a deadline generous enough for a loaded 2-core machine.
 */
public final class Await
{
    public static final long DEFAULT_TIMEOUT_MS = 20_000;
    public static final long TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(DEFAULT_TIMEOUT_MS);

    private Await()
    {
    }

    public static void until(final BooleanSupplier condition, final String description)
    {
        until(condition, DEFAULT_TIMEOUT_MS, description);
    }

    public static void until(final BooleanSupplier condition, final long timeoutMs, final String description)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                fail("timed out after " + timeoutMs + " ms waiting for " + description);
            }

            try
            {
                Thread.sleep(1);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                fail("interrupted waiting for " + description);
            }
        }
    }
}
