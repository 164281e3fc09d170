package org.rhcc.multijvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.rhcc.cli.RhccCommand;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.rhcc.multijvm.ClusterCommands.rhcc;

/**
 * README's "Running a cluster by hand", run as written: the lines of its {@code readme-cluster} block, with the
 * substitutions the README names (the hosts 10.0.0.1-3 and 10.0.0.9 by the loopback aliases 127.0.0.1-3 and
 * 127.0.0.6, {@code /etc/rhcc} by a directory of this run, the database {@code rhcc} by a name of its own) and, after
 * the line that writes the node configurations, the lines step 3 says to add when the hosts are not 10.0.0.1-3 (with
 * free ports). Each line runs in {@code bash} with {@code rhcc} on the PATH as a script that execs this build's
 * command; a node's line is the node's process. The nodes come up over TLS with the PostgreSQL journal, the client's
 * experiment gives the in-process JSON byte for byte, and SIGTERM stops every node without a stack trace and without
 * leaving an Aeron directory. If the README's lines change, this test runs the new ones: it cannot drift.
 */
class ReadmeClusterTest
{
    private static final Path README = Path.of("..", "README.md");
    private static final String BEGIN = "<!-- readme-cluster: begin -->";
    private static final String END = "<!-- readme-cluster: end -->";
    private static final Map<String, String> HOSTS = Map.of("10.0.0.1", "127.0.0.1", "10.0.0.2", "127.0.0.2",
        "10.0.0.3", "127.0.0.3", "10.0.0.9", "127.0.0.6");
    private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(5);
    private static final int SIGTERM_EXIT = 143;

