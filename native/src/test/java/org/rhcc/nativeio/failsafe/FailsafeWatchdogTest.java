package org.rhcc.nativeio.failsafe;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeResctrl;
import org.rhcc.nativeio.fixture.FakeSysfs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FailsafeWatchdogTest
{
    private static final long MS = 1_000_000L;
    private static final long PID = 4711;

    @TempDir
    Path dir;

    private FakeResctrl fake;
    private FakeSysfs proc;
    private Path heartbeat;
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() throws IOException
    {
        fake = FakeResctrl.builder().build(dir);
        fake.mkdir("rhcc-local");
        fake.mkdir("rhcc-xnuma");
        fake.write("rhcc-local/schemata", "MB:0=60;1=60\n");
        fake.write("rhcc-xnuma/schemata", "MB:0=20;1=20\n");
        proc = new FakeSysfs(dir.resolve("proc")).process(PID, "java", 'S', 555);
        heartbeat = dir.resolve("heartbeat");
    }

    private FailsafeWatchdog watchdog(final RestoreAction action)
    {
        return new FailsafeWatchdog(new FailsafeWatchdog.Context().heartbeatFile(heartbeat).timeoutMs(100)
            .fs(fake).action(action).procRoot(proc.root())
            .log(new PrintStream(log, true, StandardCharsets.UTF_8)));
    }

    private void beat(final long seq) throws IOException
    {
        Files.writeString(heartbeat, new Heartbeat(PID, 555, seq).format());
    }

    @Test
    void shouldWaitForAFirstBeatThenTripOnSilence() throws IOException
    {
        final FailsafeWatchdog watchdog = watchdog(RestoreAction.RESET);
        assertEquals(FailsafeWatchdog.State.WAITING, watchdog.poll(0));
        beat(1);
        assertEquals(FailsafeWatchdog.State.ARMED, watchdog.poll(10 * MS));
        beat(2);
        assertEquals(FailsafeWatchdog.State.ARMED, watchdog.poll(100 * MS));
        assertEquals(FailsafeWatchdog.State.ARMED, watchdog.poll(200 * MS), "exactly at the timeout: still armed");
        assertEquals(Map.of(0, 20L, 1, 20L), fake.mbValues("rhcc-xnuma"));
        assertEquals(FailsafeWatchdog.State.RESTORED, watchdog.poll(201 * MS));
        assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-xnuma"));
        assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-local"));
        assertEquals(1, watchdog.restores());
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("no heartbeat for 101 ms"), log.toString());
    }

    @Test
    void shouldTripAtOnceWhenTheControllerDies() throws IOException
    {
        final FailsafeWatchdog watchdog = watchdog(RestoreAction.RESET);
        beat(1);
        watchdog.poll(0);
        Files.delete(proc.root().resolve(PID + "/stat"));
        assertEquals(FailsafeWatchdog.State.RESTORED, watchdog.poll(MS));
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("controller pid 4711 is gone"));
    }

    @Test
    void shouldTreatAZombieOrAReusedPidAsDead() throws IOException
    {
        final FailsafeWatchdog watchdog = watchdog(RestoreAction.RESET);
        beat(1);
        watchdog.poll(0);
        proc.process(PID, "java", 'Z', 555);
        assertEquals(FailsafeWatchdog.State.RESTORED, watchdog.poll(MS));

        final FailsafeWatchdog second = watchdog(RestoreAction.RESET);
        proc.process(PID, "bash", 'S', 999);
        beat(2);
        assertEquals(FailsafeWatchdog.State.RESTORED, second.poll(0), "same pid, other start time");
    }

    @Test
    void shouldTripWhenTheHeartbeatFileIsRemoved() throws IOException
    {
        final FailsafeWatchdog watchdog = watchdog(RestoreAction.RESET);
        beat(1);
        watchdog.poll(0);
        Files.delete(heartbeat);
        assertEquals(FailsafeWatchdog.State.RESTORED, watchdog.poll(MS));
    }

    @Test
    void shouldRemoveTheGroupsWithRmdir() throws IOException
    {
        fake.write("rhcc-xnuma/cpus_list", "4-5\n");
        final FailsafeWatchdog watchdog = watchdog(RestoreAction.RMDIR);
        beat(1);
        watchdog.poll(0);
        watchdog.poll(500 * MS);
        assertEquals(List.of(), fake.groups());
        assertTrue(fake.cpus("").containsAll(List.of(4, 5)));
    }

    @Test
    void shouldRetryAFailedRestoreAndThenReArm() throws IOException
    {
        fake.denyWrites("rhcc-local/schemata");
        final FailsafeWatchdog watchdog = watchdog(RestoreAction.RESET);
        beat(1);
        watchdog.poll(0);
        assertEquals(FailsafeWatchdog.State.RESTORED, watchdog.poll(500 * MS));
        assertTrue(watchdog.restorePending());
        assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-xnuma"), "the other group is restored");
        fake.allowWrites("rhcc-local/schemata");
        watchdog.poll(600 * MS);
        assertFalse(watchdog.restorePending());
        assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-local"));

        beat(7);
        assertEquals(FailsafeWatchdog.State.ARMED, watchdog.poll(700 * MS), "a new controller re-arms it");
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("re-armed"));
    }

    @Test
    void shouldRejectBadConfiguration()
    {
        assertThrows(IllegalArgumentException.class, () -> new FailsafeWatchdog(new FailsafeWatchdog.Context()));
        assertThrows(IllegalArgumentException.class, () -> new FailsafeWatchdog(
            new FailsafeWatchdog.Context().heartbeatFile(dir.resolve("missing/dir/hb"))));
        assertThrows(IllegalArgumentException.class, () -> new FailsafeWatchdog(
            new FailsafeWatchdog.Context().heartbeatFile(heartbeat).timeoutMs(0)));
    }
}
