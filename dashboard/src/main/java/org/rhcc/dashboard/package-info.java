/**
 * The live dashboard of a run (docs/design.md §9): a web page with the run's time series, updated as the simulation
 * advances and scrubbable once it has finished. {@link org.rhcc.dashboard.DashboardFeed} holds what is shown (fed by
 * the experiment runner's telemetry, or read from a result's JSON) and streams it to each open page as server-sent
 * events; {@link org.rhcc.dashboard.DashboardServer} serves the page, uPlot from its webjar, the state and the events,
 * or relays another server's.
 */
package org.rhcc.dashboard;
