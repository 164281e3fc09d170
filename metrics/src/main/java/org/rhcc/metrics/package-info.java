/**
 * What a running node tells its operator: Prometheus metrics read from the node's Aeron counters and cluster state,
 * and the health and readiness endpoints.
 */
package org.rhcc.metrics;
