package io.astragal.table;

import tools.jackson.databind.JsonNode;

/**
 * A command as a client sends it (docs/protocol.md).
 *
 * @param commandId client-generated, unique per table; a repeat returns the first reply and changes nothing
 * @param type      {@code chat}, {@code roll}, {@code undo}, or a ruleset command such as {@code actlite.dealCard}
 * @param args      the command's arguments, an object
 * @param rollMode  who sees the rolls it makes; public when absent
 */
public record CommandRequest(String commandId, String type, JsonNode args, RollMode rollMode) {
}
