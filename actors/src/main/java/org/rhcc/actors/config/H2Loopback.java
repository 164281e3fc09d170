package org.rhcc.actors.config;

/**
 * Keeps the H2 journal's automatic server on the loopback interface. In {@code AUTO_SERVER} mode (docs/design.md
 * §8.5: the JVMs of one host share the journal file) the first JVM to open the file serves it over TCP to the others,
 * and H2 binds that server to every interface unless the {@code h2.bindAddress} system property names one; H2 reads the
 * property once, when its first connection is made. Setting it before any journal is opened keeps the server, and the
 * address H2 writes into the file's lock for the other JVMs, on 127.0.0.1. An explicit {@code -Dh2.bindAddress} wins.
 */
public final class H2Loopback
{
    /** H2's system property naming the address its servers bind to. */
    public static final String BIND_ADDRESS = "h2.bindAddress";

    private H2Loopback()
    {
    }

    /**
     * Sets {@code h2.bindAddress} to 127.0.0.1 unless it is set.
     */
    public static void bind()
    {
        if (null == System.getProperty(BIND_ADDRESS))
        {
            System.setProperty(BIND_ADDRESS, "127.0.0.1");
        }
    }
}
