/**
 * The fail-safe of rhcc's MBA actuation (docs/design.md §7, docs/platform.md §5.1-§5.2): throttling only ever takes
 * bandwidth away from CPU applications, so a controller that dies while throttled must not leave the host throttled.
 * Three layers: a start-up reset (in the actuators), a JVM shutdown hook ({@link
 * org.rhcc.nativeio.failsafe.ShutdownHookGuard}, covers SIGTERM, SIGINT, {@code System.exit}), and an external
 * watchdog process ({@link org.rhcc.nativeio.failsafe.FailsafeWatchdog}, covers SIGKILL, the OOM killer and JVM
 * crashes) fed by the controller's {@link org.rhcc.nativeio.failsafe.HeartbeatWriter}.
 */
package org.rhcc.nativeio.failsafe;
