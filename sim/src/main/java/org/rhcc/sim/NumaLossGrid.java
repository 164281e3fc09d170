package org.rhcc.sim;

import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunMetrics;

/**
 * The paper's "up to" of the NUMA rows (B8, B9; docs/model.md §9 B5): the largest goodput loss of a CPU-traffic placement
 * against local placement over its 3x runs, whose grid is B7's (1..8 QPs, 64 KB..1 MB messages), taken at its
 * corners. {@link CalibrationTable}'s rows B5 take it.
 */
final class NumaLossGrid
{
    /** QP counts of the grid's corners. */
    private static final int[] QPS = { 1, 8 };
    /** Message sizes of the grid's corners, bytes. */
    private static final int[] MESSAGE_BYTES = { 65_536, 1_048_576 };

    /** Runs one corner at 3x with PFC. */
    interface Runner
    {
        /**
         * @param placement    CPU traffic placement.
         * @param qps          QPs.
         * @param messageBytes message size, bytes.
         */
        RunMetrics run(CpuTraffic placement, int qps, int messageBytes);
    }

    /** Looks at each corner's pair of runs. */
    interface CornerCheck
    {
        /** Checks nothing. */
        CornerCheck NONE = (qps, messageBytes, local, other) -> { };

        /**
         * @param qps          QPs.
         * @param messageBytes message size, bytes.
         * @param local        the run with local placement.
         * @param other        the run with the placement under test.
         */
        void check(int qps, int messageBytes, RunMetrics local, RunMetrics other);
    }

    private NumaLossGrid()
    {
    }

    /**
     * @param placement the placement compared with local placement.
     * @param runner    runs a corner.
     * @param check     sees every corner's pair of runs.
     * @return the largest goodput loss over the corners, percent.
     */
    static double maxLossPercent(final CpuTraffic placement, final Runner runner, final CornerCheck check)
    {
        double max = Double.NEGATIVE_INFINITY;
        for (final int qps : QPS)
        {
            for (final int messageBytes : MESSAGE_BYTES)
            {
                final RunMetrics local = runner.run(CpuTraffic.LOCAL, qps, messageBytes);
                final RunMetrics other = runner.run(placement, qps, messageBytes);
                check.check(qps, messageBytes, local, other);
                max = Math.max(max, 100.0 * (1.0 - other.rnicGbps() / local.rnicGbps()));
            }
        }
        return max;
    }
}
