package org.rhcc.experiments.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.experiments.Columns;
import org.rhcc.experiments.DescribedExperiment;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunLength;
import org.rhcc.experiments.RunPlan;
import org.rhcc.experiments.report.BaselineRow;
import org.rhcc.experiments.report.ChartSpec;
import org.rhcc.experiments.report.Fmt;
import org.rhcc.experiments.report.LineChartSpec;
import org.rhcc.experiments.report.TableColumn;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.Metric;
import org.rhcc.experiments.result.RunRecord;

/**
 * rhcc at 3x over a grid of I_thr x D_thr, with the paper's thresholds and (when {@code rhcc tune} runs it) the tuned
 * ones, judged by an operator's objective (docs/design.md §4.2): the most CPU memory bandwidth while the NIC is not
 * back-pressured, i.e. keeps at least {@value #GOODPUT_KEPT_PERCENT} % of its goodput without contention (the 0x run)
 * and stalls for PCIe credits at most {@value #STALL_LIMIT_PERCENT} % of the time. A looser objective is reported
 * beside it: the most CPU memory bandwidth with RDMA goodput at least {@value #GOODPUT_FLOOR_PERCENT} % of 0x,
 * whatever the stalls.
 */
public final class ThresholdSweepExperiment extends DescribedExperiment
{
    /** Experiment name. */
    public static final String NAME = "threshold-sweep";
    /** The objective's floor on RDMA goodput, percent of the 0x goodput. */
    public static final int GOODPUT_KEPT_PERCENT = 99;
    /** The objective's limit on the NIC's PCIe stall fraction, percent of the time. */
    public static final int STALL_LIMIT_PERCENT = 1;
    /** The looser objective's floor on RDMA goodput, percent of the 0x goodput. */
    public static final int GOODPUT_FLOOR_PERCENT = 90;
    /** I_thr values of the grid, lines: around both built-in profiles' tuned points. */
    static final int[] I_THR_LINES = { 30, 45, 60, 75, 90, 105, 120, 135, 150 };
    /** D_thr values of the grid, ns. */
    static final int[] D_THR_NS = { 150, 200, 250, 300, 400 };
    /** The paper's thresholds. */
    static final int PAPER_I_THR = 45;
    static final int PAPER_D_THR = 200;

    private static final String I_THR = "i_thr";
    private static final String D_THR = "d_thr_ns";
    private static final String REFERENCE = "0x (reference)";
    private static final String PAPER = "paper";
    private static final String TUNED = "tuned";

    private final int tunedIThr;
    private final int tunedDThr;

    /**
     * The grid and the paper's point.
     */
    public ThresholdSweepExperiment()
    {
        this(0, 0);
    }

    /**
     * @param tunedIThr the tuned I_thr, lines (0 for none).
     * @param tunedDThr the tuned D_thr, ns (0 for none).
     */
    public ThresholdSweepExperiment(final int tunedIThr, final int tunedDThr)
    {
        super(NAME, "rhcc at 3x over I_thr " + I_THR_LINES[0] + ".." + I_THR_LINES[I_THR_LINES.length - 1] +
            " x D_thr " + D_THR_NS[0] + ".." + D_THR_NS[D_THR_NS.length - 1] + " ns, the paper's and the tuned " +
            "thresholds (rhcc tune --sweep), against the most CPU bandwidth with the NIC not back-pressured", "§V sensitivity; rhcc tune", List.of("rhcc"), RunLength.SETTLED_3X);
        this.tunedIThr = tunedIThr;
        this.tunedDThr = tunedDThr;
    }

    @Override
    public List<PlannedRun> plan(final ExperimentSettings settings)
    {
        final RunPlan plan = new RunPlan(settings);
        plan.add(REFERENCE, settings.scenario().congestion(0).build());
        for (final int dThrNs : D_THR_NS)
        {
            for (final int iThr : I_THR_LINES)
            {
                plan.add("I_thr " + iThr + ", D_thr " + dThrNs + " ns", settings.scenario().congestion(3).build(),
                    thresholds(iThr, dThrNs), false);
            }
        }
        plan.add(PAPER, settings.scenario().congestion(3).build(),
            thresholds(PAPER_I_THR, PAPER_D_THR), false);
        if (tunedIThr > 0)
        {
            plan.add(TUNED, settings.scenario().congestion(3).build(),
                thresholds(tunedIThr, tunedDThr), false);
        }
        return plan.runs();
    }

