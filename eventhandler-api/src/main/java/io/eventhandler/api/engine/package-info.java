/** Wire types of the operator engine's management API and graph files. */
package io.eventhandler.api.engine;
