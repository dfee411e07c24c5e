package io.astragal.rules.actlite;

import io.astragal.rules.Decision;
import io.astragal.rules.RejectionCode;

/**
 * Thrown by the deciding code when a command must be refused, so each check is one line; the
 * referee catches it and answers with {@link #rejection()}. It never leaves the referee.
 */
final class Refusal extends RuntimeException {

    private final transient Decision.Rejected rejection;

    Refusal(RejectionCode code, String message) {
        super(message, null, false, false);
        this.rejection = new Decision.Rejected(code, message);
    }

    Decision.Rejected rejection() {
        return rejection;
    }
}