    /**
     * @param iThr   I_thr, lines.
     * @param dThrNs D_thr, ns.
     * @return the two parameters, I_thr first in every run's JSON and CSV.
     */
    private static Map<String, String> thresholds(final int iThr, final int dThrNs)
    {
        final Map<String, String> params = new LinkedHashMap<>();
        params.put(I_THR, Integer.toString(iThr));
        params.put(D_THR, Integer.toString(dThrNs));
        return params;
    }

    @Override
    public List<TableColumn> tableColumns()
    {
        return Columns.CONTROLLER_OUTCOMES;
    }

    @Override
    public List<ChartSpec> charts()
    {
        return List.of(
            LineChartSpec.of(NAME + "-cpu.png", "rhcc at 3x: CPU memory bandwidth vs I_thr", "I_thr (lines)",
                "CPU memory bandwidth (Gbit/s)",
                ThresholdSweepExperiment::contended, ThresholdSweepExperiment::iThr,
                ThresholdSweepExperiment::series, (run) -> run.value(Metric.CPU_MEM_GBPS)),
            LineChartSpec.of(NAME + "-rdma.png", "rhcc at 3x: RDMA goodput vs I_thr", "I_thr (lines)",
                "RDMA goodput (Gbit/s)",
                ThresholdSweepExperiment::contended, ThresholdSweepExperiment::iThr,
                ThresholdSweepExperiment::series, (run) -> run.value(Metric.RNIC_GBPS)),
            LineChartSpec.of(NAME + "-stalls.png", "rhcc at 3x: PCIe back-pressure on the NIC vs I_thr",
                "I_thr (lines)", "PCIe stalled writes (% of the time)", ThresholdSweepExperiment::contended,
                ThresholdSweepExperiment::iThr, ThresholdSweepExperiment::series,
                (run) -> 100.0 * run.value(Metric.PCIE_STALL_FRACTION)));
    }

    @Override
    public List<BaselineRow> compare(final ExperimentResult result)
    {
        final Verdict verdict = Verdict.of(result);
        final List<BaselineRow> rows = new ArrayList<>();
        rows.add(new BaselineRow("sweep best", "the grid's best by the objective: most CPU memory bandwidth with " +
            "RDMA >= " + GOODPUT_KEPT_PERCENT + " % of 0x (" + Fmt.num(verdict.keptGbps(), 1) + " Gbit/s) and PCIe " +
            "stalls <= " + STALL_LIMIT_PERCENT + " %", "-", describe(verdict.best())));
        rows.add(new BaselineRow("paper", "the paper's I_thr 45, D_thr 200 ns", "-",
            describe(verdict.paper()) + verdict.share(verdict.paper())));
        if (null != verdict.tuned())
        {
            rows.add(new BaselineRow("tuned", "rhcc tune's thresholds: within 10 % of the grid's best, better " +
                "than the paper's on hosts other than its testbed", "-",
                describe(verdict.tuned()) + verdict.share(verdict.tuned())));
        }
        rows.add(new BaselineRow("goodput only", "the grid's best by a looser objective: most CPU memory bandwidth " +
            "with RDMA >= " + GOODPUT_FLOOR_PERCENT + " % of 0x, stalls allowed", "-",
            describe(verdict.bestByGoodput())));
        return rows;
    }

    private static String describe(final RunRecord run)
    {
        if (null == run)
        {
            return "none meets the floor";
        }
        return "I_thr " + run.params().get(I_THR) + ", D_thr " + run.params().get(D_THR) + " ns: CPU " +
            Fmt.num(run.value(Metric.CPU_MEM_GBPS), 1) + " Gbit/s, RDMA " + Fmt.num(run.value(Metric.RNIC_GBPS), 1) +
            " Gbit/s, PCIe stalls " + Fmt.num(100.0 * run.value(Metric.PCIE_STALL_FRACTION), 2) + " %";
    }

