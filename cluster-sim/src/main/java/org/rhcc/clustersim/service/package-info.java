/**
 * A sim node serving experiments to clients of its cluster: {@link org.rhcc.clustersim.service.SimPlatformHost} runs
 * the {@link org.rhcc.clustersim.service.ExperimentService} on a node started with {@code rhcc node --role sim}, and
 * {@link org.rhcc.clustersim.service.ExperimentClient} joins the cluster for {@code rhcc experiment NAME --cluster},
 * asks for the experiment, follows its runs and receives the result (docs/design.md §6).
 */
package org.rhcc.clustersim.service;
