package io.eventhandler.petri.net;

import org.oristool.petrinet.Marking;
import org.oristool.petrinet.PetriNet;

/** A Petri net together with the marking its analyses start from. */
public record ModelNet(PetriNet net, Marking initial) {
}
