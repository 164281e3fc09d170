package org.rhcc.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rhcc node} on {@code conf/profiles/real-host-receiver.conf} ({@code rhcc.receiver.hardware = host}) with the
 * device paths pointed at a {@code /dev/cpu} without msr files: the command opens this host's hardware before the
 * node and refuses on one line with the fix and exit status 2, leaving nothing behind. The node on a host it can
 * open is native's {@code RealHostReceiverNodeTest}.
 */
class NodeCommandTest
{
    private static final Path PROFILE = Path.of("..", "conf", "profiles", "real-host-receiver.conf");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private Path devCpu;
    private Path resctrl;
    private Path heartbeatFile;
    private final Map<String, Object> settings = new LinkedHashMap<>();

    @BeforeEach
    void setUp() throws IOException
    {
        devCpu = Files.createDirectories(dir.resolve("dev-cpu/0")).getParent();
        resctrl = Files.createDirectories(dir.resolve("resctrl"));
        heartbeatFile = Files.createDirectories(dir.resolve("run")).resolve("receiver.heartbeat");
        settings.put("rhcc.work-dir", dir.resolve("work").toString());
        settings.put("pekko.remote.artery.canonical.port", 0);
        settings.put("rhcc.receiver.host.msr-root", devCpu.toString());
        settings.put("rhcc.receiver.host.sys-root", Files.createDirectories(dir.resolve("sys")).toString());
        settings.put("rhcc.receiver.host.proc-root", Files.createDirectories(dir.resolve("proc")).toString());
        settings.put("rhcc.receiver.host.resctrl-root", resctrl.toString());
        settings.put("rhcc.receiver.host.iio-stack", 0);
        settings.put("rhcc.receiver.host.cpu", 0);
        settings.put("rhcc.receiver.host.heartbeat-file", heartbeatFile.toString());
    }

    @Test
    void shouldRefuseOnOneLineWithTheFixWhenTheMsrDriverIsNotLoaded() throws IOException
    {
        final String conf = configFile().toString();

        final CommandResult result = assertTimeoutPreemptively(TIMEOUT,
            () -> CommandResult.run("node", "--role", "receiver", "--config", conf));

        assertEquals(RhccCommand.EXIT_USAGE, result.exitCode(), result.err());
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.err().startsWith("rhcc node: receiver host not ready: open of " +
            devCpu.resolve("0/msr") + ": "), result.err());
        assertTrue(result.err().contains("NO_DRIVER: load the msr driver: modprobe msr"), result.err());
        assertTrue(result.err().strip().endsWith("('rhcc doctor' checks this machine)"), result.err());
        try (var groups = Files.list(resctrl))
        {
            assertEquals(0, groups.count(), "no group created before the msr device was found");
        }
        assertFalse(Files.exists(heartbeatFile), "no heartbeat from a node that did not start");
    }

    @Test
    void shouldRefuseAnUnknownHardwareOnOneLine() throws IOException
    {
        settings.put("rhcc.receiver.hardware", "real");
        final String conf = configFile().toString();

        final CommandResult result = assertTimeoutPreemptively(TIMEOUT,
            () -> CommandResult.run("node", "--role", "receiver", "--config", conf));

        assertEquals(RhccCommand.EXIT_USAGE, result.exitCode(), result.err());
        assertEquals("rhcc node: rhcc.receiver.hardware = 'real' must be simulated (the simulated platform over " +
            "Aeron) or host (this host's IRP counter and resctrl MBA)", result.err().strip());
    }

    @Test
    void shouldExitWithStatusTwoAndOneLineFromTheJvm() throws Exception
    {
        final Process process = ChildJvm.java(List.of("-XX:TieredStopAtLevel=1"), RhccCommand.class.getName(),
            "node", "--role", "receiver", "--config", configFile().toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "the JVM exits");
        final List<String> lines = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
            .lines().filter((line) -> line.startsWith("rhcc node:") || line.contains("Exception")).toList();
        assertEquals(RhccCommand.EXIT_USAGE, process.exitValue(), lines::toString);
        assertEquals(1, lines.size(), lines::toString);
        assertTrue(lines.get(0).contains("NO_DRIVER: load the msr driver: modprobe msr"), lines.get(0));
    }

    @Test
    void shouldRefuseAnUnknownKeyWithOneLineAndStatusTwoFromTheJvm() throws Exception
    {
        final Path conf = Files.writeString(dir.resolve("typo.conf"), "rhcc.node.sender-host = [2]\n");
        final Process process = ChildJvm.java(List.of("-XX:TieredStopAtLevel=1"), RhccCommand.class.getName(),
            "node", "--role", "sender", "--config", conf.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS), "the JVM exits");
        final String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(RhccCommand.EXIT_USAGE, process.exitValue(), err);
        assertEquals("rhcc node: unknown key rhcc.node.sender-host (" + conf + ": 1): did you mean " +
            "rhcc.node.sender-hosts? (every key is documented in conf/reference.conf)", err.strip());
    }

    private Path configFile() throws IOException
    {
        final Path conf = dir.resolve("receiver.conf");
        final StringBuilder text = new StringBuilder("include file(\"" + PROFILE.toAbsolutePath().normalize() +
            "\")\n");
        for (final Map.Entry<String, Object> e : settings.entrySet())
        {
            text.append(e.getKey()).append(" = \"").append(e.getValue()).append("\"\n");
        }
        Files.writeString(conf, text.toString());
        return conf;
    }
}
