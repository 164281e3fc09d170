/**
 * The live dashboard of a run: a web page with the run's time series, updated as the simulation advances and
 * scrubbable once it has finished.
 */
package org.rhcc.dashboard;
