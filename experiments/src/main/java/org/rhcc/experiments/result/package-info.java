/**
 * Experiment results as data: the run records, and their JSON and CSV forms (written and read back).
 */
package org.rhcc.experiments.result;
