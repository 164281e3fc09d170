package org.rhcc.experiments;

/**
 * The simulated time of each run of an experiment: a warm-up discarded from the metrics, then the measured window.
 * Each experiment chooses its own ({@link Experiment#runLength()}) so that its headline conditions have settled
 * (their {@link org.rhcc.experiments.result.Stationarity} holds) before and during the window; {@code --warmup-ms} and
 * {@code --duration-ms} override it for every experiment of a command.
 *
 * @param warmupMs   simulated warm-up, ms, &gt;= 0.
 * @param durationMs measured simulated time, ms, &gt; 0.
 */
public record RunLength(double warmupMs, double durationMs)
{
    /**
     * The paper's run: 10 ms measured after 2 ms of warm-up ({@link org.rhcc.sim.api.Scenario#twoHost}).
     */
    public static final RunLength PAPER = new RunLength(2.0, 10.0);

    /**
     * The run of the experiments measured at 3x intra-host congestion: 70 ms of warm-up, 20 ms measured. At 3x (PFC
     * on and PFC-free) rhcc's sender loop keeps lowering R_rev for about 60 ms before it settles (the {@code settling}
     * experiment's traces), so the window starts at 70 ms; 20 ms rather than 10 so that each half is long enough to
     * average the MBA cascade's irregular cycling (hostcc's level shares).
     */
    public static final RunLength SETTLED_3X = new RunLength(70.0, 20.0);

    /**
     * Validates the lengths.
     */
    public RunLength
    {
        if (!(warmupMs >= 0.0) || !(durationMs > 0.0) || Double.isInfinite(warmupMs) || Double.isInfinite(durationMs))
        {
            throw new IllegalArgumentException(
                "warmupMs = " + warmupMs + " must be >= 0 and durationMs = " + durationMs + " > 0, both finite");
        }
    }
}
