package org.rhcc.clusterservice;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import com.typesafe.config.Config;
import org.apache.pekko.Done;
import org.apache.pekko.actor.ActorSelection;
import org.apache.pekko.actor.CoordinatedShutdown;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.PostStop;
import org.apache.pekko.actor.typed.Props;
import org.apache.pekko.actor.typed.Terminated;
import org.apache.pekko.actor.typed.javadsl.Adapter;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
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
 * {@code rhcc experiment NAME --cluster HOST:PORT}: a client of a running rhcc cluster that is <em>not</em> a member
 * of it. Its actor system is a plain Artery endpoint ({@code pekko.actor.provider = remote}, the cluster's transport
 * and, over TLS, a key from the cluster's CA), so no member ever counts it in a split-brain decision, and a client that
 * stalls or dies can be neither downed nor the reason anything else is (docs/design.md §7, "Clients"). It asks the
 * sim node at HOST:PORT for its experiment service ({@link ExperimentService}, at {@link #SERVICE_PATH}), asks for each
 * experiment in turn, follows its runs and rebuilds the result from the JSON the sim node sends. Each side watches
 * the other: a sim node that stops or cannot be reached fails the experiment here with one line saying so, and a
 * client that goes away has its experiment cancelled on the sim node (its session closed, the queue freed); a client
 * that closes while it follows an experiment (Ctrl-C included) tells the sim node so before its transport stops, so
 * that the cancellation does not wait for the sim node to notice.
 */
public final class ExperimentClient implements AutoCloseable
{
    /** Path of the experiment service on a sim node. */
    public static final String SERVICE_PATH = "/system/" + ExperimentService.NAME;

    private static final AtomicInteger REQUESTS = new AtomicInteger();

    private final ActorSystem<Void> system;
    private final String seed;
    private final Duration timeout;
    private ActorRef<ExperimentProtocol.Command> service;
    /** The collector of the experiment {@link #run} follows, null between experiments. */
    private volatile ActorRef<ExperimentProtocol.Event> following;

    private ExperimentClient(final ActorSystem<Void> system, final String seed, final Duration timeout)
    {
        this.system = system;
        this.seed = seed;
        this.timeout = timeout;
    }

    /**
     * Starts the client's Artery endpoint and finds the sim node's experiment service.
     *
     * @param hostPort the Artery host and port of the cluster's sim node.
     * @param config   this client's configuration (the cluster's profile and the client's TLS keys), or null for
     *                 application.conf alone.
     * @return the client, connected.
     * @throws UserInputException for a bad address or setting, or when no experiment service answers there within
     *                            {@code rhcc.node.join-timeout}.
     */
    public static ExperimentClient connect(final String hostPort, final Path config)
    {
        final String seed = seedAddress(hostPort);
        final Map<String, Object> overrides = new LinkedHashMap<>();
        overrides.put("pekko.actor.provider", "remote");
        overrides.put("pekko.cluster.seed-nodes", List.of());
        overrides.put("pekko.remote.artery.canonical.port", 0);
        // the client says itself, in one line, what went wrong; Pekko's warnings about the connections it closes when
        // it stops would only be noise after the results
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
        final ExperimentClient client = new ExperimentClient(
            ActorSystem.create(Behaviors.empty(), RhccNode.SYSTEM_NAME, resolved), seed, timeout);
        try
        {
            client.service = client.findService();
            client.cancelOnShutdown();
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

    /**
     * Runs one experiment on the cluster's sim node.
     *
     * @param request    the command line's request for this experiment.
     * @param experiment the experiment.
     * @param settings   its settings, as resolved here (to plan the same runs the sim node plans).
     * @param listener   progress display.
     * @return the result, as an in-process run would have given it.
     * @param notices    told each line the sim node reports about the run (a fail-safe, a takeover).
     * @return the result, as an in-process run would have given it.
     * @throws UserInputException if no sim node serves experiments there.
     * @throws ExperimentFailedException if the sim node could not run it, stopped or could not be reached.
     */
    public ExperimentResult run(final ExperimentRequest request, final Experiment experiment,
        final ExperimentSettings settings, final RunListener listener, final Consumer<String> notices)
    {
        return run(request.forExperiment(experiment), experiment.plan(settings), listener, notices);
    }

    /**
     * @param request  a request for one experiment.
     * @param plan     its runs, as planned here.
     * @param listener progress display.
     * @param notices  the sim node's lines about the run.
     */
    ExperimentResult run(final ExperimentRequest request, final List<PlannedRun> plan, final RunListener listener,
        final Consumer<String> notices)
    {
        final BlockingQueue<ExperimentProtocol.Event> events = new LinkedBlockingQueue<>();
        following = system.systemActorOf(collector(service, request, events),
            "experiment-" + REQUESTS.incrementAndGet(), Props.empty());
        try
        {
            return follow(request, plan, listener, notices, events);
        }
        finally
        {
            following = null;
        }
    }

    private static ExperimentResult follow(final ExperimentRequest request, final List<PlannedRun> plan,
        final RunListener listener, final Consumer<String> notices,
        final BlockingQueue<ExperimentProtocol.Event> events)
    {
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
            else if (event instanceof ExperimentProtocol.Notice notice)
            {
                notices.accept(notice.line());
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
                .onSignal(PostStop.class, (stopped) ->
                {
                    // the client's own system stops (close() from another thread, or the JVM's shutdown; the sim node
                    // was told by the shutdown task of connect()): nothing more will come. After the experiment's
                    // last event this one is never read: run() has returned.
                    events.add(new ExperimentProtocol.Failed("this client stopped before " + request.name() +
                        " finished"));
                    return Behaviors.same();
                })
                .onSignal(Terminated.class, (terminated) ->
                {
                    events.add(new ExperimentProtocol.Failed("lost the sim node " + service.path().address() +
                        " before " + request.name() + " finished: it stopped, or this client could not reach it " +
                        "for longer than pekko.remote.watch-failure-detector allows (its log says which); the " +
                        "controllers' journals keep the decisions made so far"));
                    return Behaviors.stopped();
                })
                .build();
        });
    }

    /**
     * Tells the sim node to cancel the experiment this client follows as the first task of the client's shutdown
     * ({@link #close()}, or the JVM's shutdown on Ctrl-C), while its transport still carries messages: a remote death
     * watch does not reach the sim node from a system that stops (its notifications go out after the transport's
     * last flush), so the sim node would otherwise run the experiment on until its failure detector gives the client
     * up, and the next client's experiment would wait for it.
     */
    private void cancelOnShutdown()
    {
        CoordinatedShutdown.get(Adapter.toClassic(system)).addTask(CoordinatedShutdown.PhaseBeforeServiceUnbind(),
            "rhcc-cancel-experiment", () ->
            {
                final ActorRef<ExperimentProtocol.Event> collector = following;
                if (null != collector)
                {
                    service.tell(new ExperimentProtocol.Cancel(collector));
                }
                return CompletableFuture.completedFuture(Done.getInstance());
            });
    }

    /**
     * Resolves the experiment service at the sim node's address, retrying until {@code rhcc.node.join-timeout}.
     */
    private ActorRef<ExperimentProtocol.Command> findService()
    {
        final ActorSelection selection = Adapter.toClassic(system).actorSelection(seed + SERVICE_PATH);
        final long deadlineNs = System.nanoTime() + timeout.toNanos();
        String why = "no answer";
        while (true)
        {
            try
            {
                final org.apache.pekko.actor.ActorRef service = selection.resolveOne(Duration.ofSeconds(2))
                    .toCompletableFuture().get(3, TimeUnit.SECONDS);
                return Adapter.toTyped(service);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new ExperimentFailedException("interrupted while finding the sim node");
            }
            catch (final ExecutionException | TimeoutException ex)
            {
                why = null == ex.getCause() ? ex.toString() : ex.getCause().getMessage();
            }
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new UserInputException("found no experiment service at " + seed + " within " +
                    timeout.toSeconds() + " s (rhcc.node.join-timeout; " + why + "): check that a node started " +
                    "with --role sim runs there (--cluster names the sim node), and that --config gives this client " +
                    "the cluster's transport and a key from its CA (rhcc certs)");
            }
            pause();
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
            throw new ExperimentFailedException("interrupted while finding the sim node");
        }
    }

    /**
     * Stops this client's actor system (an experiment it still follows is cancelled on the sim node).
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
            // stopping is best effort: the sim node notices a client that is gone
        }
    }
}
