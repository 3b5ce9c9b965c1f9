/**
 * Wire types of the Arrowhead 4.6 core systems the Event Handler and its clients talk to: Service Registry,
 * Authorization and Orchestrator. Field names are exactly Arrowhead's; null fields are left out.
 */
package io.eventhandler.api.core;
