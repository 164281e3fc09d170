/**
 * A real receiver host for a receiver node: {@link org.rhcc.nativeio.host.ReceiverHost} opens the IRP occupancy
 * counter, the resctrl MBA groups, the heartbeat and the shutdown hook from the node's configuration
 * ({@link org.rhcc.nativeio.host.ReceiverHostSettings}, {@code rhcc.receiver.host}); the node's controller reaches
 * them through {@link org.rhcc.nativeio.host.HostIioSensor} and {@link org.rhcc.nativeio.host.HostMbaActuator}.
 */
package org.rhcc.nativeio.host;
