/**
 * DCQCN (Zhu et al., SIGCOMM 2015): reaction point, notification-point CNP pacing and RED/ECN marking; the inter-host
 * congestion control that provides R_cc in RHCC's Eq. (4).
 * <p>
 * <b>References.</b> {@link org.rhcc.core.dcqcn.DcqcnReactionPoints} follows the rules that three references share:
 * the DCQCN authors' ns-3 code ({@code bobzhuyb/ns3-rdma}, {@code src/point-to-point/model/qbb-net-device.cc},
 * "ns3-rdma" below), the HPCC authors' re-implementation of NVIDIA's variant
 * ({@code alibaba-edu/High-Precision-Congestion-Control}, {@code simulation/src/point-to-point/model/rdma-hw.cc},
 * {@code *Mlx} functions, "HPCC" below) and NVIDIA's parameter documentation (ConnectX firmware, MLNX_OFED names).
 * Three rules are shared and implemented as the references do:
 * <ul>
 *   <li>alpha and its timer are untouched until a flow's first CNP, which sets alpha to {@code initial_alpha_value}
 *   ("alpha used when receiving the first CNP"; HPCC {@code cnp_received_mlx}) and starts the alpha timer;</li>
 *   <li>no CNP is lost to the rate-decrease hold-off: a CNP within it is carried to the hold-off's end (NVIDIA:
 *   reduce "at the beginning of the next rate_reduce_monitor_period"; HPCC {@code CheckRateDecreaseMlx});</li>
 *   <li>with {@code clamp_tgt_rate = 0} and {@code clamp_tgt_rate_after_time_inc = 1} (NVIDIA's defaults) a cut sets
 *   R_T to R_C after any increase since the last cut, timer- or byte-driven (ns3-rdma {@code rpr_cnm_received}).</li>
 * </ul>
 * <b>Where rhcc's DCQCN still differs from a reference, on purpose.</b> The references disagree among themselves on
 * these points, or describe hardware that rhcc models more simply:
 * <ol>
 *   <li><i>Alpha raised per cut, not per period.</i> rhcc raises alpha, {@code (1-g) alpha + g}, at each cut, after
 *   cutting with the alpha before the raise, and skips the decay at the end of an alpha period that saw a CNP. HPCC
 *   ({@code UpdateAlphaMlx}) updates alpha once per period instead: raised if a CNP arrived in it, decayed otherwise,
 *   and a cut uses the alpha of its periodic check. ns3-rdma raises alpha on every CNP before the cut (the cut uses
 *   the raised alpha) and restarts the alpha timer at each CNP. rhcc and HPCC agree when each CNP gets its own cut in
 *   its own alpha period; when several CNPs share one cut (a hold-off longer than the alpha period, as NVIDIA's 4 us
 *   against 1 us), HPCC raises alpha once per period that saw a CNP and rhcc once per cut, so rhcc's alpha is lower
 *   and its cuts gentler under a dense CNP stream. The first CNP sets alpha without raising it and does not mark its
 *   period, as in HPCC; ns3-rdma starts alpha at 0.5 and raises it on the first CNP as on any other.</li>
 *   <li><i>Immediate, not deferred, cut.</i> A CNP that arrives at least a hold-off after the last cut (and a flow's
 *   first CNP) cuts at once; only CNPs within the hold-off wait for its end. HPCC checks for CNPs once per
 *   {@code rate_reduce_monitor_period} from the first CNP on (plus 1 ns, so that the alpha update goes first, as
 *   rhcc's timers at the deferred cut's time do), so every cut there waits up to one period; ns3-rdma has no hold-off
 *   at the sender and cuts on every CNP (its notification point paces CNPs). rhcc reacts up to 4 us (NVIDIA) or
 *   50 us (paper profile) sooner than HPCC to the first CNP of an episode, and cuts as often. HPCC's
 *   {@code RateOnFirstCnp} (NVIDIA {@code rate_to_set_on_first_cnp}) is not modelled: its default, 0 in NVIDIA's
 *   firmware and 1.0 in HPCC, leaves the rate alone.</li>
 *   <li><i>Byte counter.</i> rhcc runs the byte counter (NVIDIA {@code rpg_byte_reset}; the DCQCN paper's B) from the
 *   first cut on, as ns3-rdma does; HPCC's NVIDIA path has none (timer only). ns3-rdma halves the byte threshold and
 *   the timer period once in hyper increase and restarts the byte counter on a cut only when the target is clamped;
 *   rhcc keeps B and T and restarts the counter on every cut, as it restarts the timer.</li>
 *   <li><i>Stages and hyper increase.</i> Each increase event bumps its driver's stage (timer or byte counter); with
 *   F = {@code rpg_threshold}: fast recovery while both stages are {@code <= F}, additive increase once one exceeds
 *   F, hyper increase by a plain R_HAI once both do (the DCQCN paper's rule; F fast-recovery steps per driver as in
 *   HPCC). HPCC, without a byte counter, reaches hyper increase on the timer stage alone ({@code > F}); ns3-rdma
 *   takes F - 1 fast-recovery steps per driver and adds {@code R_HAI (min(stages) - F + 1)}, a growing step. ns3-rdma
 *   also divides R_T by 8 when it exceeds 10 R_C at the first increase after a cut; rhcc does not.</li>
 *   <li><i>Timer at line rate.</i> rhcc disarms the increase timer once R_C reaches line rate and re-arms it at the
 *   next cut; the references let it run. Nothing observable changes: at line rate the increases are no-ops.</li>
 *   <li><i>Rates as real numbers.</i> The Java core keeps rates and alpha in doubles (the C program in
 *   {@code pcc-program} in fixed point, within a documented tolerance); NVIDIA's hardware rate-limiter granularity
 *   and {@code rpg_min_dec_fac} (at most a 50 % cut, which {@code 1 - alpha/2} never exceeds) are not modelled
 *   further.</li>
 *   <li><i>Notification point.</i> {@link org.rhcc.core.dcqcn.CnpPacer} sends at most one CNP per flow per interval
 *   (ns3-rdma; NVIDIA {@code min_time_between_cnps}); HPCC flags congestion on every ACK and leaves the pacing to the
 *   sender's hold-off.</li>
 * </ol>
 * The parameters of both profiles and their sources are in {@link org.rhcc.core.dcqcn.DcqcnParameters}.
 */
package org.rhcc.core.dcqcn;
