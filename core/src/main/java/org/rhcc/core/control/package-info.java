/**
 * Schemes (dcqcn, rhcc, hostcc, rnic-only, cpu-only) assembled from the core algorithms and bound to a platform's
 * ports; shared by the simulator's in-process runs and the distributed controller.
 */
package org.rhcc.core.control;
