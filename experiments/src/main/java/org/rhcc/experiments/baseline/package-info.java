/**
 * The baseline experiments: the paper's no-controller measurements (docs/paper.md §4, rows B1-B15) reproduced on the
 * simulator, each with its charts and its paper-versus-simulated rows.
 */
package org.rhcc.experiments.baseline;
