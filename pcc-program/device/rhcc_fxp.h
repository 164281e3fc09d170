/*
 * rhcc — integer and fixed-point primitives for the PCC program.
 *
 * The DPA has no floating point, so every quantity of the sender algorithm is an integer in a stated fixed-point
 * format ("fxpN" = N fraction bits):
 *   rates        fxp30 fraction of line rate, unsigned; 1 << 30 is line rate (RHCC_RATE_ONE)
 *   delays       fxp16 ns, signed 64-bit while computing (a 32-bit wrap-safe sample fits with room to spare)
 *   DCQCN alpha  fxp31, 0 .. 1 << 31
 *   gains        unsigned 64-bit with a per-gain scale (see rhcc_params.h)
 * Products are formed at 128 bits (two 64-bit halves, no compiler extension) and rounded to nearest, ties away
 * from zero, so a result is never biased in one direction. Every helper saturates instead of wrapping.
 *
 * The SDK ships unsigned helpers (doca_pcc_dev_mult, doca_pcc_dev_fxp_mult, doca_pcc_dev_fxp_recip); the PID terms
 * are signed and need more range, so rhcc uses these instead. All functions are static inline, freestanding, and
 * touch no global state.
 */
#ifndef RHCC_FXP_H
#define RHCC_FXP_H

#include <stdint.h>

/** Unsigned 128-bit value as two 64-bit halves. */
typedef struct rhcc_u128 {
	uint64_t hi; /**< bits 127..64 */
	uint64_t lo; /**< bits 63..0 */
} rhcc_u128_t;

/**
 * Full 64 x 64 -> 128-bit unsigned product.
 */
static inline rhcc_u128_t rhcc_mul_u64(uint64_t a, uint64_t b)
{
	const uint64_t a0 = a & 0xFFFFFFFFu;
	const uint64_t a1 = a >> 32;
	const uint64_t b0 = b & 0xFFFFFFFFu;
	const uint64_t b1 = b >> 32;
	const uint64_t p00 = a0 * b0;
	const uint64_t p01 = a0 * b1;
	const uint64_t p10 = a1 * b0;
	const uint64_t p11 = a1 * b1;
	const uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
	rhcc_u128_t r;

	r.lo = (mid << 32) | (p00 & 0xFFFFFFFFu);
	r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	return r;
}

/**
 * round(a * b / 2^shift) for unsigned a, b, rounded to nearest (ties up), saturated to UINT64_MAX.
 * shift must be 0..127.
 */
static inline uint64_t rhcc_mul_shift_round_u64(uint64_t a, uint64_t b, unsigned shift)
{
	rhcc_u128_t p = rhcc_mul_u64(a, b);

	if (shift == 0)
		return p.hi != 0 ? UINT64_MAX : p.lo;
	if (shift < 64) {
		const uint64_t half = (uint64_t)1 << (shift - 1);
		const uint64_t lo = p.lo + half;

		if (lo < p.lo)
			p.hi++; /* carry; p.hi < 2^64 - 1 always holds for a product of two 64-bit values */
		p.lo = lo;
		if ((p.hi >> shift) != 0)
			return UINT64_MAX;
		return (p.lo >> shift) | (p.hi << (64 - shift));
	}
	{
		const unsigned s = shift - 64;
		/* rounding bit is bit (shift - 1) of the 128-bit product */
		const uint64_t round_bit = (s == 0) ? (p.lo >> 63) : ((p.hi >> (s - 1)) & 1u);

		return (p.hi >> s) + round_bit;
	}
}

/**
 * round(a * b / 2^shift) for signed a and unsigned b, rounded to nearest with ties away from zero (symmetric),
 * saturated to +-INT64_MAX. shift must be 0..127.
 */
