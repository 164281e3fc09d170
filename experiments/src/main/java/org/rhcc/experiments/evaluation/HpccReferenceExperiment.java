package org.rhcc.experiments.evaluation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

import org.rhcc.core.control.InterHostCc;
import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.ParameterOverrides;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartData;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.report.TimeSeriesChartSpec;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.RunRecord;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.sim.InterHostCcModel;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.api.CpuTraffic;
import org.rhcc.sim.api.RunObserver;
import org.rhcc.sim.api.Scenario;

/**
 * The HPCC authors' simulator's incast replayed in rhcc's simulator (docs/results/hpcc-ns3-comparison.md compares
 * the two): their {@code simulation/mix/flow.txt} (two long flows into one host) on {@code mix/topology.txt} (hosts
 * on 100 Gbit/s links of 1 us to one switch), with {@code run.py --cc hp --bw 100}'s buffer (32 MB), ECN and PFC
 * settings and {@code PACKET_PAYLOAD_SIZE} 1000, plus an 8-to-1 incast on the same star. No intra-host congestion;
 * every flow starts at line rate at time 0. Every 1 us the run records each QP's pacing rate and the bytes it put on
 * the wire, and the switch's egress queue behind the packet in transmission.
 * <p>
 * HPCC runs twice per incast: with the paper's parameters ({@code hpcc}'s defaults: maxStage 5,
 * {@code W_AI = W_init (1 - eta) / N}) and with the reference script's ({@code MI_THRESH 0}, i.e. maxStage 0, and
 * {@code RATE_AI} 40 Mbit/s, which is {@code W_AI = W_init (1 - eta) / 125} at eta = 0.95).
 */
