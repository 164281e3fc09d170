package org.rhcc.clusterservice;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.pekko.actor.typed.ActorRef;
import org.rhcc.actors.CborSerializable;
import org.rhcc.experiments.ExperimentRequest;

/**
 * Between a client of the cluster and the experiment service of a sim node: the client asks for one experiment and
 * is told, in order, {@link Accepted}, {@link RunStarted} / {@link RunProgress} / {@link RunFinished} for each run
 * (with a {@link Notice} whenever a run loses a controller), then the result as {@link ResultChunk}s of its JSON, or
 * {@link Failed}.
 */
public final class ExperimentProtocol
{
    /** Characters of the result's JSON per {@link ResultChunk}: far below Artery's largest frame (256 KiB). */
    public static final int CHUNK_CHARS = 32 * 1024;

    private ExperimentProtocol()
    {
    }

    /**
     * Requests to the service.
     */
    public interface Command extends CborSerializable
    {
    }

    /**
     * Runs one experiment ({@link ExperimentRequest#name()} names exactly one) on the sim node's platform.
     *
     * @param request the experiment and its options, as the command line gave them.
     * @param replyTo told the progress and the result.
     */
    public record RunExperiment(ExperimentRequest request, ActorRef<Event> replyTo) implements Command
    {
    }

    /**
     * The client stops following its experiment because it is closing (its actor system stops: {@code close()}, or
     * the JVM's shutdown on Ctrl-C): the service cancels the experiment, queued or running, as it does for a client
     * it has lost, without waiting for the remote failure detector or a death watch to tell it.
     *
     * @param replyTo the collector the experiment was asked for with ({@link RunExperiment#replyTo()}).
     */
    public record Cancel(ActorRef<Event> replyTo) implements Command
    {
        /**
         * @param replyTo the collector the experiment was asked for with.
         */
        @JsonCreator
        public Cancel
        {
        }
    }

    /**
     * What the client is told.
     */
    public interface Event extends CborSerializable
    {
    }

    /**
     * The request is queued.
     *
     * @param node   the sim node's address.
     * @param queued experiments of other clients to run first.
     */
    public record Accepted(String node, int queued) implements Event
    {
    }

    /**
     * A run started.
     *
     * @param index the run's position in the experiment's plan.
     */
    public record RunStarted(int index) implements Event
    {
        /**
         * @param index the run's position in the experiment's plan.
         */
        @JsonCreator
        public RunStarted
        {
        }
    }

    /**
     * A run's progress.
     *
     * @param index        the run's position in the plan.
     * @param fractionDone simulated time done over the run's total, 0..1.
     */
    public record RunProgress(int index, double fractionDone) implements Event
    {
    }

    /**
     * A run ended.
     *
     * @param index    the run's position in the plan.
     * @param rnicGbps its RDMA goodput, Gbit/s.
     */
    public record RunFinished(int index, double rnicGbps) implements Event
    {
    }

    /**
     * One piece of the result's JSON ({@code ResultJson.toJson}); the pieces come in order.
     *
     * @param index position of this piece, from 0.
     * @param count number of pieces.
     * @param json  the text of this piece.
     */
    public record ResultChunk(int index, int count, String json) implements Event
    {
    }

    /**
     * Something an operator must know happened during a run: the simulated receiver host's fail-safe entered or left, a
     * controller taken over by a standby.
     *
     * @param line what happened, one line.
     */
    public record Notice(String line) implements Event
    {
        /**
         * @param line what happened, one line.
         */
        @JsonCreator
        public Notice
        {
        }
    }

    /**
     * The experiment could not run.
     *
     * @param reason why, on one line.
     */
    public record Failed(String reason) implements Event
    {
        /**
         * @param reason why, on one line.
         */
        @JsonCreator
        public Failed
        {
        }
    }
}
