package org.rhcc.experiments.tune;

import org.rhcc.core.tune.ContentionProbe;
import org.rhcc.core.tune.ProbePoint;
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
 * of 64 KB messages at line rate, no intra-host controller) with the host's 3x MLC preset on the NIC's socket (the
 * heaviest CPU load the paper's evaluation applies, docs/model.md §4.8) and MBA forced to one level for the whole run,
 * as the {@code mba-levels} experiment does; level 0 is idle cores.
 */
public final class SimContentionProbe implements ContentionProbe
{
    /** Each measurement's run: 2 ms warm-up, 10 ms measured (no controller acts, so the host settles quickly). */
    public static final RunLength RUN_LENGTH = RunLength.PAPER;

    private static final int THREE_X = 3;

    private final SimParameters parameters;
    private final long seed;
    private final RunLength runLength;

    /**
     * @param profile    the simulated host.
     * @param seed       seed of every measurement's run.
     * @param runLength  each measurement's warm-up and measured time.
     */
    public SimContentionProbe(
        final HostProfile profile, final long seed, final RunLength runLength)
    {
        this.parameters = profile.parameters();
        this.seed = seed;
        this.runLength = runLength;
    }

    @Override
    public ProbePoint measure(final int mbaLevel)
    {
        if (mbaLevel < 0 || mbaLevel > parameters.mba().levelCount())
        {
            throw new IllegalArgumentException("mbaLevel = " + mbaLevel + " must be in 0.." +
                parameters.mba().levelCount());
        }
        final Scenario paper = Scenario.twoHost(0, seed);
        final SimParameters.CpuPreset threeX = parameters.cpu().preset(THREE_X);
        final boolean loaded = mbaLevel > 0;
        final RunSpec spec = new RunSpec(true, paper.senders(), paper.qpsPerSender(), paper.messageBytes(),
            loaded ? threeX.threads() : 0, loaded ? threeX.injectionDelayNs() : 0.0, 0, 0.0, 1.0, mbaLevel, 0.0, 0,
            (long)(runLength.durationMs() * 1e6), (long)(runLength.warmupMs() * 1e6), seed);
        final RunMetrics metrics = Simulation.run(spec, parameters, ControllerHook.NONE, ProgressListener.NONE)
            .metrics();
        return new ProbePoint(mbaLevel, metrics.rnicGbps(), metrics.pcieStallFraction(), metrics.iioOccupancy(),
            metrics.rxDelayNs());
    }
}
