/**
 * Transport measurements, reusable from tests, the bench module and the command line: IPC ping-pong latency of an
 * {@code IioSample -> MbaLevelCommand} round trip into an HdrHistogram, and one-way {@code ProbeAck} throughput.
 */
package org.rhcc.bench.transport;
