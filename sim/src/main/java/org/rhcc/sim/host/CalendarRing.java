package org.rhcc.sim.host;

/**
 * A fluid delay line over host steps: an amount added with delay {@code d} steps comes out of {@link #advance()}
 * {@code d} steps later. Used for every fixed latency of the host model (model.md §5: "fixed latencies are
 * ring-buffer delay lines"); delays may differ per insertion (e.g. an MBA delay that changes at run time).
 * <p>
 * <b>Note:</b> allocation-free after construction; not thread-safe.
 */
public final class CalendarRing
{
    private final double[] slots;
    private final int mask;
    private int head;
    private double content;

    /**
     * @param maxDelaySteps the longest delay that will be used, steps (at least 1).
     */
    public CalendarRing(final int maxDelaySteps)
    {
        if (maxDelaySteps < 1)
        {
            throw new IllegalArgumentException("a delay line needs a maximum delay of at least 1 step, got " +
                maxDelaySteps);
        }
        int size = 1;
        while (size <= maxDelaySteps)
        {
            size <<= 1;
        }
        slots = new double[size];
        mask = size - 1;
    }

    /**
     * Schedules an amount to come out {@code delaySteps} steps after the current step.
     *
     * @param delaySteps 1 .. the maximum given at construction (clamped into that range).
     * @param amount     amount to delay, >= 0.
     */
    public void add(final int delaySteps, final double amount)
    {
        final int d = delaySteps < 1 ? 1 : Math.min(delaySteps, mask);
        slots[(head + d) & mask] += amount;
        content += amount;
    }

    /**
     * Schedules an amount with a fractional delay: the amount is split between the two neighbouring whole steps so
     * that its mean delay is exact (a step of 5 ns would otherwise round every latency to 5 ns).
     *
     * @param delaySteps delay in steps, >= 1 (clamped into the ring's range).
     * @param amount     amount to delay, >= 0.
     */
    public void add(final double delaySteps, final double amount)
    {
        final double d = delaySteps < 1.0 ? 1.0 : Math.min(delaySteps, mask - 1.0);
        final int whole = (int)d;
        final double frac = d - whole;
        final int i = (head + whole) & mask;
        if (frac > 0.0)
        {
            final double late = amount * frac;
            slots[i] += amount - late;
            slots[(i + 1) & mask] += late;
        }
        else
        {
            slots[i] += amount;
        }
        content += amount;
    }

    /**
     * Moves to the next step.
     *
     * @return the amount due at the new step.
     */
    public double advance()
    {
        head = (head + 1) & mask;
        final double out = slots[head];
        slots[head] = 0.0;
        content -= out;
        if (content < 1e-9)
        {
            content = content < -1e-6 ? recount() : 0.0;
        }
        return out < 1e-12 ? 0.0 : out;
    }

    /**
     * @return total amount in flight.
     */
    public double content()
    {
        return content;
    }

    /**
     * @return the largest delay this line can hold, steps.
     */
    public int maxDelaySteps()
    {
        return mask;
    }

    private double recount()
    {
        double sum = 0.0;
        for (final double s : slots)
        {
            sum += s;
        }
        return sum;
    }
}
