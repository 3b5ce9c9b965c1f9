/**
 * How a thread with nothing to do waits for its next piece of work: briefly polling before it sleeps, for the
 * threads that serve events (selectors and delivery workers). Uses nothing else of the core.
 */
package io.eventhandler.core.idle;
