package org.rhcc.nativeio.failsafe;

import org.rhcc.core.port.MbaActuator;

/**
 * Registers a JVM shutdown hook that resets an {@link MbaActuator} to unthrottled on SIGTERM, SIGINT or
 * {@code System.exit}. It cannot run on SIGKILL, the OOM killer or a JVM crash: that is the watchdog's job.
 */
public final class ShutdownHookGuard implements AutoCloseable
{
    private final Thread hook;
    private boolean installed;

    private ShutdownHookGuard(final Thread hook)
    {
        this.hook = hook;
    }

    /**
     * @param actuator the actuator to reset at JVM shutdown.
     * @return the guard; {@link #close()} unregisters the hook (after a clean shutdown).
     */
    public static ShutdownHookGuard install(final MbaActuator actuator)
    {
        return install(actuator::resetToUnthrottled);
    }

    /**
     * Registers a reset that needs no actuator state, e.g. {@link ResctrlFailsafe#restore} of the controller's
     * groups: it is safe to run while the controller's own thread is still writing through its actuator.
     *
     * @param reset restores full memory bandwidth; a {@link RuntimeException} is reported on stderr.
     * @return the guard; {@link #close()} unregisters the hook (after a clean shutdown).
     */
    public static ShutdownHookGuard install(final Runnable reset)
    {
        final Thread hook = new Thread(() ->
        {
            try
            {
                reset.run();
            }
            catch (final RuntimeException ex)
            {
                System.err.println("rhcc: MBA reset at shutdown failed: " + ex.getMessage());
            }
        }, "rhcc-mba-reset");
        final ShutdownHookGuard guard = new ShutdownHookGuard(hook);
        Runtime.getRuntime().addShutdownHook(hook);
        guard.installed = true;
        return guard;
    }

    /**
     * @return the hook thread (for tests).
     */
    Thread hook()
    {
        return hook;
    }

    /**
     * Unregisters the hook; call after the actuator has been reset and closed cleanly.
     */
    public void close()
    {
        if (installed)
        {
            installed = false;
            try
            {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
            catch (final IllegalStateException ignore)
            {
                // the JVM is already shutting down: the hook runs anyway
            }
        }
    }
}
