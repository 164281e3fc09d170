package org.rhcc.actors.config;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;

import com.typesafe.config.Config;

/**
 * Who may join a node's cluster (docs/design.md §8): off the loopback interface the control plane must be Artery
 * {@code tls-tcp} with mutual authentication, so that only a node holding a key signed by the cluster's CA
 * ({@code rhcc certs}) gets in; plain {@code tcp} is accepted only when both the canonical and the bind hostname are
 * loopback addresses (one host). The key and trust stores are opened at start, so a missing file, a wrong password
 * or a key store others may read fails the start with one line instead of failing every handshake later.
 */
public final class RemotingSecurity
{
    /** Artery's TLS transport. */
    public static final String TLS_TCP = "tls-tcp";
    private static final String ARTERY = "pekko.remote.artery.";
    private static final String ENGINE = ARTERY + "ssl.config-ssl-engine.";
    private static final String CONFIG_ENGINE = "org.apache.pekko.remote.artery.tcp.ConfigSSLEngineProvider";
    private static final String CERTS = "make them with 'rhcc certs --out DIR --nodes NAME,...' and include " +
        "DIR/NAME.conf";

    private RemotingSecurity()
    {
    }

    /**
     * @param config the node's resolved configuration.
     * @throws IllegalArgumentException naming the setting that lets other hosts in unauthenticated, or the key or
     *                                  trust store that cannot be used, and the fix.
     */
    public static void check(final Config config)
    {
        final String transport = config.getString(ARTERY + "transport");
        if (!TLS_TCP.equals(transport))
        {
            for (final String key : new String[] {"canonical.hostname", "bind.hostname"})
            {
                final String host = config.getString(ARTERY + key);
                if (!host.isEmpty() && !isLoopback(host))
                {
                    throw new IllegalArgumentException(ARTERY + "transport = " + transport + " on " + host +
                        " (" + ARTERY + key + ") would let any host join the cluster: include profiles/tls.conf " +
                        "and this node's keys (rhcc certs), or bind to 127.0.0.1 (plain tcp is for one host only)");
                }
            }
            return;
        }
        final String provider = config.getString(ARTERY + "ssl.ssl-engine-provider");
        if (!CONFIG_ENGINE.equals(provider) && !AuditingSSLEngineProvider.NAME.equals(provider))
        {
            return;
        }
        if (!config.getBoolean(ENGINE + "require-mutual-authentication"))
        {
            throw new IllegalArgumentException(ENGINE + "require-mutual-authentication = off would let a node " +
                "without a key of the cluster's CA connect: set it on");
        }
        open(config, "key-store");
        open(config, "trust-store");
    }

    private static void open(final Config config, final String store)
    {
        final Path file = Path.of(config.getString(ENGINE + store));
        if (!Files.isRegularFile(file))
        {
            throw new IllegalArgumentException(ENGINE + store + " " + file + " does not exist: " + CERTS);
        }
        if ("key-store".equals(store) && SecretFiles.isShared(file))
        {
            throw new IllegalArgumentException(file + " holds this node's private key and its group or other " +
                "users may read it: chmod 600 " + file);
        }
        try
        {
            KeyStore.getInstance(file.toFile(), config.getString(ENGINE + store + "-password").toCharArray());
        }
        catch (final IOException | GeneralSecurityException ex)
        {
            throw new IllegalArgumentException("cannot open " + ENGINE + store + " " + file + " with " + ENGINE +
                store + "-password (" + ex.getMessage() + "): check the password, or " + CERTS);
        }
    }

    private static boolean isLoopback(final String host)
    {
        try
        {
            return InetAddress.getByName(host).isLoopbackAddress();
        }
        catch (final UnknownHostException ex)
        {
            return false;
        }
    }
}
