package io.astragal.realtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.springframework.messaging.simp.stomp.StompCommand;
import tools.jackson.databind.json.JsonMapper;

/**
 * Abusive inputs for {@link StompFuzzTest}, drawn from a seeded {@link Random}: the same seed gives
 * the same inputs in the same order. Every input is wrong by construction (nothing here is a
 * command the server should carry out), so the only right answers are an error or a disconnect.
 */
final class FuzzInputs {

    enum Category {
        STOMP_FRAME, WEBSOCKET, JSON, MISTYPED, UNKNOWN_COMMAND, DICE_BOMB, OTHER_TABLE, OVERSIZED
    }

    @FunctionalInterface
    interface Sender {
        void send(RawStompSocket socket) throws IOException;
    }

    /**
     * One abusive input.
     *
     * @param fresh true when it is sent on a new connection that never sent CONNECT
     */
    record Input(Category category, String label, boolean fresh, Sender sender, String detail) {
        Input(Category category, String label, boolean fresh, Sender sender) {
            this(category, label, fresh, sender, "");
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int FRAME_LIMIT = 16 * 1024;
    private static final Set<String> STOMP_COMMANDS = new java.util.HashSet<>();

    static {
        for (StompCommand command : StompCommand.values()) {
            STOMP_COMMANDS.add(command.name());
        }
    }

    private final Random random;
    private final UUID table;
    private final UUID otherTable;
    private final String hero;
    private final String npc;
    private final String csrfToken;

    /**
     * @param table      the table the fuzzing user plays at (a player, subscribed to its stream)
     * @param otherTable a table the fuzzing user does not belong to
     * @param hero       the fuzzing user's character at {@code table}
     * @param npc        the GM's character at {@code table}
     */
    FuzzInputs(long seed, UUID table, UUID otherTable, String hero, String npc, String csrfToken) {
        this.random = new Random(seed);
        this.table = table;
        this.otherTable = otherTable;
        this.hero = hero;
        this.npc = npc;
        this.csrfToken = csrfToken;
    }

    Input next() {
        int roll = random.nextInt(100);
        if (roll < 24) {
            return stompFrame();
        }
        if (roll < 34) {
            return webSocket();
        }
        if (roll < 48) {
            return json();
        }
        if (roll < 68) {
            return mistyped();
        }
        if (roll < 73) {
            return unknownCommand();
        }
        if (roll < 83) {
            return diceBomb();
        }
        if (roll < 94) {
            return otherTable();
        }
        return oversized();
    }

    // --- STOMP frames that break the protocol ------------------------------------------------------

    private Input stompFrame() {
        String commands = "/app/tables/" + table + "/commands";
        return switch (random.nextInt(20)) {
            case 0 -> {
                String command = unknownStompCommand();
                yield text(Category.STOMP_FRAME, "unknown STOMP command", frame(command, Map.of("destination", commands), validChat()));
            }
            case 1 -> text(Category.STOMP_FRAME, "SEND without destination",
                    frame("SEND", Map.of("content-type", "application/json"), validChat()));
            case 2 -> text(Category.STOMP_FRAME, "SUBSCRIBE without destination",
                    frame("SUBSCRIBE", Map.of("id", "s" + random.nextInt(1000)), ""));
            case 3 -> text(Category.STOMP_FRAME, "SUBSCRIBE without id",
                    frame("SUBSCRIBE", Map.of("destination", pick("/user/queue/errors", "/user/queue/tables/" + table)), ""));
            case 4 -> text(Category.STOMP_FRAME, "header without a colon",
                    "SEND\ndestination:" + commands + "\n" + letters(1, 20) + "\n\n" + validChat() + "\0");
            case 5 -> text(Category.STOMP_FRAME, "illegal escape in a header",
                    "SEND\ndestination:" + commands + "\nx:" + letters(0, 5) + "\\" + pick("q", "t", "x", "0", "") + "\n\n"
                            + validChat() + "\0");
            case 6 -> text(Category.STOMP_FRAME, "unreadable content-length",
                    "SEND\ndestination:" + commands + "\ncontent-length:"
                            + pick("abc", "-1", "-2147483648", "1.5", "", "99999999999999999999", " 2", "0x10", "1e3")
                            + "\n\n" + validChat() + "\0");
            case 7 -> {
                String body = validChat();
                yield text(Category.STOMP_FRAME, "content-length shorter than the body",
                        "SEND\ndestination:" + commands + "\ncontent-length:" + random.nextInt(body.length()) + "\n\n" + body + "\0");
            }
            case 8 -> {
                String body = validChat();
                yield text(Category.STOMP_FRAME, "content-length longer than the body",
                        "SEND\ndestination:" + commands + "\ncontent-length:" + (body.length() + 1 + random.nextInt(60)) + "\n\n"
                                + body + "\0");
            }
            case 9 -> {
                // (A NUL inside a header's name or value is legal STOMP; in the command or the destination it breaks the frame.)
                String command = "SEND";
                String destination = commands;
                if (random.nextBoolean()) {
                    int at = random.nextInt(command.length() + 1);
                    command = command.substring(0, at) + "\0" + command.substring(at);
                } else {
                    int at = random.nextInt(destination.length() + 1);
                    destination = destination.substring(0, at) + "\0" + destination.substring(at);
                }
                yield text(Category.STOMP_FRAME, "NUL inside the command or the destination",
                        command + "\ndestination:" + destination + "\ncontent-type:application/json\n\n" + validChat() + "\0");
            }
            case 10 -> text(Category.STOMP_FRAME, "a server-only frame from the client",
                    frame(pick("MESSAGE", "ERROR", "CONNECTED", "RECEIPT"), Map.of("destination", commands,
                            "subscription", "t", "message-id", "1", "receipt-id", "1"), validChat()));
            case 11 -> new Input(Category.STOMP_FRAME, "frames before CONNECT", true, socket -> {
                socket.subscribe("t", "/user/queue/tables/" + table);
                socket.subscribe("e", "/user/queue/errors");
                socket.send(commands, validChat());
            });
            case 18 -> new Input(Category.STOMP_FRAME, "CONNECT without the CSRF token", true,
                    socket -> socket.sendText(frame("CONNECT", random.nextBoolean() ? Map.of("accept-version", "1.2")
                            : Map.of("accept-version", "1.2", "X-XSRF-TOKEN", UUID.randomUUID().toString()), "")));
            case 12 -> text(Category.STOMP_FRAME, "a second CONNECT",
                    frame(pick("CONNECT", "STOMP"), random.nextBoolean()
                            ? Map.of("accept-version", "1.2", "heart-beat", "0,0", "X-XSRF-TOKEN", csrfToken)
                            : Map.of("accept-version", pick("1.0", "9.9", "")), ""));
            case 13 -> text(Category.STOMP_FRAME, "transaction or acknowledgement frames",
                    frame(pick("BEGIN", "COMMIT", "ABORT", "ACK", "NACK"),
                            random.nextBoolean() ? Map.of("transaction", letters(1, 8), "id", letters(1, 8)) : Map.of(), ""));
            case 14 -> {
                byte[] garbage = new byte[1 + random.nextInt(300)];
                random.nextBytes(garbage);
                yield new Input(Category.STOMP_FRAME, "garbage bytes in a binary message", false,
                        socket -> socket.sendFrame(0x2, garbage, true));
            }
            case 15 -> {
                StringBuilder frame = new StringBuilder("SEND\ndestination:" + commands + "\n");
                int headers = 300 + random.nextInt(900);
                for (int i = 0; i < headers; i++) {
                    frame.append('h').append(i).append(':').append(random.nextInt(10)).append('\n');
                }
                yield text(Category.STOMP_FRAME, "hundreds of headers", frame.append('\n').append(letters(1, 30)).append('\0').toString());
            }
            case 16 -> text(Category.STOMP_FRAME, "SEND to a destination no client may use",
                    frame("SEND", Map.of("destination", pick("/topic/tables", "/queue/tables/" + table, "/user/queue/errors",
                            "/app/other", "/app/tables", "", "/", "app/tables/" + table + "/commands",
                            "/user/" + UUID.randomUUID() + "/queue/tables/" + table, "/" + letters(1, 40))), validChat()));
            case 17 -> text(Category.STOMP_FRAME, "SUBSCRIBE to a destination no client may use",
                    frame("SUBSCRIBE", Map.of("id", "x" + random.nextInt(1000), "destination",
                            pick("/topic/tables", "/queue/tables/" + table, "/queue/errors", "/user/queue/tables/not-a-table",
                                    "/user/queue/tables/" + table + "/x", "/app/tables/" + table + "/commands", "/**", "",
                                    "/user/queue/" + letters(1, 20))), ""));
            default -> {
                // STOMP over several WebSocket messages is allowed; broken across them, it is still broken.
                String frame = frame(unknownStompCommand(), Map.of("destination", commands), validChat());
                int cut = 1 + random.nextInt(frame.length() - 1);
                yield new Input(Category.STOMP_FRAME, "a broken frame split over two messages", false, socket -> {
                    socket.sendText(frame.substring(0, cut));
                    socket.sendText(frame.substring(cut));
                });
            }
        };
    }

    // --- WebSocket framing that breaks RFC 6455 ----------------------------------------------------

    private Input webSocket() {
        byte[] valid = frame("SEND", Map.of("destination", "/app/tables/" + table + "/commands"), validChat())
                .getBytes(StandardCharsets.UTF_8);
        return switch (random.nextInt(11)) {
            case 0 -> ws("an unmasked client frame", s -> s.sendFrame(0x1, valid, true, null));
            case 1 -> {
                int opcode = pick(3, 4, 5, 6, 7, 11, 12, 13, 14, 15);
                yield ws("a reserved opcode", s -> s.sendFrame(opcode, valid, true));
            }
            case 2 -> {
                byte[] header = {(byte) (0x81 | (0x10 << random.nextInt(3))), (byte) 0x80, 1, 2, 3, 4};
                yield ws("RSV bits set", s -> s.writeBytes(header));
            }
            case 3 -> ws("a continuation without a start", s -> s.sendFrame(0x0, valid, true));
            case 4 -> {
                byte[] ping = new byte[126 + random.nextInt(200)];
                yield ws("a control frame over 125 bytes", s -> s.sendFrame(0x9, ping, true));
            }
            case 5 -> ws("a fragmented ping", s -> s.sendFrame(0x9, new byte[4], false));
            case 6 -> {
                byte[] bad = invalidUtf8();
                yield ws("invalid UTF-8 in a text frame", s -> s.sendFrame(0x1, bad, true));
            }
            case 7 -> {
                byte[] garbage = new byte[2 + random.nextInt(200)];
                random.nextBytes(garbage);
                garbage[0] = (byte) (garbage[0] | 0x70); // RSV bits: not a frame any extension-less server takes
                yield ws("garbage bytes instead of frames", s -> s.writeBytes(garbage));
            }
            case 8 -> {
                int code = pick(0, 999, 1004, 1005, 1006, 1015, 2999, 5000, 65535);
                byte[] payload = random.nextInt(4) == 0 ? new byte[] {3} : new byte[] {(byte) (code >>> 8), (byte) code};
                yield ws("a close frame with an invalid code", s -> s.sendFrame(0x8, payload, true));
            }
            case 9 -> ws("a new message inside a fragmented one", s -> {
                s.sendFrame(0x1, new byte[] {'S', 'E'}, false);
                s.sendFrame(0x1, valid, true);
            });
            default -> {
                byte[] header = {(byte) 0x81, (byte) 0xFF, (byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4};
                yield ws("a frame length with the top bit set", s -> s.writeBytes(header));
            }
        };
    }

    // --- bodies that are not JSON --------------------------------------------------------------

    private Input json() {
        String destination = "/app/tables/" + table + "/" + pick("commands", "sync", "history");
        String body = switch (random.nextInt(14)) {
            case 0 -> pick("{", "}", "[", "{\"commandId\":", "{\"lastSeq\":}", "{\"a\":1}}", "{\"a\":1} x", "nul", "tru",
                    "undefined", "{'lastSeq':1}", "{lastSeq:1}", "[1,2", "\"unterminated", "{\"a\":\"\\q\"}", "{,}", "{\"a\"::1}");
            case 1 -> "{\uFEFF" + validChat().substring(1); // a byte order mark inside (at the start, RFC 8259 lets a reader skip it)
            case 2 -> "{\"text\":\"" + (char) random.nextInt(32) + "\"";
            case 3 -> pick("NaN", "Infinity", "-Infinity", "--1", "1e999999", "0x10", "01", ".5");
            case 4 -> "[".repeat(600 + random.nextInt(7000)); // deeper than Jackson's nesting limit
            case 5 -> "{\"a\":".repeat(600 + random.nextInt(2000)) + "1" + "}".repeat(10);
            case 6 -> printable(1, 200);
            case 7 -> {
                byte[] bytes = new byte[1 + random.nextInt(100)];
                random.nextBytes(bytes);
                yield "{" + new String(bytes, StandardCharsets.ISO_8859_1);
            }
            case 8 -> "// comment\n" + validChat();
            case 9 -> "/* c */ " + validChat();
            case 10 -> validChat() + validChat();
            case 11 -> pick("[]", "1", "-7", "\"text\"", "true", "false", "[{}]", "[" + validChat() + "]");
            case 12 -> "{\"commandId\":\"" + letters(1, 20) + "\",\"type\":\"chat\",\"args\":{\"text\":\"hi\"}";
            default -> pick("", " ", "\n", "null");
        };
        return text(Category.JSON, "not JSON of the destination's shape", frame("SEND",
                Map.of("destination", destination, "content-type", "application/json"), body));
    }

    // --- JSON of the wrong shape ---------------------------------------------------------------

    private Input mistyped() {
        Map<String, Object> command = new LinkedHashMap<>();
        command.put("commandId", commandId());
        String label;
        switch (random.nextInt(12)) {
            case 0 -> {
                label = "a bad commandId";
                command.put("commandId", pick(null, 42, 4.2, true, Map.of(), List.of("a"), "", "a".repeat(65),
                        "has space", "ümlaut", "../x", "a\nb", "x".repeat(5000)));
                command.put("type", "chat");
                command.put("args", Map.of("text", "hello"));
                if (random.nextBoolean()) {
                    command.remove("commandId");
                }
            }
            case 1 -> {
                label = "a bad type";
                command.put("type", pick(42, true, Map.of(), List.of("chat"), 1.5));
                command.put("args", Map.of("text", "hello"));
            }
            case 2 -> {
                label = "args that are not an object";
                command.put("type", pick("chat", "roll", "undo", "actlite.pass"));
                command.put("args", pick("text", 7, List.of(1, 2), true, List.of(Map.of("text", "hi"))));
            }
            case 3 -> {
                label = "a bad roll mode";
                command.put("type", "chat");
                command.put("args", Map.of("text", "hi"));
                // (Jackson reads an enum constant with surrounding whitespace, "GM ", as GM: lenient but harmless.)
                command.put("rollMode", pick("LOUD", "public", "", 3, true, Map.of(), List.of("GM"), "G M", "PUBLIC_", 1.5));
            }
            case 4 -> {
                label = "an unknown field";
                command.put("type", "chat");
                command.put("args", Map.of("text", "hi"));
                command.put(pick("foo", "commandID", "Type", "__proto__", "constructor", letters(1, 30)), pick(1, "x", null, Map.of()));
            }
            case 5 -> {
                label = "chat text of the wrong type or size";
                command.put("type", "chat");
                Map<String, Object> args = new LinkedHashMap<>();
                args.put("text", pick(null, 5, true, Map.of("text", "hi"), List.of("hi"), "", "   ", "\n\t",
                        "x".repeat(2001 + random.nextInt(12_000))));
                if (random.nextInt(5) == 0) {
                    args.clear();
                }
                command.put("args", args);
            }
            case 6 -> {
                label = "a roll with arguments of the wrong type";
                command.put("type", "roll");
                Map<String, Object> args = new LinkedHashMap<>();
                switch (random.nextInt(4)) {
                    case 0 -> args.put("notation", pick(null, 6, true, Map.of(), List.of("1d6")));
                    case 1 -> {
                        args.put("notation", "1d6");
                        args.put("label", "L".repeat(81 + random.nextInt(3000)));
                    }
                    case 2 -> {
                        args.put("notation", "1d6");
                        args.put("characterId", pick(UUID.randomUUID().toString(), npc, "", "x".repeat(300)));
                    }
                    default -> {
                        args.put("notation", "1d6");
                        args.put(pick("characterId", "label"), pick(5, true, Map.of(), List.of(hero), 1.5));
                    }
                }
                command.put("args", args);
            }
            case 7 -> {
                label = "deeply nested args";
                command.put("type", pick("chat", "roll", "actlite.spendAp"));
                command.put("args", Map.of(pick("text", "notation", "characterId"), nested(50 + random.nextInt(400))));
            }
            case 8, 9, 10 -> {
                label = "a ruleset command with mistyped arguments";
                Map<String, Object> args = rulesetTemplate(command);
                mutate(args);
                command.put("args", args);
            }
            default -> {
                label = "a ruleset command for someone else's character or nobody's";
                Map<String, Object> args = rulesetTemplate(command);
                args.put("characterId", pick(npc, UUID.randomUUID().toString(), "", "x".repeat(200)));
                command.put("args", args);
            }
        }
        return send(Category.MISTYPED, label, "/app/tables/" + table + "/commands", command);
    }

    /** A well-formed ruleset command of the fuzzing player's; the caller breaks it. */
    private Map<String, Object> rulesetTemplate(Map<String, Object> command) {
        Map<String, Object> args = new LinkedHashMap<>();
        switch (random.nextInt(7)) {
            case 0 -> {
                command.put("type", "actlite.spendAp");
                args.put("characterId", hero);
                args.put("action", "Move");
                args.put("costs", "1");
            }
            case 1 -> {
                command.put("type", "actlite.rollCheck");
                args.put("characterId", hero);
                args.put("attribute", "STR");
                args.put("dc", 10);
            }
            case 2 -> {
                command.put("type", "actlite.attack");
                args.put("characterId", hero);
                args.put("weapon", "Club");
                args.put("target", npc);
            }
            case 3 -> {
                command.put("type", "actlite.writeHex");
                args.put("characterId", hero);
                args.put("text", "Sleep");
            }
            case 4 -> {
                command.put("type", "actlite.contest");
                args.put("characterId", hero);
                args.put("attribute", "STR");
                args.put("target", npc);
            }
            case 5 -> {
                command.put("type", "actlite.interrupt");
                args.put("characterId", hero);
            }
            default -> {
                command.put("type", pick("actlite.applyDamage", "actlite.heal", "actlite.loseAp", "actlite.addCondition"));
                args.put("target", hero);
                args.put("amount", 1);
                args.put("condition", "Bleeding");
            }
        }
        return args;
    }

    /** Breaks a ruleset command's args so that no reading of them is a valid command. */
    private void mutate(Map<String, Object> args) {
        List<String> keys = new ArrayList<>(args.keySet());
        String key = keys.get(random.nextInt(keys.size()));
        switch (random.nextInt(6)) {
            case 0 -> args.put(pick("zzz", "costs2", "dcx", letters(1, 12) + "_"), pick(1, "x", true));
            case 1 -> args.put(key, pick(Map.of("a", 1), List.of(1, 2), List.of(), Map.of()));
            case 2 -> args.put("dc".equals(key) || "amount".equals(key) ? key : "advantage",
                    pick("10", "ten", true, 1.5, 3_000_000_000L, -2_147_483_649L, 1e300, List.of(1)));
            case 3 -> args.put(key.equals("dc") || key.equals("amount") ? "characterId" : key, pick(7, 2.5, true, List.of("a")));
            case 4 -> args.put("cardIds", pick("card-1", 5, Map.of("id", 1), List.of(1, 2), List.of(Map.of())));
            default -> args.put(pick("advantage", "disadvantage", "hands", "attack"), pick(-1_000_000, 1_000_000, 2_147_483_647));
        }
    }

    // --- commands no ruleset knows -------------------------------------------------------------

    private Input unknownCommand() {
        String type = switch (random.nextInt(6)) {
            case 0 -> "actlite." + letters(1, 20);
            case 1 -> pick("vogt.declare", "cairn-ap.act", "symbaroum.attack", "bloodied-d20.attack", "bloodied.attack");
            case 2 -> pick("", " ", "CHAT", "Roll", "chat ", "undo!", "actlite.", ".", "actlite..pass", "actlite.dealCard.x");
            case 3 -> "../../" + letters(1, 10);
            case 4 -> printable(1, 64);
            default -> letters(200, 3000);
        };
        Map<String, Object> command = new LinkedHashMap<>();
        command.put("commandId", commandId());
        command.put("type", type);
        command.put("args", Map.of());
        return send(Category.UNKNOWN_COMMAND, "an unknown command type", "/app/tables/" + table + "/commands", command);
    }

    // --- dice notation beyond the limits -------------------------------------------------------

    private Input diceBomb() {
        String notation = switch (random.nextInt(14)) {
            case 0 -> (1001 + random.nextInt(1_000_000)) + "d" + (2 + random.nextInt(1000));
            case 1 -> (999_999 + random.nextInt(1000)) + "d6!";
            case 2 -> "1d" + (10_001 + random.nextInt(1_000_000));
            case 3 -> "1d" + pick("6!>=1", "1!", "6r<=6", "20r<21", "6!<7", "2!>0");
            case 4 -> {
                int depth = 51 + random.nextInt(3000);
                yield "(".repeat(depth) + "1d6" + ")".repeat(depth);
            }
            case 5 -> "-".repeat(51 + random.nextInt(3000)) + "1";
            case 6 -> "1d6+".repeat(60 + random.nextInt(1000)) + "1";
            case 7 -> pick("2147483648d6", "1d2147483648", "99999999999999999999", "2147483647+1", "2147483647*2",
                    "-2147483648-1", "1d6/0", "(1d6)/(0)");
            case 8 -> pick("0d6", "1d0", "d", "1d", "4d6kh5", "4d6dl5", "1d6min7", "2d6max0", "2d6min4max3", "1d6kh1kh1",
                    "1d6!!!", "1d6r1r2", "dF", "1d6x", "(1d4)d6", "@", "1d6+@NOPE", "@" + letters(1, 20), "1d6 # comment");
            case 9 -> letters(1, 10) + "#" + letters(0, 10);
            case 10 -> "1d6+" + "x".repeat(random.nextInt(5000));
            case 11 -> "1000d1000" + pick("!>=1", "r<=1000", "kh1001", "+1001d6", "*1000d1000");
            case 12 -> "(".repeat(40) + "1000d10000!" + ")".repeat(39);
            default -> "1d6".repeat(100 + random.nextInt(4000));
        };
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("notation", notation);
        if (random.nextBoolean()) {
            args.put("characterId", hero);
        }
        Map<String, Object> command = new LinkedHashMap<>();
        command.put("commandId", commandId());
        command.put("type", "roll");
        command.put("args", args);
        command.put("rollMode", pick("PUBLIC", "GM", "BLIND", "SELF"));
        return send(Category.DICE_BOMB, "a dice bomb", "/app/tables/" + table + "/commands", command);
    }

    // --- somebody else's table, or no table ----------------------------------------------------

    private Input otherTable() {
        String id = switch (random.nextInt(5)) {
            case 0, 1 -> otherTable.toString();
            case 2 -> UUID.randomUUID().toString();
            case 3 -> pick("not-a-uuid", "null", "..", "%2e%2e", "00000000-0000-0000-0000-00000000000g", "1", "\u00e9",
                    table + "x", "{tableId}", "x".repeat(500));
            default -> table.toString();
        };
        String action = id.equals(table.toString())
                ? pick("bogus", "commands/extra", "sync/x", "COMMANDS", "history/", letters(1, 20), "commands/" + otherTable)
                : pick("commands", "sync", "history");
        String body = switch (action) {
            case "sync" -> "{\"lastSeq\":-1}";
            case "history" -> "{\"limit\":10}";
            default -> validChat();
        };
        if (random.nextInt(6) == 0) {
            return text(Category.OTHER_TABLE, "SUBSCRIBE to another table's stream", frame("SUBSCRIBE",
                    Map.of("id", "o" + random.nextInt(1000), "destination", "/user/queue/tables/" + otherTable), ""));
        }
        return text(Category.OTHER_TABLE, id.equals(table.toString()) ? "an unknown action of the table" : "another or no table",
                frame("SEND", Map.of("destination", "/app/tables/" + id + "/" + action, "content-type", "application/json"), body));
    }

    // --- frames over the size limit ------------------------------------------------------------

    private Input oversized() {
        String commands = "/app/tables/" + table + "/commands";
        return switch (random.nextInt(4)) {
            case 0 -> {
                String text = "x".repeat(FRAME_LIMIT + random.nextInt(200_000));
                yield text(Category.OVERSIZED, "a frame over the size limit", frame("SEND", Map.of("destination", commands),
                        "{\"commandId\":\"big\",\"type\":\"chat\",\"args\":{\"text\":\"" + text + "\"}}"));
            }
            case 1 -> {
                String head = "SEND\ndestination:" + commands + "\n\n{\"text\":\"";
                int parts = 3 + random.nextInt(10);
                int each = FRAME_LIMIT / parts + 100;
                yield new Input(Category.OVERSIZED, "a frame over the limit in many messages", false, socket -> {
                    socket.sendText(head);
                    for (int i = 0; i < parts; i++) {
                        socket.sendText("y".repeat(each));
                    }
                });
            }
            case 2 -> {
                long length = 10_000_000L + random.nextInt(1_000_000_000);
                yield new Input(Category.OVERSIZED, "a WebSocket frame announcing megabytes", false, socket -> {
                    byte[] header = new byte[14];
                    header[0] = (byte) 0x81;
                    header[1] = (byte) (0x80 | 127);
                    for (int i = 0; i < 8; i++) {
                        header[2 + i] = (byte) (length >>> (56 - 8 * i));
                    }
                    socket.writeBytes(header);
                    socket.writeBytes(new byte[1024]);
                });
            }
            default -> text(Category.OVERSIZED, "a content-length far over the limit",
                    "SEND\ndestination:" + commands + "\ncontent-length:" + (FRAME_LIMIT + 1 + random.nextInt(Integer.MAX_VALUE - FRAME_LIMIT))
                            + "\n\n" + validChat() + "\0");
        };
    }

    // --- helpers -------------------------------------------------------------------------------

    private Input text(Category category, String label, String stompText) {
        int body = stompText.indexOf("\n\n");
        String head = body < 0 ? stompText : stompText.substring(0, body);
        String rest = body < 0 ? "" : stompText.substring(body);
        String preview = (head.length() <= 120 ? head : head.substring(0, 120) + "...")
                + (rest.length() <= 240 ? rest : rest.substring(0, 240) + "...");
        return new Input(category, label, false, socket -> socket.sendText(stompText),
                preview.replace("\n", "\\n").replace("\0", "^@"));
    }

    private Input ws(String label, Sender sender) {
        return new Input(Category.WEBSOCKET, label, false, sender);
    }

    private Input send(Category category, String label, String destination, Map<String, Object> body) {
        String json = JSON.writeValueAsString(body);
        return text(category, label, frame("SEND", Map.of("destination", destination, "content-type", "application/json"), json));
    }

    static String frame(String command, Map<String, String> headers, String body) {
        return RawStompSocket.stomp(command, headers, body);
    }

    private String validChat() {
        return "{\"commandId\":\"" + commandId() + "\",\"type\":\"chat\",\"args\":{\"text\":\"fuzz\"}}";
    }

    private String commandId() {
        return "fz-" + Long.toHexString(random.nextLong());
    }

    private String unknownStompCommand() {
        while (true) {
            String command = switch (random.nextInt(4)) {
                case 0 -> pick("HELLO", "SENDX", "send", "Send", "GET / HTTP/1.1", "PUT", "POST", "CONNECTX", "SUBSCRIBEME", " SEND");
                case 1 -> letters(1, 12).toUpperCase(java.util.Locale.ROOT);
                case 2 -> printable(1, 30).replace("\n", "").replace("\r", "");
                default -> "\u00dcBER";
            };
            if (!STOMP_COMMANDS.contains(command.strip()) && !command.isBlank()) {
                return command;
            }
        }
    }

    private Object nested(int depth) {
        Object value = "deep";
        for (int i = 0; i < depth; i++) {
            value = random.nextBoolean() ? List.of(value) : Map.of("n", value);
        }
        return value;
    }

    private byte[] invalidUtf8() {
        byte[] text = frame("SEND", Map.of("destination", "/app/tables/" + table + "/commands"), validChat())
                .getBytes(StandardCharsets.UTF_8);
        byte[][] bad = {{(byte) 0xC3, 0x28}, {(byte) 0xA0}, {(byte) 0xE2, (byte) 0x28, (byte) 0xA1}, {(byte) 0xF0, (byte) 0x28, (byte) 0x8C, (byte) 0xBC},
                {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xC0, (byte) 0xAF}};
        byte[] insert = bad[random.nextInt(bad.length)];
        int at = random.nextInt(text.length);
        byte[] out = new byte[text.length + insert.length];
        System.arraycopy(text, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(text, at, out, at + insert.length, text.length - at);
        return out;
    }

    private String letters(int min, int max) {
        int length = min + random.nextInt(max - min + 1);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) ('a' + random.nextInt(26)));
        }
        return text.toString();
    }

    private String printable(int min, int max) {
        int length = min + random.nextInt(max - min + 1);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) (32 + random.nextInt(95)));
        }
        return text.toString().replace("\0", "");
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[random.nextInt(options.length)];
    }
}
