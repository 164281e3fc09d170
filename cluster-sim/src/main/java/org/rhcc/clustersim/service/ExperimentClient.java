package org.rhcc.clustersim.service;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import com.typesafe.config.Config;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.receptionist.Receptionist;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.typed.Cluster;
import org.rhcc.actors.config.RemotingSecurity;
import org.rhcc.actors.config.RhccConfig;
import org.rhcc.actors.node.RhccNode;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRequest;
import org.rhcc.experiments.ExperimentSettings;
import org.rhcc.experiments.PlannedRun;
import org.rhcc.experiments.RunListener;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultJson;

/**
 * {@code rhcc experiment NAME --cluster HOST:PORT}: joins a running rhcc cluster as a member with the {@code client}
 * role (no Aeron, no journal), finds the experiment service of its sim node ({@link ExperimentService}), asks for each
 * experiment in turn, follows its runs and rebuilds the result from the JSON the sim node sends. Closing it leaves the
 * cluster gracefully. A sim node that leaves or is downed while the client waits fails the experiment with one line.
 */
public final class ExperimentClient implements AutoCloseable
{
    /** Cluster role of a client. */
    public static final String ROLE_CLIENT = "client";

    private static final AtomicInteger REQUESTS = new AtomicInteger();

    private final ActorSystem<Void> system;
    private final String seed;
    private final Duration timeout;

    private ExperimentClient(final ActorSystem<Void> system, final String seed, final Duration timeout)
    {
        this.system = system;
        this.seed = seed;
        this.timeout = timeout;
    }

