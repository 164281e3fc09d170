/**
 * HPCC (Li et al., "HPCC: High Precision Congestion Control", SIGCOMM 2019): an INT-driven, window-based inter-host
 * congestion control that can provide R_cc in RHCC's Eq. (4). {@link org.rhcc.core.hpcc.HpccFlows} implements the
 * paper's Algorithm 1 for many flows; {@link org.rhcc.core.hpcc.IntRecords} carries the INT records an ACK echoes.
 * <p>
 * <b>Reference.</b> Checked against the HPCC authors' simulator ({@code alibaba-edu/High-Precision-Congestion-Control},
 * {@code simulation/src/point-to-point/model/rdma-hw.cc}: {@code HandleAckHp}, {@code UpdateRateHp},
 * {@code FastReactHp}; its parameters in {@code simulation/run.py}, {@code simulation/mix/config.txt} and
 * {@code config_doc.txt}; "the reference" below). Shared with it, as the paper has them:
 * <ul>
 *   <li>an ACK beyond {@code lastUpdateSeq} makes a full update (new reference window and stage,
 *   {@code lastUpdateSeq <- snd_nxt}); any other ACK a fast reaction from the reference window (the reference with
 *   {@code FAST_REACT 1}, as {@code run.py} sets it for HPCC);</li>
 *   <li>U is the EWMA {@code U <- (1 - tau/T) U + (tau/T) u} on every ACK, fast or full, with u and tau those of the
 *   hop with the largest u, tau capped at T; the queue term uses the smaller of the two records' queue lengths and is
 *   normalised by the hop's {@code B x T} (the reference writes it {@code qlen x maxRate / B / m_win} with
 *   {@code m_win = maxRate x T}, the same quantity); U starts at 1, as the reference's {@code hp.u = 1} (the paper
 *   leaves it open);</li>
 *   <li>the multiplicative step {@code Wc / (U / eta) + W_AI} when {@code U >= eta} or {@code incStage >= maxStage},
 *   the additive one {@code Wc + W_AI} otherwise, bounded by the minimum rate and line rate; the flow's first ACK only
 *   stores its records.</li>
 * </ul>
 * <b>Where rhcc's HPCC differs from the reference.</b>
 * <ol>
 *   <li><i>Window, not rate.</i> The reference keeps a rate ({@code hp.m_curRate}, i.e. Wc / T) and adds
 *   {@code RATE_AI}; its window is {@code m_win x rate / maxRate}. rhcc keeps the paper's windows in bytes and adds
 *   W_AI; with {@code W = R T} and {@code W_AI = R_AI T / 8} the arithmetic is the same, and
 *   {@link org.rhcc.core.hpcc.HpccParameters#reference} converts the reference's R_AI so.</li>
 *   <li><i>maxStage.</i> The paper's maxStage = 5 is {@link org.rhcc.core.hpcc.HpccParameters#paper}'s. The reference's
 *   run script sets {@code MI_THRESH 0} (its {@code --mi} default; {@code mix/config.txt} too), so every update there
 *   is multiplicative, {@code Wc eta / U + W_AI}, including the increases below eta: the additive stages of
 *   Algorithm 1 are skipped. {@code reference} has maxStage = 0.</li>
 *   <li><i>Additive increase.</i> The paper's guidance {@code W_AI = W_init (1 - eta) / N} for N expected flows
 *   ({@code paper}); the reference's script sets {@code RATE_AI = 10 bw / 25} Mbit/s (40 Mbit/s at 100 Gbit/s, i.e.
 *   40 B per 8 us of T), which corresponds to N = 125 at eta = 0.95. {@code u_target} (eta) is 0.95 in both; the
 *   reference's {@code UtilHigh} (0.98) is declared but not used by its HPCC path.</li>
 *   <li><i>One rate for the path.</i> The reference can also keep a rate per hop ({@code MULTI_RATE 1}, its attribute
 *   default) and take the smallest; its script runs {@code MULTI_RATE 0}, the paper's single window, which is what
 *   rhcc implements. Its {@code SAMPLE_FEEDBACK} (skip hops with an empty queue on fast reactions) is off in the script
 *   and not modelled.</li>
 *   <li><i>Degenerate records.</i> Two records of a hop with the same timestamp divide by zero in the reference; rhcc
 *   skips that hop (and a hop whose byte counter went backwards, a reset), and an ACK with no usable hop changes
 *   nothing but the stored records and, on a full update, lastUpdateSeq (as the reference does when no hop updates).
 *   With U = 0 the reference's {@code rate / max_c} divides by zero; rhcc's window goes to W_init. A change in the
 *   number of hops (a new path) makes rhcc store the records afresh instead of differencing records of other
 *   switches.</li>
 *   <li><i>Record resolution.</i> The reference's INT header packs a hop into 64 bits: queue length in 80-byte units,
 *   transmitted bytes in 128-byte units (both times {@code INT_MULTI = bw / 25}) on 17 and 20 bits, a 24-bit ns
 *   timestamp, with wrap-around handling. {@link org.rhcc.core.hpcc.IntRecords} takes exact 64-bit values; the
 *   caller (the simulator's switch) owns the encoding.</li>
 *   <li><i>Pacing and window enforcement</i> stay with the caller: the reference both paces at the rate and bounds
 *   the bytes in flight by the window ({@code RATE_BOUND 1}, {@code HAS_WIN 1}, {@code VAR_WIN 1}) and moves the
 *   QP's next send time when the rate changes; rhcc's core reports W and {@code R = W / T}. The reference's T is the
 *   largest base RTT in the topology ({@code GLOBAL_T 1}), as rhcc's {@code baseRttNs} should be set.</li>
 * </ol>
 * docs/results/hpcc-reference.md summarises the comparison.
 */
package org.rhcc.core.hpcc;
