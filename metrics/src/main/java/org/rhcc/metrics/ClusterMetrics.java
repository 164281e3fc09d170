package org.rhcc.metrics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.AskPattern;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.Member;
import org.apache.pekko.cluster.MemberStatus;
import org.apache.pekko.cluster.sharding.ShardRegion;
import org.apache.pekko.cluster.sharding.typed.GetShardRegionState;
import org.apache.pekko.cluster.sharding.typed.javadsl.ClusterSharding;
import org.apache.pekko.cluster.typed.Cluster;
import org.rhcc.actors.config.NodeSettings;
import org.rhcc.actors.sender.QpBlockSharding;

/**
 * The cluster as this node sees it: members by status, unreachable members, the QP-block shards and entities this
 * node hosts for each sender host it owns (asked from its shard region at scrape time, {@link #SHARD_ASK_TIMEOUT} at
 * most), and the node itself ({@code rhcc_node_info}: its address and roles).
 */
final class ClusterMetrics implements MultiCollector
{
    /** Longest a scrape waits for a shard region's state. */
    static final Duration SHARD_ASK_TIMEOUT = Duration.ofSeconds(2);

    private static final MemberStatus[] STATUSES = { MemberStatus.joining(), MemberStatus.weaklyUp(),
        MemberStatus.up(), MemberStatus.leaving(), MemberStatus.exiting(), MemberStatus.down(),
        MemberStatus.removed() };

    private final ActorSystem<?> system;
    private final NodeSettings settings;

    /**
     * @param system   the node's actor system.
     * @param settings the node's settings.
     */
    ClusterMetrics(final ActorSystem<?> system, final NodeSettings settings)
    {
        this.system = system;
        this.settings = settings;
    }

    @Override
    public MetricSnapshots collect()
    {
        final Cluster cluster = Cluster.get(system);
        final ClusterEvent.CurrentClusterState state = cluster.state();
        final Map<String, Integer> byStatus = new LinkedHashMap<>();
        for (final MemberStatus status : STATUSES)
        {
            byStatus.put(statusName(status), 0);
        }
        for (final Member member : state.getMembers())
        {
            byStatus.merge(statusName(member.status()), 1, Integer::sum);
        }
        final GaugeSnapshot.Builder members = GaugeSnapshot.builder().name("rhcc_cluster_members")
            .help("Members of the cluster this node knows of, by status");
        byStatus.forEach((status, n) -> members.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
            .labels(Labels.of("status", status)).value(n).build()));
        final List<MetricSnapshot> snapshots = new ArrayList<>();
        snapshots.add(members.build());
        snapshots.add(gauge("rhcc_cluster_unreachable_members",
            "Members this node's failure detector (or another member's) marks unreachable",
            state.getUnreachable().size()));
        snapshots.add(GaugeSnapshot.builder().name("rhcc_node_info")
            .help("This node: its cluster address, its roles and its status (the value is 1)")
            .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                .labels(Labels.of("address", cluster.selfMember().address().toString(), "roles",
                    String.join(",", settings.roles()), "status", statusName(cluster.selfMember().status())))
                .value(1).build())
            .build());
        if (settings.hasRole(NodeSettings.ROLE_SENDER))
        {
            shards(snapshots);
        }
        return new MetricSnapshots(snapshots);
    }

    private void shards(final List<MetricSnapshot> snapshots)
    {
        final GaugeSnapshot.Builder shards = GaugeSnapshot.builder().name("rhcc_cluster_shards")
            .help("QP-block shards of a sender host's entity type hosted on this node");
        final GaugeSnapshot.Builder entities = GaugeSnapshot.builder().name("rhcc_cluster_entities")
            .help("QP-block entities (sender blocks) of a sender host's entity type hosted on this node");
        for (final int host : settings.senderHosts())
        {
            final ShardRegion.CurrentShardRegionState region = regionState(host);
            if (null == region)
            {
                continue;
            }
            int hosted = 0;
            for (final ShardRegion.ShardState shard : region.getShards())
            {
                hosted += shard.getEntityIds().size();
            }
            final Labels labels = Labels.of("entity_type", QpBlockSharding.TYPE_PREFIX + host);
            shards.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels)
                .value(region.getShards().size()).build());
            entities.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(hosted).build());
        }
        snapshots.add(shards.build());
        snapshots.add(entities.build());
    }

    private ShardRegion.CurrentShardRegionState regionState(final int senderHostId)
    {
        try
        {
            return AskPattern.<org.apache.pekko.cluster.sharding.typed.ClusterShardingQuery,
                ShardRegion.CurrentShardRegionState>ask(ClusterSharding.get(system).shardState(),
                (replyTo) -> new GetShardRegionState(QpBlockSharding.typeKey(senderHostId), replyTo),
                SHARD_ASK_TIMEOUT, system.scheduler())
                .toCompletableFuture().get(SHARD_ASK_TIMEOUT.toMillis() + 500, TimeUnit.MILLISECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return null;
        }
        catch (final Exception ex)
        {
            // the region did not answer in time (the node is starting or stopping): no data point this scrape
            return null;
        }
    }

    private static GaugeSnapshot gauge(final String name, final String help, final double value)
    {
        return GaugeSnapshot.builder().name(name).help(help)
            .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().value(value).build()).build();
    }

    /**
     * @param status a member status.
     * @return its name as a label value: {@code up}, {@code weakly_up}, {@code joining}, ...
     */
    static String statusName(final MemberStatus status)
    {
        return status.toString().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }
}