static inline int64_t rhcc_mul_shift_round_s64(int64_t a, uint64_t b, unsigned shift)
{
	const uint64_t magnitude = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
	uint64_t m = rhcc_mul_shift_round_u64(magnitude, b, shift);

	if (m > (uint64_t)INT64_MAX)
		m = (uint64_t)INT64_MAX;
	return a < 0 ? -(int64_t)m : (int64_t)m;
}

/**
 * round(num * 2^shift / den) by binary long division, for parameter conversion (off the per-event path).
 *
 * @return 0 and the quotient in *out, or -1 when den is 0, den >= 2^63, or the quotient does not fit in 64 bits.
 */
static inline int rhcc_div_shift_round_u64(uint64_t num, unsigned shift, uint64_t den, uint64_t *out)
{
	uint64_t q;
	uint64_t r;
	unsigned i;

	if (den == 0 || den >= ((uint64_t)1 << 63))
		return -1;
	q = num / den;
	r = num % den;
	for (i = 0; i < shift; i++) {
		if (q >> 63)
			return -1;
		r <<= 1; /* r < den < 2^63, so 2r fits */
		q <<= 1;
		if (r >= den) {
			r -= den;
			q |= 1u;
		}
	}
	/* round half up: compare 2r with den */
	if (r >= den - r) {
		if (q == UINT64_MAX)
			return -1;
		q++;
	}
	*out = q;
	return 0;
}

/**
 * Wrap-safe signed difference a - b of two 32-bit wrapping timestamps, in -2^31 .. 2^31 - 1
 * (defined without relying on implementation-defined unsigned-to-signed conversion).
 */
static inline int32_t rhcc_wrap_diff32(uint32_t a, uint32_t b)
{
	const uint32_t d = a - b;

	if (d <= (uint32_t)INT32_MAX)
		return (int32_t)d;
	return -(int32_t)(~d) - 1;
}

/** a * b for a, b in fxp31 (0 .. 1 << 31), rounded to nearest; the product fits 64 bits. */
static inline uint32_t rhcc_fxp31_mul(uint32_t a, uint32_t b)
{
	return (uint32_t)(((uint64_t)a * b + ((uint64_t)1 << 30)) >> 31);
}

/**
 * base^n from a table pow2[k] = base^(2^k) built by rounded squaring: the product of the entries of n's set bits,
 * each product rounded to nearest; bit for bit the result of rhcc_pow_fxp31(base, n), in popcount(n) products.
 */
static inline uint32_t rhcc_pow_fxp31_table(const uint32_t *pow2, uint32_t n)
{
	uint32_t result = (uint32_t)1 << 31;
	uint32_t k = 0;

	while (n != 0 && result != 0) {
		if (n & 1u)
			result = rhcc_fxp31_mul(result, pow2[k]);
		n >>= 1;
		k++;
	}
	return result;
}

/**
 * base^n for base in fxp31 (0 .. 1 << 31), by squaring; each product rounded to nearest.
 * At most 2 * 32 multiplications; stops early once the result underflows to 0.
 */
static inline uint32_t rhcc_pow_fxp31(uint32_t base_fxp31, uint32_t n)
{
	const uint64_t half = (uint64_t)1 << 30;
	uint64_t result = (uint64_t)1 << 31;
	uint64_t b = base_fxp31;

	while (n != 0 && result != 0) {
		if (n & 1u)
			result = (result * b + half) >> 31;
		n >>= 1;
		if (n != 0)
			b = (b * b + half) >> 31;
	}
	return (uint32_t)result;
}

/** Clamp for signed 64-bit values. */
static inline int64_t rhcc_clamp_s64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : (v > hi ? hi : v);
}

/** Minimum of two unsigned 32-bit values. */
static inline uint32_t rhcc_min_u32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

/** Maximum of two unsigned 32-bit values. */
static inline uint32_t rhcc_max_u32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/** Saturating signed 64-bit addition. */
static inline int64_t rhcc_add_sat_s64(int64_t a, int64_t b)
{
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN - b)
		return INT64_MIN;
	return a + b;
}

#endif /* RHCC_FXP_H */
