/**
 * rhcc's calibrated host + network simulator (docs/model.md): the receiver host's intra-host network (RNIC, PCIe, IIO,
 * DDIO/LLC, CHA, memory controller, CPU traffic, MBA) as a fixed-step fluid model, and the inter-host network
 * (links, switch, ECN, PFC, DCQCN, TCP) as events. Entry point: {@link org.rhcc.sim.Simulation}.
 */
package org.rhcc.sim;
