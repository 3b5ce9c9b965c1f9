/**
 * The checks every Arrowhead request shares, with Arrowhead's messages: systems ({@code SystemRequestDTO}), blank
 * text, ISO-8601 time stamps, and the configured request limits (names, metadata, event types). Publish and
 * subscription validators build on them.
 */
package io.eventhandler.server.validation;
