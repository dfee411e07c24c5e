import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The references from old objects to young ones in a heap dump, by the class and field that holds them:
 * what a G1 young pause has to find by scanning the cards of old regions. Run as a source file:
 * {@code java OldYoung.java HEAP.hprof REGIONS.txt [ROWS]}, with the dump and the region map from one stop
 * of the JVM by the Serviceability Agent ({@code old-young.sh}), whose dumps give each object's address
 * as its id. Prints what lies in the survivor regions by class (what the last young pause copied and did
 * not promote), then, for each holder, the references, the distinct 512-byte cards they lie on (an
 * object's own card for a field, the element's card for an array) and the classes most pointed at.
 */
public class OldYoung {

    private record Field(long nameId, int type) {
    }

    private record ClassDump(long superId, Field[] fields) {
    }

    private record Holder(long[] references, Set<Long> cards, Map<String, Integer> targets) {
        Holder() {
            this(new long[1], new HashSet<>(), new HashMap<>());
        }
    }

    private static ByteBuffer in;
    private static int idSize;
    private static final Map<Long, String> strings = new HashMap<>();
    private static final Map<Long, Long> classNames = new HashMap<>();
    private static final Map<Long, ClassDump> classes = new HashMap<>();
    private static final Map<Long, Long> youngClasses = new HashMap<>();
    private static final Map<String, Holder> holders = new HashMap<>();
    /** Objects in survivor regions by class: count and bytes of their fields or elements. */
    private static final Map<String, long[]> survivors = new HashMap<>();
    private static final Set<Long> allCards = new HashSet<>();
    private static long base;
    private static long regionSize;
    /** Each region's type: E(den), S(urvivor), O(ld), H(umongous), F(ree). */
    private static char[] regionTypes;

    public static void main(String[] args) throws Exception {
        readRegions(Path.of(args[1]));
        try (FileChannel file = FileChannel.open(Path.of(args[0]))) {
            in = file.map(FileChannel.MapMode.READ_ONLY, 0, file.size());
        }
        while (in.get() != 0) {
            // the format's name
        }
        idSize = in.getInt();
        in.getLong();
        int records = in.position();
        for (int pass = 1; pass <= 3; pass++) { // 1: names and class layouts, 2: young objects' classes, 3: old objects
            in.position(records);
            readRecords(pass);
        }
        long survivorBytes = survivors.values().stream().mapToLong(c -> c[1]).sum();
        System.out.printf("in survivor regions: %d objects, %d KiB of fields and elements%n",
                survivors.values().stream().mapToLong(c -> c[0]).sum(), survivorBytes >> 10);
        survivors.entrySet().stream()
                .sorted((x, y) -> Long.compare(y.getValue()[0], x.getValue()[0]))
                .limit(args.length > 2 ? Integer.parseInt(args[2]) : 40)
                .forEach(e -> System.out.printf("%8d objects %8d KiB  %s%n", e.getValue()[0], e.getValue()[1] >> 10, e.getKey()));
        long total = holders.values().stream().mapToLong(h -> h.references()[0]).sum();
        System.out.printf("old-to-young references %d on %d distinct cards%n", total, allCards.size());
        holders.entrySet().stream()
                .sorted((x, y) -> Integer.compare(y.getValue().cards().size(), x.getValue().cards().size()))
                .limit(args.length > 2 ? Integer.parseInt(args[2]) : 40)
                .forEach(e -> System.out.printf("%8d refs %7d cards  %s -> %s%n", e.getValue().references()[0],
                        e.getValue().cards().size(), e.getKey(), e.getValue().targets().entrySet().stream()
                                .sorted((x, y) -> y.getValue() - x.getValue()).limit(3)
                                .map(t -> t.getKey() + " " + t.getValue()).toList()));
    }

    private static void readRegions(Path regionMap) throws Exception {
        List<Character> types = new ArrayList<>();
        for (String line : Files.readAllLines(regionMap)) {
            if (!line.startsWith("Region: ")) {
                continue;
            }
            String[] parts = line.substring("Region: ".length()).split("[,:]"); // bottom,top,end:Type
            long bottom = Long.decode(parts[0]);
            if (types.isEmpty()) {
                base = bottom;
                regionSize = Long.decode(parts[2]) - bottom;
            }
            String type = parts[3].trim();
            types.add(type.startsWith("Eden") ? 'E' : type.startsWith("Surv") ? 'S' : type.startsWith("Old") ? 'O'
                    : type.contains("Humongous") ? 'H' : 'F');
        }
        regionTypes = new char[types.size()];
        for (int i = 0; i < regionTypes.length; i++) {
            regionTypes[i] = types.get(i);
        }
        System.out.printf("%d regions of %d KiB: %d eden, %d survivor, %d old, %d humongous%n", types.size(), regionSize >> 10,
                count(types, 'E'), count(types, 'S'), count(types, 'O'), count(types, 'H'));
    }

    private static long count(List<Character> types, char type) {
        return types.stream().filter(t -> t == type).count();
    }

    private static char regionOf(long address) {
        long i = (address - base) / regionSize;
        return address < base || i >= regionTypes.length ? '-' : regionTypes[(int) i];
    }

    private static boolean young(long address) {
        char type = regionOf(address);
        return type == 'E' || type == 'S';
    }

    private static boolean old(long address) {
        char type = regionOf(address);
        return type == 'O' || type == 'H';
    }

    private static String className(long classId) {
        if (classId < 0) {
            return "primitive array";
        }
        Long name = classNames.get(classId);
        return name == null ? "?" : strings.getOrDefault(name, "?").replace('/', '.');
    }

    private static long id() {
        return idSize == 8 ? in.getLong() : in.getInt() & 0xffffffffL;
    }

