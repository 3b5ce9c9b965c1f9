/**
 * The local cloud the Event Handler serves, behind one seam, {@link io.eventhandler.server.arrowhead.LocalCloud}:
 * who is calling, registration of its services, discovery of the core services, the authorization check, its update
 * notices ({@code POST /eventhandler/publish/authupdate}) and the re-checks that keep stored subscriptions in step.
 * {@link io.eventhandler.server.arrowhead.LocalClouds} picks the dialect: Arrowhead 4.6
 * ({@link io.eventhandler.server.arrowhead.Arrowhead46Cloud}, wired from
 * {@link io.eventhandler.server.arrowhead.CoreSystems}) or standalone.
 */
package io.eventhandler.server.arrowhead;
