package org.rhcc.experiments.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Small hand-made results for tests of the writers and reports.
 */
public final class ResultFixtures
{
    private ResultFixtures()
    {
    }

    /**
     * @param scheme     scheme name.
     * @param pfc        PFC on.
     * @param congestion 0..3.
     * @param rnicGbps   RDMA goodput.
     * @return a run record with a few metrics.
     */
    public static RunRecord run(final String scheme, final boolean pfc, final int congestion, final double rnicGbps)
    {
        final MetricWriter metrics = new MetricWriter()
            .put(Metric.RNIC_GBPS, rnicGbps)
            .put(Metric.LATENCY_AVG_US, 10.0 + congestion)
            .put(Metric.PFC_PAUSE_FRACTION, pfc ? 0.1 * congestion : 0.0)
            .put(Metric.PFC_FRAMES, pfc ? 100L * congestion : 0L)
            .put(Metric.CNP_COUNT, pfc ? 0L : 7L * congestion)
            .put(Metric.IIO_OCCUPANCY, 20.0 + 25.0 * congestion);
        return new RunRecord(scheme, (pfc ? "PFC on, " : "PFC-free, ") + congestion + "x", pfc, congestion, "local",
            1, 8, 65536, null, null, 0, Map.of(), metrics.toMap(), Map.of());
    }

    /**
     * @return a congestion-like result: PFC on and off at 0x and 3x, one scheme.
     */
    public static ExperimentResult congestion()
    {
        return new ExperimentResult("congestion", "B1-B6", 7L, 5.0, 2.0, List.of("dcqcn"),
            Map.of("stepNs", 5.0),
            List.of(run("dcqcn", true, 0, 98.0), run("dcqcn", true, 3, 37.0),
                run("dcqcn", false, 0, 97.0), run("dcqcn", false, 3, 31.0)));
    }

    /**
     * @param run          a run.
     * @param stationarity its halves.
     * @return a copy of the run with the stationarity recorded.
     */
    public static RunRecord withStationarity(final RunRecord run, final Stationarity stationarity)
    {
        return new RunRecord(run.scheme(), run.condition(), run.pfc(), run.congestion(), run.cpuTraffic(),
            run.senders(), run.qps(), run.messageBytes(), run.mbaLevel(), run.tcpOfferedGbps(), run.tcpFlows(),
            run.params(), run.metrics(), run.series(), stationarity);
    }

    /**
     * @return the congestion-like result with every run checked: PFC on, 3x has not settled (its goodput falls from
     * 40 to 34 Gbit/s between the halves), the others have.
     */
    public static ExperimentResult congestionChecked()
    {
        final ExperimentResult result = congestion();
        final List<RunRecord> runs = new ArrayList<>();
        for (final RunRecord run : result.runs())
        {
            final boolean moving = run.pfc() && 3 == run.congestion();
            runs.add(withStationarity(run, new Stationarity.Builder()
                .add("rnic_gbps", moving ? 40.0 : run.value(Metric.RNIC_GBPS), moving ? 34.0 : run.value(Metric.RNIC_GBPS),
                    Stationarity.BANDWIDTH_FLOOR_GBPS)
                .add("cpu_mem_gbps", 100.0, 99.0, Stationarity.BANDWIDTH_FLOOR_GBPS)
                .build()));
        }
        return new ExperimentResult(result.experiment(), result.paperRows(), result.seed(), result.durationMs(),
            result.warmupMs(), result.schemes(), result.simParameters(), runs);
    }
}
