package io.astragal.table;

import io.astragal.rules.Role;

/** A member of the campaign that owns a table, as the table needs to know them. */
public record Member(String userId, String displayName, Role role) {
}
