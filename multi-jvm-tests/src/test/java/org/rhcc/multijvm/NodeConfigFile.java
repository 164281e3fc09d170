package org.rhcc.multijvm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValueFactory;

/**
 * A node's configuration file as the README's "Running a cluster by hand" has an operator write it: the three-host
 * profile, the node's TLS keys from {@code rhcc certs}, then the settings of this node, one {@code key = value} line
 * each (later lines win over the includes).
 */
final class NodeConfigFile
{
    /** The deployment profile every hand-started node includes. */
    static final String PROFILE = "profiles/three-host.conf";

    private final List<String> lines = new ArrayList<>();

    private NodeConfigFile()
    {
    }

    /**
     * @param keys the node's {@code NAME.conf} from {@code rhcc certs}, or null for a node without keys.
     * @return a file including the three-host profile and, if given, the keys.
     */
    static NodeConfigFile threeHost(final Path keys)
    {
        final NodeConfigFile file = new NodeConfigFile();
        file.lines.add("include classpath(" + ConfigUtil.quoteString(PROFILE) + ")");
        if (null != keys)
        {
            file.lines.add("include file(" + ConfigUtil.quoteString(keys.toAbsolutePath().toString()) + ")");
        }
        return file;
    }

    /**
     * @param key   a configuration path, e.g. {@code rhcc.work-dir}.
     * @param value its value: a string, number, boolean or list of them.
     * @return this file.
     */
    NodeConfigFile set(final String key, final Object value)
    {
        lines.add(key + " = " + ConfigValueFactory.fromAnyRef(value).render(ConfigRenderOptions.concise()));
        return this;
    }

    /**
     * @param file where to write it.
     */
    Path write(final Path file)
    {
        try
        {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + file, ex);
        }
    }
}
