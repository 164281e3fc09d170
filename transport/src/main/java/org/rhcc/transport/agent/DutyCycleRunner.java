package org.rhcc.transport.agent;

import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.IdleStrategy;

/**
 * Runs an {@link Agent}'s duty cycle either on a dedicated thread ({@link AgentRunner} with an {@link IdleStrategy})
 * or on the caller's thread ({@link AgentInvoker}, e.g. inside a simulator loop or an actor that steps it). Errors
 * thrown by {@code doWork()} go to a {@link CountingErrorHandler} and the agent keeps running; the agent only stops
 * on {@link #close()} or by throwing {@link org.agrona.concurrent.AgentTerminationException}.
 */
public final class DutyCycleRunner implements AutoCloseable
{
    private final CountingErrorHandler errorHandler;
    private final AgentRunner runner;
    private final AgentInvoker invoker;

    private DutyCycleRunner(
        final CountingErrorHandler errorHandler, final AgentRunner runner, final AgentInvoker invoker)
    {
        this.errorHandler = errorHandler;
        this.runner = runner;
        this.invoker = invoker;
    }

    /**
     * Starts an agent on a new thread named after its role.
     *
     * @param agent        to run.
     * @param idleStrategy to idle with when a duty cycle did no work; not shared with another agent.
     * @return the running agent.
     */
    public static DutyCycleRunner startOnThread(final Agent agent, final IdleStrategy idleStrategy)
    {
        final CountingErrorHandler errorHandler = new CountingErrorHandler(agent.roleName());
        final AgentRunner runner = new AgentRunner(idleStrategy, errorHandler, null, agent);
        AgentRunner.startOnThread(runner);
        return new DutyCycleRunner(errorHandler, runner, null);
    }

    /**
     * Starts an agent to be driven by the caller through {@link #invoke()}.
     *
     * @param agent to run.
     * @return the started agent; its {@code onStart()} has run.
     */
    public static DutyCycleRunner startInvoker(final Agent agent)
    {
        final CountingErrorHandler errorHandler = new CountingErrorHandler(agent.roleName());
        final AgentInvoker invoker = new AgentInvoker(errorHandler, null, agent);
        invoker.start();
        return new DutyCycleRunner(errorHandler, null, invoker);
    }

    /**
     * Runs one duty cycle on the caller's thread.
     *
     * @return the work count of the cycle, 0 if there was no work or the agent is closed.
     * @throws IllegalStateException if the agent runs on its own thread.
     */
    public int invoke()
    {
        if (null == invoker)
        {
            throw new IllegalStateException("agent runs on its own thread; invoke() is for invoker mode only");
        }

        return invoker.invoke();
    }

    /**
     * @return true until the agent is closed or has terminated itself.
     */
    public boolean isRunning()
    {
        return null != runner ? !runner.isClosed() : invoker.isRunning();
    }

    /**
     * @return errors thrown by the agent and survived so far.
     */
    public long errorCount()
    {
        return errorHandler.errorCount();
    }

    /**
     * @return the agent being run.
     */
    public Agent agent()
    {
        return null != runner ? runner.agent() : invoker.agent();
    }

    /**
     * Stops the agent (joining its thread in thread mode) and runs its {@code onClose()}. Idempotent.
     */
    public void close()
    {
        CloseHelper.closeAll(runner, invoker);
    }
}
