/**
 * Quality of service in its wire form: topic QoS and subscribers' requirements between the API's DTOs (and the
 * store's JSON) and the core's types, and the admission check a subscriber passes before it attaches. Imports nothing
 * else of the server, so the store, subscriptions, SSE, delivery and replication can all use it.
 */
package io.eventhandler.server.qos;