    private static int sizeOf(int type) {
        return switch (type) {
            case 2 -> idSize;
            case 4, 8 -> 1;
            case 5, 9 -> 2;
            case 6, 10 -> 4;
            case 7, 11 -> 8;
            default -> throw new IllegalStateException("unknown value type " + type);
        };
    }

    private static String primitiveName(int type) {
        return switch (type) {
            case 4 -> "boolean";
            case 5 -> "char";
            case 6 -> "float";
            case 7 -> "double";
            case 8 -> "byte";
            case 9 -> "short";
            case 10 -> "int";
            case 11 -> "long";
            default -> throw new IllegalStateException("unknown primitive type " + type);
        };
    }

    private static void skip(int bytes) {
        in.position(in.position() + bytes);
    }

    private static void readRecords(int pass) {
        while (in.hasRemaining()) {
            int tag = in.get() & 0xff;
            in.getInt();
            long length = in.getInt() & 0xffffffffL;
            int end = (int) (in.position() + length);
            switch (tag) {
                case 0x01 -> { // a name
                    if (pass == 1) {
                        long id = id();
                        byte[] text = new byte[(int) length - idSize];
                        in.get(text);
                        strings.put(id, new String(text));
                    }
                }
                case 0x02 -> { // a class loaded
                    if (pass == 1) {
                        in.getInt();
                        long classId = id();
                        in.getInt();
                        classNames.put(classId, id());
                    }
                }
                case 0x0c, 0x1c -> readHeap(pass, end);
                default -> {
                }
            }
            in.position(end);
        }
    }

    private static void readHeap(int pass, int end) {
        while (in.position() < end) {
            int kind = in.get() & 0xff;
            switch (kind) {
                case 0xff, 0x05, 0x07 -> id();
                case 0x01 -> {
                    id();
                    id();
                }
                case 0x02, 0x03, 0x08 -> {
                    id();
                    in.getInt();
                    in.getInt();
                }
                case 0x04, 0x06 -> {
                    id();
                    in.getInt();
                }
                case 0x20 -> readClass(pass);
                case 0x21 -> { // an instance
                    long object = id();
                    in.getInt();
                    long classId = id();
                    int bytes = in.getInt();
                    int fieldsAt = in.position();
                    if (pass == 2 && young(object)) {
                        youngClasses.put(object, classId);
                        survivor(object, className(classId), bytes);
                    } else if (pass == 3 && old(object)) {
                        readFields(object, classId);
                    }
                    in.position(fieldsAt + bytes);
                }
                case 0x22 -> { // an array of references
                    long object = id();
                    in.getInt();
                    int length = in.getInt();
                    long classId = id();
                    int elementsAt = in.position();
                    if (pass == 2 && young(object)) {
                        youngClasses.put(object, classId);
                        survivor(object, className(classId), (long) length * idSize);
                    } else if (pass == 3 && old(object)) {
                        String holder = className(classId);
                        for (int i = 0; i < length; i++) {
                            long element = id();
                            if (element != 0 && young(element)) {
                                count(holder, (object + 16 + 4L * i) >>> 9, element);
                            }
                        }
                    }
                    in.position(elementsAt + length * idSize);
                }
                case 0x23 -> { // an array of primitives
                    long object = id();
                    in.getInt();
                    int length = in.getInt();
                    int type = in.get();
                    if (pass == 2 && young(object)) {
                        youngClasses.put(object, -1L);
                        survivor(object, primitiveName(type) + "[]", (long) length * sizeOf(type));
                    }
                    skip(length * sizeOf(type));
                }
                default -> throw new IllegalStateException("unknown heap record " + Integer.toHexString(kind));
            }
        }
    }

    private static void readClass(int pass) {
        long classId = id();
        in.getInt();
        long superId = id();
        for (int i = 0; i < 5; i++) {
            id(); // loader, signers, protection domain, two reserved
        }
        in.getInt();
        int constants = in.getShort() & 0xffff;
        for (int i = 0; i < constants; i++) {
            in.getShort();
            skip(sizeOf(in.get()));
        }
        int statics = in.getShort() & 0xffff;
        for (int i = 0; i < statics; i++) {
            id();
            skip(sizeOf(in.get()));
        }
        Field[] fields = new Field[in.getShort() & 0xffff];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = new Field(id(), in.get());
        }
        if (pass == 1) {
            classes.put(classId, new ClassDump(superId, fields));
        }
    }

    /** An instance's fields, its class's first, then each superclass's. */
    private static void readFields(long object, long classId) {
        for (long at = classId; at != 0; ) {
            ClassDump dump = classes.get(at);
            if (dump == null) {
                return;
            }
            for (Field field : dump.fields()) {
                if (field.type() != 2) {
                    skip(sizeOf(field.type()));
                    continue;
                }
                long value = id();
                if (value != 0 && young(value)) {
                    count(className(at) + "." + strings.get(field.nameId()), object >>> 9, value);
                }
            }
            at = dump.superId();
        }
    }

    private static void survivor(long object, String className, long bytes) {
        if (regionOf(object) == 'S') {
            long[] counts = survivors.computeIfAbsent(className, c -> new long[2]);
            counts[0]++;
            counts[1] += bytes;
        }
    }

    private static void count(String holder, long card, long target) {
        Holder counts = holders.computeIfAbsent(holder, h -> new Holder());
        counts.references()[0]++;
        counts.cards().add(card);
        allCards.add(card);
        Long targetClass = youngClasses.get(target);
        counts.targets().merge(targetClass == null ? "?" : className(targetClass).replaceAll(".*\\.", ""), 1, Integer::sum);
    }
}
