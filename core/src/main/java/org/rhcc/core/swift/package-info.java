/**
 * Swift (Kumar et al., "Swift: Delay is Simple and Effective for Congestion Control in the Datacenter", SIGCOMM 2020):
 * a delay-based AIMD inter-host congestion control that can provide R_cc in RHCC's Eq. (4).
 * {@link org.rhcc.core.swift.SwiftFlows} implements the paper's Algorithm 1 for many flows with a fabric and an
 * endpoint window; {@link org.rhcc.core.swift.SwiftParameters} holds the parameters.
 * <p>
 * <b>No reference code.</b> The Swift authors published no implementation; rhcc follows the paper's equations:
 * Algorithm 1 (additive increase {@code ai / cwnd} per packet acked, {@code ai} per packet below one packet of window;
 * multiplicative decrease {@code max(1 - beta (delay - target) / delay, 1 - max_mdf)} at most once per RTT; a
 * retransmit timeout or fast recovery cuts by {@code 1 - max_mdf}, and {@code RETX_RESET_THRESHOLD} timeouts in a row
 * drop to min_cwnd; clamping to {@code [min_cwnd, max_cwnd]}; pacing at {@code rtt / cwnd} below one packet), the
 * target's hop and flow scaling (§3, scaling the target), and the split into a fabric and an endpoint window with
 * {@code cwnd = min(fcwnd, ecwnd)} (§3).
 * <p>
 * <b>Choices the paper leaves open</b>, made here and to be revisited when Swift runs in the simulator:
 * <ol>
 *   <li><i>The decrease hold-off</i> starts when a window actually shrinks. An ACK that leaves a window unchanged
 *   (a decrease not yet allowed, or a window already at min_cwnd) does not restart it: otherwise a steady ACK stream
 *   above target would keep pushing the hold-off out and block every later decrease. Each window has its own
 *   hold-off, and "one RTT" is the RTT of the ACK being handled (the last ACK's, for loss events).</li>
 *   <li><i>Delays.</i> The caller passes the fabric delay and the endpoint (remote host) delay of each ACK, both from
 *   NIC timestamps as in §3; their sum is the RTT the hold-off and the rate use. The fabric target uses the fabric
 *   window (flow scaling) and the ACK's hop count (from the TTL); the endpoint target is fixed.</li>
 *   <li><i>Loss</i> cuts both windows (the paper's Algorithm 1 has a single cwnd; loss says nothing about which part
 *   of the path caused it).</li>
 *   <li><i>Rate.</i> R_cc is {@code min(fcwnd, ecwnd) x MTU / RTT} with the last ACK's RTT, whether the window or the
 *   pacing delay limits the flow (at {@code cwnd < 1} the pacing delay {@code rtt / cwnd} gives the same rate), held
 *   within {@code [minRateGbps, lineRateGbps]}. Before the first ACK the RTT is {@code initialRttNs}.</li>
 *   <li><i>Values</i> ({@link org.rhcc.core.swift.SwiftParameters#defaults}): ai = 1 packet per RTT, beta = 0.8,
 *   max_mdf = 0.5 (at most halving per RTT, as TCP's loss response), fs_min_cwnd = 0.1 and fs_max_cwnd = 100 packets
 *   (flow scaling acts from many paced flows up to a window of 100 packets); base_target = base RTT + 8 packets at line
 *   rate (a standing queue that keeps a one-hop link busy under additive increase), h = one packet time per hop,
 *   fs_range = 4 x (base_target - base RTT) (up to 32 more packets of queue for many flows at tiny windows), min_cwnd =
 *   0.001 packets, max_cwnd = the line-rate window at the largest 5-hop target, initial window = the line-rate window
 *   of the base RTT (RDMA flows start at line rate, as DCQCN's and HPCC's do), RETX_RESET_THRESHOLD = 5. The endpoint
 *   target is the caller's: it is the host's delay budget, which rhcc's simulator sets from its host model.</li>
 * </ol>
 */
package org.rhcc.core.swift;
