import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError, getCampaign, type Campaign, type SheetSchema } from '../../api';
import { useLoad } from '../common/useLoad';
import { Badge, ErrorNotice, LoadingBlock, RoleBadge } from '../common/ui';
import { loadRulesets, rulesetName } from '../common/useRulesets';
import { TabPanel, Tabs, type Tab } from '../common/Tabs';
import { useSession } from '../session';
import { CharactersPanel } from './CharactersPanel';
import { MembersPanel } from './MembersPanel';
import { InvitesPanel } from './InvitesPanel';
import { SettingsPanel } from './SettingsPanel';

/** `/campaigns/:id`: the campaign's overview, the way to its table, and its administration. */
export function CampaignPage() {
  const { id = '' } = useParams();
  const campaign = useLoad(() => getCampaign(id), [id]);
  const rulesets = useLoad(loadRulesets, []);

  if (campaign.status === 'loading' && !campaign.data) return <LoadingBlock label="Opening the campaign" />;
  if (campaign.status === 'error') {
    const missing = campaign.error instanceof ApiError && campaign.error.status === 404;
    return (
      <div className="page page--narrow">
        {missing ? (
          <section className="card">
            <h1>Campaign not found</h1>
            <p>There is no such campaign, or you are not one of its members. If a GM invited you, open their invite link.</p>
            <Link to="/" className="btn btn--primary">
              Go to your campaigns
            </Link>
          </section>
        ) : (
          <ErrorNotice error={campaign.error} title="The campaign could not be opened" onRetry={campaign.reload} />
        )}
      </div>
    );
  }
  const c = campaign.data!;
  const ruleset = rulesets.data?.find((r) => r.id === c.rulesetId);
  return (
    <CampaignView
      campaign={c}
      rulesetLabel={rulesetName(rulesets.data, c.rulesetId)}
      rulesets={rulesets}
      schema={ruleset?.sheetSchema}
      onCampaignChanged={(updated) => campaign.set(() => updated)}
    />
  );
}

function CampaignView({
  campaign,
  rulesetLabel,
  rulesets,
  schema,
  onCampaignChanged,
}: {
  campaign: Campaign;
  rulesetLabel: string;
  rulesets: { status: string; error?: unknown; reload: () => void };
  schema: SheetSchema | undefined;
  onCampaignChanged: (c: Campaign) => void;
}) {
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const isGM = campaign.myRole === 'GM';
  const tabs: Tab[] = [
    { id: 'characters', label: 'Characters' },
    { id: 'members', label: `Members (${campaign.memberCount})` },
    ...(isGM ? [{ id: 'invites', label: 'Invites' }] : []),
    { id: 'campaign', label: isGM ? 'Settings' : 'Campaign' },
  ];
  const wanted = params.get('tab');
  const current = tabs.some((t) => t.id === wanted) ? wanted! : 'characters';
  const select = (tab: string) => setParams(tab === 'characters' ? {} : { tab }, { replace: true });
  const tablePath = `/campaigns/${encodeURIComponent(campaign.id)}/table`;

  return (
    <div className="page campaign">
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/">Campaigns</Link> <span aria-hidden="true">/</span> <span aria-current="page">{campaign.name}</span>
      </nav>
      <section className="hero card card--felt" aria-labelledby="campaign-title">
        <div className="hero__text">
          <p className="eyebrow">{rulesetLabel}</p>
          <h1 id="campaign-title" className="hero__title">
            {campaign.name}
          </h1>
          <div className="hero__badges">
            <RoleBadge role={campaign.myRole} />
            {campaign.owner && <Badge tone="gold">Owner</Badge>}
            {campaign.archived && <Badge tone="red">Archived</Badge>}
            <span className="hero__meta">
              {campaign.owner ? 'You run this campaign' : `Run by ${campaign.ownerDisplayName}`} · {campaign.memberCount}{' '}
              {campaign.memberCount === 1 ? 'member' : 'members'}
            </span>
          </div>
          {campaign.description && <p className="hero__desc">{campaign.description}</p>}
        </div>
        <div className="hero__cta">
          <Link to={tablePath} className="btn btn--primary btn--large">
            Open the table <span aria-hidden="true">→</span>
          </Link>
          <p className="hero__cta-note">
            {campaign.myRole === 'SPECTATOR' ? 'You can watch the table; spectators do not act.' : 'Play happens live at the table.'}
          </p>
        </div>
      </section>

      <Tabs tabs={tabs} current={current} onSelect={select} label="Campaign sections" idPrefix="campaign" />
      <TabPanel id={current} idPrefix="campaign">
        {current === 'characters' && (
          <CharactersPanel campaign={campaign} me={me!} schema={schema} rulesetsFailed={rulesets.status === 'error' ? rulesets.error : undefined} onRetryRulesets={rulesets.reload} />
        )}
        {current === 'members' && <MembersPanel campaign={campaign} me={me!} />}
        {current === 'invites' && isGM && <InvitesPanel campaign={campaign} />}
        {current === 'campaign' && <SettingsPanel campaign={campaign} me={me!} onChanged={onCampaignChanged} />}
      </TabPanel>
    </div>
  );
}
