/**
 * Subscriptions that survive a restart: {@link io.eventhandler.server.store.SubscriptionStore} keeps them, with the
 * authorization state the Authorization system gave, in a JDBC database (embedded H2 file by default; PostgreSQL or
 * MySQL); {@link io.eventhandler.server.store.PageRequest} and
 * {@link io.eventhandler.server.store.SubscriptionIds} check the management API's parameters as Arrowhead does, and
 * {@link io.eventhandler.server.store.SubscriptionResponses} answers in Arrowhead's DTOs.
 */
package io.eventhandler.server.store;
