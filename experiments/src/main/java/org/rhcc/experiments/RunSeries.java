package org.rhcc.experiments;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.experiments.result.Series;
import org.rhcc.sim.TimeSeries;
import org.rhcc.sim.api.Scenario;

/**
 * A run's time series as the results keep them ({@link Series}): the simulator's telemetry windows after the
 * warm-up, averaged over a stride of windows, and the 1 ms IIO windows; the same points for a finished run
 * ({@link #series}) and for one still running ({@link #columns}, what the live view shows).
 */
final class RunSeries
{
    private RunSeries()
    {
    }

    /**
     * @param timeSeries the run's telemetry.
     * @param scenario   the run (for the warm-up).
     * @param observer   the run's observer of the controller's decisions (the mean R_rev per window).
     * @param stride     telemetry windows averaged into one point, at least 1.
     * @return the measured windows (after warm-up) as named columns: window end times in ms, then the signals
     * (means over {@code stride} windows, NaN windows left out; the MBA levels are then mean levels); then the 1 ms
     * IIO occupancy windows.
     */
    static Map<String, double[]> series(final TimeSeries timeSeries, final Scenario scenario,
        final HalfWindowObserver observer, final int stride)
    {
        final int first = Math.min(timeSeries.firstMeasuredWindow(), timeSeries.windowCount());
        final Map<String, double[]> series = columns(timeSeries, observer, first, timeSeries.windowCount(), stride);

        final List<double[]> iioWindows = new ArrayList<>();
        for (int j = 0; j < timeSeries.iioWindowCount(); j++)
        {
            final long startNs = timeSeries.iioWindowEndNs(j) - timeSeries.iioWindowNs();
            if (startNs >= scenario.warmupNs())
            {
                iioWindows.add(new double[]{ timeSeries.iioWindowEndNs(j) / 1e6, timeSeries.iioWindowOccupancy(j) });
            }
        }
        final double[] iioTMs = new double[iioWindows.size()];
        final double[] iioOccupancy1Ms = new double[iioWindows.size()];
        for (int j = 0; j < iioTMs.length; j++)
        {
            iioTMs[j] = iioWindows.get(j)[0];
            iioOccupancy1Ms[j] = iioWindows.get(j)[1];
        }
        series.put(Series.IIO_T_MS.jsonName(), iioTMs);
        series.put(Series.IIO_OCCUPANCY_1MS.jsonName(), iioOccupancy1Ms);
        return series;
    }

