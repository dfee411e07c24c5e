package io.astragal.account;

import java.util.Collection;
import java.util.Map;
import java.util.UUID;

/** Who other modules may ask about users, without seeing accounts themselves. */
public interface AccountDirectory {

    /** Display names by user id; ids of unknown users are absent from the result. */
    Map<UUID, String> displayNames(Collection<UUID> userIds);
}
