/**
 * Core ports carried over Aeron: {@link org.rhcc.core.port.MbaActuator} and {@link org.rhcc.core.port.EcnMarkingPort}
 * implemented by publishing each call as a message on a platform's command stream (the simulator applies it), so a
 * controller drives a platform in another process through the same interfaces as in one process.
 */
package org.rhcc.transport.port;
