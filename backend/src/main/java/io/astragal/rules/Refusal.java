package io.astragal.rules;

/**
 * A broken rule, thrown where the deciding code finds it so that each check is one line; the
 * referee turns it into a rejection ({@link Referee#decideAs}). It never leaves the referee.
 */
public final class Refusal extends RuntimeException {

    private final RejectionCode code;

    public Refusal(RejectionCode code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public Decision.Rejected rejection() {
        return new Decision.Rejected(code, getMessage());
    }
}