public final class HpccReferenceExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "hpcc-reference";
    /** Series: end of each trace window, ms. */
    static final String TRACE_T_MS = "trace_t_ms";
    /** Series: the switch's egress queue toward the receiver, KB. */
    static final String QUEUE_KB = "switch_queue_kb";

    /** Where the reference's own run of these incasts is compared with this experiment's. */
    private static final String COMPARISON = "docs/results/hpcc-ns3-comparison.md";

    /** No warm-up (the incast's start is what is compared), 2 ms: several hundred base RTTs. */
    static final RunLength RUN_LENGTH = new RunLength(0.0, 2.0);

    /** The reference's link delay (mix/topology.txt: 0.001 ms). */
    static final double REFERENCE_LINK_DELAY_NS = 1_000.0;
    /** The reference's payload per packet (mix/config.txt: PACKET_PAYLOAD_SIZE). */
    static final int REFERENCE_PAYLOAD_BYTES = 1_000;
    /** A flow's share off which it is not yet at its fair share, for {@link #fairShareUs}. */
    private static final double FAIR_TOLERANCE = 0.10;
    /** N in {@code W_AI = W_init (1 - eta) / N} that gives the reference's RATE_AI of 40 Mbit/s at 100 Gbit/s. */
    private static final String REFERENCE_FLOWS = "125";
    private static final int TRACE_STRIDE_NS = 1_000;
    /** The start of the run the zoomed charts show, and the dip is looked for in, ms. */
    private static final double START_MS = 0.1;
    /** Queue below which the incast's queue counts as drained, KB. */
    private static final double DRAINED_KB = 5.0;
    /** Trace windows (1 us each) averaged for the dip. */
    private static final int DIP_WINDOWS = 10;

    /**
     * Describes the experiment: by default it runs {@code hpcc}.
     */
    public HpccReferenceExperiment()
    {
        super(NAME,
            "the HPCC authors' 2-to-1 incast (and an 8-to-1) at 100 Gbit/s, 1 us links, 1000 B packets: per-flow " +
                "rates and the bottleneck queue every 1 us",
            "HPCC reference simulator (ns-3)",
            List.of("hpcc"),
            RUN_LENGTH);
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final List<PlannedRun> runs = new ArrayList<>();
        for (final int senders : new int[]{ 2, 8 })
        {
            final Scenario scenario = settings.scenario().senders(senders).qps(1).messageBytes(1 << 20)
                .congestion(0).cpuTraffic(CpuTraffic.LOCAL).pfc(true).build();
            for (final SchemeEntry entry : settings.schemes())
            {
                final boolean hpcc = InterHostCc.HPCC == entry.interHost();
                runs.add(run(senders + "-to-1" + (hpcc ? ", paper parameters" : ""), scenario, entry, Map.of(),
                    settings));
                if (hpcc)
                {
                    // in this order in the JSON and CSV of every run (Map.of's order changes from JVM to JVM)
                    final Map<String, String> reference = new LinkedHashMap<>();
                    reference.put("hpcc_max_stage", "0");
                    reference.put("hpcc_flows", REFERENCE_FLOWS);
                    runs.add(run(senders + "-to-1, run.py parameters", scenario, entry, reference, settings));
                }
            }
        }
        return runs;
    }

    /**
     * {@inheritDoc} Here: the run's per-flow trace, one point per telemetry window (1 us).
     */
    @Override
    public RunObserver observer(final PlannedRun run)
    {
        return new FlowTraceSeries(
            (int)((run.scenario().warmupNs() + run.scenario().durationNs()) / TRACE_STRIDE_NS) + 2);
    }

    private static PlannedRun run(final String condition, final Scenario scenario, final SchemeEntry entry,
        final Map<String, String> schemeParams, final ExperimentSettings settings)
    {
        final Map<String, String> params = new LinkedHashMap<>(simulatorOverrides());
        params.putAll(schemeParams);
        params.putAll(settings.params());
        return new PlannedRun(condition, scenario, entry, params, false);
    }

    /**
     * @return the reference topology's values as simulator overrides: 1 us per link, 1000 B payload, 1 us telemetry
     *         windows (the trace's resolution).
     */
    static Map<String, String> simulatorOverrides()
    {
        final Map<String, String> params = new LinkedHashMap<>();
        params.put("network.propagationNs", Double.toString(REFERENCE_LINK_DELAY_NS));
        params.put("rnic.mtuBytes", Integer.toString(REFERENCE_PAYLOAD_BYTES));
        params.put("telemetry.windowNs", Integer.toString(TRACE_STRIDE_NS));
        return params;
    }

    /**
     * @return the base RTT of the reference's star (its {@code maxRtt}: twice the two links' delay plus a 1000 B
     *         payload's serialisation on both), ns.
     */
    static double referenceBaseRttNs()
    {
        return 2.0 * (2.0 * REFERENCE_LINK_DELAY_NS) + 2.0 * REFERENCE_PAYLOAD_BYTES * 8.0 / 100.0;
    }

    /**
     * @param run a run of this experiment.
     * @return rhcc's base RTT T for the run's parameters, ns.
     */
    static long baseRttNs(final RunRecord run)
    {
        final Map<String, String> sim = new LinkedHashMap<>();
        final SimParameters base = SimParameters.calibrated();
        run.params().forEach((key, value) ->
        {
            if (ParameterOverrides.isLeafPath(base, key))
            {
                sim.put(key, value);
            }
        });
        return InterHostCcModel.baseRttNs(ParameterOverrides.applyAll(base, sim));
    }

    /**
     * @param q QP.
     * @return the name of its rate series.
     */
    static String rateSeries(final int q)
    {
        return "qp" + q + "_rate_gbps";
    }

    /**
     * @param q QP.
     * @return the name of its series of wire bytes sent per window, as Gbit/s.
     */
    static String sentSeries(final int q)
    {
        return "qp" + q + "_sent_gbps";
    }

    private static int flows(final RunRecord run)
    {
        return run.senders() * run.qps();
    }

    /**
     * @param run a run of this experiment.
     * @return the first time every flow's rate is within 10 % of {@code line rate / N}, us; NaN if never.
     */
    static double fairShareUs(final RunRecord run)
    {
        final double[] t = run.seriesValues(TRACE_T_MS);
        final int n = flows(run);
        final double fair = 100.0 / n;
        for (int i = 0; i < t.length; i++)
        {
            boolean all = true;
            for (int q = 0; q < n && all; q++)
            {
                final double[] rate = run.seriesValues(rateSeries(q));
                all = rate.length == t.length && Math.abs(rate[i] - fair) <= FAIR_TOLERANCE * fair;
            }
            if (all)
            {
                return t[i] * 1e3;
            }
        }
        return Double.NaN;
    }

    /**
     * @param run a run of this experiment.
     * @return the largest switch queue recorded, KB.
     */
    static double peakQueueKb(final RunRecord run)
    {
        double peak = Double.NaN;
        for (final double q : run.seriesValues(QUEUE_KB))
        {
            peak = Double.isNaN(peak) ? q : Math.max(peak, q);
        }
        return peak;
    }

    /**
     * @param run a run of this experiment.
     * @return when the switch queue was largest, us.
     */
    static double peakQueueUs(final RunRecord run)
    {
        final double[] t = run.seriesValues(TRACE_T_MS);
        final double[] q = run.seriesValues(QUEUE_KB);
        int peak = -1;
        for (int i = 0; i < q.length && i < t.length; i++)
        {
            if (peak < 0 || q[i] > q[peak])
            {
                peak = i;
            }
        }
        return peak < 0 ? Double.NaN : t[peak] * 1e3;
    }

    /**
     * @param run a run of this experiment.
     * @return the first time after the queue's peak that it is below {@value #DRAINED_KB} KB, us; NaN if never.
     */
    static double drainedUs(final RunRecord run)
    {
        final double[] t = run.seriesValues(TRACE_T_MS);
        final double[] q = run.seriesValues(QUEUE_KB);
        final double peakUs = peakQueueUs(run);
        for (int i = 0; i < q.length && i < t.length; i++)
        {
            if (t[i] * 1e3 >= peakUs && q[i] < DRAINED_KB)
            {
                return t[i] * 1e3;
            }
        }
        return Double.NaN;
    }

    /**
     * @param run a run of this experiment.
     * @return the lowest sending throughput of any flow over consecutive {@value #DIP_WINDOWS} us windows in the first
     *         {@value #START_MS} ms (the depth of HPCC's cut after the incast), Gbit/s.
     */
    static double dipGbps(final RunRecord run)
    {
        final double[] t = run.seriesValues(TRACE_T_MS);
        double dip = Double.NaN;
        for (int q = 0; q < flows(run); q++)
        {
            final double[] sent = run.seriesValues(sentSeries(q));
            for (int i = 0; i + DIP_WINDOWS <= sent.length && t[i + DIP_WINDOWS - 1] <= START_MS; i += DIP_WINDOWS)
            {
                double sum = 0.0;
                for (int k = i; k < i + DIP_WINDOWS; k++)
                {
                    sum += sent[k];
                }
                dip = Double.isNaN(dip) ? sum / DIP_WINDOWS : Math.min(dip, sum / DIP_WINDOWS);
            }
        }
        return dip;
    }

    /**
     * @param run a run of this experiment.
     * @return the mean switch queue over the second half of the run, KB.
     */
    static double steadyQueueKb(final RunRecord run)
    {
        return secondHalfMean(run.seriesValues(QUEUE_KB));
    }

    /**
     * @param run a run of this experiment.
     * @return Jain's fairness index of the flows' mean sending throughputs over the second half of the run.
     */
    static double jainIndex(final RunRecord run)
    {
        double sum = 0.0;
        double squares = 0.0;
        final int n = flows(run);
        for (int q = 0; q < n; q++)
        {
            final double mean = secondHalfMean(run.seriesValues(sentSeries(q)));
            sum += mean;
            squares += mean * mean;
        }
        return squares > 0.0 ? sum * sum / (n * squares) : Double.NaN;
    }

    /**
     * @param run a run of this experiment.
     * @return the flows' summed sending throughput (wire bytes) over the second half of the run, Gbit/s.
     */
    static double steadySentSumGbps(final RunRecord run)
    {
        double sum = 0.0;
        for (int q = 0; q < flows(run); q++)
        {
            sum += secondHalfMean(run.seriesValues(sentSeries(q)));
        }
        return sum;
    }

    private static double secondHalfMean(final double[] values)
    {
        if (values.length < 2)
        {
            return Double.NaN;
        }
        double sum = 0.0;
        for (int i = values.length / 2; i < values.length; i++)
        {
            sum += values[i];
        }
        return sum / (values.length - values.length / 2);
    }

    private static TableColumn computed(final String header, final ToDoubleFunction<RunRecord> value,
        final int decimals)
    {
        return new TableColumn(header, (run) -> Fmt.num(value.applyAsDouble(run), decimals), true);
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return List.of(Columns.SCHEME, Columns.CONDITION, Columns.RNIC_GBPS,
            computed("T ns", (run) -> baseRttNs(run), 0),
            computed("peak queue KB", HpccReferenceExperiment::peakQueueKb, 1),
            computed("at us", HpccReferenceExperiment::peakQueueUs, 0),
            computed("< 5 KB at us", HpccReferenceExperiment::drainedUs, 0),
            computed("dip Gbit/s", HpccReferenceExperiment::dipGbps, 1),
            computed("rates B/N at us", HpccReferenceExperiment::fairShareUs, 0),
            computed("queue 2nd half KB", HpccReferenceExperiment::steadyQueueKb, 2),
            computed("sent 2nd half Gbit/s", HpccReferenceExperiment::steadySentSumGbps, 1),
            computed("Jain 2nd half", HpccReferenceExperiment::jainIndex, 4),
            Columns.PFC_PAUSE);
    }

    @Override
    public List<ChartSpec> charts()
    {
        final List<ChartSpec> charts = new ArrayList<>();
        charts.add(new TimeSeriesChartSpec("hpcc-reference-queue.png",
            "Switch egress queue toward the receiver (incast at t = 0, 1 us samples)", "queue (KB)", (run) -> true,
            TRACE_T_MS, QUEUE_KB, RunRecord::condition));
        charts.add(new QueueStartChart());
        for (final int senders : new int[]{ 2, 8 })
        {
            for (final boolean sent : new boolean[]{ false, true })
            {
                charts.add(new FlowRatesChart(senders, "paper parameters", sent));
                charts.add(new FlowRatesChart(senders, "run.py parameters", sent));
            }
        }
        return charts;
    }

    /**
     * Every run's switch queue over the incast's first {@value #START_MS} ms.
     */
    private static final class QueueStartChart implements ChartSpec
    {
        @Override
        public Optional<ChartData> build(final ExperimentResult result)
        {
            final List<ChartData.Series> series = new ArrayList<>();
            for (final RunRecord run : result.runs())
            {
                final double[] t = run.seriesValues(TRACE_T_MS);
                final double[] queue = run.seriesValues(QUEUE_KB);
                int n = 0;
                while (n < t.length && t[n] <= START_MS)
                {
                    n++;
                }
                if (n > 0 && queue.length == t.length)
                {
                    series.add(new ChartData.Series(run.scheme() + ", " + run.condition(),
                        Arrays.copyOf(t, n), Arrays.copyOf(queue, n), false));
                }
            }
            if (series.isEmpty())
            {
                return Optional.empty();
            }
            return Optional.of(new ChartData("hpcc-reference-queue-start.png",
                "Switch egress queue over the incast's first " + Fmt.num(START_MS * 1e3, 0) + " us",
                "simulated time (ms)", "queue (KB)", ChartData.Kind.LINE, List.of(), series));
        }
    }

    /**
     * Each flow's pacing rate, or the bytes it put on the wire per window, over the incast's first
     * {@value #START_MS} ms, every run of the incast size and profile (the rest of the run is in the JSON and CSV).
     */
    private static final class FlowRatesChart implements ChartSpec
    {
        private final int senders;
        private final String profile;
        private final boolean sent;

        FlowRatesChart(final int senders, final String profile, final boolean sent)
        {
            this.senders = senders;
            this.profile = profile;
            this.sent = sent;
        }

        @Override
        public Optional<ChartData> build(final ExperimentResult result)
        {
            final List<ChartData.Series> series = new ArrayList<>();
            for (final RunRecord run : result.select((r) -> r.senders() == senders &&
                r.condition().equals(senders + "-to-1, " + profile)))
            {
                final double[] t = run.seriesValues(TRACE_T_MS);
                int n = 0;
                while (n < t.length && t[n] <= START_MS)
                {
                    n++;
                }
                for (int q = 0; q < flows(run); q++)
                {
                    final double[] rate = run.seriesValues(sent ? sentSeries(q) : rateSeries(q));
                    if (rate.length == t.length && n > 0)
                    {
                        series.add(new ChartData.Series(run.scheme() + ", flow " + q, Arrays.copyOf(t, n),
                            Arrays.copyOf(rate, n), false));
                    }
                }
            }
            if (series.isEmpty())
            {
                return Optional.empty();
            }
            return Optional.of(new ChartData("hpcc-reference-" + (sent ? "sent-" : "rates-") + senders + "to1-" +
                (profile.startsWith("paper") ? "paper" : "runpy") + ".png",
                senders + "-to-1 incast, " + profile + ": each flow's " +
                (sent ? "bytes on the wire per 1 us" : "pacing rate min(R_rev, R_cc)") + " over the first " +
                Fmt.num(START_MS * 1e3, 0) + " us", "simulated time (ms)",
                sent ? "sent (Gbit/s)" : "pacing rate (Gbit/s)", ChartData.Kind.LINE, List.of(), series));
        }
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final List<BaselineRow> rows = new ArrayList<>();
        final double refRttNs = referenceBaseRttNs();
        for (final int senders : new int[]{ 2, 8 })
        {
            final double refBdpKb = 100.0 * refRttNs / 8.0 / 1e3;
            final StringBuilder peak = new StringBuilder();
            final StringBuilder steady = new StringBuilder();
            final StringBuilder fair = new StringBuilder();
            for (final RunRecord run : result.select((r) -> r.senders() == senders))
            {
                final String name = run.scheme() + " (" + run.condition().substring(run.condition().indexOf(',') + 1)
                    .trim() + ")";
                append(peak, name + " " + Fmt.num(peakQueueKb(run), 1) + " KB");
                append(steady, name + " " + Fmt.num(steadyQueueKb(run), 2) + " KB");
                append(fair, name + " " + Fmt.num(fairShareUs(run), 1) + " us = " +
                    Fmt.num(fairShareUs(run) * 1e3 / baseRttNs(run), 1) + " T");
            }
            rows.add(new BaselineRow(senders + "-to-1 peak queue",
                "queue when the incast starts (every flow at line rate)",
                "at least (N - 1) x BDP, " + Fmt.num((senders - 1) * refBdpKb, 1) + " KB at the reference's T = " +
                    Fmt.num(refRttNs, 0) + " ns (its run: " + COMPARISON + ")", peak.toString()));
            rows.add(new BaselineRow(senders + "-to-1 steady queue", "mean queue over the second half",
                "a packet or two: eta = 0.95 keeps 5 % headroom (its run: " + COMPARISON + ")", steady.toString()));
            rows.add(new BaselineRow(senders + "-to-1 fair share",
                "first time every flow's pacing rate is within 10 % of B / N",
                "not recorded by the reference (" + COMPARISON + ")", fair.toString()));
        }
        return rows;
    }

    private static void append(final StringBuilder text, final String item)
    {
        if (text.length() > 0)
        {
            text.append("; ");
        }
        text.append(item);
    }
}
