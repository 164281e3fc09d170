package org.rhcc.actors.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;

/**
 * Loads a node's configuration: overrides, then the given file (which may {@code include} a profile such as
 * {@code profiles/three-host.conf}), then {@code application.conf}, then every {@code reference.conf}; substitutions
 * are resolved only after all layers are stacked, so an override of {@code rhcc.work-dir} moves every path derived
 * from it (docs/design.md §8.4). The journal backend's settings are layered on top last. A file that does not parse,
 * an unknown {@code rhcc} key ({@link UnknownKeys}) or a secret in a file others may read ({@link SecretFiles})
 * fails the load with one line. Loading keeps H2's automatic server on loopback ({@link H2Loopback}).
 */
public final class RhccConfig
{
    private RhccConfig()
    {
    }

    /**
     * @param file      a node configuration file, or null for {@code application.conf} alone.
     * @param overrides values that win over the file, by path (e.g. {@code rhcc.work-dir}).
     * @throws IllegalArgumentException if the file is missing or a value is invalid.
     */
    public static Config load(final Path file, final Map<String, ?> overrides)
    {
        H2Loopback.bind();
        Config user = ConfigFactory.parseMap(overrides);
        if (null != file)
        {
            if (!Files.isRegularFile(file))
            {
                throw new IllegalArgumentException("configuration file " + file + " does not exist");
            }
            if (!Files.isReadable(file))
            {
                throw new IllegalArgumentException("configuration file " + file + " is not readable by this user");
            }
        }
        try
        {
            if (null != file)
            {
                user = user.withFallback(ConfigFactory.parseFile(file.toFile(),
                    ConfigParseOptions.defaults().setAllowMissing(false)));
            }
            user = user.withFallback(ConfigFactory.parseResourcesAnySyntax("application"));
            final Config first = ConfigFactory.load(user);
            UnknownKeys.ofReference().check(first);
            SecretFiles.check(first);
            final JournalSettings journal = JournalSettings.from(first);
            return ConfigFactory.load(journal.pekkoOverlay().withFallback(user));
        }
        catch (final ConfigException ex)
        {
            throw invalid(ex);
        }
    }

    /**
     * @param ex a configuration that does not parse, resolve or have the type a key needs.
     * @return the one-line error: where, what, and where the keys are documented.
     */
    public static IllegalArgumentException invalid(final ConfigException ex)
    {
        final String message = String.valueOf(ex.getMessage()).replace('\n', ' ');
        return new IllegalArgumentException("invalid configuration: " + message +
            " (fix the file; every rhcc key and its type is documented in conf/reference.conf)", ex);
    }
}
