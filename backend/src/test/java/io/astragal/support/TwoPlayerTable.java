package io.astragal.support;

import java.util.UUID;

/**
 * The cast of most table tests: a GM with a new campaign of one ruleset, and Alda and Bram signed
 * up and joined to it as players. Every call signs up new users, so tests sharing a database never meet.
 */
public record TwoPlayerTable(int port, Player gm, Player alda, Player bram, UUID id) {

    /** The GM creates the campaign {@code name} of {@code rulesetId}, then invites Alda and Bram, who accept. */
    public static TwoPlayerTable create(int port, String name, String rulesetId) {
        Player gm = Player.signUp(port, "Gemma");
        UUID id = gm.createCampaign(name, rulesetId);
        Player alda = Player.signUp(port, "Alda");
        alda.accept(gm.invite(id, "PLAYER"));
        Player bram = Player.signUp(port, "Bram");
        bram.accept(gm.invite(id, "PLAYER"));
        return new TwoPlayerTable(port, gm, alda, bram, id);
    }

    /** {@code player}'s client at this table from the start: its first message is a snapshot. */
    public TableClient join(Player player) throws Exception {
        return join(player, -1);
    }

    /** {@code player}'s client at this table, asking for what came after {@code lastSeq}. */
    public TableClient join(Player player, long lastSeq) throws Exception {
        return TableClient.join(port, player, id, lastSeq);
    }

    /** {@code player} seated at this table, holding the snapshot's view. */
    public Seat seat(Player player) throws Exception {
        TableClient client = join(player);
        try {
            return new Seat(player.displayName, client);
        } catch (Throwable e) {
            client.close();
            throw e;
        }
    }
}
