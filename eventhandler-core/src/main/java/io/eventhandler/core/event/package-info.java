/**
 * What flows through the core: an accepted {@link io.eventhandler.core.event.Event} (immutable, numbered in its topic,
 * encoded once and shared by every subscriber), the {@link io.eventhandler.core.event.EventDraft} it is made from, the
 * identities of systems, and the {@link io.eventhandler.core.event.Gap} notices an outbox carries between events. The
 * bottom of the core: it imports no other core package.
 */
package io.eventhandler.core.event;
