package org.rhcc.experiments;

import java.util.Arrays;

import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.Stationarity;
import org.rhcc.sim.TimeSeries;
import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.api.SimPorts;

/**
 * Watches the decisions a scheme's controller hands to the simulator's actuators (the receivable rate of every QP,
 * the MBA level of every group) and integrates them over the two halves of the measured window, for the
 * {@link Stationarity} of the run: the time-averaged mean R_rev over the QPs and each MBA group's time share at each
 * level. It watches the run (a {@link RunObserver}); the commands reach the simulator unchanged.
 * <p>
 * R_rev is taken as the sender applies it: capped at the line rate, and at the line rate before the controller first
 * sets it. An MBA level counts from the decision; the modelled actuation latency (1 us) shifts both halves alike.
 * <p>
 * <b>Note:</b> {@link #onReceivableRate} and {@link #onMbaLevel} run on the simulation's hot path: they only update
 * primitive fields and arrays allocated at {@link #onAttach}.
 */
final class HalfWindowObserver implements RunObserver
{
    private static final String[] GROUP_NAMES = { "local", "cross", "protected" };

    private final long warmupNs;
    private final long midNs;
    private final long endNs;
    private final int levelCount;
    private final int initialLevel;
    private final boolean senderLoop;
    private final boolean receiverLoop;
    private final double[] halfNs = new double[2];
    private final double[] rRevSumNs = new double[2];
    private double[] rRevGbps;
    private double rRevSum;
    private double lineRateGbps;
    private int[] level;
    private double[][][] levelNs;
    private long lastNs;
    private final double[] windowRRevGbps;
    private int windows;
    private double windowRRevSumNs;
    private long windowStartNs;

    /**
     * @param warmupNs     start of the measured window, ns.
     * @param durationNs   length of the measured window, ns.
     * @param levelCount   MBA levels of the simulator's table.
     * @param initialLevel MBA level of every group at the start (the forced level, or 1).
     * @param windowNs     the simulator's telemetry window, ns: the mean R_rev is also recorded per window.
     * @param senderLoop   true when the controller runs a sender loop (it takes probe ACKs): R_rev is reported.
     * @param receiverLoop true when the controller runs a receiver loop (it takes IIO samples): level shares are
     *                     reported.
     */
    HalfWindowObserver(
        final long warmupNs,
        final long durationNs,
        final int levelCount,
        final int initialLevel,
        final long windowNs,
        final boolean senderLoop,
        final boolean receiverLoop)
    {
        this.warmupNs = warmupNs;
        this.senderLoop = senderLoop;
        this.receiverLoop = receiverLoop;
        this.midNs = warmupNs + durationNs / 2;
        this.endNs = warmupNs + durationNs;
        this.levelCount = levelCount;
        this.initialLevel = initialLevel;
        halfNs[0] = midNs - warmupNs;
        halfNs[1] = endNs - midNs;
        windowRRevGbps = new double[(int)(endNs / Math.max(1L, windowNs)) + 2];
    }

    /**
     * Closes a telemetry window: records the time-averaged mean R_rev over it.
     *
     * @param nowNs end of the window, ns.
     */
    @Override
    public void onWindow(final long nowNs)
    {
        advance(nowNs);
        if (windows < windowRRevGbps.length && null != rRevGbps && rRevGbps.length > 0 && nowNs > windowStartNs)
        {
            windowRRevGbps[windows] = windowRRevSumNs / ((double)(nowNs - windowStartNs) * rRevGbps.length);
        }
        windows++;
        windowRRevSumNs = 0.0;
        windowStartNs = nowNs;
    }

    /**
     * @param first index of the first window wanted (the first measured one).
     * @param count windows wanted.
     * @return the time-averaged mean R_rev over the QPs in each of those telemetry windows, Gbit/s; empty if the
     * scheme runs no sender loop.
     */
    double[] rRevSeries(final int first, final int count)
    {
        if (!senderLoop || null == rRevGbps || rRevGbps.length == 0)
        {
            return new double[0];
        }
        final double[] series = new double[Math.max(0, count)];
        for (int k = 0; k < series.length; k++)
        {
            final int i = first + k;
            series[k] = i < Math.min(windows, windowRRevGbps.length) ? windowRRevGbps[i] : Double.NaN;
        }
        return series;
    }

