package org.rhcc.actors.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;

/**
 * Refuses a configuration whose secrets (any non-empty key whose name contains {@code password}: the journal's
 * database password, the key store and trust store passwords of Artery TLS) come from a file that its group or other
 * users may read: the node would otherwise run with a password anyone on the host can copy. Values from the
 * classpath (reference.conf, the profiles) and from the command line are not files and are not checked.
 */
public final class SecretFiles
{
    private static final Set<PosixFilePermission> SHARED = Set.of(
        PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
        PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private SecretFiles()
    {
    }

    /**
     * @param config a resolved configuration.
     * @throws IllegalArgumentException naming the first file that holds a secret and is open to its group or others,
     *                                  and the fix.
     */
    public static void check(final Config config)
    {
        for (final Map.Entry<String, ConfigValue> entry : config.entrySet())
        {
            final ConfigValue value = entry.getValue();
            final String file = value.origin().filename();
            if (null != file && isSecret(entry.getKey(), value) && isShared(Path.of(file)))
            {
                throw new IllegalArgumentException(file + " holds a secret (" + entry.getKey() + ") and its group " +
                    "or other users may read it: chmod 600 " + file);
            }
        }
    }

    private static boolean isSecret(final String key, final ConfigValue value)
    {
        return key.toLowerCase(Locale.ROOT).contains("password") && value.valueType() == ConfigValueType.STRING &&
            !String.valueOf(value.unwrapped()).isEmpty();
    }

    /**
     * @param file a file.
     * @return true if its group or other users have any permission on it (false where POSIX permissions do not
     * exist).
     */
    static boolean isShared(final Path file)
    {
        try
        {
            final Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            for (final PosixFilePermission p : SHARED)
            {
                if (permissions.contains(p))
                {
                    return true;
                }
            }
            return false;
        }
        catch (final UnsupportedOperationException ex)
        {
            return false;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read the permissions of " + file, ex);
        }
    }
}
