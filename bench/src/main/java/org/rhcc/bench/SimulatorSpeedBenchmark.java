package org.rhcc.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.rhcc.sim.ProgressListener;
import org.rhcc.sim.Scenarios;
import org.rhcc.sim.SimParameters;
import org.rhcc.sim.Simulation;
import org.rhcc.sim.SimulationResult;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.Scenario;

/**
 * Speed of the simulator (docs/model.md §5) as wall time per simulated millisecond: one op is one simulated millisecond of
 * the two-host, 8-QP, 3x congestion scenario with PFC on and no controller (DCQCN alone), at the calibrated host step
 * (5 ns) and at 10 ns. An invocation runs a whole simulation of {@value #WARMUP_MS} ms of warm-up and
 * {@value #MEASURED_MS} ms measured, i.e. {@value #SIMULATED_MS} simulated ms, so ms/op is wall ms per simulated ms
 * including the start-up transient, as a user's run sees it. Target (the simulator's speed issue): <= 10 ms/op at 5 ns.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SimulatorSpeedBenchmark
{
    static final long WARMUP_MS = 1;
    static final long MEASURED_MS = 9;
    static final int SIMULATED_MS = (int)(WARMUP_MS + MEASURED_MS);
    private static final int CONGESTION = 3;

    @Param({ "5", "10" })
    private double stepNs;

    private Scenario scenario;
    private SimParameters parameters;

    /**
     * The scenario and the parameters at the step under test.
     */
    @Setup
    public void setUp()
    {
        scenario = Scenarios.withDurations(Scenarios.congestion(CONGESTION, true, 1L), MEASURED_MS * 1_000_000L,
            WARMUP_MS * 1_000_000L);
        parameters = SimParameters.calibrated().withStepNs(stepNs);
    }

    /**
     * @return the run's result (returned so the run cannot be optimised away).
     */
    @Benchmark
    @OperationsPerInvocation(SIMULATED_MS)
    public SimulationResult simulatedMillisecond()
    {
        return Simulation.run(scenario, parameters, ControllerHook.NONE, ProgressListener.NONE);
    }
}
