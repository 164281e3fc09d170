package org.rhcc.experiments;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.RunSpec;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.SimulationResult;
import org.rhcc.sim.api.ControllerHook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The host profiles: the default is the paper's testbed untouched, a profile file is read with clear errors, and the
 * built-in {@code icelake-200g} reproduces the published Ice Lake measurements it is fitted to (docs/model.md §11.1,
 * rows I-A1, I-A2, I-A4 and I-A6, from Intel MLC on a Xeon Platinum 8360Y).
 */
class HostProfileTest
{
    private static final long SEED = 42;
    private static final SimParameters ICX = HostProfile.resolve("icelake-200g").parameters();

    @Test
    void shouldLeaveThePaperTestbedUntouchedByDefault()
    {
        final HostProfile profile = HostProfile.resolve(null);

        assertTrue(profile.isDefault());
        assertEquals(HostProfile.DEFAULT_NAME, profile.name());
        assertEquals(SimParameters.calibrated(), profile.parameters());
        assertEquals(SimParameters.calibrated(), HostProfile.resolve(HostProfile.DEFAULT_NAME).parameters());
    }

    @Test
    void shouldReadAProfileFileOnTopOfItsBase(@TempDir final Path dir) throws IOException
    {
        final Path file = dir.resolve("my-host.conf");
        Files.writeString(file, "# my host\nbase = icelake-200g\ndescription = a test host\n" +
            "io.creditsLines = 300   # est.: more credits\n");

        final HostProfile profile = HostProfile.resolve(file.toString());

        assertEquals("a test host", profile.description());
        assertEquals(300, profile.parameters().io().creditsLines());
        assertEquals(8, profile.parameters().dram().channels());
        assertTrue(!profile.isDefault());
    }

    @Test
    void shouldNameTheFileAndLineOfABadEntry(@TempDir final Path dir) throws IOException
    {
        final Path file = dir.resolve("bad.conf");
        Files.writeString(file, "dram.channels = 4\nthis is not an entry\n");
        final UserInputException notAnEntry =
            assertThrows(UserInputException.class, () -> HostProfile.resolve(file.toString()));
        assertTrue(notAnEntry.getMessage().contains("line 2"), notAnEntry.getMessage());

        Files.writeString(file, "dram.channels = 4\ndram.channels = 6\n");
        final UserInputException twice =
            assertThrows(UserInputException.class, () -> HostProfile.resolve(file.toString()));
        assertTrue(twice.getMessage().contains("set twice"), twice.getMessage());

        final UserInputException unknown =
            assertThrows(UserInputException.class, () -> HostProfile.resolve("no-such-host"));
        assertTrue(unknown.getMessage().contains("icelake-200g"), unknown.getMessage());
    }

    @Test
    @DisplayName("I-A1: saturating 1:1 MLC 145.9 GB/s, read-only 175.7 GB/s per socket ([ICX-MLC]), +-3 %")
    void shouldMatchIceLakeSaturationBandwidth()
    {
        assertRelative("I-A1 1:1", 145.9, cpuOnlyGBps(36, 0.0, 1.0), 0.03);
        assertRelative("I-A1 read-only", 175.7, cpuOnlyGBps(36, 0.0, 0.0), 0.03);
    }

    @Test
    @DisplayName("I-A2: the 1x / 2x / 3x presets alone at 83.5 / 111.2 / 133.2 GB/s (the paper's shares), +-5 %")
    void shouldMatchIceLakePresets()
    {
        final double[] expectedGBps = { 83.5, 111.2, 133.2 };
        for (int congestion = 1; congestion <= 3; congestion++)
        {
            final SimParameters.CpuPreset preset = ICX.cpu().preset(congestion);
            assertRelative("I-A2 " + congestion + "x", expectedGBps[congestion - 1],
                cpuOnlyGBps(preset.threads(), preset.injectionDelayNs(), 1.0), 0.05);
        }
    }

