// Protected host calls: every call the host makes into script code, under the budget and the cap,
// with the message handler (calls.c). Each returns a status; an error never leaves C.
#ifndef SHEETSCRIPT_LUASANDBOX_CALLS_H
#define SHEETSCRIPT_LUASANDBOX_CALLS_H

#include <lua.h>

#include "host.h"

/// sandbox_call_refs could not grow the stack for its arguments.
enum { SANDBOX_NO_STACK = -3 };

/// lua_pcall with the message handler (pushed below the function, removed after), the cap enforced and
/// the budget running. Needs one free stack slot.
int sandbox_pcall_host(lua_State *L, sandbox_host *h, int nargs, int nresults);

/// Calls the function in registry ref with one number; *out gets the result. Returns the pcall
/// status, or -1 when the result is not a number (its type then is in *out_type). Leaves the stack as
/// it found it, except that on an error the error object stays on top.
int sandbox_call_number(lua_State *L, sandbox_host *h, int ref, double x, double *out,
                        int *out_type);

/// Calls the function in registry ref with `count` (0...3) arguments given as registry refs
/// (LUA_REFNIL passes nil), under the budget and cap with the message handler, for one result: in one
/// crossing from the host. A number or nil result is returned in *out / *kind and the stack is left as
/// it was (an integer in *out_integer too); any other result is left on top (above the handler) for
/// the host to convert, *kind giving its type. On an error the error object is on top (above the
/// handler). *out_base gets the stack's top before the call; SANDBOX_NO_STACK when the count + 3 slots
/// it needs cannot be had (nothing pushed).
int sandbox_call_refs(lua_State *L, sandbox_host *h, int ref, int count, int a, int b, int c,
                      double *out, long long *out_integer, int *kind, int *is_integer,
                      int *out_base);

/// The benchmark floor: n bare lua_pcalls of the function in ref, number in, number out; *sum gets the
/// sum of the results. Returns the first failing status (its error popped) or LUA_OK.
int sandbox_bare_call_loop(lua_State *L, int ref, long long n, double x, double *sum);

/// Resumes co with nargs arguments under the budget and cap. On an error, the message with co's
/// traceback (or the memory error's message) is left on L's top and co's stack is reset.
int sandbox_resume_host(lua_State *L, sandbox_host *h, lua_State *co, int nargs, int *nresults);

#endif
