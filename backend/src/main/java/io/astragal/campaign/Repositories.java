package io.astragal.campaign;

import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Lock;
import org.springframework.data.jpa.repository.Query;

interface CampaignRepository extends JpaRepository<Campaign, UUID> {

    @Query(value = "select c from Campaign c where c.archived = ?2 and exists "
            + "(select 1 from Membership m where m.id.campaignId = c.id and m.id.userId = ?1) order by c.createdAt desc, c.id",
            countQuery = "select count(c) from Campaign c where c.archived = ?2 and exists "
                    + "(select 1 from Membership m where m.id.campaignId = c.id and m.id.userId = ?1)")
    Page<Campaign> findForMember(UUID userId, boolean archived, Pageable page);
}

interface MembershipRepository extends JpaRepository<Membership, Membership.Key> {

    default Optional<Membership> find(UUID campaignId, UUID userId) {
        return findById(new Membership.Key(campaignId, userId));
    }

    @Query("select m from Membership m where m.id.campaignId = ?1 order by m.joinedAt, m.id.userId")
    List<Membership> findByCampaign(UUID campaignId);

    @Query("select m from Membership m where m.id.userId = ?1 and m.id.campaignId in ?2")
    List<Membership> findForUserIn(UUID userId, Collection<UUID> campaignIds);

    @Query("select m.id.campaignId, count(m) from Membership m where m.id.campaignId in ?1 group by m.id.campaignId")
    List<Object[]> countByCampaigns(Collection<UUID> campaignIds);
}

interface InviteRepository extends JpaRepository<Invite, String> {

    @Query("select i from Invite i where i.campaignId = ?1 order by i.createdAt, i.code")
    List<Invite> findByCampaign(UUID campaignId);

    @Lock(LockModeType.PESSIMISTIC_WRITE)
    @Query("select i from Invite i where i.code = ?1")
    Optional<Invite> findForUpdate(String code);
}

interface CharacterRepository extends JpaRepository<CampaignCharacter, UUID> {

    @Query("select c from CampaignCharacter c where c.campaignId = ?1 order by c.createdAt, c.id")
    List<CampaignCharacter> findByCampaign(UUID campaignId);
}
