package org.rhcc.nativeio.failsafe;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.nativeio.fixture.FakeResctrl;
import org.rhcc.nativeio.resctrl.ResctrlMbaActuator;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FailsafeMainTest
{
    @TempDir
    Path dir;

    @Test
    void shouldResetNowThroughTheProductionFilesystem() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().amd().build(dir);
        fake.mkdir("rhcc-local");
        fake.write("rhcc-local/schemata", "MB:0=40;1=80\n");
        assertEquals(0, FailsafeMain.run(new String[]{ "--reset-now", "--resctrl-root", fake.root().toString() }));
        assertEquals(Map.of(0, 2048L, 1, 2048L), fake.mbValues("rhcc-local"), "AMD unthrottled = 2048");
    }

    @Test
    void shouldRemoveGroupsNowWithRmdirAndReportFailures() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        fake.mkdir("rhcc-xnuma");
        final List<String> report = ResctrlFailsafe.restore(fake, List.of("rhcc-xnuma", "rhcc-local", "info"),
            RestoreAction.RMDIR);
        assertEquals(3, report.size());
        assertTrue(report.get(0).contains("removed"), report.toString());
        assertTrue(report.get(1).contains("absent"), report.toString());
        assertTrue(report.get(2).startsWith("FAILED"), report.toString());
        assertEquals(List.of(), fake.groups());
    }

    @Test
    void shouldRejectBadUsage()
    {
        assertThrows(IllegalArgumentException.class, () -> FailsafeMain.run(new String[]{ "--bogus" }));
        assertThrows(IllegalArgumentException.class, () -> FailsafeMain.run(new String[]{ "--timeout-ms", "x" }));
        assertThrows(IllegalArgumentException.class, () -> FailsafeMain.run(new String[]{ "--heartbeat" }));
        assertThrows(IllegalArgumentException.class, () -> FailsafeMain.action("stop"));
    }

    @Test
    void shouldResetFromTheShutdownHook() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        final ResctrlMbaActuator actuator = ResctrlMbaActuator.open(
            new ResctrlMbaActuator.Context().fs(fake).procMounts(fake.mountsFile()));
        actuator.apply(MbaLevelCommandRecord.of(1, 5, 0));
        try (ShutdownHookGuard guard = ShutdownHookGuard.install(actuator))
        {
            guard.hook().run();
        }
        assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-xnuma"));
    }
}
