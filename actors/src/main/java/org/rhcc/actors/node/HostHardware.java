package org.rhcc.actors.node;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;

import com.typesafe.config.Config;

/**
 * Opens the receiver host's hardware a receiver node controls on a real host: the class named by
 * {@code rhcc.receiver.host-class} (native/'s {@code org.rhcc.nativeio.host.ReceiverHost} in
 * {@code conf/profiles/real-host-receiver.conf}), an {@link AutoCloseable} whose public constructor takes the node's
 * configuration and opens the sensor, the MBA groups, the heartbeat and the shutdown hook. The node opens it before
 * anything else, so that missing hardware stops the start before a driver or actor system exists, and closes it
 * after its actor system has stopped.
 */
final class HostHardware
{
    private HostHardware()
    {
    }

    /**
     * @param className the class of {@code rhcc.receiver.host-class}.
     * @param config    the node's resolved configuration.
     * @return the open host.
     * @throws IllegalArgumentException for a class that cannot be used, or a host that cannot be opened: one line
     *                                  saying what is missing and what to do (the host's own message).
     */
    static AutoCloseable open(final String className, final Config config)
    {
        final Constructor<?> constructor;
        try
        {
            final Class<?> type = Class.forName(className);
            if (!AutoCloseable.class.isAssignableFrom(type))
            {
                throw new IllegalArgumentException("rhcc.receiver.host-class = " + className + " is not " +
                    "AutoCloseable: name a receiver host such as org.rhcc.nativeio.host.ReceiverHost");
            }
            constructor = type.getConstructor(Config.class);
        }
        catch (final ClassNotFoundException | NoSuchMethodException ex)
        {
            throw new IllegalArgumentException("rhcc.receiver.host-class = " + className + " is not a class with a " +
                "public (com.typesafe.config.Config) constructor on the classpath (" + ex + "): use " +
                "org.rhcc.nativeio.host.ReceiverHost, which the rhcc command's jar has", ex);
        }
        try
        {
            return (AutoCloseable)constructor.newInstance(config);
        }
        catch (final InvocationTargetException ex)
        {
            final Throwable cause = ex.getCause();
            if (cause instanceof IllegalArgumentException)
            {
                throw new IllegalArgumentException("receiver host: " + firstLine(cause.getMessage()), cause);
            }
            throw new IllegalArgumentException("receiver host not ready: " + firstLine(cause.getMessage()) +
                " ('rhcc doctor' checks this machine)", cause);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalArgumentException("rhcc.receiver.host-class = " + className + " cannot be created: " +
                ex, ex);
        }
    }

    private static String firstLine(final String message)
    {
        if (null == message)
        {
            return "";
        }
        final int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).trim();
    }
}
