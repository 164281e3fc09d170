/**
 * Core ports carried over Aeron: proxies that implement a port by publishing its calls as messages, and a dispatcher
 * that turns received messages back into port calls, so a controller and a platform (the simulator, a NIC agent) in
 * different processes talk through the same interfaces as in one process.
 */
package org.rhcc.transport.port;
