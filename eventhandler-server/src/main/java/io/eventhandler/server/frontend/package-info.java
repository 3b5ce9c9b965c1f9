/**
 * The server's HTTP face: {@link io.eventhandler.server.frontend.HttpFrontEnd} assembles Grizzly (listener, worker
 * pool, error codec, SSE takeover), the router in front of the hot paths, and Jersey with every feature's resources
 * ({@link io.eventhandler.server.frontend.JerseyResources}); the OpenAPI document. The top package: it imports every
 * feature, and none imports it.
 */
package io.eventhandler.server.frontend;
