/**
 * Wire types of the Event Handler: the Arrowhead 4.6 DTOs with their exact JSON field names, the SSE gap notice,
 * and the paths and headers of the HTTP API. Shared by the server, the client skeleton and the benchmarks.
 */
package io.eventhandler.api;
