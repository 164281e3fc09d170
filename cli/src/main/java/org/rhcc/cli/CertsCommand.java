package org.rhcc.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc certs --out DIR --nodes NAME[,NAME...]}: the keys of a cluster's Artery TLS with mutual authentication
 * ({@link ClusterCertificates}): a CA of the cluster's own, one PKCS12 key store and one {@code NAME.conf} per node, a
 * trust store; every file 0600. A node's configuration includes {@code profiles/tls.conf} and its {@code NAME.conf}.
 */
@Command(
    name = "certs",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Makes the keys of a cluster's Artery TLS (conf/profiles/tls.conf): a CA of the cluster's own, per node a " +
            "PKCS12 key store signed by it and NAME.conf (include it in the node's configuration), a trust store. " +
            "Files are written 0600. Run again with new names to add nodes to the same CA.",
    })
public final class CertsCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", required = true,
        description = "Directory of the CA and the stores (created if missing), e.g. /etc/rhcc/certs.")
    private Path out;

    @Option(names = "--nodes", paramLabel = "NAME", split = ",", required = true,
        description = "Node names: host names or addresses (repeatable or comma-separated).")
    private List<String> nodes;

    @Override
    public Integer call()
    {
        final List<Path> files;
        try
        {
            files = new ClusterCertificates(out).make(nodes);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UsageException(ex.getMessage(), ex);
        }
        for (final Path file : files)
        {
            spec.commandLine().getOut().println(file);
        }
        return RhccCommand.EXIT_OK;
    }
}
