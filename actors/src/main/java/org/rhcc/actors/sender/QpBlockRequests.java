package org.rhcc.actors.sender;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.apache.pekko.Done;
import org.apache.pekko.actor.typed.ActorSystem;
import org.rhcc.actors.config.SessionSpec;

/**
 * The requests a sender session's {@link RateUpdaterActor} makes of its QP blocks' {@link QpBlockEntity entities},
 * through the sharding of the session's sender host ({@link QpBlockSharding}): open every block at the start of the
 * session, finish every block at its end.
 */
final class QpBlockRequests
{
    /** Longest wait for one attempt to open a block ({@link #openBlock}). */
    private static final Duration OPEN_ATTEMPT = Duration.ofMillis(500);

    private final ActorSystem<?> system;
    private final SessionSpec spec;
    private final int blockCount;
    private final Duration askTimeout;

    /**
     * @param system     the node's actor system.
     * @param spec       the session.
     * @param blockCount the session's QP blocks.
     * @param askTimeout longest all the blocks may take to answer ({@code rhcc.control.ask-timeout}).
     */
    QpBlockRequests(final ActorSystem<?> system, final SessionSpec spec, final int blockCount,
        final Duration askTimeout)
    {
        this.system = system;
        this.spec = spec;
        this.blockCount = blockCount;
        this.askTimeout = askTimeout;
    }

    /**
     * @return completes once every block is open and registered with this node's rate updater; fails if a block did
     *         not open in time or opened on a node without it.
     */
    CompletableFuture<Void> openAll()
    {
        final CompletableFuture<?>[] opened = new CompletableFuture<?>[blockCount];
        final long deadlineNs = System.nanoTime() + askTimeout.toNanos();
        for (int block = 0; block < blockCount; block++)
        {
            opened[block] = openBlock(block, deadlineNs).thenApply((o) ->
            {
                if (!o.registered())
                {
                    throw new IllegalStateException("block " + o.block() + " of session " + spec.sessionId() +
                        " opened on a node without this session's rate updater: its shard is not on this node");
                }
                return o;
            }).toCompletableFuture();
        }
        return CompletableFuture.allOf(opened);
    }

    /**
     * Opens a block, asking again every {@link #OPEN_ATTEMPT} until the ask timeout: while a departed node is being
     * removed from the cluster its region may still be the home of the block's shard, and an Open sent there is lost
     * (Open is idempotent, so asking again is safe).
     */
    private CompletionStage<QpBlockEntity.Opened> openBlock(final int block, final long deadlineNs)
    {
        final Duration remaining = Duration.ofNanos(Math.max(0, deadlineNs - System.nanoTime()));
        final Duration attempt = remaining.compareTo(OPEN_ATTEMPT) < 0 ? remaining : OPEN_ATTEMPT;
        return QpBlockSharding.entityRef(system, spec.senderHostId(), spec.sessionId(), block)
            .<QpBlockEntity.Opened>ask((replyTo) -> new QpBlockEntity.Open(spec, replyTo), attempt)
            .handle((opened, error) -> null == error ? CompletableFuture.completedFuture(opened) :
                System.nanoTime() - deadlineNs < 0 ? openBlock(block, deadlineNs) :
                CompletableFuture.<QpBlockEntity.Opened>failedFuture(error))
            .thenCompose((stage) -> stage);
    }

    /**
     * @return completes once every block has closed its window and journaled it; fails if one did not in time.
     */
    CompletableFuture<Void> finishAll()
    {
        final CompletableFuture<?>[] finished = new CompletableFuture<?>[blockCount];
        for (int block = 0; block < blockCount; block++)
        {
            finished[block] = QpBlockSharding.entityRef(system, spec.senderHostId(), spec.sessionId(), block)
                .<Done>ask(QpBlockEntity.Finish::new, askTimeout).toCompletableFuture();
        }
        return CompletableFuture.allOf(finished);
    }
}