    @Test
    @DisplayName("I-A3: the saturating generator at MBA levels 2..5 keeps the testbed's shares of 1:1 saturation, +-5 %")
    void shouldMatchIceLakeMbaLevels()
    {
        // the testbed's A3: 26.5 / 20 / 15 / 10 of 33.2 GB/s
        final double[] shares = { 26.5 / 33.2, 20.0 / 33.2, 15.0 / 33.2, 10.0 / 33.2 };
        for (int level = 2; level <= 5; level++)
        {
            final double gbps = run(RunSpec.cpuOnly(36, 0.0, 0, 0.0, 1.0, level, 1_000_000L, 200_000L, SEED))
                .metrics().totalMemGbps() / 8.0;
            assertRelative("I-A3 level " + level, 145.9 * shares[level - 2], gbps, 0.05);
        }
    }

    @Test
    @DisplayName("I-A4: idle read latency 89.2 ns local / 142.7 ns remote ([ICX-MLC]), +-5 %")
    void shouldMatchIceLakeIdleLatency()
    {
        final double localNs = run(RunSpec.cpuOnly(1, 1.0e6, 0, 0.0, 0.0, 0, 1_000_000L, 100_000L, SEED))
            .diagnostics().localReadLatencyNs();
        final double remoteNs = run(RunSpec.cpuOnly(0, 0.0, 1, 1.0e6, 0.0, 0, 1_000_000L, 100_000L, SEED))
            .diagnostics().remoteReadLatencyNs();
        assertRelative("I-A4 local", 89.2, localNs, 0.05);
        assertRelative("I-A4 remote", 142.7, remoteNs, 0.05);
    }

    @Test
    @DisplayName("I-A6: read-only loaded latency 2.03x idle at 93 % of peak ([ICX-MLC]), +-25 %; flat at half load")
    void shouldMatchIceLakeLoadedLatency()
    {
        final double idleNs = 89.2;
        final double peakGBps = cpuOnlyGBps(36, 0.0, 0.0);
        // 36 threads paced to about 93 % and 49 % of the read-only peak: 64 B per 14.1 ns and 26.8 ns each
        final SimulationResult high = run(RunSpec.cpuOnly(36, 14.1, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L, SEED));
        final SimulationResult half = run(RunSpec.cpuOnly(36, 26.8, 0, 0.0, 0.0, 0, 1_000_000L, 200_000L, SEED));
        final double highLoad = high.metrics().totalMemGbps() / 8.0 / peakGBps;
        final double halfLoad = half.metrics().totalMemGbps() / 8.0 / peakGBps;
        assertTrue(highLoad >= 0.90 && highLoad <= 0.96, "the high point must be near 93 % of peak, is " + highLoad);
        assertTrue(halfLoad <= 0.55, "the moderate point must be at most 55 % of peak, is " + halfLoad);
        assertRelative("I-A6 at 93 %", 2.03, high.diagnostics().localReadLatencyNs() / idleNs, 0.25);
        assertTrue(half.diagnostics().localReadLatencyNs() / idleNs <= 1.25 * 1.05,
            "I-A6: latency at half load within 1.25x idle, is " + half.diagnostics().localReadLatencyNs());
    }

    private static double cpuOnlyGBps(final int threads, final double injectionNs, final double writesPerRead)
    {
        return run(RunSpec.cpuOnly(threads, injectionNs, 0, 0.0, writesPerRead, 0, 1_000_000L, 200_000L, SEED))
            .metrics().totalMemGbps() / 8.0;
    }

    private static SimulationResult run(final RunSpec spec)
    {
        return Simulation.run(spec, ICX, ControllerHook.NONE, ProgressListener.NONE);
    }

    private static void assertRelative(final String row, final double expected, final double model,
        final double fraction)
    {
        assertTrue(Math.abs(model - expected) <= Math.abs(expected) * fraction,
            () -> String.format("%s: model %.3f outside %.3f +- %.0f %%", row, model, expected, 100 * fraction));
    }
}
