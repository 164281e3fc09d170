/**
 * hostCC (SIGCOMM 2023) emulated for RDMA: the NIC-side response used as a baseline against RHCC.
 */
package org.rhcc.core.hostcc;
