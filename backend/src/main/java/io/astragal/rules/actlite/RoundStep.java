package io.astragal.rules.actlite;

import java.util.List;

/**
 * One thing that happened at the beginning of a round, in the rules' order.
 *
 * @param phase       {@code effects}, {@code statuses} or {@code skills}
 * @param characterId who
 * @param name        their name
 * @param subject     the condition acting or ticking, or the skill that may be used
 * @param amount      damage or healing dealt (effects), points removed (statuses)
 * @param after       health after an effect; null for statuses and skills
 * @param remaining   the condition's count after a status step
 * @param npc         the sentence leaves out an NPC's health
 */
record RoundStep(String phase, String characterId, String name, String subject, int amount,
                 Combatant.Health after, int remaining, boolean npc) {

    static final String EFFECTS = "effects";
    static final String STATUSES = "statuses";
    static final String SKILLS = "skills";

    String describe() {
        return switch (phase) {
            case EFFECTS -> name + (subject.equals("heal") ? " heals " + amount : " takes " + amount + " damage")
                    + " from [" + subject + "]" + (npc ? "" : ", now " + after.text());
            case STATUSES -> remaining == 0 ? "[" + subject + "] ends for " + name
                    : "a point of [" + subject + "] is removed from " + name + " (" + remaining + " left)";
            default -> name + " may use \"" + subject + "\"";
        };
    }

    static String describeAll(List<RoundStep> steps) {
        if (steps.isEmpty()) {
            return "";
        }
        return " Beginning of the round: " + String.join("; ", steps.stream().map(RoundStep::describe).toList()) + ".";
    }
}
