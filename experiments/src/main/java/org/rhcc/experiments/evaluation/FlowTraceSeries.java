package org.rhcc.experiments.evaluation;

import java.util.LinkedHashMap;
import java.util.Map;

import org.rhcc.experiments.SeriesReport;
import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.api.SimPorts;
import org.rhcc.sim.control.FlowTrace;

/**
 * A run's {@link FlowTrace} as series of the run: each QP's sending rate and the switch's egress queue at the end of
 * every telemetry window, and the bytes each QP put on the wire during it ({@code trace_t_ms}, {@code switch_queue_kb},
 * {@code qpN_rate_gbps}, {@code qpN_sent_gbps}).
 */
final class FlowTraceSeries implements RunObserver, SeriesReport
{
    private final FlowTrace trace;

    /**
     * @param capacity windows to record at most.
     */
    FlowTraceSeries(final int capacity)
    {
        this.trace = new FlowTrace(capacity);
    }

    @Override
    public void onAttach(final SimPorts ports, final long nowNs)
    {
        trace.onAttach(ports, nowNs);
    }

    @Override
    public void onWindow(final long nowNs)
    {
        trace.onWindow(nowNs);
    }

    @Override
    public Map<String, double[]> reportedSeries()
    {
        final int n = trace.count();
        final double[] tMs = new double[n];
        final double[] queueKb = new double[n];
        for (int i = 0; i < n; i++)
        {
            tMs[i] = trace.timeNs(i) / 1e6;
            queueKb[i] = trace.queueBytes(i) / 1e3;
        }
        final Map<String, double[]> series = new LinkedHashMap<>();
        series.put(HpccReferenceExperiment.TRACE_T_MS, tMs);
        series.put(HpccReferenceExperiment.QUEUE_KB, queueKb);
        for (int q = 0; n > 0 && q < trace.qpCount(); q++)
        {
            final double[] rate = new double[n];
            final double[] sent = new double[n];
            for (int i = 0; i < n; i++)
            {
                rate[i] = trace.rateGbps(q, i);
                final long bytes = trace.sentBytes(q, i) - (i > 0 ? trace.sentBytes(q, i - 1) : 0L);
                final long spanNs = trace.timeNs(i) - (i > 0 ? trace.timeNs(i - 1) : 0L);
                sent[i] = spanNs > 0 ? bytes * 8.0 / spanNs : Double.NaN;
            }
            series.put(HpccReferenceExperiment.rateSeries(q), rate);
            series.put(HpccReferenceExperiment.sentSeries(q), sent);
        }
        return series;
    }
}
