package org.rhcc.experiments.evaluation;

import java.util.LinkedHashMap;
import java.util.Map;

import org.rhcc.experiments.SeriesReport;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.control.FlowTraceHook;
import org.rhcc.sim.control.ForwardingControllerHook;

/**
 * A scheme's controller with a {@link FlowTraceHook} around it: the run's series then hold each QP's sending rate and
 * the switch's egress queue at the end of every telemetry window, and the bytes each QP put on the wire during it
 * ({@code trace_t_ms}, {@code switch_queue_kb}, {@code qpN_rate_gbps}, {@code qpN_sent_gbps}).
 */
final class FlowTraceController extends ForwardingControllerHook implements SeriesReport
{
    private final FlowTraceHook trace;

    /**
     * @param controller the scheme's controller.
     * @param capacity   windows to record at most.
     */
    FlowTraceController(final ControllerHook controller, final int capacity)
    {
        this(new FlowTraceHook(controller, capacity));
    }

    private FlowTraceController(final FlowTraceHook trace)
    {
        super(trace);
        this.trace = trace;
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
