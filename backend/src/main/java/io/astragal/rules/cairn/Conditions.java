package io.astragal.rules.cairn;

/** Condition names used as chips and in patches. */
final class Conditions {

    static final String DEAD = "dead";
    static final String DESTROYED = "destroyed";
    static final String ROUTED = "routed";
    static final String DYING = "dying";
    static final String PARALYSED = "paralysed";
    static final String DELIRIOUS = "delirious";
    static final String DEPRIVED = "deprived";
    static final String FLEEING = "fleeing";
    static final String WALLOPED = "walloped";
    static final String BROKEN_LIMB = "broken limb";
    static final String DISEASED = "diseased";
    static final String HAMSTRUNG = "hamstrung";
    static final String DEAFENED = "deafened";
    static final String SUNDERED = "sundered";
    static final String MORTAL_WOUND = "mortal wound";
    static final String DOOMED = "doomed";
    static final String NO_MAGIC = "no magic";
    static final String UNSTABLE_MAGIC = "unstable magic";
    static final String WIL_BURN = "casting burns WIL";

    private Conditions() {
    }
}
