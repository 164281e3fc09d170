package org.rhcc.experiments.tune;

import java.util.function.DoubleConsumer;

import org.rhcc.core.tune.ContentionProbe;
import org.rhcc.core.tune.RampPoint;
import org.rhcc.experiments.HostProfile;
import org.rhcc.experiments.RunLength;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.RunSpec;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.RunMetrics;
import org.rhcc.sim.api.Scenario;

/**
 * The contention probe of {@code rhcc tune} on a simulated host: the paper's two-host run (PFC on, one sender, 8 QPs
 * of 64 KB messages at line rate, no intra-host controller) with the host's 3x MLC threads on the NIC's socket, paced
 * to a fraction of the 3x preset's load. Load {@code l} keeps the 3x preset's threads and divides their injection
 * delay by {@code l} (offered bandwidth proportional to {@code l}, as MLC's loaded-latency mode ramps it with its
 * delay option); load 0 is idle cores. The bound, load 1, is the 3x preset: the heaviest CPU load the paper's
 * evaluation applies (docs/model.md §4.8).
 */
public final class SimContentionProbe implements ContentionProbe
{
    /** Each measurement's run: 2 ms warm-up, 10 ms measured (no controller acts, so the host settles quickly). */
    public static final RunLength RUN_LENGTH = RunLength.PAPER;

    private static final int THREE_X = 3;

    private final SimParameters parameters;
    private final long seed;
    private final RunLength runLength;
    private final DoubleConsumer onMeasured;

    /**
     * @param profile    the simulated host.
     * @param seed       seed of every measurement's run.
     * @param runLength  each measurement's warm-up and measured time.
     * @param onMeasured told each load once its run has finished (progress), may do nothing.
     */
    public SimContentionProbe(
        final HostProfile profile, final long seed, final RunLength runLength, final DoubleConsumer onMeasured)
    {
        this.parameters = profile.parameters();
        this.seed = seed;
        this.runLength = runLength;
        this.onMeasured = onMeasured;
    }

    /**
     * {@inheritDoc}
     */
    @Override
    public RampPoint measure(final double load)
    {
        if (!(load >= 0.0 && load <= 1.0))
        {
            throw new IllegalArgumentException("load = " + load + " must be in [0, 1]");
        }
        final Scenario paper = Scenario.twoHost(0, seed);
        final SimParameters.CpuPreset threeX = parameters.cpu().preset(THREE_X);
        final int threads = load > 0.0 ? threeX.threads() : 0;
        final double injectionDelayNs = load > 0.0 ? threeX.injectionDelayNs() / load : 0.0;
        final RunSpec spec = new RunSpec(true, paper.senders(), paper.qpsPerSender(), paper.messageBytes(),
            threads, injectionDelayNs, 0, 0.0, 1.0, 0, 0.0, 0,
            (long)(runLength.durationMs() * 1e6), (long)(runLength.warmupMs() * 1e6), seed);
        final RunMetrics metrics = Simulation.run(spec, parameters, ControllerHook.NONE, ProgressListener.NONE)
            .metrics();
        onMeasured.accept(load);
        return new RampPoint(load, metrics.rnicGbps(), metrics.pcieStallFraction(), metrics.iioOccupancy(),
            metrics.rxDelayNs());
    }
}