    /**
     * The telemetry windows {@code [from, to)} as the points of {@link #series}: when {@code from} is the first
     * measured window or a multiple of {@code stride} windows after it, the points are exactly those {@link #series}
     * gives for the same windows.
     *
     * @param timeSeries the run's telemetry (possibly still being recorded: windows before {@code to} are closed).
     * @param observer   the run's observer of the controller's decisions (the mean R_rev per window).
     * @param from       first window.
     * @param to         window after the last.
     * @param stride     telemetry windows averaged into one point, at least 1.
     * @return window end times in ms ({@code t_ms}, the last window's of each group), then the signals (means over
     * {@code stride} windows, NaN windows left out), {@code r_rev_gbps} only where the scheme runs a sender loop.
     */
    static Map<String, double[]> columns(final TimeSeries timeSeries, final HalfWindowObserver observer,
        final int from, final int to, final int stride)
    {
        final int count = Math.max(0, to - from);
        final double[] tMs = new double[count];
        final double[] rnicGbps = new double[count];
        final double[] iioOccupancy = new double[count];
        final double[] iioResidencyNs = new double[count];
        final double[] rxDelayNs = new double[count];
        final double[] cpuMemGbps = new double[count];
        final double[] pfcPauseFraction = new double[count];
        final double[] pcieStallFraction = new double[count];
        final double[] senderRateGbps = new double[count];
        final double[] mbaLevelLocal = new double[count];
        final double[] mbaLevelCross = new double[count];
        for (int k = 0; k < count; k++)
        {
            final int i = from + k;
            tMs[k] = timeSeries.endNs(i) / 1e6;
            rnicGbps[k] = timeSeries.rnicGbps(i);
            iioOccupancy[k] = timeSeries.iioOccupancy(i);
            iioResidencyNs[k] = timeSeries.iioResidencyNs(i);
            rxDelayNs[k] = timeSeries.rxDelayNs(i);
            cpuMemGbps[k] = timeSeries.cpuLocalMemGbps(i) + timeSeries.cpuCrossMemGbps(i);
            pfcPauseFraction[k] = timeSeries.pfcPauseFraction(i);
            pcieStallFraction[k] = timeSeries.pcieStallFraction(i);
            senderRateGbps[k] = timeSeries.senderRateGbps(i);
            mbaLevelLocal[k] = timeSeries.mbaLevel(0, i);
            mbaLevelCross[k] = timeSeries.mbaLevel(1, i);
        }

        final Map<String, double[]> series = new LinkedHashMap<>();
        series.put(Series.T_MS.jsonName(), last(tMs, stride));
        series.put(Series.RNIC_GBPS.jsonName(), mean(rnicGbps, stride));
        series.put(Series.IIO_OCCUPANCY.jsonName(), mean(iioOccupancy, stride));
        series.put(Series.IIO_RESIDENCY_NS.jsonName(), mean(iioResidencyNs, stride));
        series.put(Series.RX_DELAY_NS.jsonName(), mean(rxDelayNs, stride));
        series.put(Series.CPU_MEM_GBPS.jsonName(), mean(cpuMemGbps, stride));
        series.put(Series.PFC_PAUSE_FRACTION.jsonName(), mean(pfcPauseFraction, stride));
        series.put(Series.PCIE_STALL_FRACTION.jsonName(), mean(pcieStallFraction, stride));
        series.put(Series.SENDER_RATE_GBPS.jsonName(), mean(senderRateGbps, stride));
        final double[] rRevGbps = observer.rRevSeries(from, count);
        if (rRevGbps.length > 0)
        {
            series.put(Series.R_REV_GBPS.jsonName(), mean(rRevGbps, stride));
        }
        series.put(Series.MBA_LEVEL_LOCAL.jsonName(), mean(mbaLevelLocal, stride));
        series.put(Series.MBA_LEVEL_CROSS.jsonName(), mean(mbaLevelCross, stride));
        return series;
    }

    /**
     * @param timeSeries a run's telemetry with a protected CPU service.
     * @param stride     telemetry windows averaged into one point, at least 1.
     * @return the protected service's memory bandwidth ({@code protected_mem_gbps}) and its group's MBA level
     * ({@code mba_level_protected}) over the measured windows, on the points of {@link #series}.
     */
    static Map<String, double[]> protectedSeries(final TimeSeries timeSeries, final int stride)
    {
        final int first = Math.min(timeSeries.firstMeasuredWindow(), timeSeries.windowCount());
        final int count = timeSeries.windowCount() - first;
        final double[] memGbps = new double[count];
        final double[] level = new double[count];
        for (int k = 0; k < count; k++)
        {
            memGbps[k] = timeSeries.protectedMemGbps(first + k);
            level[k] = timeSeries.mbaLevel(2, first + k);
        }
        final Map<String, double[]> series = new LinkedHashMap<>();
        series.put(Series.PROTECTED_MEM_GBPS.jsonName(), mean(memGbps, stride));
        series.put(Series.MBA_LEVEL_PROTECTED.jsonName(), mean(level, stride));
        return series;
    }

    /**
     * @param values a column.
     * @param stride values per group, at least 1.
     * @return the mean of each group of {@code stride} consecutive values (the last group may be shorter), NaN values
     * left out (NaN if a group has none); {@code values} itself for a stride of 1.
     */
    static double[] mean(final double[] values, final int stride)
    {
        if (stride <= 1)
        {
            return values;
        }
        final double[] means = new double[(values.length + stride - 1) / stride];
        for (int g = 0; g < means.length; g++)
        {
            double sum = 0.0;
            int n = 0;
            for (int i = g * stride; i < Math.min(values.length, (g + 1) * stride); i++)
            {
                if (!Double.isNaN(values[i]))
                {
                    sum += values[i];
                    n++;
                }
            }
            means[g] = n > 0 ? sum / n : Double.NaN;
        }
        return means;
    }

    private static double[] last(final double[] values, final int stride)
    {
        if (stride <= 1)
        {
            return values;
        }
        final double[] lasts = new double[(values.length + stride - 1) / stride];
        for (int g = 0; g < lasts.length; g++)
        {
            lasts[g] = values[Math.min(values.length, (g + 1) * stride) - 1];
        }
        return lasts;
    }
}