    @Override
    public void onAttach(final SimPorts ports, final long nowNs)
    {
        lineRateGbps = ports.lineRateGbps();
        rRevGbps = new double[ports.qpCount()];
        Arrays.fill(rRevGbps, lineRateGbps);
        rRevSum = lineRateGbps * rRevGbps.length;
        final int groups = ports.mba().groupCount();
        level = new int[groups];
        Arrays.fill(level, initialLevel);
        levelNs = new double[2][groups][levelCount + 1];
        lastNs = nowNs;
        windowStartNs = nowNs;
    }

    /**
     * Integrates the state up to the end of the measured window; call once after the run.
     *
     * @param timeSeries the run's telemetry, for goodput and CPU memory bandwidth.
     * @return the run's halves and their differences.
     */
    Stationarity finish(final TimeSeries timeSeries)
    {
        return finish(timeSeries, false);
    }

    /**
     * Integrates the state up to the end of the measured window; call once after the run.
     *
     * @param timeSeries       the run's telemetry, for goodput and CPU memory bandwidth.
     * @param protectedService true when the run has a protected CPU service, whose bandwidth is then compared too.
     * @return the run's halves and their differences.
     */
    Stationarity finish(final TimeSeries timeSeries, final boolean protectedService)
    {
        final Stationarity.Builder builder = new Stationarity.Builder();
        halvesOfWindows(timeSeries, builder);
        if (protectedService)
        {
            protectedHalves(timeSeries, builder);
        }
        addDecisionHalves(builder);
        return builder.build();
    }

    /**
     * Integrates the state up to the end of the measured window and adds the mean R_rev (where the scheme runs a
     * sender loop) and the MBA level time shares of each group (where it runs a receiver loop; only the levels a
     * group visited in either half).
     *
     * @param builder receives {@code r_rev_gbps} and {@code mba_<group>_level_<n>_share}.
     */
    void addDecisionHalves(final Stationarity.Builder builder)
    {
        advance(endNs);
        if (senderLoop && null != rRevGbps && rRevGbps.length > 0)
        {
            builder.add("r_rev_gbps", rRevSumNs[0] / (halfNs[0] * rRevGbps.length),
                rRevSumNs[1] / (halfNs[1] * rRevGbps.length), Stationarity.BANDWIDTH_FLOOR_GBPS);
        }
        if (receiverLoop && null != levelNs)
        {
            for (int g = 0; g < level.length; g++)
            {
                final String group = g < GROUP_NAMES.length ? GROUP_NAMES[g] : "group_" + g;
                for (int l = 1; l <= levelCount; l++)
                {
                    final double first = levelNs[0][g][l] / halfNs[0];
                    final double second = levelNs[1][g][l] / halfNs[1];
                    if (first > 0.0 || second > 0.0)
                    {
                        builder.add(Metric.mbaLevelShareName(group, l), first, second,
                            Stationarity.SHARE_FLOOR);
                    }
                }
            }
        }
    }

    /**
     * Adds goodput and CPU memory bandwidth over the two halves of the measured telemetry windows
     * ({@link #halfMeans}).
     *
     * @param timeSeries the run's telemetry.
     * @param builder    receives {@code rnic_gbps} and {@code cpu_mem_gbps}.
     */
    static void halvesOfWindows(final TimeSeries timeSeries, final Stationarity.Builder builder)
    {
        final int first = Math.min(timeSeries.firstMeasuredWindow(), timeSeries.windowCount());
        final int count = timeSeries.windowCount() - first;
        final double[] rnicGbps = new double[count];
        final double[] cpuMemGbps = new double[count];
        for (int k = 0; k < count; k++)
        {
            rnicGbps[k] = timeSeries.rnicGbps(first + k);
            cpuMemGbps[k] = timeSeries.cpuLocalMemGbps(first + k) + timeSeries.cpuCrossMemGbps(first + k);
        }
        final double[] rnic = halfMeans(rnicGbps);
        final double[] cpu = halfMeans(cpuMemGbps);
        builder.add(Metric.RNIC_GBPS.jsonName(), rnic[0], rnic[1], Stationarity.BANDWIDTH_FLOOR_GBPS);
        builder.add(Metric.CPU_MEM_GBPS.jsonName(), cpu[0], cpu[1], Stationarity.BANDWIDTH_FLOOR_GBPS);
    }

