/**
 * Stochastic time Petri net models of the Event Handler's capacity, analysed with Sirio. AGPL-3.0 (see the module
 * pom): the service modules never depend on this package.
 */
package io.eventhandler.petri;
