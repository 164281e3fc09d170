package org.rhcc.experiments;

import org.rhcc.sim.api.ControllerHook;

/**
 * Creates the controller of one planned run: in process by default ({@link #IN_PROCESS}, the scheme's own factory),
 * or through the distributed controller ({@code --via cluster}). A hook that is also {@link AutoCloseable} is closed
 * when its run ends, whether it succeeded or not.
 */
@FunctionalInterface
public interface RunHookFactory
{
    /** The scheme's in-process controller. */
    RunHookFactory IN_PROCESS = (run) -> run.schemeEntry().factory().create(run.params());

    /**
     * @param run the planned run.
     * @return its controller, not yet attached.
     */
    ControllerHook create(PlannedRun run);

    /**
     * Closes a run's hook if it is closeable.
     *
     * @param hook the hook.
     * @throws IllegalStateException if closing fails (for a cluster: a role reported a failure).
     */
    static void close(final ControllerHook hook)
    {
        if (hook instanceof AutoCloseable closeable)
        {
            try
            {
                closeable.close();
            }
            catch (final RuntimeException ex)
            {
                throw ex;
            }
            catch (final Exception ex)
            {
                throw new IllegalStateException("closing the run's controller failed: " + ex.getMessage(), ex);
            }
        }
    }
}
