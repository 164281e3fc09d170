/*
 * rhcc — reader for the shared test-vector CSV files (test-vectors/README.md): '#' comment lines, "# param key=value"
 * lines, one header line naming the columns, then rows of comma-separated fields (no quoting; fields may be empty).
 */
#ifndef RHCC_CSV_H
#define RHCC_CSV_H

#include <stddef.h>
#include <stdio.h>

#define RHCC_CSV_MAX_LINE 4096
#define RHCC_CSV_MAX_FIELDS 64
#define RHCC_CSV_MAX_PARAMS 64

/** An open vector file. */
typedef struct rhcc_csv {
	FILE *file;
	char path[1024];
	long line_number;                       /**< 1-based number of the current line */
	char header[RHCC_CSV_MAX_LINE];         /**< header line, split in place */
	const char *columns[RHCC_CSV_MAX_FIELDS];
	int column_count;
	char line[RHCC_CSV_MAX_LINE];           /**< current row, split in place */
	char raw[RHCC_CSV_MAX_LINE];            /**< current row as read, for messages */
	const char *fields[RHCC_CSV_MAX_FIELDS];
	char params[RHCC_CSV_MAX_PARAMS][2][256]; /**< key, value */
	int param_count;
} rhcc_csv_t;

/**
 * Opens path and reads up to and including the header line (collecting "# param" lines on the way).
 *
 * @return 0, or -1 with a message in err.
 */
int rhcc_csv_open(rhcc_csv_t *csv, const char *path, char *err, size_t err_len);

/**
 * Reads the next row (skipping comments, collecting params, ignoring blank lines).
 *
 * @return 1 with csv->fields set, 0 at end of file, -1 with a message in err (wrong field count, over-long line).
 */
int rhcc_csv_next(rhcc_csv_t *csv, char *err, size_t err_len);

/** Index of the named column, or -1. */
int rhcc_csv_column(const rhcc_csv_t *csv, const char *name);

/** Value of "# param key=value", or NULL. */
const char *rhcc_csv_param(const rhcc_csv_t *csv, const char *key);

/** Closes the file. */
void rhcc_csv_close(rhcc_csv_t *csv);

#endif /* RHCC_CSV_H */
