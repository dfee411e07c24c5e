import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { listCampaigns, type Campaign, type Ruleset } from '../../api';
import { useLoad } from '../common/useLoad';
import { Badge, EmptyState, ErrorNotice, LoadingBlock, RoleBadge, formatDay } from '../common/ui';
import { loadRulesets, rulesetName } from '../common/useRulesets';
import { useSession } from '../session';
import { CreateCampaignForm } from './CreateCampaignForm';
import { ImportCampaign } from './ImportCampaign';

const PAGE_SIZE = 12;

/** `/`: my campaigns, and a new one. */
export function LobbyPage() {
  const { me } = useSession();
  const navigate = useNavigate();
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(0);
  const campaigns = useLoad(() => listCampaigns({ page, size: PAGE_SIZE, archived }), [page, archived]);
  const rulesets = useLoad(loadRulesets, []);

  const open = (c: Campaign) => navigate(`/campaigns/${encodeURIComponent(c.id)}`);
  const showArchived = (value: boolean) => {
    setArchived(value);
    setPage(0);
  };

  return (
    <div className="page lobby">
      <div className="lobby__main">
        <div className="page-head">
          <div>
            <p className="eyebrow">Lobby</p>
            <h1>{me ? `Welcome, ${me.displayName}` : 'Your campaigns'}</h1>
          </div>
          <div className="segmented" role="group" aria-label="Which campaigns">
            <button type="button" aria-pressed={!archived} onClick={() => showArchived(false)}>
              Active
            </button>
            <button type="button" aria-pressed={archived} onClick={() => showArchived(true)}>
              Archived
            </button>
          </div>
        </div>
        <section aria-labelledby="campaigns-title" aria-busy={campaigns.status === 'loading'}>
          <h2 id="campaigns-title" className="visually-hidden">
            {archived ? 'Archived campaigns' : 'Active campaigns'}
          </h2>
          {campaigns.status === 'error' && <ErrorNotice error={campaigns.error} title="Your campaigns could not be loaded" onRetry={campaigns.reload} />}
          {campaigns.status === 'loading' && !campaigns.data && <LoadingBlock label="Loading your campaigns" />}
          {campaigns.data && campaigns.status !== 'error' && (
            <>
              {campaigns.data.items.length === 0 ? (
                archived ? (
                  <EmptyState title="No archived campaigns">Campaigns a GM archives rest here, out of the way but kept whole.</EmptyState>
                ) : (
                  <EmptyState title="No campaigns yet">
                    Create one with the form beside this list, or open an invite link from your GM to join theirs.
                  </EmptyState>
                )
              ) : (
                <ul className="campaign-grid">
                  {campaigns.data.items.map((c) => (
                    <li key={c.id}>
                      <CampaignCard campaign={c} rulesets={rulesets.data} onOpen={open} />
                    </li>
                  ))}
                </ul>
              )}
              {campaigns.data.totalPages > 1 && (
                <nav className="pager" aria-label="Pages of campaigns">
                  <button type="button" className="btn btn--ghost btn--small" disabled={page === 0} title={page === 0 ? 'This is the first page' : undefined} onClick={() => setPage((p) => p - 1)}>
                    ← Previous
                  </button>
                  <span className="pager__where">
                    Page {campaigns.data.page + 1} of {campaigns.data.totalPages} · {campaigns.data.totalItems} campaigns
                  </span>
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    disabled={page + 1 >= campaigns.data.totalPages}
                    title={page + 1 >= campaigns.data.totalPages ? 'This is the last page' : undefined}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    Next →
                  </button>
                </nav>
              )}
            </>
          )}
        </section>
      </div>
      <aside className="lobby__side">
        <section className="card" aria-labelledby="create-title">
          <h2 id="create-title">New campaign</h2>
          <CreateCampaignForm rulesets={rulesets} onCreated={open} />
        </section>
        <section className="card card--quiet" aria-labelledby="import-title">
          <h2 id="import-title">Import</h2>
          <ImportCampaign onImported={open} />
        </section>
      </aside>
    </div>
  );
}

function CampaignCard({ campaign, rulesets, onOpen }: { campaign: Campaign; rulesets?: Ruleset[]; onOpen: (c: Campaign) => void }) {
  return (
    <article className="campaign-card card" onClick={() => onOpen(campaign)}>
      <header className="campaign-card__head">
        <h3 className="campaign-card__name">
          <Link to={`/campaigns/${encodeURIComponent(campaign.id)}`} onClick={(e) => e.stopPropagation()}>
            {campaign.name}
          </Link>
        </h3>
        <RoleBadge role={campaign.myRole} />
      </header>
      <p className="campaign-card__ruleset">{rulesetName(rulesets, campaign.rulesetId)}</p>
      {campaign.description ? <p className="campaign-card__desc">{campaign.description}</p> : <p className="campaign-card__desc campaign-card__desc--none">No description.</p>}
      <footer className="campaign-card__foot">
        <span>{campaign.owner ? 'You own it' : `Run by ${campaign.ownerDisplayName}`}</span>
        <span>
          {campaign.memberCount} {campaign.memberCount === 1 ? 'member' : 'members'}
        </span>
        <span>Since {formatDay(campaign.createdAt)}</span>
        {campaign.archived && <Badge>Archived</Badge>}
      </footer>
    </article>
  );
}
