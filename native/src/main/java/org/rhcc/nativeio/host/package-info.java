/**
 * A real receiver host for a receiver node: {@link org.rhcc.nativeio.host.ReceiverHost} opens the IRP occupancy
 * counter, the resctrl MBA groups, the heartbeat and the shutdown hook from the node's configuration
 * ({@link org.rhcc.nativeio.host.ReceiverHostSettings}, {@code rhcc.receiver.host}); the node's controller reads
 * its sensor and writes its MBA actuator ({@code rhcc node} hands both to the node when
 * {@code rhcc.receiver.hardware = host}).
 */
package org.rhcc.nativeio.host;
