package org.rhcc.dashboard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.rhcc.experiments.Experiment;
import org.rhcc.experiments.ExperimentRegistry;
import org.rhcc.experiments.LiveWindows;
import org.rhcc.experiments.RunListener;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.result.ExperimentResult;
import org.rhcc.experiments.result.ResultJson;

/**
 * What the dashboard shows and the pages following it: the experiments with their runs, and one event stream per
 * open page. A page first gets a {@code snapshot} (everything so far), then every change as one event:
 * <ul>
 * <li>{@code experiment}: an experiment planned, with its runs (the snapshot's form of one experiment);</li>
 * <li>{@code run}: a run started, progressed or finished ({@code experiment}, {@code index}, {@code state},
 * {@code fraction}; once finished its {@code metrics} and {@code stationary});</li>
 * <li>{@code windows}: a run's new points ({@code series}: columns to append, named as in its JSON) and the spread
 * over its QPs at the tick ({@code qps});</li>
 * <li>{@code experiment-finished}: every run of an experiment finished;</li>
 * <li>{@code closing}: the server stops; nothing follows.</li>
 * </ul>
 * Thread-safe: the runner's threads change it while the server's threads stream it. A page gets every change after
 * its snapshot exactly once, in order.
 */
public final class DashboardFeed
{
    private static final String SNAPSHOT = "snapshot";

    private final String mode;
    private final Map<String, ExperimentView> experiments = new LinkedHashMap<>();
    private final List<Subscription> subscriptions = new ArrayList<>();
    private final CountDownLatch firstPage = new CountDownLatch(1);
    private long nextEventId = 1;
    private boolean closed;

    private DashboardFeed(final String mode)
    {
        this.mode = mode;
    }

    /**
     * @return an empty feed that {@link #listener()} fills while an experiment runs.
     */
    public static DashboardFeed live()
    {
        return new DashboardFeed("live");
    }

    /**
     * Reads the results {@code rhcc experiment} wrote into a directory: every {@code NAME.json} of a known
     * experiment, in the registry's order, or only one.
     *
     * @param directory  the {@code --out} directory of {@code rhcc experiment}.
     * @param experiment the experiment to show, or null for every result in {@code directory}.
     * @return a feed of finished experiments.
     * @throws UserInputException when {@code directory} is not a directory, holds no result (or not that of
     *                            {@code experiment}), a result cannot be read, or {@code experiment} is unknown.
     */
    public static DashboardFeed fromResults(final Path directory, final String experiment)
    {
        if (!Files.isDirectory(directory))
        {
            throw new UserInputException("--from '" + directory + "' is not a directory; give the --out directory " +
                "of 'rhcc experiment'");
        }
        final ExperimentRegistry registry = ExperimentRegistry.builtIn();
        final List<String> names = new ArrayList<>();
        if (null == experiment)
        {
            registry.all().forEach((known) -> names.add(known.name()));
        }
        else
        {
            final Experiment known = registry.find(experiment);
            if (null == known)
            {
                throw new UserInputException("unknown experiment '" + experiment + "'; known experiments: " +
                    String.join(", ", registry.all().stream().map(Experiment::name).toList()));
            }
            names.add(known.name());
        }
        final DashboardFeed feed = new DashboardFeed("replay");
        for (final String name : names)
        {
            final Path json = directory.resolve(name + ".json");
            if (Files.isRegularFile(json))
            {
                final ExperimentView view = ExperimentView.of(read(json));
                feed.experiments.put(view.name(), view);
            }
        }
        if (feed.experiments.isEmpty())
        {
            throw new UserInputException(null == experiment ?
                "no experiment results (NAME.json) in '" + directory + "'; run 'rhcc experiment NAME --out " +
                    directory + "' first" :
                "no " + experiment + ".json in '" + directory + "'; run 'rhcc experiment " + experiment + " --out " +
                    directory + "' first");
        }
        return feed;
    }

    /**
     * @return a listener that shows an experiment's runs here as they are simulated (one experiment after the other
     * for {@code rhcc experiment all}).
     */
    public RunListener listener()
    {
        return new LiveRunListener(this);
    }

    /**
     * @return the number of experiments shown.
     */
    public synchronized int experimentCount()
    {
        return experiments.size();
    }

    /**
     * @return everything so far, as the {@code snapshot} event and {@code GET /api/state} give it.
     */
    public synchronized ObjectNode snapshot()
    {
        final ObjectNode node = Json.object();
        node.put("mode", mode);
        node.put("closed", closed);
        final ArrayNode list = node.putArray("experiments");
        experiments.values().forEach((experiment) -> list.add(experiment.json()));
        return node;
    }

    /**
     * Waits for the first page to open the event stream.
     *
     * @param timeoutMs how long to wait, ms.
     * @return true once a page has subscribed, false on timeout.
     * @throws InterruptedException if interrupted while waiting.
     */
    public boolean awaitFirstPage(final long timeoutMs) throws InterruptedException
    {
        return firstPage.await(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /**
     * Tells every page that the server stops, and ends their streams after what they have queued.
     */
    public synchronized void close()
    {
        if (closed)
        {
            return;
        }
        publish("closing", Json.object());
        closed = true;
        subscriptions.forEach(Subscription::end);
        subscriptions.clear();
    }

    /**
     * @return a new page's stream, its snapshot first; an ended stream once the feed is closed.
     */
    synchronized Subscription subscribe()
    {
        final Subscription subscription = new Subscription();
        subscription.offer(SseEvent.frame(nextEventId++, SNAPSHOT, Json.text(snapshot())));
        if (closed)
        {
            subscription.end();
        }
        else
        {
            subscriptions.add(subscription);
        }
        firstPage.countDown();
        return subscription;
    }

    /**
     * @param subscription a page's stream whose page has gone.
     */
    synchronized void unsubscribe(final Subscription subscription)
    {
        subscriptions.remove(subscription);
        subscription.end();
    }

    synchronized void planned(final ExperimentView experiment)
    {
        experiments.put(experiment.name(), experiment);
        publish("experiment", experiment.json());
    }

    synchronized void runChanged(final String experiment, final int index, final Consumer<RunView> change)
    {
        final RunView run = run(experiment, index);
        change.accept(run);
        final ObjectNode data = run.status();
        data.put("experiment", experiment);
        publish("run", data);
    }

    synchronized void windows(final String experiment, final int index, final LiveWindows windows)
    {
        final ObjectNode data = run(experiment, index).append(windows);
        data.put("experiment", experiment);
        data.put("index", index);
        publish("windows", data);
    }

    synchronized void experimentFinished(final String experiment)
    {
        final ExperimentView view = experiments.get(experiment);
        if (null != view)
        {
            view.finished();
            final ObjectNode data = Json.object();
            data.put("experiment", experiment);
            publish("experiment-finished", data);
        }
    }

    private RunView run(final String experiment, final int index)
    {
        final ExperimentView view = experiments.get(experiment);
        if (null == view)
        {
            throw new IllegalStateException("experiment " + experiment + " was not planned on the dashboard");
        }
        return view.run(index);
    }

    private void publish(final String event, final ObjectNode data)
    {
        if (closed)
        {
            return;
        }
        final String frame = SseEvent.frame(nextEventId++, event, Json.text(data));
        subscriptions.removeIf((subscription) ->
        {
            if (subscription.offer(frame))
            {
                return false;
            }
            subscription.end();
            return true;
        });
    }

    private static ExperimentResult read(final Path json)
    {
        try
        {
            return ResultJson.read(json);
        }
        catch (final IOException ex)
        {
            throw new UserInputException("cannot read '" + json + "': " + ex.getMessage(), ex);
        }
    }
}