    @Test
    void shouldRunTheReadmeStepsAsWritten() throws Exception
    {
        final long startNs = System.nanoTime();
        final Path dir = RunDirectory.create("readme");
        final Path bin = rhccScript(dir);
        final FreePorts ports = new FreePorts();
        final int simPort = ports.tcp("127.0.0.1");
        final List<NodeProcess> nodes = new ArrayList<>();
        try (TestDatabase database = TestDatabase.unique())
        {
            for (final String readmeLine : readmeLines())
            {
                final String line = substitute(readmeLine, dir, database.name(), simPort);
                if (line.contains(" rhcc node "))
                {
                    final String name = line.substring(line.indexOf("--role ") + 7).split(" ")[0];
                    nodes.add(NodeProcess.start(dir, name, List.of("bash", "-c", line), path(bin), name));
                    // the seed node first, as step 4 says
                    nodes.get(nodes.size() - 1).awaitUp(HandStartedCluster.UP_TIMEOUT);
                    continue;
                }
                final String[] result = bash(line, dir, bin);
                assertEquals("0", result[0], line + "\n" + result[1]);
                if (line.startsWith("for n in "))
                {
                    addStepThreeLines(dir, ports, database.name(), simPort);
                }
                if (line.contains(" rhcc experiment "))
                {
                    assertInProcessJson(line, dir);
                }
            }
            assertEquals(3, nodes.size(), "the README starts three nodes");
            for (final NodeProcess node : nodes)
            {
                assertTrue(node.logLines().stream().anyMatch(l -> l.contains("[Artery tls-tcp]")), node.logTail());
            }
            assertTrue(database.tables().contains("event_journal"), "the journal is in " + database.name());
            for (int i = nodes.size() - 1; i >= 0; i--)
            {
                final NodeProcess node = nodes.get(i);
                assertEquals(SIGTERM_EXIT, node.stop(Duration.ofSeconds(60)), node.logTail());
                assertTrue(node.stderrLines().stream().noneMatch(l -> l.startsWith("\tat ")),
                    node.name() + " stopped without a stack trace: " + node.logTail());
            }
            assertEquals(List.of(), aeronDirs(dir), "no Aeron directory is left");
        }
        finally
        {
            nodes.forEach(NodeProcess::close);
        }
        System.out.printf(Locale.ROOT, "README's hand-started cluster, run as written: %d s%n",
            TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNs));
    }

    /**
     * @return the lines of README's readme-cluster block, without the fence.
     */
    private static List<String> readmeLines() throws IOException
    {
        final String readme = Files.readString(README, StandardCharsets.UTF_8);
        final int begin = readme.indexOf(BEGIN);
        final int end = readme.indexOf(END);
        assertTrue(begin >= 0 && end > begin, "README has the " + BEGIN + " block");
        return readme.substring(begin + BEGIN.length(), end).lines().map(String::strip)
            .filter(l -> !l.isEmpty() && !l.startsWith("```")).toList();
    }

    /**
     * The substitutions the README names for one machine.
     */
    private static String substitute(final String line, final Path dir, final String database, final int simPort)
    {
        String result = line.replace("/etc/rhcc", dir.toString()).replace(":25520", ":" + simPort);
        for (final Map.Entry<String, String> host : HOSTS.entrySet())
        {
            result = result.replace(host.getKey(), host.getValue());
        }
        return result.startsWith("createdb ") && result.endsWith(" rhcc") ?
            result.substring(0, result.length() - "rhcc".length()) + database : result;
    }

    /**
     * What step 3 says to add to every node's file when the hosts are not 10.0.0.1-3 and the key is elsewhere: the
     * seed node, the three platform channels, the journal's URL and the frame key file; and an Artery port of each
     * node's own (free ones here, instead of the profile's 25520).
     */
    private static void addStepThreeLines(final Path dir, final FreePorts ports, final String database,
        final int simPort) throws IOException
    {
        final Map<String, Object> common = new LinkedHashMap<>();
        common.put("pekko.cluster.seed-nodes", List.of("pekko://rhcc@127.0.0.1:" + simPort));
        common.put("rhcc.aeron.platform.iio-channel", "aeron:udp?endpoint=127.0.0.2:" + ports.udp("127.0.0.2"));
        common.put("rhcc.aeron.platform.ack-channel", "aeron:udp?endpoint=127.0.0.3:" + ports.udp("127.0.0.3"));
        common.put("rhcc.aeron.platform.command-channel", "aeron:udp?endpoint=127.0.0.1:" +
            ports.udp("127.0.0.1"));
        common.put("rhcc.journal.postgres.url", "jdbc:postgresql://127.0.0.1:5432/" + database);
        common.put("rhcc.security.frame-key-file", dir.resolve("frame.key").toString());
        final Map<String, Integer> arteryPorts = Map.of("sim", simPort, "receiver", ports.tcp("127.0.0.2"),
            "sender", ports.tcp("127.0.0.3"), "client", 0);
        for (final Map.Entry<String, Integer> node : arteryPorts.entrySet())
        {
            final Path file = dir.resolve(node.getKey() + ".conf");
            assertTrue(Files.isRegularFile(file), "the README's loop wrote " + file);
            final StringBuilder lines = new StringBuilder();
            common.forEach((key, value) -> lines.append(key).append(" = ")
                .append(com.typesafe.config.ConfigValueFactory.fromAnyRef(value)
                .render(com.typesafe.config.ConfigRenderOptions.concise())).append('\n'));
            lines.append("pekko.remote.artery.canonical.port = ").append(node.getValue()).append('\n');
            Files.writeString(file, lines.toString(), StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        }
    }

    private static void assertInProcessJson(final String line, final Path dir) throws IOException
    {
        final String options = line.substring(line.indexOf(" rhcc experiment ") + " rhcc experiment ".length());
        final List<String> args = new ArrayList<>(List.of("experiment"));
        final String[] words = options.split(" ");
        for (int i = 0; i < words.length; i++)
        {
            if ("--cluster".equals(words[i]) || "--config".equals(words[i]) || "--out".equals(words[i]))
            {
                i++;
                continue;
            }
            args.add(words[i]);
        }
        final Path local = dir.resolve("in-process");
        args.addAll(List.of("--out", local.toString(), "--no-charts"));
        final String[] result = rhcc(args.toArray(String[]::new));
        assertEquals("0", result[0], result[2]);
        assertArrayEquals(Files.readAllBytes(local.resolve("signals.json")),
            Files.readAllBytes(dir.resolve("results").resolve("signals.json")),
            "the README's experiment through the cluster = in process");
    }

    /**
     * @return a directory with an executable {@code rhcc} that execs this build's command in a JVM like the nodes'.
     */
    private static Path rhccScript(final Path dir) throws IOException
    {
        final Path bin = Files.createDirectories(dir.resolve("bin"));
        final StringBuilder exec = new StringBuilder("exec");
        for (final String word : NodeProcess.javaCommand())
        {
            exec.append(" '").append(word.replace("'", "'\\''")).append('\'');
        }
        exec.append(' ').append(RhccCommand.class.getName()).append(" \"$@\"\n");
        final Path script = bin.resolve("rhcc");
        Files.writeString(script, "#!/bin/sh\n" + exec, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    private static Map<String, String> path(final Path bin)
    {
        return Map.of("PATH", bin + ":" + System.getenv("PATH"));
    }

    /**
     * @return exit code and output of a line run by bash in the directory, with rhcc on the PATH.
     */
    private static String[] bash(final String line, final Path dir, final Path bin) throws Exception
    {
        final ProcessBuilder builder = new ProcessBuilder("bash", "-c", line).directory(dir.toFile())
            .redirectErrorStream(true);
        builder.environment().putAll(path(bin));
        final Process process = builder.start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS), line + " did not end");
        return new String[] {Integer.toString(process.exitValue()), output};
    }

    private static List<String> aeronDirs(final Path dir) throws IOException
    {
        try (Stream<Path> all = Files.walk(dir, 4))
        {
            return all.filter(p -> p.getFileName().toString().startsWith("aeron-") && Files.isDirectory(p))
                .map(Path::toString).toList();
        }
    }
}