    /**
     * Joins the cluster.
     *
     * @param hostPort the Artery host and port of a running node (a seed node, usually the sim node).
     * @param config   this client's configuration (the cluster's profile and the client's TLS keys), or null for
     *                 application.conf alone.
     * @return the client, a member of the cluster.
     * @throws UserInputException for a bad address or setting, or when the cluster is not joined within
     *                            {@code rhcc.node.join-timeout}.
     */
    public static ExperimentClient join(final String hostPort, final Path config)
    {
        final String seed = seedAddress(hostPort);
        final Map<String, Object> overrides = new LinkedHashMap<>();
        overrides.put("pekko.cluster.roles", List.of(ROLE_CLIENT));
        overrides.put("pekko.cluster.seed-nodes", List.of(seed));
        overrides.put("pekko.remote.artery.canonical.port", 0);
        // the client says itself, in one line, what went wrong; Pekko's warnings about the connections it closes when
        // it leaves would only be noise after the results
        overrides.put("pekko.loglevel", "ERROR");
        final Config resolved;
        final Duration timeout;
        try
        {
            resolved = RhccConfig.load(config, overrides);
            RemotingSecurity.check(resolved);
            timeout = resolved.getDuration("rhcc.node.join-timeout");
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UserInputException(ex.getMessage());
        }
        final ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), RhccNode.SYSTEM_NAME, resolved);
        final ExperimentClient client = new ExperimentClient(system, seed, timeout);
        try
        {
            client.awaitUp();
            return client;
        }
        catch (final RuntimeException ex)
        {
            client.close();
            throw ex;
        }
    }

    /**
     * @param hostPort {@code HOST:PORT}.
     * @return the seed node's address, {@code pekko://rhcc@HOST:PORT}.
     * @throws UserInputException if it is not HOST:PORT.
     */
    public static String seedAddress(final String hostPort)
    {
        final int colon = hostPort.lastIndexOf(':');
        int port = -1;
        if (colon > 0)
        {
            try
            {
                port = Integer.parseInt(hostPort.substring(colon + 1));
            }
            catch (final NumberFormatException ignore)
            {
                port = -1;
            }
        }
        if (port < 1 || port > 65535)
        {
            throw new UserInputException("--cluster '" + hostPort + "' must be HOST:PORT of a node of the running " +
                "cluster (its pekko.remote.artery.canonical hostname and port), e.g. 10.0.0.1:25520");
        }
        return "pekko://" + RhccNode.SYSTEM_NAME + "@" + hostPort.trim();
    }

    private void awaitUp()
    {
        final Cluster cluster = Cluster.get(system);
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (cluster.selfMember().status() != MemberStatus.up())
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new UserInputException("did not join the cluster at " + seed + " within " +
                    timeout.toSeconds() + " s (rhcc.node.join-timeout): check that a node runs there, and that " +
                    "--config gives this client the cluster's transport and keys from its CA (rhcc certs)");
            }
            pause();
        }
    }

    /**
     * Runs one experiment on the cluster's sim node.
     *
     * @param request    the command line's request for this experiment.
     * @param experiment the experiment.
     * @param settings   its settings, as resolved here (to plan the same runs the sim node plans).
     * @param listener   progress display.
     * @return the result, as an in-process run would have given it.
     * @throws UserInputException if no sim node serves experiments.
     * @throws ExperimentFailedException if the sim node could not run it or left the cluster.
     */
    public ExperimentResult run(final ExperimentRequest request, final Experiment experiment,
        final ExperimentSettings settings, final RunListener listener)
    {
        return run(request.forExperiment(experiment), experiment.plan(settings), listener);
    }

    /**
     * @param request  a request for one experiment.
     * @param plan     its runs, as planned here.
     * @param listener progress display.
     * @return the result.
     */
    ExperimentResult run(final ExperimentRequest request, final List<PlannedRun> plan, final RunListener listener)
    {
        final ActorRef<ExperimentProtocol.Command> service = findService();
        final BlockingQueue<ExperimentProtocol.Event> events = new LinkedBlockingQueue<>();
        system.systemActorOf(collector(service, request, events),
            "experiment-" + REQUESTS.incrementAndGet(), Props.empty());
        final StringBuilder json = new StringBuilder();
        while (true)
        {
            final ExperimentProtocol.Event event = take(events);
            if (event instanceof ExperimentProtocol.Accepted accepted)
            {
                listener.onExperimentStarted(request.name() + " on " + accepted.node() +
                    (accepted.queued() > 0 ? " (after " + accepted.queued() + " queued)" : ""), plan.size(), 1);
            }
            else if (event instanceof ExperimentProtocol.RunStarted started)
            {
                listener.onRunStarted(started.index(), plan.get(started.index()));
            }
            else if (event instanceof ExperimentProtocol.RunProgress progress)
            {
                listener.onRunProgress(progress.index(), progress.fractionDone());
            }
            else if (event instanceof ExperimentProtocol.RunFinished finished)
            {
                listener.onRunFinished(finished.index(), plan.get(finished.index()), finished.rnicGbps());
            }
            else if (event instanceof ExperimentProtocol.ResultChunk chunk)
            {
                json.append(chunk.json());
                if (chunk.index() == chunk.count() - 1)
                {
                    listener.onExperimentFinished(request.name());
                    return parse(json.toString(), request.name());
                }
            }
            else if (event instanceof ExperimentProtocol.Failed failed)
            {
                throw new ExperimentFailedException(failed.reason());
            }
        }
    }

    private static ExperimentResult parse(final String json, final String experiment)
    {
        try
        {
            return ResultJson.fromJson(json);
        }
        catch (final IOException ex)
        {
            throw new ExperimentFailedException("the sim node's result of " + experiment +
                " is not an rhcc result: " + ex.getMessage());
        }
    }

    private static Behavior<ExperimentProtocol.Event> collector(final ActorRef<ExperimentProtocol.Command> service,
        final ExperimentRequest request, final BlockingQueue<ExperimentProtocol.Event> events)
    {
        return Behaviors.setup((context) ->
        {
            context.watch(service);
            service.tell(new ExperimentProtocol.RunExperiment(request, context.getSelf()));
            return Behaviors.receive(ExperimentProtocol.Event.class)
                .onMessage(ExperimentProtocol.Event.class, (event) ->
                {
                    events.add(event);
                    return event instanceof ExperimentProtocol.Failed ||
                        (event instanceof ExperimentProtocol.ResultChunk chunk &&
                        chunk.index() == chunk.count() - 1) ? Behaviors.stopped() : Behaviors.same();
                })
                .onSignal(Terminated.class, (terminated) ->
                {
                    events.add(new ExperimentProtocol.Failed("the sim node " + service.path().address() +
                        " left the cluster before " + request.name() + " finished (its log says why); the " +
                        "controllers' journals keep the decisions made so far"));
                    return Behaviors.stopped();
                })
                .build();
        });
    }

    private ActorRef<ExperimentProtocol.Command> findService()
    {
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (true)
        {
            final Receptionist.Listing listing = await(AskPattern.ask(system.receptionist(),
                (ActorRef<Receptionist.Listing> replyTo) ->
                    Receptionist.find(ExperimentProtocol.SERVICE_KEY, replyTo), timeout, system.scheduler()));
            final Set<ActorRef<ExperimentProtocol.Command>> services =
                listing.getServiceInstances(ExperimentProtocol.SERVICE_KEY);
            if (!services.isEmpty())
            {
                return services.iterator().next();
            }
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new UserInputException("no node of the cluster at " + seed + " runs experiments after " +
                    timeout.toSeconds() + " s: start one with 'rhcc node --role sim'");
            }
            pause();
        }
    }

    private <T> T await(final java.util.concurrent.CompletionStage<T> stage)
    {
        try
        {
            return stage.toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new ExperimentFailedException("interrupted while finding the sim node");
        }
        catch (final ExecutionException | TimeoutException ex)
        {
            throw new ExperimentFailedException("the receptionist did not answer: " + ex);
        }
    }

    private static ExperimentProtocol.Event take(final BlockingQueue<ExperimentProtocol.Event> events)
    {
        try
        {
            return events.take();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new ExperimentFailedException("interrupted while waiting for the sim node");
        }
    }

    private static void pause()
    {
        try
        {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new ExperimentFailedException("interrupted while joining the cluster");
        }
    }

    /**
     * Leaves the cluster (coordinated shutdown's leave phases) and stops this client's actor system.
     */
    public void close()
    {
        system.terminate();
        try
        {
            system.getWhenTerminated().toCompletableFuture().get(30, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        catch (final ExecutionException | TimeoutException ignore)
        {
            // leaving is best effort: the cluster downs a client that is gone
        }
    }
}
