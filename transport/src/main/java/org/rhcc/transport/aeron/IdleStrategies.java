package org.rhcc.transport.aeron;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * Idle strategies from configuration strings:
 * <ul>
 *     <li>{@code busy-spin}: spin with {@link Thread#onSpinWait()}; lowest latency, burns a core.</li>
 *     <li>{@code yielding} (or {@code yield}): {@link Thread#yield()}; low latency, still busy.</li>
 *     <li>{@code backoff}: spin, then yield, then park 1 us doubling to 1 ms (Agrona's defaults); the default for
 *     shared machines.</li>
 *     <li>{@code sleep-<n><unit>} with unit {@code ns}, {@code us} or {@code ms}, e.g. {@code sleep-1ms}: park for
 *     a fixed period (parked, so that {@link NodeActivity#enter()} can end a resting thread's period early); for
 *     polling that may lag.</li>
 *     <li>{@code noop}: return at once; for callers that idle elsewhere.</li>
 * </ul>
 * Idle strategies are stateful, so every agent needs its own instance: use {@link #supplier(String)}.
 */
public final class IdleStrategies
{
    /**
     * The idle strategy rhcc uses when none is configured: friendly to a small shared machine.
     */
    public static final String DEFAULT_SPEC = "backoff";

    private static final String VALID_FORMS =
        "use busy-spin, yielding, backoff, noop or sleep-<n><ns|us|ms> such as sleep-1ms";

    private IdleStrategies()
    {
    }

    /**
     * Parses a spec into a new idle strategy.
     *
     * @param spec such as {@code backoff}, {@code busy-spin} or {@code sleep-1ms}; case and surrounding blanks do not
     *             matter.
     * @return a new idle strategy.
     * @throws IllegalArgumentException if the spec is not one of the forms above.
     */
    public static IdleStrategy parse(final String spec)
    {
        if (null == spec)
        {
            throw new IllegalArgumentException("idle strategy is missing: " + VALID_FORMS);
        }

        final String normalized = spec.trim().toLowerCase(Locale.ROOT);
        switch (normalized)
        {
            case "busy-spin":
                return new BusySpinIdleStrategy();
            case "yield":
            case "yielding":
                return new YieldingIdleStrategy();
            case "backoff":
                return new BackoffIdleStrategy();
            case "noop":
                return new NoOpIdleStrategy();
            default:
                if (normalized.startsWith("sleep-"))
                {
                    return parseSleep(spec, normalized.substring("sleep-".length()));
                }

                throw new IllegalArgumentException("unknown idle strategy '" + spec + "': " + VALID_FORMS);
        }
    }

    /**
     * Validates a spec now and returns a supplier of fresh instances, one per agent.
     *
     * @param spec as for {@link #parse(String)}.
     * @return a supplier that parses the spec on every call.
     * @throws IllegalArgumentException if the spec is invalid.
     */
    public static Supplier<IdleStrategy> supplier(final String spec)
    {
        parse(spec);
        return () -> parse(spec);
    }

    private static IdleStrategy parseSleep(final String spec, final String period)
    {
        final long multiplierNs;
        final String digits;
        if (period.endsWith("ns"))
        {
            multiplierNs = 1;
            digits = period.substring(0, period.length() - 2);
        }
        else if (period.endsWith("us"))
        {
            multiplierNs = 1_000;
            digits = period.substring(0, period.length() - 2);
        }
        else if (period.endsWith("ms"))
        {
            multiplierNs = 1_000_000;
            digits = period.substring(0, period.length() - 2);
        }
        else
        {
            throw new IllegalArgumentException(
                "sleep period in '" + spec + "' needs a unit ns, us or ms: " + VALID_FORMS);
        }

        final long amount;
        try
        {
            amount = Long.parseLong(digits);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("sleep period in '" + spec + "' is not a whole number: " + VALID_FORMS);
        }

        if (amount <= 0 || amount > Long.MAX_VALUE / multiplierNs)
        {
            throw new IllegalArgumentException("sleep period in '" + spec + "' must be positive: " + VALID_FORMS);
        }

        // parks (LockSupport.parkNanos) rather than Thread.sleep for every unit: a resting driver thread must wake at
        // once when its node turns hot (NodeActivity#enter unparks it), whatever its rest period
        return new SleepingIdleStrategy(amount * multiplierNs);
    }
}
