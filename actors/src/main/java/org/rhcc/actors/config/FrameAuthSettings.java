package org.rhcc.actors.config;

import java.nio.file.Path;

import com.typesafe.config.Config;
import org.rhcc.transport.auth.FrameAuth;
import org.rhcc.transport.auth.FrameKey;

/**
 * The {@code rhcc.security} block of a node's configuration (conf/reference.conf): how the node authenticates its
 * frames (transport/README.md, "Authenticated frames"). A node never runs unauthenticated by omission: without a key
 * file it refuses to start unless {@code frame-auth = off} says so.
 */
public final class FrameAuthSettings
{
    /** Key of the key file. */
    public static final String KEY_FILE = "rhcc.security.frame-key-file";
    /** Key of the on/off switch. */
    public static final String FRAME_AUTH = "rhcc.security.frame-auth";

    private FrameAuthSettings()
    {
    }

    /**
     * @param config the node's resolved configuration.
     * @return the node's frame authentication, its key read and checked.
     * @throws IllegalArgumentException (one line naming the key or file and what to do) without a usable key.
     */
    public static FrameAuth from(final Config config)
    {
        final boolean on;
        try
        {
            on = config.getBoolean(FRAME_AUTH);
        }
        catch (final com.typesafe.config.ConfigException ex)
        {
            throw new IllegalArgumentException(FRAME_AUTH + " must be on or off: " + ex.getMessage(), ex);
        }
        if (!on)
        {
            return FrameAuth.off();
        }
        final String file = config.getString(KEY_FILE);
        if (file.isBlank())
        {
            throw new IllegalArgumentException(KEY_FILE + " is not set: write the cluster's 32-byte key into a file " +
                "('openssl rand -hex 32 > FILE; chmod 600 FILE'), name it there on every node, or set " + FRAME_AUTH +
                " = off (benchmarks only: any local process can then drive the controllers' actuators)");
        }
        return FrameAuth.of(FrameKey.load(Path.of(file)));
    }
}
