/**
 * Ports between the RHCC algorithms and a platform: the simulator, Linux (MSR, resctrl) or a NIC (DOCA PCC).
 */
package org.rhcc.core.port;
