/**
 * A local cluster for simulated experiments: the sim node in this JVM and the controller roles in it or in child
 * JVMs on loopback.
 */
package org.rhcc.actors.cluster;
