package io.astragal.rules;

import java.util.List;

/** What a referee decided about one command. */
public sealed interface Decision {

    /** The command happens: these events, in order, are appended to the table's log. */
    record Accepted(List<GameEvent> events) implements Decision {
        public Accepted {
            events = List.copyOf(events);
        }
    }

    /** The command is refused and nothing changes. */
    record Rejected(RejectionCode code, String message) implements Decision {
    }

    static Decision accept(GameEvent... events) {
        return new Accepted(List.of(events));
    }

    static Decision accept(List<GameEvent> events) {
        return new Accepted(events);
    }

    static Decision reject(RejectionCode code, String message) {
        return new Rejected(code, message);
    }
}
