/*
 * rhcc — test-vector CSV reader (see rhcc_csv.h).
 */
#include "rhcc_csv.h"

#include <string.h>

static void chomp(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

static int split(char *s, const char **out, int max)
{
	int n = 0;

	out[n++] = s;
	for (; *s != '\0'; s++) {
		if (*s == ',') {
			if (n == max)
				return -1;
			*s = '\0';
			out[n++] = s + 1;
		}
	}
	return n;
}

/* "# param key=value" -> stored; other comments ignored. Returns -1 on a malformed param line. */
static int take_comment(rhcc_csv_t *csv, const char *line, char *err, size_t err_len)
{
	static const char prefix[] = "# param ";
	const char *eq;
	size_t key_len;

	if (strncmp(line, prefix, sizeof(prefix) - 1) != 0)
		return 0;
	line += sizeof(prefix) - 1;
	eq = strchr(line, '=');
	key_len = eq == NULL ? 0 : (size_t)(eq - line);
	if (eq == NULL || key_len == 0 || key_len >= sizeof(csv->params[0][0]) ||
	    strlen(eq + 1) >= sizeof(csv->params[0][1]) || csv->param_count == RHCC_CSV_MAX_PARAMS) {
		snprintf(err, err_len, "%s:%ld: malformed '# param key=value' line", csv->path, csv->line_number);
		return -1;
	}
	memcpy(csv->params[csv->param_count][0], line, key_len);
	csv->params[csv->param_count][0][key_len] = '\0';
	strcpy(csv->params[csv->param_count][1], eq + 1);
	csv->param_count++;
	return 0;
}

/* reads one line into csv->line; 1 read, 0 EOF, -1 too long */
static int read_line(rhcc_csv_t *csv, char *err, size_t err_len)
{
	if (fgets(csv->line, sizeof(csv->line), csv->file) == NULL)
		return 0;
	csv->line_number++;
	if (strchr(csv->line, '\n') == NULL && !feof(csv->file)) {
		snprintf(err, err_len, "%s:%ld: line longer than %d characters", csv->path, csv->line_number,
			 RHCC_CSV_MAX_LINE - 2);
		return -1;
	}
	chomp(csv->line);
	return 1;
}

int rhcc_csv_open(rhcc_csv_t *csv, const char *path, char *err, size_t err_len)
{
	int r;

	memset(csv, 0, sizeof(*csv));
	snprintf(csv->path, sizeof(csv->path), "%s", path);
	csv->file = fopen(path, "r");
	if (csv->file == NULL) {
		snprintf(err, err_len, "cannot open vector file %s (is VECTORS_DIR right? it defaults to "
			 "../test-vectors/v4)", path);
		return -1;
	}
	while ((r = read_line(csv, err, err_len)) == 1) {
		if (csv->line[0] == '#') {
			if (take_comment(csv, csv->line, err, err_len) != 0)
				return -1;
			continue;
		}
		if (csv->line[0] == '\0')
			continue;
		strcpy(csv->header, csv->line);
		csv->column_count = split(csv->header, csv->columns, RHCC_CSV_MAX_FIELDS);
		if (csv->column_count < 0) {
			snprintf(err, err_len, "%s:%ld: more than %d columns", path, csv->line_number,
				 RHCC_CSV_MAX_FIELDS);
			return -1;
		}
		return 0;
	}
	if (r == 0)
		snprintf(err, err_len, "%s: no header line", path);
	return -1;
}

int rhcc_csv_next(rhcc_csv_t *csv, char *err, size_t err_len)
{
	int r;

	while ((r = read_line(csv, err, err_len)) == 1) {
		int n;

		if (csv->line[0] == '#') {
			if (take_comment(csv, csv->line, err, err_len) != 0)
				return -1;
			continue;
		}
		if (csv->line[0] == '\0')
			continue;
		strcpy(csv->raw, csv->line);
		n = split(csv->line, csv->fields, RHCC_CSV_MAX_FIELDS);
		if (n != csv->column_count) {
			snprintf(err, err_len, "%s:%ld: %d fields, the header has %d: %s", csv->path,
				 csv->line_number, n, csv->column_count, csv->raw);
			return -1;
		}
		return 1;
	}
	return r;
}

int rhcc_csv_column(const rhcc_csv_t *csv, const char *name)
{
	int i;

	for (i = 0; i < csv->column_count; i++) {
		if (strcmp(csv->columns[i], name) == 0)
			return i;
	}
	return -1;
}

const char *rhcc_csv_param(const rhcc_csv_t *csv, const char *key)
{
	int i;

	for (i = 0; i < csv->param_count; i++) {
		if (strcmp(csv->params[i][0], key) == 0)
			return csv->params[i][1];
	}
	return NULL;
}

void rhcc_csv_close(rhcc_csv_t *csv)
{
	if (csv->file != NULL)
		fclose(csv->file);
	csv->file = NULL;
}
