// CivetWeb 1.15 (Debian's libcivetweb-dev): the HTTP and WebSocket server behind `sheet preview`.
// CivetWeb is C: its callbacks return status codes and never unwind, and the Swift callbacks given to
// it catch every error themselves. Swift cannot call C's variadic functions, so the few CivetWeb calls
// that take a format string are wrapped here with a fixed "%s" format.
#ifndef SHEET_CCIVETWEB_SHIM_H
#define SHEET_CCIVETWEB_SHIM_H

#include <civetweb.h>
#include <stddef.h>

/// Sends an HTTP error response whose body is `text` (plain text).
static inline int sheet_cw_send_error(struct mg_connection *conn, int status, const char *text) {
  return mg_send_http_error(conn, status, "%s", text);
}

/// Opens a client connection and sends `request` (a whole HTTP request, headers and blank line) as
/// it is; NULL with the error in `error` when the connection fails. Used by the tests and the
/// benchmark, which play a client with a Host header of their choosing.
static inline struct mg_connection *sheet_cw_download(const char *host, int port, char *error,
                                                      size_t error_size, const char *request) {
  return mg_download(host, port, 0, error, error_size, "%s", request);
}

#endif
