/*
 * rhcc — a deliberately floating-point object: check_no_fp.sh must reject it (make check-no-fp proves the check can
 * fail before trusting its verdict on the device objects).
 */
double rhcc_fp_canary(double rate_gbps, int delay_ns);

double rhcc_fp_canary(double rate_gbps, int delay_ns)
{
	return rate_gbps - 0.0005 * delay_ns;
}
