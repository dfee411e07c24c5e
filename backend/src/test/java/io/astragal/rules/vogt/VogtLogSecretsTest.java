package io.astragal.rules.vogt;

import static io.astragal.rules.vogt.VogtTable.ALICE;
import static io.astragal.rules.vogt.VogtTable.BOB;
import static io.astragal.rules.vogt.VogtTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.RollResult;
import io.astragal.rules.vogt.VogtCommand.AddStatus;
import io.astragal.rules.vogt.VogtCommand.ApplyDamage;
import io.astragal.rules.vogt.VogtCommand.ChangeExhaustion;
import io.astragal.rules.vogt.VogtCommand.Attack;
import io.astragal.rules.vogt.VogtCommand.Check;
import io.astragal.rules.vogt.VogtCommand.Configure;
import io.astragal.rules.vogt.VogtCommand.Declare;
import io.astragal.rules.vogt.VogtCommand.EndTurn;
import io.astragal.rules.vogt.VogtCommand.PlaceCharacter;
import io.astragal.rules.vogt.VogtCommand.Siesta;
import io.astragal.rules.vogt.VogtCommand.StartInitiative;
import io.astragal.rules.vogt.VogtEvent.Attacked;
import io.astragal.rules.vogt.VogtEvent.CheckRolled;
import io.astragal.rules.vogt.VogtEvent.DamageApplied;
import io.astragal.rules.vogt.VogtEvent.ExhaustionGained;
import io.astragal.rules.vogt.VogtEvent.ExhaustionRecovered;
import io.astragal.rules.vogt.VogtEvent.Rested;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every member reads the same log sentence (the table engine does not rewrite it per viewer), so
 * a sentence about an NPC names the outcome and none of the numbers the view hides from players:
 * AR, ability dice (STR), resistances and vulnerabilities.
 */
class VogtLogSecretsTest {

    private final VogtTable table = new VogtTable();

