package org.rhcc.sim.host;

/**
 * A fluid delay line over host steps: an amount added with delay {@code d} steps comes out of {@link #advance()}
 * {@code d} steps later. Used for every fixed latency of the host model (docs/model.md §5: "fixed latencies are
 * ring-buffer delay lines"); delays may differ per insertion (e.g. an MBA delay that changes at run time).
 * <p>
 * A ring made {@link #untallied(int)} keeps no running total of its content: its {@link #advance()} returns the same
 * amounts, and the step saves the bookkeeping for delay lines nobody asks the content of.
 * <p>
 * <b>Note:</b> allocation-free after construction; not thread-safe.
 */
public final class CalendarRing
{
    private final double[] slots;
    private final int mask;
    private final double maxFractionalDelaySteps;
    private final boolean tallied;
    private int head;
    private double content;

    /**
     * @param maxDelaySteps the longest delay that will be used, steps (at least 1).
     */
    public CalendarRing(final int maxDelaySteps)
    {
        this(maxDelaySteps, true);
    }

    /**
     * @param maxDelaySteps the longest delay that will be used, steps (at least 1).
     * @return a ring without {@link #content()}: same amounts out of {@link #advance()}, less work per step.
     */
    public static CalendarRing untallied(final int maxDelaySteps)
    {
        return new CalendarRing(maxDelaySteps, false);
    }

    private CalendarRing(final int maxDelaySteps, final boolean tallied)
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
        maxFractionalDelaySteps = mask - 1.0;
        this.tallied = tallied;
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
        final double[] s = slots;
        s[(head + d) & mask] += amount;
        if (tallied)
        {
            content += amount;
        }
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
        final double d = clampFractional(delaySteps);
        final int whole = (int)d;
        addSplit(whole, d - whole, amount);
    }

    /**
     * The whole part of a fractional delay as {@link #add(double, double)} splits it, for a delay that stays the same
     * over many insertions (see {@link #addSplit(int, double, double)}).
     *
     * @param delaySteps delay in steps, >= 1 (clamped into the ring's range).
     * @return the earlier of the two whole steps the amount is split between.
     */
    public int wholeStepsOf(final double delaySteps)
    {
        return (int)clampFractional(delaySteps);
    }

    /**
     * The fractional part of a delay as {@link #add(double, double)} splits it.
     *
     * @param delaySteps delay in steps, >= 1 (clamped into the ring's range).
     * @return the share of the amount that comes out one step after {@link #wholeStepsOf(double)}, 0 .. 1.
     */
    public double lateShareOf(final double delaySteps)
    {
        final double d = clampFractional(delaySteps);
        return d - (int)d;
    }

    /**
     * {@link #add(double, double)} with the split of the delay computed once by {@link #wholeStepsOf(double)} and
     * {@link #lateShareOf(double)}: the same slots receive the same amounts, without the per-insertion conversion.
     *
     * @param wholeSteps {@link #wholeStepsOf(double)} of the delay.
     * @param lateShare  {@link #lateShareOf(double)} of the delay.
     * @param amount     amount to delay, >= 0.
     */
    public void addSplit(final int wholeSteps, final double lateShare, final double amount)
    {
        final double[] s = slots;
        final int i = (head + wholeSteps) & mask;
        if (lateShare > 0.0)
        {
            final double late = amount * lateShare;
            s[i] += amount - late;
            s[(i + 1) & mask] += late;
        }
        else
        {
            s[i] += amount;
        }
        if (tallied)
        {
            content += amount;
        }
    }

    private double clampFractional(final double delaySteps)
    {
        if (delaySteps < 1.0)
        {
            return 1.0;
        }
        return delaySteps > maxFractionalDelaySteps ? maxFractionalDelaySteps : delaySteps;
    }

    /**
     * Moves to the next step.
     *
     * @return the amount due at the new step.
     */
    public double advance()
    {
        final double[] s = slots;
        final int h = (head + 1) & mask;
        head = h;
        final double out = s[h];
        s[h] = 0.0;
        if (tallied)
        {
            content -= out;
            if (content < 1e-9)
            {
                content = content < -1e-6 ? recount() : 0.0;
            }
        }
        return out < 1e-12 ? 0.0 : out;
    }

    /**
     * @return total amount in flight.
     * @throws IllegalStateException for a ring made {@link #untallied(int)}.
     */
    public double content()
    {
        if (!tallied)
        {
            throw new IllegalStateException("this delay line keeps no content total; make it with new CalendarRing(" +
                mask + ") to read its content");
        }
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
