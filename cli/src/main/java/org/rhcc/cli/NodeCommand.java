package org.rhcc.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import com.typesafe.config.Config;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.node.NodeMain;
import org.rhcc.clusterservice.SimPlatformHost;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code rhcc node --role receiver|sender|sim --config FILE}: runs one node of the distributed controller until it is
 * stopped (Ctrl-C or SIGTERM). A receiver node whose configuration says {@code rhcc.receiver.hardware = host} first
 * opens this host's hardware ({@link HostReceiverHardware}) and hands it to the node (docs/design.md §7). A node
 * with the {@code sim} role hosts the simulated platform and runs the experiments that clients of its cluster ask for
 * ({@code rhcc experiment NAME --cluster}, {@link SimPlatformHost}).
 */
@Command(
    name = "node",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Runs a node of the distributed controller (Pekko Cluster + Aeron) until stopped.",
        "Roles: receiver (IIO sample source + MBA actuator), sender (probe-ACK source, rate updater, " +
            "sender entities), " +
            "sim (the simulated platform: runs what 'rhcc experiment NAME --cluster HOST:PORT' asks). conf/profiles/ has single-host and three-host configurations, " +
            "real-host-receiver (this host's MSR counter and resctrl MBA) and low-latency (busy-spin agents).",
    })
public final class NodeCommand implements Callable<Integer>
{
    @Option(names = "--role", paramLabel = "ROLE", split = ",", required = true,
        description = "receiver, sender and/or sim (repeatable or comma-separated).")
    private List<String> roles;

    @Option(names = "--config", paramLabel = "FILE",
        description = "Node configuration (HOCON); keys are documented in conf/reference.conf. Default: " +
            "application.conf alone (a single-node cluster on 127.0.0.1).")
    private Path config;

    @Override
    public Integer call()
    {
        // initialise logging on this thread before Pekko's threads log concurrently (no SLF4J replay warnings)
        org.slf4j.LoggerFactory.getLogger("rhcc");
        if (null != config && !Files.isRegularFile(config))
        {
            throw new UsageException("--config " + config + " does not exist");
        }
        try
        {
            final Config resolved = NodeMain.load(roles, config);
            final boolean sim = resolved.getStringList("pekko.cluster.roles").contains(NodeSettings.ROLE_SIM);
            NodeMain.run(resolved, HostReceiverHardware.open(resolved), false, sim ? SimPlatformHost::start : null);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UsageException(ex.getMessage());
        }
        return RhccCommand.EXIT_OK;
    }
}
