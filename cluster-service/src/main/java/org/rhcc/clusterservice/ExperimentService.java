package org.rhcc.clusterservice;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.pekko.actor.ActorPath;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.rhcc.clustersim.SimPlatform;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.HostProfile;
import org.rhcc.experiments.ExperimentRunner;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The experiment service of a sim node, at {@code /system/}{@link #NAME} (clients reach it by that path over Artery,
 * without joining the cluster: {@link ExperimentClient}): each request is queued on the node's one experiment thread,
 * whose runs go one at a time through the node's {@link SimPlatform} (lockstep with the controller nodes), exactly as
 * {@code rhcc experiment --via cluster} runs them in process; the result goes back as the JSON {@code rhcc experiment}
 * writes, so the client's files are those of an in-process run. A request the command line would refuse (unknown
 * experiment, scheme or parameter, a scheme the controllers cannot run) is answered with
 * {@link ExperimentProtocol.Failed} naming it; so is a run that fails. The fail-safes and takeovers of a run are sent
 * to its client as they happen ({@link ExperimentProtocol.Notice}).
 * <p>
 * A client that closes says so ({@link ExperimentProtocol.Cancel}), and the service watches each client: one that
 * closes, or goes away without a word (killed, or unreachable for longer than the remote failure detector allows),
 * has its experiment cancelled, queued or running: a running one stops at its next progress report, its session
 * closed on every controller node, and the queue goes on with the next client.
 */
public final class ExperimentService
{
    /** Name of the service's actor under {@code /system}. */
    public static final String NAME = "sim-experiments";

    private static final Logger LOGGER = LoggerFactory.getLogger(ExperimentService.class);

    private ExperimentService()
    {
    }

    /**
     * @param platform the node's simulated platform.
     * @param worker   the node's experiment thread (one thread: the platform's streams carry one run at a time).
     */
    public static Behavior<ExperimentProtocol.Command> create(final SimPlatform platform, final ExecutorService worker)
    {
        final AtomicInteger pending = new AtomicInteger();
        final Map<ActorPath, Cancellation> requests = new ConcurrentHashMap<>();
        final String node = platform.node().address().toString();
        return Behaviors.setup((context) -> Behaviors.receive(ExperimentProtocol.Command.class)
            .onMessage(ExperimentProtocol.RunExperiment.class, (message) ->
            {
                final ActorRef<ExperimentProtocol.Event> replyTo = message.replyTo();
                final Cancellation cancellation = new Cancellation();
                requests.put(replyTo.path(), cancellation);
                context.watch(replyTo);
                replyTo.tell(new ExperimentProtocol.Accepted(node, pending.getAndIncrement()));
                worker.execute(() ->
                {
                    try
                    {
                        if (!cancellation.cancelled)
                        {
                            run(platform, message.request(), replyTo, cancellation);
                        }
                    }
                    finally
                    {
                        pending.decrementAndGet();
                        requests.remove(replyTo.path());
                    }
                });
                return Behaviors.same();
            })
            .onMessage(ExperimentProtocol.Cancel.class, (message) ->
            {
                cancel(requests, message.replyTo(), "closed");
                return Behaviors.same();
            })
            .onSignal(Terminated.class, (terminated) ->
            {
                cancel(requests, terminated.getRef(), "went away (it stopped, or cannot be reached)");
                return Behaviors.same();
            })
            .build());
    }

    /**
     * Cancels the experiment a client asked for, if it has not finished: a queued one never starts, a running one
     * stops at its next progress report.
     *
     * @param requests the experiments not yet finished, by their clients' paths.
     * @param client   the client's collector.
     * @param what     what the client did, for the log.
     */
    private static void cancel(final Map<ActorPath, Cancellation> requests, final ActorRef<?> client,
        final String what)
    {
        final Cancellation cancellation = requests.remove(client.path());
        if (null != cancellation && !cancellation.finished)
        {
            cancellation.cancelled = true;
            LOGGER.warn("the client {} {} before its experiment finished: cancelling it (its session is closed on " +
                "the controller nodes, the queue goes on)", client.path().address(), what);
        }
    }

    /**
     * Runs one request on the calling thread (the experiment thread) and tells the client how it goes.
     *
     * @param platform     the platform.
     * @param request      the request.
     * @param replyTo      the client.
     * @param cancellation set when the client went away.
     */
    static void run(final SimPlatform platform, final ExperimentRequest request,
        final ActorRef<ExperimentProtocol.Event> replyTo, final Cancellation cancellation)
    {
        try
        {
            final HostProfile profile = request.profile();
            final Map<Experiment, ExperimentSettings> resolved = request.resolve(profile.parameters());
            if (1 != resolved.size())
            {
                throw new UserInputException("ask the sim node for one experiment at a time, not '" +
                    request.name() + "'");
            }
            final Map.Entry<Experiment, ExperimentSettings> only = resolved.entrySet().iterator().next();
            ClusterHooks.requireClusterSchemes(only.getValue().schemes());
            LOGGER.info("running experiment {} for {}", request.name(), replyTo.path().address());
            platform.events().follow((line) -> replyTo.tell(new ExperimentProtocol.Notice(line)));
            final ExperimentRunner runner = new ExperimentRunner(profile, 1, new ProgressRelay(replyTo, cancellation),
                ClusterHooks.hookFactory(platform));
            final ExperimentResult result = runner.run(only.getKey(), only.getValue());
            cancellation.finished = true;
            send(ResultJson.toJson(result), replyTo);
            LOGGER.info("experiment {} done", request.name());
        }
        catch (final UserInputException ex)
        {
            replyTo.tell(new ExperimentProtocol.Failed(ex.getMessage()));
        }
        catch (final RuntimeException ex)
        {
            if (cancellation.cancelled)
            {
                // the runner wraps what a run throws; the run stopped because its client went away
                LOGGER.warn("experiment {} cancelled: its client went away; its sessions are closed",
                    request.name());
                return;
            }
            // one line: the client is told the same reason, and a stack trace would bury it in the node's log
            LOGGER.warn("experiment {} for {} failed: {}", request.name(), replyTo.path().address(),
                null == ex.getMessage() ? ex.toString() : ex.getMessage());
            replyTo.tell(new ExperimentProtocol.Failed(request.name() + " failed on the sim node: " +
                (null == ex.getMessage() ? ex.toString() : ex.getMessage())));
        }
        finally
        {
            platform.events().follow(null);
        }
    }

    private static void send(final String json, final ActorRef<ExperimentProtocol.Event> replyTo)
    {
        final int chunk = ExperimentProtocol.CHUNK_CHARS;
        final int count = Math.max(1, (json.length() + chunk - 1) / chunk);
        for (int i = 0; i < count; i++)
        {
            replyTo.tell(new ExperimentProtocol.ResultChunk(i, count,
                json.substring(i * chunk, Math.min(json.length(), (i + 1) * chunk))));
        }
    }

    /**
     * Set by the service's actor when a request's client went away; read by the experiment thread.
     */
    static final class Cancellation
    {
        volatile boolean cancelled;
        /** The result is complete: the client stops following once it has it. */
        volatile boolean finished;

        /**
         * @throws Cancelled if the client went away.
         */
        void check()
        {
            if (cancelled)
            {
                throw new Cancelled();
            }
        }

        /**
         * Thrown on the experiment thread to stop a run whose client went away.
         */
        static final class Cancelled extends RuntimeException
        {
            private static final long serialVersionUID = 1L;

            Cancelled()
            {
                super("the client went away", null, false, false);
            }
        }
    }
}
