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
