package io.astragal.table;

/** Who sees a roll's result, as in Foundry VTT. Everyone always learns that a roll happened. */
public enum RollMode {
    /** Everyone sees it. */
    PUBLIC,
    /** The roller and the GMs see it. */
    GM,
    /** Only the GMs see it; the roller does not learn the result. */
    BLIND,
    /** Only the roller sees it. */
    SELF;

    boolean visibleTo(String viewerId, boolean viewerIsGm, String rollerId) {
        boolean roller = viewerId.equals(rollerId);
        return switch (this) {
            case PUBLIC -> true;
            case GM -> roller || viewerIsGm;
            case BLIND -> viewerIsGm;
            case SELF -> roller;
        };
    }
}
