package io.astragal.rules.cairn;

import io.astragal.rules.Decision;
import io.astragal.rules.RejectionCode;

/** Thrown inside decide to stop at the first broken rule; decide turns it into a rejection. */
final class Refused extends RuntimeException {

    private final RejectionCode code;

    Refused(RejectionCode code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    Decision decision() {
        return Decision.reject(code, getMessage());
    }
}
