package io.astragal.account;

import java.util.Optional;
import java.util.UUID;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface UserAccountRepository extends JpaRepository<UserAccount, UUID> {

    @Query("select u from UserAccount u where lower(u.username) = lower(?1)")
    Optional<UserAccount> findByUsernameIgnoreCase(String username);
}
