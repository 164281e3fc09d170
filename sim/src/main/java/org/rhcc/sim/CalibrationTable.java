package org.rhcc.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;

import org.rhcc.sim.CalibrationRow.Check;
import org.rhcc.sim.api.CpuTraffic;

/**
 * The calibration table of docs/model.md §9: every baseline row (no controller running) and the C rows, as the model
 * computes them for a set of simulator parameters and a seed, each against the paper's number and its tolerance.
 * {@code CalibrationTest} asserts every row for {@link SimParameters#calibrated()} at seed {@link #TEST_SEED};
 * {@code rhcc calibration} prints them for any parameters, so that a model change can be checked against the rows
 * before it is fitted (docs/model.md §8).
 * <p>
 * Run lengths: CPU-only runs 1 ms after 0.2 ms of warm-up; RNIC runs with PFC and under forced MBA levels a measured
 * time after 2 ms (6 ms in {@code CalibrationTest}, {@link #TEST_MEASURED_NS}; 1 ms IIO windows, 100 us delay
 * windows); the PFC-free runs at least 10 ms, because DCQCN's recovery cycle there is a few ms long; runs with a
 * single QP (row B5's grid) at least 30 ms, because its goodput and pauses swing over several ms; the delay map's
 * runs {@link DelayMap}'s. Rows share their runs: each run is simulated once, and rows asked for from several threads
 * simulate different runs at once.
 * <p>
 * <b>Note:</b> thread-safe; for tests and reports, not the step loop.
 */
public final class CalibrationTable
{
    /** The seed {@code CalibrationTest} asserts the rows at. */
    public static final long TEST_SEED = 42L;
    /** The measured time of the RNIC runs in {@code CalibrationTest}, ns. */
    public static final long TEST_MEASURED_NS = 6_000_000L;

    private static final Map<String, Function<CalibrationRuns, CalibrationRow>> ROWS = rowsInOrder();

    private final CalibrationRuns runs;

    /**
     * @param params     the simulator's parameters.
     * @param seed       the seed of every run.
     * @param measuredNs measured time of the RNIC runs with PFC and under forced MBA levels, after 2 ms of warm-up
     *                   (the PFC-free runs take at least 10 ms), ns.
     */
    public CalibrationTable(final SimParameters params, final long seed, final long measuredNs)
    {
        if (measuredNs < 1_000_000L)
        {
            throw new IllegalArgumentException("the RNIC runs must measure at least 1 ms (one IIO window), not " +
                measuredNs / 1e6 + " ms");
        }
        this.runs = new CalibrationRuns(params, seed, measuredNs);
    }

    /**
     * @return the rows' keys in the order of docs/model.md §9.
     */
    public static List<String> keys()
    {
        return List.copyOf(ROWS.keySet());
    }

    /**
     * Evaluates one row, simulating the runs it needs that no row has needed before.
     *
     * @param key one of {@link #keys()}.
     * @return the row.
     * @throws IllegalArgumentException if no row has that key.
     */
    public CalibrationRow row(final String key)
    {
        return definition(key).apply(runs);
    }

    private static Function<CalibrationRuns, CalibrationRow> definition(final String key)
    {
        final Function<CalibrationRuns, CalibrationRow> row = ROWS.get(key);
        if (null == row)
        {
            throw new IllegalArgumentException("no calibration row '" + key + "'; the rows are " + keys());
        }
        return row;
    }

    /**
     * Evaluates rows on {@code threads} threads (the rows' runs are single-threaded and shared, so rows evaluated at
     * once simulate different runs at once).
     *
     * @param keys    rows, each one of {@link #keys()}.
     * @param threads rows evaluated at once, at least 1.
     * @param onRow   called with each row as it completes, on the caller's thread.
     * @return the rows in the order of {@code keys}.
     * @throws IllegalArgumentException if a key names no row.
     * @throws IllegalStateException    if a row's run fails, or the caller is interrupted.
     */
    public List<CalibrationRow> rows(final List<String> keys, final int threads, final Consumer<CalibrationRow> onRow)
    {
        keys.forEach(CalibrationTable::definition);
        final ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, keys.size())),
            (task) ->
            {
                final Thread thread = new Thread(task, "calibration");
                thread.setDaemon(true);
                return thread;
            });
        try
        {
            final CompletionService<CalibrationRow> done = new ExecutorCompletionService<>(pool);
            final List<Future<CalibrationRow>> futures = new ArrayList<>();
            for (final String key : keys)
            {
                futures.add(done.submit(() -> row(key)));
            }
            for (int i = 0; i < keys.size(); i++)
            {
                onRow.accept(done.take().get());
            }
            final List<CalibrationRow> rows = new ArrayList<>();
            for (final Future<CalibrationRow> future : futures)
            {
                rows.add(future.get());
            }
            return rows;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while evaluating the calibration rows", ex);
        }
        catch (final ExecutionException ex)
        {
            throw new IllegalStateException("a calibration row failed to run: " + ex.getCause().getMessage(),
                ex.getCause());
        }
        finally
        {
            pool.shutdownNow();
        }
    }

    private static Map<String, Function<CalibrationRuns, CalibrationRow>> rowsInOrder()
    {
        final Map<String, Function<CalibrationRuns, CalibrationRow>> rows = new LinkedHashMap<>();
        rows.put("A1", HostCalibrationRows::a1);
        rows.put("A2", HostCalibrationRows::a2);
        rows.put("A3", HostCalibrationRows::a3);
        rows.put("A4", HostCalibrationRows::a4);
        rows.put("A5", HostCalibrationRows::a5);
        rows.put("A6", HostCalibrationRows::a6);
        rows.put("B1 1x", NicCalibrationRows::b1At1x);
        rows.put("B1 2x 3x", NicCalibrationRows::b1At2xAnd3x);
        rows.put("B2", NicCalibrationRows::b2);
        rows.put("B3", NicCalibrationRows::b3);
        rows.put("B3 PFC-free", NicCalibrationRows::b3PfcFree);
        rows.put("B4", NicCalibrationRows::b4);
        rows.put("B4 PFC-free", NicCalibrationRows::b4PfcFree);
        rows.put("B5 cross worse", NicCalibrationRows::b5CrossWorse);
        rows.put("B5 hybrid", (runs) -> NicCalibrationRows.b5Grid(runs, "B5 hybrid", CpuTraffic.HYBRID, 40.0));
        rows.put("B5 cross", (runs) -> NicCalibrationRows.b5Grid(runs, "B5 cross", CpuTraffic.CROSS, 24.0));
        rows.put("B6", NicCalibrationRows::b6);
        rows.put("B7", NicCalibrationRows::b7);
        rows.put("B8", NicCalibrationRows::b8);
        rows.put("B9", NicCalibrationRows::b9);
        rows.put("B13", NicCalibrationRows::b13);
        rows.put("C1", (runs) -> new CalibrationRow("C1", "3x, MBA level 1, the NIC's rate held: D below 200 ns at " +
            "5 Gbit/s, crossing D_thr = 200 ns within 14..23 Gbit/s (the RNIC-only fixed point), B2's 3x value at " +
            "DCQCN's operating point", List.of(Check.none("C1 (level 1: " + runs.delayMap().describeLevel(1) + ")",
            runs.delayMap().c1Violations()))));
        rows.put("C2", (runs) -> new CalibrationRow("C2", "3x, MBA level 1..5: D non-decreasing in the NIC's held " +
            "rate, no jump over 150 ns per 5 Gbit/s below the path's capacity",
            List.of(Check.none("C2", runs.delayMap().c2Violations()))));
        return rows;
    }
}
