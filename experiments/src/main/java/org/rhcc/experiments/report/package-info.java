/**
 * Presenting results: the stdout table, the PNG charts and the markdown comparison with the paper's baseline rows.
 */
package org.rhcc.experiments.report;
