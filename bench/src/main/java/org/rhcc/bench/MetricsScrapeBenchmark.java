package org.rhcc.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.counters.AgentCounters;
import org.rhcc.actors.counters.JournalCounters;
import org.rhcc.actors.sender.SenderAgents;
import org.rhcc.metrics.NodeMetrics;
import org.rhcc.transport.aeron.DriverConfig;
import org.rhcc.transport.aeron.EmbeddedMediaDriver;
import org.rhcc.transport.counters.NodeCounters;

/**
 * What one scrape of a node's {@code /metrics} costs the node, without the HTTP hop: the registry's collectors
 * (the counters file read under the node's lock and mapped to families, the R_rev summary, optionally the JVM's
 * metrics) and the text format written to a buffer. The counters are those of a node with one receiver and one
 * sender session running and its journal counters, published in an embedded driver's counters file.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 3, jvmArgsAppend = {
    "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-opens", "java.base/java.util.zip=ALL-UNNAMED",
    "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED" })
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class MetricsScrapeBenchmark
{
    /** With the JVM's metrics (as a node serves them) or the agents' alone. */
    @Param({ "false", "true" })
    public boolean jvm;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private Path workDir;
    private EmbeddedMediaDriver driver;
    private PrometheusRegistry registry;

    /**
     * Starts a driver and allocates a node's counters.
     *
     * @throws IOException if the driver's directory cannot be made.
     */
    @Setup
    public void setUp() throws IOException
    {
        workDir = Files.createTempDirectory(Path.of("/dev/shm"), "rhcc-scrape-bench");
        driver = EmbeddedMediaDriver.launch(new DriverConfig().workDir(workDir).idleStrategy("sleep-10ms"));
        final NodeCounters counters = new NodeCounters(driver.connect());
        JournalCounters.allocate(counters);
        AgentCounters.mbaActuator(counters, 1L, 2);
        AgentCounters.source(counters, "iio-sample-source", 1L);
        AgentCounters.rateUpdater(counters, 2L);
        AgentCounters.source(counters, "probe-ack-source", 2L);
        registry = NodeMetrics.registerAgents(new PrometheusRegistry(), counters, new SenderAgents(),
            Set.of(NodeSettings.ROLE_RECEIVER, NodeSettings.ROLE_SENDER));
        if (jvm)
        {
            JvmMetrics.builder().register(registry);
        }
    }

    /**
     * Stops the driver.
     *
     * @throws IOException if its directory cannot be removed.
     */
    @TearDown
    public void tearDown() throws IOException
    {
        driver.close();
        Files.deleteIfExists(workDir);
    }

    /**
     * @return bytes of exposition text.
     * @throws IOException never (an in-memory buffer).
     */
    @Benchmark
    public int scrape() throws IOException
    {
        out.reset();
        writer.write(out, registry.scrape());
        return out.size();
    }
}