    private static boolean contended(final RunRecord run)
    {
        return run.congestion() > 0;
    }

    private static double iThr(final RunRecord run)
    {
        return Double.parseDouble(run.params().get(I_THR));
    }

    private static String series(final RunRecord run)
    {
        if (PAPER.equals(run.condition()))
        {
            return "paper (I_thr 45, D_thr 200 ns)";
        }
        if (TUNED.equals(run.condition()))
        {
            return "tuned (I_thr " + run.params().get(I_THR) + ", D_thr " + run.params().get(D_THR) + " ns)";
        }
        return "D_thr = " + run.params().get(D_THR) + " ns";
    }

    /**
     * The objective applied to a result: the 0x reference's goodput, the grid's best by the objective and by the
     * looser one, the paper's and the tuned runs.
     *
     * @param referenceGbps  the 0x run's RDMA goodput, Gbit/s.
     * @param best           the grid's run with the most CPU memory bandwidth that meets the objective, or null.
     * @param bestByGoodput  the grid's run with the most CPU memory bandwidth that meets the looser objective, or null.
     * @param paper          the paper's run.
     * @param tuned          the tuned run, or null.
     */
    public record Verdict(double referenceGbps, RunRecord best, RunRecord bestByGoodput, RunRecord paper,
        RunRecord tuned)
    {
        /**
         * @param result a threshold sweep's result.
         * @return the objective applied to it.
         */
        public static Verdict of(final ExperimentResult result)
        {
            double referenceGbps = Double.NaN;
            for (final RunRecord run : result.runs())
            {
                if (REFERENCE.equals(run.condition()))
                {
                    referenceGbps = run.value(Metric.RNIC_GBPS);
                }
            }
            RunRecord best = null;
            RunRecord bestByGoodput = null;
            RunRecord paper = null;
            RunRecord tuned = null;
            for (final RunRecord run : result.runs())
            {
                if (PAPER.equals(run.condition()))
                {
                    paper = run;
                }
                else if (TUNED.equals(run.condition()))
                {
                    tuned = run;
                }
                else if (contended(run))
                {
                    if (notBackPressured(run, referenceGbps) && more(run, best))
                    {
                        best = run;
                    }
                    if (run.value(Metric.RNIC_GBPS) >= referenceGbps * GOODPUT_FLOOR_PERCENT / 100.0 &&
                        more(run, bestByGoodput))
                    {
                        bestByGoodput = run;
                    }
                }
            }
            return new Verdict(referenceGbps, best, bestByGoodput, paper, tuned);
        }

        /**
         * @return the RDMA goodput the objective asks for, Gbit/s.
         */
        public double keptGbps()
        {
            return referenceGbps * GOODPUT_KEPT_PERCENT / 100.0;
        }

        /**
         * @param run a run.
         * @return true if it meets the objective's constraints.
         */
        public boolean feasible(final RunRecord run)
        {
            return null != run && notBackPressured(run, referenceGbps);
        }

        /**
         * @param run a run.
         * @return its objective as a fraction of the grid's best (0 when it misses the constraints), NaN without a
         * best.
         */
        public double shareOfBest(final RunRecord run)
        {
            if (null == best)
            {
                return Double.NaN;
            }
            return feasible(run) ? run.value(Metric.CPU_MEM_GBPS) / best.value(Metric.CPU_MEM_GBPS) : 0.0;
        }

        String share(final RunRecord run)
        {
            if (null == run)
            {
                return "";
            }
            return feasible(run) ? " (" + Fmt.num(100.0 * shareOfBest(run), 1) + " % of the best)" :
                " (the NIC is back-pressured: misses the objective)";
        }

        private static boolean notBackPressured(final RunRecord run, final double referenceGbps)
        {
            return run.value(Metric.RNIC_GBPS) >= referenceGbps * GOODPUT_KEPT_PERCENT / 100.0 &&
                run.value(Metric.PCIE_STALL_FRACTION) <= STALL_LIMIT_PERCENT / 100.0;
        }

        private static boolean more(final RunRecord run, final RunRecord than)
        {
            return null == than || run.value(Metric.CPU_MEM_GBPS) > than.value(Metric.CPU_MEM_GBPS);
        }
    }
}
