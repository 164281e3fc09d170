package org.rhcc.nativeio.failsafe;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeResctrl;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * End to end, in real processes: a controller throttles the fixture's resctrl groups and beats; the watchdog
 * ({@link FailsafeMain}, production code on the production filesystem path) watches; the controller is SIGKILLed
 * ({@link Process#destroyForcibly()}) or hangs; the schemata must be back at 100 % within the watchdog's timeout.
 */
class FailsafeSigkillTest
{
    private static final long TIMEOUT_MS = 600;

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void tearDown()
    {
        processes.forEach(Process::destroyForcibly);
    }

    @Test
    void shouldRestoreFullBandwidthWithinTheTimeoutAfterSigkill() throws Exception
    {
        final FakeResctrl fake = FakeResctrl.builder().cpus(8).build(dir);
        final Path heartbeat = dir.resolve("heartbeat");
        final Process controller = startController(fake, heartbeat, "beat");
        assertEquals(Map.of(0, 20L, 1, 20L), fake.mbValues("rhcc-xnuma"));
        assertEquals(Map.of(0, 60L, 1, 60L), fake.mbValues("rhcc-local"));

        final Path log = dir.resolve("watchdog.log");
        final Process watchdog = startWatchdog(fake, heartbeat, log);
        awaitLog(log, "armed");

        final long killedNs = System.nanoTime();
        controller.destroyForcibly();
        final long restoredMs = awaitUnthrottled(fake, killedNs);
        System.out.println("SIGKILL -> 100 % in " + restoredMs + " ms (timeout " + TIMEOUT_MS + " ms)");
        assertTrue(restoredMs <= TIMEOUT_MS, "restored " + restoredMs + " ms after SIGKILL, timeout " + TIMEOUT_MS);

        assertTrue(watchdog.waitFor(10, TimeUnit.SECONDS), "watchdog exits after the restore");
        assertEquals(0, watchdog.exitValue());
        final String text = Files.readString(log);
        assertTrue(text.contains("controller pid " + controller.pid() + " is gone"), text);
        assertEquals(List.of("rhcc-local", "rhcc-xnuma"), fake.groups(), "RESET keeps the groups for a restart");
    }

    @Test
    void shouldRestoreFullBandwidthWhenTheControllerHangs() throws Exception
    {
        final FakeResctrl fake = FakeResctrl.builder().cpus(8).build(dir);
        final Path heartbeat = dir.resolve("heartbeat");
        final Process controller = startController(fake, heartbeat, "hang");
        final Path log = dir.resolve("watchdog.log");
        final long startNs = System.nanoTime();
        final Process watchdog = startWatchdog(fake, heartbeat, log);
        awaitLog(log, "armed");
        final long restoredMs = awaitUnthrottled(fake, startNs);
        System.out.println("hang -> 100 % in " + restoredMs + " ms after the watchdog started (timeout " +
            TIMEOUT_MS + " ms)");
        assertTrue(watchdog.waitFor(10, TimeUnit.SECONDS));
        assertTrue(controller.isAlive(), "the controller is alive but silent");
        final String text = Files.readString(log);
        assertTrue(text.contains("no heartbeat for"), text);
        assertTrue(restoredMs >= TIMEOUT_MS, "tripped only after the timeout: " + restoredMs + " ms");
    }

    private Process startController(final FakeResctrl fake, final Path heartbeat, final String mode)
        throws IOException
    {
        final Process controller = java(ThrottlingControllerMain.class.getName(),
            fake.root().toString(), heartbeat.toString(), mode).redirectErrorStream(true).start();
        processes.add(controller);
        final BufferedReader out = new BufferedReader(
            new InputStreamReader(controller.getInputStream(), StandardCharsets.UTF_8));
        final StringBuilder seen = new StringBuilder();
        String line;
        while (null != (line = out.readLine()))
        {
            seen.append(line).append('\n');
            if (line.startsWith("THROTTLED"))
            {
                return controller;
            }
        }
        throw new AssertionError("controller did not start:\n" + seen);
    }

    private Process startWatchdog(final FakeResctrl fake, final Path heartbeat, final Path log) throws IOException
    {
        final Process watchdog = java(FailsafeMain.class.getName(),
            "--heartbeat", heartbeat.toString(), "--timeout-ms", Long.toString(TIMEOUT_MS),
            "--resctrl-root", fake.root().toString(), "--groups", "rhcc-local,rhcc-xnuma", "--poll-ms", "20",
            "--exit-after-restore")
            .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        processes.add(watchdog);
        return watchdog;
    }

    private static ProcessBuilder java(final String mainClass, final String... args)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xshare:auto");
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-cp");
        command.add(System.getProperty("java.class.path") + File.pathSeparator +
            System.getProperty("surefire.test.class.path", ""));
        command.add(mainClass);
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    private static void awaitLog(final Path log, final String text) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline)
        {
            if (Files.exists(log) && Files.readString(log).contains(text))
            {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("watchdog never logged '" + text + "': " +
            (Files.exists(log) ? Files.readString(log) : "(no log)"));
    }

    private static boolean unthrottled(final FakeResctrl fake, final String group) throws IOException
    {
        // the watchdog writes the plain fixture file with truncate + write: a read may catch it empty or half written
        try
        {
            final String schemata = fake.read(group + "/schemata");
            return schemata.contains("MB:") && fake.mbValues(group).values().stream().allMatch((v) -> v == 100);
        }
        catch (final RuntimeException halfWritten)
        {
            return false;
        }
    }

    private static long awaitUnthrottled(final FakeResctrl fake, final long sinceNs) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline)
        {
            if (unthrottled(fake, "rhcc-local") && unthrottled(fake, "rhcc-xnuma"))
            {
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNs);
            }
            Thread.sleep(5);
        }
        throw new AssertionError("schemata never returned to 100 %: local " + fake.mbValues("rhcc-local") +
            ", xnuma " + fake.mbValues("rhcc-xnuma"));
    }
}
