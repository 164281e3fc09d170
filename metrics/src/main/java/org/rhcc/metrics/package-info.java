/**
 * What a running node tells its operator (docs/design.md §7.1; README.md, "Operating rhcc"): {@code /metrics},
 * Prometheus metrics read at scrape time from the node's Aeron counters ({@link org.rhcc.metrics.CounterMetrics}),
 * its sender hosts' R_rev samples ({@link org.rhcc.metrics.ReceivableRateSummary}) and its cluster state
 * ({@link org.rhcc.metrics.ClusterMetrics}), with the JVM's; {@code /health} and {@code /ready}
 * ({@link org.rhcc.metrics.NodeReadiness}); served by {@link org.rhcc.metrics.NodeEndpoint} on every node and, for
 * {@code rhcc experiment --metrics-port}, with an experiment's progress (the command's own metrics,
 * {@code cli/src/main/java/org/rhcc/cli/ExperimentMetrics.java}). It does not depend on the experiment harness.
 */
package org.rhcc.metrics;
