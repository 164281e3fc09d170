package org.rhcc.transport.agent;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.IdleStrategy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs an actor's duty-cycle agent on its own thread and turns the agent's first uncaught exception into a crash:
 * the agent stops at once (its {@code onClose()} runs) and the owning actor is told through {@code onCrash}, once,
 * so that supervision decides what happens next (restart with backoff for a source, fail-safe for an actuator).
 * <p>
 * <b>Note:</b> {@code onCrash} runs on the agent's thread; it should only hand the cause to the actor.
 */
public final class AgentThread implements AutoCloseable
{
    private static final Logger LOGGER = LoggerFactory.getLogger(AgentThread.class);

    private final AgentRunner runner;
    private final CrashGuard guard;
    private final Consumer<AgentThread> onClosed;

    private AgentThread(final AgentRunner runner, final CrashGuard guard, final Consumer<AgentThread> onClosed)
    {
        this.runner = runner;
        this.guard = guard;
        this.onClosed = onClosed;
    }

    /**
     * Starts an agent on a new thread named after its role.
     *
     * @param agent        to run.
     * @param idleStrategy the agent's own idle strategy.
     * @param onCrash      told the cause of the first exception the agent throws.
     */
    public static AgentThread start(final Agent agent, final IdleStrategy idleStrategy,
        final Consumer<Throwable> onCrash)
    {
        return start(agent, idleStrategy, onCrash, (closed) ->
        {
        });
    }

    static AgentThread start(final Agent agent, final IdleStrategy idleStrategy, final Consumer<Throwable> onCrash,
        final Consumer<AgentThread> onClosed)
    {
        final CrashGuard guard = new CrashGuard(agent, onCrash);
        final AgentRunner runner = new AgentRunner(idleStrategy, AgentThread::onRunnerError, null, guard);
        AgentRunner.startOnThread(runner);
        return new AgentThread(runner, guard, onClosed);
    }

    /**
     * @return true once the agent crashed.
     */
    public boolean crashed()
    {
        return guard.crashed.get();
    }

    public Agent agent()
    {
        return guard.delegate;
    }

    /**
     * @return the agent's thread, once started (null before), e.g. to read its allocated bytes.
     */
    public Thread thread()
    {
        return runner.thread();
    }

    /**
     * Stops the agent, joining its thread. Idempotent.
     */
    public void close()
    {
        runner.close();
        onClosed.accept(this);
    }

    private static void onRunnerError(final Throwable throwable)
    {
        if (!(throwable instanceof AgentTerminationException))
        {
            LOGGER.error("agent runner error", throwable);
        }
    }

    /**
     * Stops the wrapped agent at its first exception and reports it.
     */
    private static final class CrashGuard implements Agent
    {
        private final Agent delegate;
        private final Consumer<Throwable> onCrash;
        private final AtomicBoolean crashed = new AtomicBoolean();

        CrashGuard(final Agent delegate, final Consumer<Throwable> onCrash)
        {
            this.delegate = delegate;
            this.onCrash = onCrash;
        }

        @Override
        public void onStart()
        {
            try
            {
                delegate.onStart();
            }
            catch (final RuntimeException | Error ex)
            {
                crash(ex);
            }
        }

        @Override
        public int doWork()
        {
            if (crashed.get())
            {
                throw new AgentTerminationException();
            }
            try
            {
                return delegate.doWork();
            }
            catch (final Exception | Error ex)
            {
                crash(ex);
                throw new AgentTerminationException(ex);
            }
        }

        @Override
        public void onClose()
        {
            delegate.onClose();
        }

        @Override
        public String roleName()
        {
            return delegate.roleName();
        }

        private void crash(final Throwable cause)
        {
            if (crashed.compareAndSet(false, true))
            {
                onCrash.accept(cause);
            }
        }
    }
}
