package io.astragal.rules.vogt;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The statuses of the rule text, each with the effect it states. */
enum Status {
    AFRAID("You cannot willingly move or take an action that results in you being closer to the source of your fear."),
    BLEEDING("You take 1 damage at the beginning of each of your turns."),
    BLIND("You cannot see. You have disadvantage on anything that requires sight and -1 to AWR."),
    DEAD("Your soul departs your body. Roll a new character."),
    DEAF("You cannot hear. You have disadvantage on anything that requires hearing and -1 to AWR."),
    DRENCHED("You have fire resistance and lightning vulnerability."),
    FROZEN("You have -1 to STR and DEX."),
    HALLUCINATING("You perceive things that aren't there. The GM will narrate for you separately."),
    IMMOBILE("Your speed is 0'."),
    MUTE("You cannot speak and have disadvantage on anything that requires a voice."),
    NAUSEATED("You have blunt vulnerability, slash vulnerability, and stab vulnerability."),
    PRONE("Your movement is halved, you cannot fly, and your AR is 0."),
    SCORCHED("You have -1 to AWR and WIL."),
    UNCONSCIOUS("Your movement is 0, you cannot take actions or perceive anything happening around you, and your initiative is 10d10.");

    private final String effect;

    Status(String effect) {
        this.effect = effect;
    }

    String effect() {
        return effect;
    }

    /** The name as players write it: "bleeding". */
    String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Optional<Status> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String wanted = text.strip().toUpperCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.name().equals(wanted)).findFirst();
    }
}