    /**
     * Adds the protected CPU service's memory bandwidth over the two halves of the measured telemetry windows.
     *
     * @param timeSeries the run's telemetry.
     * @param builder    receives {@code protected_mem_gbps}.
     */
    static void protectedHalves(final TimeSeries timeSeries, final Stationarity.Builder builder)
    {
        final int first = Math.min(timeSeries.firstMeasuredWindow(), timeSeries.windowCount());
        final double[] protectedMemGbps = new double[timeSeries.windowCount() - first];
        for (int k = 0; k < protectedMemGbps.length; k++)
        {
            protectedMemGbps[k] = timeSeries.protectedMemGbps(first + k);
        }
        final double[] halves = halfMeans(protectedMemGbps);
        builder.add(Metric.PROTECTED_MEM_GBPS.jsonName(), halves[0], halves[1], Stationarity.BANDWIDTH_FLOOR_GBPS);
    }

    /**
     * @param windows a measured signal in equal telemetry windows, each the window's average (bytes over its
     *                length), in time order.
     * @return the mean of the first {@code n/2} and of the last {@code n/2} of the {@code n} windows (the middle one
     * is left out when {@code n} is odd): over equal windows, each half's average; NaN for both with fewer than two
     * windows.
     */
    static double[] halfMeans(final double[] windows)
    {
        final int half = windows.length / 2;
        if (half < 1)
        {
            return new double[]{ Double.NaN, Double.NaN };
        }
        double first = 0.0;
        double second = 0.0;
        for (int k = 0; k < half; k++)
        {
            first += windows[k];
            second += windows[windows.length - half + k];
        }
        return new double[]{ first / half, second / half };
    }

    /**
     * Integrates the current (piecewise constant) R_rev sum and MBA levels from the last change to {@code nowNs},
     * split at the halves' boundaries.
     */
    private void advance(final long nowNs)
    {
        if (nowNs <= lastNs)
        {
            return;
        }
        windowRRevSumNs += rRevSum * (double)(nowNs - lastNs);
        for (int h = 0; h < 2; h++)
        {
            final long from = Math.max(lastNs, 0 == h ? warmupNs : midNs);
            final long to = Math.min(nowNs, 0 == h ? midNs : endNs);
            if (to > from)
            {
                final double spanNs = to - from;
                rRevSumNs[h] += rRevSum * spanNs;
                for (int g = 0; g < level.length; g++)
                {
                    levelNs[h][g][level[g]] += spanNs;
                }
            }
        }
        lastNs = nowNs;
    }

    @Override
    public void onReceivableRate(final int qp, final double rRevGbps, final long nowNs)
    {
        if (qp >= 0 && qp < this.rRevGbps.length)
        {
            advance(nowNs);
            final double applied = Math.min(lineRateGbps, rRevGbps);
            rRevSum += applied - this.rRevGbps[qp];
            this.rRevGbps[qp] = applied;
        }
    }

    @Override
    public void onMbaLevel(final int group, final int level, final long nowNs)
    {
        if (group >= 0 && group < this.level.length && level >= 1 && level <= levelCount)
        {
            advance(nowNs);
            this.level[group] = level;
        }
    }

    /**
     * The controller's fail-safe reset every group to level 1; it counts from the last decision's time.
     */
    @Override
    public void onMbaReset()
    {
        for (int g = 0; g < level.length; g++)
        {
            onMbaLevel(g, 1, lastNs);
        }
    }
}