    @BeforeEach
    void placeEveryone() {
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("bram"));
        table.accept(GM, new PlaceCharacter("ogre"));
    }

    /** Initiative dice: Alda 1, Bram 3, ogre 5; Alda attacks with the Club, the ogre with its Maul. */
    private void startRound() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram", "ogre")));
        table.accept(ALICE, new Declare("alda", "attack", "Club", null));
        table.accept(BOB, new Declare("bram", "run", null, null));
        table.accept(GM, new Declare("ogre", "attack", null, null), 1, 3, 5);
    }

    @Test
    void aHitOnAnNpcNamesTheDamageTakenButNotItsArmour() {
        startRound();

        Attacked attacked = table.only(table.accept(ALICE, new Attack("alda", List.of("ogre")), 3), Attacked.class);

        // 3 + STR 4 = 7, less the ogre's AR 2
        assertThat(table.get("ogre").hp()).isEqualTo(20 - 5);
        assertThat(attacked.describe()).isEqualTo("Alda attacks with Club: 1d6 = 3 + STR 4 = 7 blunt; Ogre takes 5.")
                .doesNotContain("AR");
    }

    @Test
    void anNpcsAttackLeavesOutItsStrengthButAPlayersArmourStays() {
        startRound();
        table.accept(ALICE, new EndTurn("alda"));
        table.accept(BOB, new EndTurn("bram"));

        Attacked attacked = table.only(table.accept(GM, new Attack("ogre", List.of("alda")), 3), Attacked.class);

        // 3 + STR 7 (median of 2d6) = 10, less Alda's AR 1
        assertThat(table.get("alda").hp()).isEqualTo(12 - 9);
        assertThat(attacked.describe()).isEqualTo("Ogre attacks with Maul: 1d8 = 3 + STR blunt; Alda takes 9 (AR 1).")
                .doesNotContain("7").doesNotContain("10");
    }

    @Test
    void aRolledStrengthOfAnNpcIsNeitherInTheSentenceNorInTheDiceShown() {
        table.accept(GM, new Configure("roll", null));
        startRound();
        table.accept(ALICE, new EndTurn("alda"));
        table.accept(BOB, new EndTurn("bram"));

        Attacked attacked = table.only(table.accept(GM, new Attack("ogre", List.of("alda")), 3, 6, 5), Attacked.class);

        // STR 2d6 rolls 3 and 6, the Maul 5
        assertThat(attacked.damage().total()).isEqualTo(3 + 6 + 5);
        assertThat(attacked.describe()).isEqualTo("Ogre attacks with Maul: 1d8 = 5 + STR blunt; Alda takes 13 (AR 1).")
                .doesNotContain("2d6").doesNotContain("9").doesNotContain("14");
        assertThat(attacked.rolls()).extracting(RollResult::notation).containsExactly("1d8");
    }

    @Test
    void anNpcsResistanceAndVulnerabilityAreNotNamed() {
        // a salamander whose sheet (hidden from players) resists fire and is vulnerable to cold
        Map<String, Object> sheet = new HashMap<>(VogtTable.ogre());
        sheet.put("resistances", List.of("fire"));
        sheet.put("vulnerabilities", List.of("cold"));
        table.add("sal", "Salamander", "gm", true, sheet);
        table.accept(GM, new PlaceCharacter("sal"));
        table.accept(GM, new AddStatus("bram", "drenched"));

        DamageApplied fire = table.only(table.accept(GM, new ApplyDamage(List.of("sal", "bram"), "6", "fire", true)),
                DamageApplied.class);
        DamageApplied cold = table.only(table.accept(GM, new ApplyDamage(List.of("sal"), "3", "cold", true)),
                DamageApplied.class);

        assertThat(fire.describe()).isEqualTo("Damage: 6 = 6 = 6 fire; Salamander takes 3; Bram takes 3 (resists fire).");
        assertThat(cold.describe()).isEqualTo("Damage: 3 = 3 = 3 cold; Salamander takes 6.");
        // the GM still sees why
        assertThat(fire.hits().getFirst().note()).isEqualTo("resists fire");
    }

    @Test
    void anNpcsCheckDoesNotNameItsAbilityDie() {
        CheckRolled npc = table.only(table.accept(GM, new Check("ogre", "STR", 0, "normal"), 4, 5), CheckRolled.class);
        CheckRolled pc = table.only(table.accept(ALICE, new Check("alda", "STR", 0, "normal"), 4), CheckRolled.class);

        assertThat(npc.describe()).isEqualTo("Ogre rolls STR: 9.").doesNotContain("2d6");
        assertThat(npc.rolls()).as("dice shown to everyone, which would give the 2d6 away").isEmpty();
        assertThat(pc.describe()).isEqualTo("Alda rolls STR (1d8): 4.");
        assertThat(pc.rolls()).extracting(RollResult::notation).containsExactly("1d8");
    }

    @Test
    void anNpcsExhaustionLevelIsNotNamedButAPlayersIs() {
        table.accept(GM, new ChangeExhaustion("ogre", 1));
        ExhaustionGained npc = table.only(table.accept(GM, new ChangeExhaustion("ogre", 1)), ExhaustionGained.class);
        ExhaustionGained pc = table.only(table.accept(GM, new ChangeExhaustion("alda", 1)), ExhaustionGained.class);
        ExhaustionRecovered npcRecovers = table.only(table.accept(GM, new ChangeExhaustion("ogre", -1)),
                ExhaustionRecovered.class);

        assertThat(table.get("ogre").exhaustion()).isEqualTo(1);
        assertThat(npc.level()).as("the event keeps the number for replay").isEqualTo(2);
        assertThat(npc.describe()).isEqualTo("Ogre gains a level of exhaustion.").doesNotContain("2");
        assertThat(npcRecovers.describe()).isEqualTo("Ogre recovers from some exhaustion.").doesNotContain("1");
        assertThat(pc.describe()).isEqualTo("Alda gains exhaustion level 1.");
    }

    @Test
    void aSiestaDoesNotSayHowMuchAnNpcRegainsWhichWouldGiveItsMaximumAway() {
        table.accept(GM, new ApplyDamage(List.of("ogre", "alda"), "8", "blunt", true));

        // "You may regain a number of hit points equal to half your HP maximum": up to 10 of the ogre's 20
        // (it lacks 8), 6 of Alda's 12
        Rested rested = table.only(table.accept(GM, new Siesta(List.of("ogre", "alda"))), Rested.class);

        assertThat(table.get("ogre").hp()).isEqualTo(20);
        assertThat(rested.recoveries().getFirst().hpGained()).as("the event keeps the number for replay").isEqualTo(8);
        assertThat(rested.describe()).isEqualTo("A siesta: Ogre recovers; Alda +6 HP.");
    }

    @Test
    void anExhaustionEventStoredBeforeNpcWasRecordedReadsAsAPlayers() {
        // as strict as the application's mapper: a missing boolean would otherwise fail as a null
        var json = tools.jackson.databind.json.JsonMapper.builder()
                .enable(tools.jackson.databind.DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();

        ExhaustionGained old = json.readValue("{\"combatantId\":\"ogre\",\"name\":\"Ogre\",\"level\":2,"
                + "\"knockedDown\":false,\"dismemberment\":null,\"injury\":null}", ExhaustionGained.class);

        assertThat(old).isEqualTo(new ExhaustionGained("ogre", "Ogre", 2, false, null, null, false));
        assertThat(old.describe()).isEqualTo("Ogre gains exhaustion level 2.");
    }
}
