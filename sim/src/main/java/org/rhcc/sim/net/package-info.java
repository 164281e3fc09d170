/**
 * The inter-host network as a packet-level discrete-event model (docs/model.md §4.1-§4.3): sender NICs with one DCQCN
 * reaction point per QP, a switch with a shared buffer, RED/ECN and PFC, and the receiver NIC's RX buffer with PFC or
 * drops and go-back-N, plus fluid TCP flows on the receiver's second port. Packets and events live in primitive
 * arrays; nothing is allocated per packet.
 */
package org.rhcc.sim.net;
