package io.astragal.rules.vogt;

import static io.astragal.rules.vogt.VogtTable.ALICE;
import static io.astragal.rules.vogt.VogtTable.BOB;
import static io.astragal.rules.vogt.VogtTable.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.DiceSource;
import io.astragal.rules.GameEvent;
import io.astragal.rules.RejectionCode;
import io.astragal.rules.vogt.VogtCommand.AddStatus;
import io.astragal.rules.vogt.VogtCommand.ApplyDamage;
import io.astragal.rules.vogt.VogtCommand.Attack;
import io.astragal.rules.vogt.VogtCommand.ChangeExhaustion;
import io.astragal.rules.vogt.VogtCommand.Configure;
import io.astragal.rules.vogt.VogtCommand.Declare;
import io.astragal.rules.vogt.VogtCommand.EndTurn;
import io.astragal.rules.vogt.VogtCommand.PlaceCharacter;
import io.astragal.rules.vogt.VogtCommand.StartInitiative;
import io.astragal.rules.vogt.VogtCommand.UseTechnique;
import io.astragal.rules.vogt.VogtEvent.Attacked;
import io.astragal.rules.vogt.VogtEvent.DamageApplied;
import io.astragal.rules.vogt.VogtEvent.ExhaustionGained;
import io.astragal.rules.vogt.VogtEvent.Hit;
import io.astragal.rules.vogt.VogtEvent.TechniqueUsed;
import io.astragal.rules.vogt.VogtState.Injury;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class VogtDamageTest {

    private final VogtTable table = new VogtTable();

    @BeforeEach
    void placeEveryone() {
        table.accept(GM, new PlaceCharacter("alda"));
        table.accept(GM, new PlaceCharacter("bram"));
        table.accept(GM, new PlaceCharacter("ogre"));
    }

    /** Alda (Club) acts first: Alda 1, Bram 3, ogre 5. */
    private void aldaAttacksFirst() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram", "ogre")));
        table.accept(ALICE, new Declare("alda", "attack", "Club", null));
        table.accept(BOB, new Declare("bram", "run", null, null));
        table.accept(GM, new Declare("ogre", "attack", null, null), 1, 3, 5);
    }

    @Test
    @DisplayName("\"When attacking with a weapon, you add your Strength modifier to the damage\" (median STR 1d8 = 4)")
    void weaponDamageAddsTheStrengthModifier() {
        aldaAttacksFirst();

        Attacked attacked = table.only(table.accept(ALICE, new Attack("alda", List.of("bram")), 3), Attacked.class);

        assertThat(attacked.damage().total()).isEqualTo(3 + 4);
        assertThat(attacked.hits()).containsExactly(new Hit("bram", "Bram", 7, 3, "", false));
        assertThat(table.get("bram").hp()).isEqualTo(3);
        assertThat(attacked.describe()).isEqualTo("Alda attacks with Club: 1d6 = 3 + STR 4 = 7 blunt; Bram takes 7.");
    }

    @Test
    @DisplayName("\"When you roll the highest result on a damage die, you may roll an additional damage die of the same size and add it\"")
    void aMaximumFaceRollsAnotherDieOfThatSize() {
        aldaAttacksFirst();

        Attacked attacked = table.only(table.accept(ALICE, new Attack("alda", List.of("ogre")), 6, 2), Attacked.class);

        assertThat(attacked.damage().crits().total()).isEqualTo(2);
        assertThat(attacked.damage().total()).isEqualTo(6 + 2 + 4);
        assertThat(attacked.triggers()).containsExactly("critical hit");
        // the ogre's AR 2 is subtracted from the hit
        assertThat(table.get("ogre").hp()).isEqualTo(20 - 10);
    }

    @Test
    @DisplayName("\"When you deal damage to more than one target with one action, roll the damage once and apply it to all targets.\"")
    void oneRollForEveryTarget() {
        aldaAttacksFirst();

        Attacked attacked = table.only(table.accept(ALICE, new Attack("alda", List.of("bram", "ogre")), 2), Attacked.class);

        assertThat(attacked.rolls()).hasSize(1);
        assertThat(attacked.hits()).extracting(Hit::amount).containsExactly(6, 4);
    }

    @Test
    @DisplayName("\"Resistance ... reduce any incoming damage of that type by half.\" \"Vulnerability ... double any incoming damage of that type.\"")
    void resistanceHalvesAndVulnerabilityDoubles() {
        table.accept(GM, new AddStatus("bram", "drenched"));

        Hit fire = table.only(table.accept(GM, new ApplyDamage(List.of("bram"), "1d6", "fire", false), 5), DamageApplied.class)
                .hits().getFirst();
        Hit lightning = table.only(table.accept(GM, new ApplyDamage(List.of("bram"), "2", "Lightning", false)), DamageApplied.class)
                .hits().getFirst();

        assertThat(fire.amount()).isEqualTo(2);
        assertThat(fire.note()).isEqualTo("resists fire");
        assertThat(lightning.amount()).isEqualTo(4);
        assertThat(table.get("bram").hp()).isEqualTo(10 - 2 - 4);
    }

    @Test
    @DisplayName("\"Nauseated: You have blunt vulnerability, slash vulnerability, and stab vulnerability.\"")
    void nauseatedDoublesPhysicalDamage() {
        table.accept(GM, new AddStatus("bram", "nauseated"));

        Hit hit = table.only(table.accept(GM, new ApplyDamage(List.of("bram"), "3", "stab", false)), DamageApplied.class)
                .hits().getFirst();

        assertThat(hit.amount()).isEqualTo(6);
    }

    @Test
    @DisplayName("\"It is possible to deal 0 damage, but no less.\"")
    void damageNeverGoesBelowZero() {
        Hit hit = table.only(table.accept(GM, new ApplyDamage(List.of("ogre"), "1d4-3", "blunt", false), 1), DamageApplied.class)
                .hits().getFirst();

        assertThat(hit.amount()).isZero();
        assertThat(table.get("ogre").hp()).isEqualTo(20);
    }

    @Test
    void armorCanBeSwitchedOffAsASetting() {
        table.reject(ALICE, new Configure("roll", false), RejectionCode.NOT_ALLOWED);
        table.accept(GM, new Configure(null, false));

        Hit hit = table.only(table.accept(GM, new ApplyDamage(List.of("ogre"), "3", "blunt", false)), DamageApplied.class)
                .hits().getFirst();

        assertThat(hit.amount()).isEqualTo(3);
    }

    @Test
    void theStrengthModifierCanBeRolledAsASetting() {
        table.accept(GM, new Configure("roll", null));
        aldaAttacksFirst();

        Attacked attacked = table.only(table.accept(ALICE, new Attack("alda", List.of("bram")), 7, 2), Attacked.class);

        // the STR die (1d8) is rolled first, then the weapon's die
        assertThat(attacked.damage().modifier().total()).isEqualTo(7);
        assertThat(attacked.damage().total()).isEqualTo(9);
    }

    @Test
    @DisplayName("\"Each time a character takes damage and is left with 0 or fewer hit points, they gain a level of exhaustion and fall prone\"")
    void droppingToZeroGivesExhaustionAndProne() {
        List<GameEvent> events = table.accept(GM, new ApplyDamage(List.of("bram"), "12", "blunt", false));

        assertThat(table.only(events, ExhaustionGained.class)).isEqualTo(
                new ExhaustionGained("bram", "Bram", 1, true, null, null, false));
        Combatant bram = table.get("bram");
        assertThat(bram.hp()).isEqualTo(-2);
        assertThat(bram.exhaustion()).isEqualTo(1);
        assertThat(bram.has(Status.PRONE)).isTrue();
        // Prone: "your AR is 0"; exhaustion 1: "Your speed is halved", prone: "Your movement is halved"
        assertThat(bram.ar()).isZero();
        assertThat(bram.movement()).isEqualTo(6 / 2 / 2);
    }

    @Test
    @DisplayName("Exhaustion \"2 Your HP maximum is halved.\" \"3 You are unconscious.\"")
    void exhaustionPenaltiesAreCumulative() {
        table.accept(GM, new ChangeExhaustion("alda", 2));
        Combatant alda = table.get("alda");
        assertThat(alda.hpMax()).isEqualTo(6);
        assertThat(alda.hp()).isEqualTo(6);
        assertThat(alda.movement()).isEqualTo(3);
        assertThat(alda.canAct()).isTrue();

        table.accept(GM, new ChangeExhaustion("alda", 1));
        assertThat(table.get("alda").has(Status.UNCONSCIOUS)).isTrue();
        assertThat(table.get("alda").movement()).isZero();

        table.accept(GM, new ChangeExhaustion("alda", -3));
        assertThat(table.get("alda").hpMax()).isEqualTo(12);
        assertThat(table.get("alda").canAct()).isTrue();
    }

    @Test
    @DisplayName("\"4+ Roll 1d8 on the death & dismemberment table.\" \"4 You lose a leg (movement is 1).\"")
    void theFourthLevelRollsOnDeathAndDismemberment() {
        table.accept(GM, new ChangeExhaustion("bram", 3));

        ExhaustionGained gained = table.only(table.accept(GM, new ChangeExhaustion("bram", 1), 4), ExhaustionGained.class);

        assertThat(gained.level()).isEqualTo(4);
        assertThat(gained.dismemberment().total()).isEqualTo(4);
        assertThat(gained.injury()).isEqualTo(Injury.LOST_LEG);
        table.accept(GM, new ChangeExhaustion("bram", -4));
        assertThat(table.get("bram").movement()).isEqualTo(1);
    }

    @Test
    @DisplayName("\"6+ You are dead.\" (a 7 or 8 on the d8 too); the dead take no more turns")
    void deathOnSixOrMore() {
        table.accept(GM, new ChangeExhaustion("bram", 3));
        table.accept(GM, new ChangeExhaustion("bram", 1), 8);

        assertThat(table.get("bram").dead()).isTrue();
        assertThat(VogtView.band(table.get("bram"))).isEqualTo("dead");
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "defend", null, null), 2);
        assertThat(table.state.initiative().order()).extracting(VogtState.Declaration::combatantId).containsExactly("alda");
    }

    @Test
    @DisplayName("\"2 You lose an arm.\" Slots count the hands left; \"5 You lose your voice (permanent mute).\"")
    void armsAndVoiceAreLost() {
        table.accept(GM, new ChangeExhaustion("alda", 3));
        table.accept(GM, new ChangeExhaustion("alda", 2), 2, 5);

        Combatant alda = table.get("alda");
        assertThat(alda.injuries()).containsExactly(Injury.LOST_ARM, Injury.LOST_VOICE);
        assertThat(alda.hands()).isEqualTo(1);
        assertThat(alda.has(Status.MUTE)).isTrue();
    }

    @Test
    @DisplayName("\"Bleeding: You take 1 damage at the beginning of each of your turns.\"")
    void bleedingHurtsAtTheStartOfEachTurn() {
        table.accept(GM, new AddStatus("alda", "bleeding"));
        aldaAttacksFirst();

        DamageApplied bleed = table.only(table.log, DamageApplied.class);
        assertThat(bleed.source()).isEqualTo("Bleeding");
        assertThat(table.get("alda").hp()).isEqualTo(11);
        table.accept(ALICE, new EndTurn("alda"));
        assertThat(table.get("alda").hp()).isEqualTo(11);
    }

    @Test
    @DisplayName("\"Use Technique ... using a number of unexpended technique dice you have\"; a full rest regains them")
    void techniquesSpendTheirDice() {
        table.accept(GM, new StartInitiative(List.of("alda", "bram")));
        table.accept(ALICE, new Declare("alda", "technique", null, 2));
        table.accept(BOB, new Declare("bram", "run", null, null), 1, 1, 5);

        TechniqueUsed used = table.only(table.accept(ALICE,
                new UseTechnique("alda", "Firebolt", List.of("bram"), "2d6", "fire"), 3, 4), TechniqueUsed.class);

        assertThat(used.hits()).containsExactly(new Hit("bram", "Bram", 7, 3, "", false));
        assertThat(table.get("alda").techniqueLeft()).isEqualTo(1);
    }

    @Test
    void badDamageNotationIsRejected() {
        String message = table.reject(GM, new ApplyDamage(List.of("bram"), "2d6+x", "fire", false), RejectionCode.INVALID_DICE);
        assertThat(message).contains("position 4");
        table.reject(ALICE, new ApplyDamage(List.of("bram"), "2", "fire", false), RejectionCode.NOT_ALLOWED);
        table.reject(GM, new ApplyDamage(List.of("nobody"), "2", "fire", false), RejectionCode.UNKNOWN_CHARACTER);
    }

    @Test
    void damageRollsKeepEveryDie() {
        VogtEvent.DamageRoll roll = VogtReferee.damageRoll("2d6+1", new io.astragal.dice.RollResult("STR", 3, List.of()),
                DiceSource.scripted(6, 1, 6));

        assertThat(roll.dice().total()).isEqualTo(8);
        assertThat(roll.crits().dice()).hasSize(1);
        assertThat(roll.total()).isEqualTo(8 + 6 + 3);
    }
}
