package org.rhcc.sim;

/**
 * Every constant of the simulator in one reviewed place (docs/model.md §6). Each value names its source: a tag of
 * docs/model.md §1 ([HN], [ML], [NIC], [PC], [DQ], [DD], [DIR], [MBA], [RH]), "est." for an estimate, or
 * "CAL: row X" when it was fitted to a baseline row of docs/model.md §9 (never to a controller's outcome).
 * {@link #calibrated()} returns the frozen defaults.
 *
 * @param stepNs    fixed time step of the receiver-host fluid model, ns (docs/model.md §5: 5 ns default, 10 ns allowed).
 * @param dram      memory controller and DRAM timing.
 * @param cpu       CPU traffic generators, NUMA and UPI.
 * @param mba       Intel MBA delay model.
 * @param io        IIO write buffer, DDIO/LLC and the CHA write backlog.
 * @param pcie      the NIC's PCIe link.
 * @param rnic      receiver and sender NIC behaviour (buffers, PFC, CNPs, perftest workload, probes).
 * @param network   links, switch, ECN and the inter-host congestion control.
 * @param tcp       the fluid TCP flows of the pure-PCIe-congestion scenario (B15).
 * @param telemetry window lengths and sensor latencies.
 */
public record SimParameters(
    double stepNs,
    Dram dram,
    Cpu cpu,
    Mba mba,
    Io io,
    Pcie pcie,
    Rnic rnic,
    Network network,
    Tcp tcp,
    Telemetry telemetry) implements HostParameterGroups, NicParameterGroups, NetworkParameterGroups
{
    /**
     * Validates the composition.
     *
     * @throws IllegalArgumentException naming what is wrong.
     */
    public SimParameters
    {
        if (!(stepNs >= 1.0 && stepNs <= 10.0))
        {
            throw new IllegalArgumentException("stepNs = " + stepNs + " must be within 1..10 ns (docs/model.md §5)");
        }
        if (null == dram || null == cpu || null == mba || null == io || null == pcie || null == rnic ||
            null == network || null == tcp || null == telemetry)
        {
            throw new IllegalArgumentException("every parameter group of SimParameters must be given");
        }
    }

    /**
     * @return the frozen calibrated defaults: the testbed of docs/paper.md §3 (Dell R740, 2x Xeon Gold 6240, 2
     * channels of DDR4-2933 on the NIC's socket, ConnectX-6 Dx 100G on PCIe 3.0 x16), fitted to docs/model.md §9 rows
     * A1-A6, B1-B9, C1-C2.
     */
    public static SimParameters calibrated()
    {
        return CalibratedValues.PARAMETERS;
    }

    /**
     * @param newStepNs another host step, ns.
     * @return a copy with another host step (10 ns for sweeps, docs/model.md §5).
     */
    public SimParameters withStepNs(final double newStepNs)
    {
        return new SimParameters(newStepNs, dram, cpu, mba, io, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newDram other DRAM parameters.
     * @return a copy.
     */
    public SimParameters withDram(final Dram newDram)
    {
        return new SimParameters(stepNs, newDram, cpu, mba, io, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newCpu other CPU parameters.
     * @return a copy.
     */
    public SimParameters withCpu(final Cpu newCpu)
    {
        return new SimParameters(stepNs, dram, newCpu, mba, io, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newMba other MBA parameters.
     * @return a copy.
     */
    public SimParameters withMba(final Mba newMba)
    {
        return new SimParameters(stepNs, dram, cpu, newMba, io, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newIo other IIO/LLC parameters.
     * @return a copy.
     */
    public SimParameters withIo(final Io newIo)
    {
        return new SimParameters(stepNs, dram, cpu, mba, newIo, pcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newPcie other PCIe parameters.
     * @return a copy.
     */
    public SimParameters withPcie(final Pcie newPcie)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, newPcie, rnic, network, tcp, telemetry);
    }

    /**
     * @param newRnic other NIC parameters.
     * @return a copy.
     */
    public SimParameters withRnic(final Rnic newRnic)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, pcie, newRnic, network, tcp, telemetry);
    }

    /**
     * @param newNetwork other network parameters.
     * @return a copy.
     */
    public SimParameters withNetwork(final Network newNetwork)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, pcie, rnic, newNetwork, tcp, telemetry);
    }

    /**
     * @param newTcp other TCP parameters.
     * @return a copy.
     */
    public SimParameters withTcp(final Tcp newTcp)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, pcie, rnic, network, newTcp, telemetry);
    }

    /**
     * @param newTelemetry other telemetry parameters.
     * @return a copy.
     */
    public SimParameters withTelemetry(final Telemetry newTelemetry)
    {
        return new SimParameters(stepNs, dram, cpu, mba, io, pcie, rnic, network, tcp, newTelemetry);
    }
}
