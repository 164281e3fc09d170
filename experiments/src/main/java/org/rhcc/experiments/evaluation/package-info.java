/**
 * The paper's evaluation re-run on the simulator: rhcc against dcqcn, hostcc (as published, and over RHCC's level
 * table as hostcc-5level) and the two ablations under intra-host congestion, incast, parameter sweeps and QP scale.
 * The outcomes emerge from the controllers and the calibrated model.
 */
package org.rhcc.experiments.evaluation;
