package io.astragal.rules;

/**
 * What a table's referee keeps of one fan-out's views for the next ({@link Referee#views(Object, ViewMemory)}):
 * one per table, used only by the fan-outs, which take the table's lock. It holds whatever the referee puts in,
 * and nothing until it does.
 */
public final class ViewMemory {

    private Object kept;

    public Object kept() {
        return kept;
    }

    public void keep(Object kept) {
        this.kept = kept;
    }
}
