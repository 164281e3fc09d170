package org.rhcc.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.doctor.Check;
import org.rhcc.nativeio.doctor.DoctorReport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TuneCommandTest
{
    @Test
    void shouldRefuseInOneLineNamingTheFirstGap(@TempDir final Path sys)
    {
        final DoctorReport report = new DoctorReport(List.of(
            Check.ok("cpu", "vendor", "GenuineIntel"),
            Check.missing("msr", "msr device", "/dev/cpu/0/msr: no such file\nmore", "modprobe msr")));

        final String refusal = TuneCommand.nativeRefusal(report, sys);

        assertTrue(refusal.startsWith("this machine lacks msr device: /dev/cpu/0/msr: no such file ("), refusal);
        assertFalse(refusal.contains("\n"), refusal);
    }

    @Test
    void shouldSayWhenThereIsNoRdmaNic(@TempDir final Path sys)
    {
        final String refusal = TuneCommand.nativeRefusal(new DoctorReport(List.of()), sys);

        assertTrue(refusal.startsWith("this machine has no RDMA NIC"), refusal);
    }

    @Test
    void shouldLetAHostWithTheCountersAndAnRdmaNicBeTuned(@TempDir final Path sys) throws IOException
    {
        Files.createDirectories(sys.resolve("class/infiniband/mlx5_0"));

        assertNull(TuneCommand.nativeRefusal(new DoctorReport(List.of()), sys));
    }

    @Test
    void shouldRefuseTheNativeOptionsWithoutNative(@TempDir final Path dir)
    {
        final java.io.StringWriter err = new java.io.StringWriter();

        final int exit = RhccCommand.execute(new String[]{ "tune", "--nic", "mlx5_0", "--out", dir.toString() },
            new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err));

        assertEquals(RhccCommand.EXIT_USAGE, exit);
        assertEquals("rhcc tune: --nic and --delay-source go with --native", err.toString().strip());
    }

    @Test
    void shouldRefuseNativeOnThisMachineWithExitTwoAndOneLine()
    {
        final java.io.StringWriter out = new java.io.StringWriter();
        final java.io.StringWriter err = new java.io.StringWriter();

        final int exit = RhccCommand.execute(new String[]{ "tune", "--native" }, new java.io.PrintWriter(out),
            new java.io.PrintWriter(err));

        assertEquals(RhccCommand.EXIT_USAGE, exit);
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("rhcc tune: this machine "), err.toString());
    }

    @Test
    void shouldRejectAnOnsetOutOfRange(@TempDir final Path dir)
    {
        final java.io.StringWriter err = new java.io.StringWriter();

        final int exit = RhccCommand.execute(new String[]{ "tune", "--onset", "0.9", "--out", dir.toString() },
            new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err));

        assertEquals(RhccCommand.EXIT_USAGE, exit);
        assertTrue(err.toString().contains("--onset: onset = 0.9 must be a fraction of the idle goodput in (0, 0.5]"), err.toString());
    }
}
