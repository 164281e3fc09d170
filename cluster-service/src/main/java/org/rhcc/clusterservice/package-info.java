/**
 * The experiment harness on the simulated cluster platform (docs/design.md §1, §6). {@link
 * org.rhcc.clusterservice.ClusterHooks} binds the harness's schemes and runs to the lockstep hooks of a
 * {@link org.rhcc.clustersim.SimPlatform} ({@code rhcc experiment NAME --via cluster}). A sim node serves experiments
 * to clients of its cluster: {@link org.rhcc.clusterservice.SimPlatformHost} runs the
 * {@link org.rhcc.clusterservice.ExperimentService} on a node started with {@code rhcc node --role sim}, and
 * {@link org.rhcc.clusterservice.ExperimentClient} joins the cluster for {@code rhcc experiment NAME --cluster}, asks
 * for the experiment, follows its runs and receives the result. The one module that joins experiments and
 * cluster-sim, which do not import each other.
 */
package org.rhcc.clusterservice;
