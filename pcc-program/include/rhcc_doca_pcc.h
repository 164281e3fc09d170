/*
 * rhcc — the one include through which the device sources see the DOCA PCC device API.
 *
 * With the DOCA SDK (dpacc defines __NV_DPA from -mcpu; a host build against the SDK headers can define
 * RHCC_USE_DOCA_SDK) the SDK's headers are used; otherwise rhcc_doca_pcc_shim.h, which declares the same names with
 * the same signatures. See pcc-program/README.md, "Building with the DOCA SDK".
 */
#ifndef RHCC_DOCA_PCC_H
#define RHCC_DOCA_PCC_H

#if defined(__NV_DPA) || defined(RHCC_USE_DOCA_SDK)
#include <doca_pcc_dev.h>
#include <doca_pcc_dev_event.h>
#include <doca_pcc_dev_algo_access.h>
#else
#include "rhcc_doca_pcc_shim.h"
#endif

#endif /* RHCC_DOCA_PCC_H */
