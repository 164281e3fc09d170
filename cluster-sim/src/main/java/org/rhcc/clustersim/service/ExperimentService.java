package org.rhcc.clustersim.service;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.rhcc.clustersim.SimPlatform;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.ExperimentRunner;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultJson;
import org.rhcc.sim.SimParameters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The experiment service of a sim node, registered under {@link ExperimentProtocol#SERVICE_KEY}: each request is
 * queued on the node's one experiment thread, whose runs go one at a time through the node's {@link SimPlatform}
 * (lockstep with the controller nodes), exactly as {@code rhcc experiment --via cluster} runs them in process; the
 * result goes back as the JSON {@code rhcc experiment} writes, so the client's files are those of an in-process run.
 * A request the command line would refuse (unknown experiment, scheme or parameter, a scheme the controllers cannot
 * run) is answered with {@link ExperimentProtocol.Failed} naming it; so is a run that fails.
 */
public final class ExperimentService
{
    private static final Logger LOGGER = LoggerFactory.getLogger(ExperimentService.class);

    private ExperimentService()
    {
    }

    /**
     * @param platform the node's simulated platform.
     * @param worker   the node's experiment thread (one thread: the platform's streams carry one run at a time).
     * @return the service's behavior.
     */
    public static Behavior<ExperimentProtocol.Command> create(final SimPlatform platform, final ExecutorService worker)
    {
        final AtomicInteger pending = new AtomicInteger();
        final String node = platform.node().address().toString();
        return Behaviors.setup((context) ->
        {
            context.getSystem().receptionist().tell(
                Receptionist.register(ExperimentProtocol.SERVICE_KEY, context.getSelf()));
            return Behaviors.receive(ExperimentProtocol.Command.class)
                .onMessage(ExperimentProtocol.RunExperiment.class, (message) ->
                {
                    final ActorRef<ExperimentProtocol.Event> replyTo = message.replyTo();
                    replyTo.tell(new ExperimentProtocol.Accepted(node, pending.getAndIncrement()));
                    worker.execute(() ->
                    {
                        try
                        {
                            run(platform, message.request(), replyTo);
                        }
                        finally
                        {
                            pending.decrementAndGet();
                        }
                    });
                    return Behaviors.same();
                })
                .build();
        });
    }

    /**
     * Runs one request on the calling thread (the experiment thread) and tells the client how it goes.
     *
     * @param platform the platform.
     * @param request  the request.
     * @param replyTo  the client.
     */
    static void run(final SimPlatform platform, final ExperimentRequest request,
        final ActorRef<ExperimentProtocol.Event> replyTo)
    {
        try
        {
            final SimParameters base = SimParameters.calibrated();
            final Map<Experiment, ExperimentSettings> resolved = request.resolve(base);
            if (1 != resolved.size())
            {
                throw new UserInputException("ask the sim node for one experiment at a time, not '" +
                    request.name() + "'");
            }
            final Map.Entry<Experiment, ExperimentSettings> only = resolved.entrySet().iterator().next();
            SimPlatform.requireClusterSchemes(only.getValue().schemes());
            LOGGER.info("running experiment {} for {}", request.name(), replyTo.path().address());
            final ExperimentRunner runner = new ExperimentRunner(base, 1, new ProgressRelay(replyTo),
                platform.hookFactory());
            final ExperimentResult result = runner.run(only.getKey(), only.getValue());
            send(ResultJson.toJson(result), replyTo);
            LOGGER.info("experiment {} done", request.name());
        }
        catch (final UserInputException ex)
        {
            replyTo.tell(new ExperimentProtocol.Failed(ex.getMessage()));
        }
        catch (final RuntimeException ex)
        {
            LOGGER.warn("experiment {} failed", request.name(), ex);
            replyTo.tell(new ExperimentProtocol.Failed(request.name() + " failed on the sim node: " +
                (null == ex.getMessage() ? ex.toString() : ex.getMessage())));
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
}
