package org.rhcc.clustersim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigRenderOptions;
import org.rhcc.actors.node.NodeMain;

/**
 * A cluster node in a child JVM on this host: same Java, same classpath (the test classpath or the shaded jar),
 * Aeron's {@code --add-opens} flags, its configuration written to {@code <work>/<name>.conf} and its output to
 * {@code <work>/<name>.log}. The child exits when its standard input closes, so it cannot outlive this JVM; {@link
 * #close()} ends it and waits, killing it if it does not stop in time.
 */
final class ChildNode implements AutoCloseable
{
    private static final List<String> JVM_FLAGS = List.of(
        "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-opens", "java.base/java.util.zip=ALL-UNNAMED",
        "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
        "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    private final String name;
    private final Process process;

    private ChildNode(final String name, final Process process)
    {
        this.name = name;
        this.process = process;
    }

    /**
     * @param workDir   the run's work area.
     * @param name      the node's name (also its archive's name).
     * @param roles     its roles.
     * @param overrides its configuration.
     * @return the started child (not yet necessarily joined).
     */
    static ChildNode launch(final Path workDir, final String name, final List<String> roles,
        final Map<String, Object> overrides)
    {
        final Map<String, Object> config = new java.util.LinkedHashMap<>(overrides);
        config.put("pekko.cluster.roles", roles);
        config.put("rhcc.aeron.archive.name", name);
        final Path configFile = workDir.resolve(name + ".conf");
        final Path logFile = workDir.resolve(name + ".log");
        try
        {
            Files.writeString(configFile, ConfigFactory.parseMap(config).root()
                .render(ConfigRenderOptions.defaults().setOriginComments(false)), StandardCharsets.UTF_8);
            final List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(JVM_FLAGS);
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(NodeMain.class.getName());
            command.add("--config");
            command.add(configFile.toString());
            command.add("--exit-on-stdin-eof");
            final Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logFile.toFile())
                .start();
            return new ChildNode(name, process);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot start the " + name + " node: " + ex.getMessage(), ex);
        }
    }

    /**
     * Ends the child: closes its standard input and asks it to stop, then kills it after 20 s.
     */
    public void close()
    {
        try
        {
            process.getOutputStream().close();
        }
        catch (final IOException ignore)
        {
            // the child may be gone already
        }
        try
        {
            if (!process.waitFor(20, TimeUnit.SECONDS))
            {
                process.destroy();
                if (!process.waitFor(5, TimeUnit.SECONDS))
                {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
        }
        catch (final InterruptedException ex)
        {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString()
    {
        return name + " (pid " + process.pid() + ")";
    }
}
