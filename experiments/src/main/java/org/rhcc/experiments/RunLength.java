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
     * The run of the experiments at 3x intra-host congestion that run the hostCC baselines, weighted QPs or thousands
     * of QPs: 70 ms of warm-up, 20 ms measured. {@code hostcc-5level}'s goodput drifts from 91.8 to 87.6 Gbit/s over
     * the first 60 ms at 3x and hostcc's CPU bandwidth settles later still ({@code settling}'s traces); the weighted
     * law steps in Gbit/s per ns, a hundredth of Eq. (3)'s step (docs/design.md §4.1); and with 4,096 QPs and more
     * DCQCN, HPCC and Swift alone still swing by several times between 20 and 70 ms ({@code qp-scale}). 20 ms rather
     * than 10 so that each half is long enough to average the MBA cascade's irregular cycling (hostcc's level
     * shares).
     */
    public static final RunLength SETTLED_3X = new RunLength(70.0, 20.0);

    /**
     * The run of the experiments at 3x intra-host congestion whose schemes all settle within a few ms: 20 ms of
     * warm-up, 20 ms measured. rhcc's loops (Eq. (3) in DOCA PCC's unit of rate), the cascade alone, DCQCN, HPCC and
     * Swift hold their goodput and CPU bandwidth within 5 % of their final values from the second ms of
     * {@code settling}'s 200 ms traces, and {@code ablation}, {@code cascade-timing}, {@code dthr-sweep} and
     * {@code protected-cpu} gave the same results after 20 ms of warm-up as after 70 within their runs' own noise
     * (docs/results/README.md); the window is 20 ms for the cascade's cycling, as {@link #SETTLED_3X}'s.
     */
    public static final RunLength QUICK_3X = new RunLength(20.0, 20.0);

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
