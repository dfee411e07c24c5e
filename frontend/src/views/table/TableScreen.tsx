import { Link, useParams } from 'react-router';
import { getCampaign } from '../../api';
import { useLoad } from '../common/useLoad';
import { ErrorNotice, RoleBadge, Spinner } from '../common/ui';
import { Logo } from '../AppShell';

/**
 * The live table of one campaign (`/campaigns/:id/table`). This frame owns the header and
 * the way back; the table itself (transport, state, combatants, initiative, dice, log) is
 * drawn in the body.
 */
export function TableScreen() {
  const { id = '' } = useParams();
  const campaign = useLoad(() => getCampaign(id), [id]);

  return (
    <div className="table-screen">
      <header className="table-screen__bar">
        <Link to={`/campaigns/${encodeURIComponent(id)}`} className="table-screen__back">
          <span aria-hidden="true">←</span> Back to the campaign
        </Link>
        <div className="table-screen__title">
          <Logo />
          <h1>{campaign.data?.name ?? 'The table'}</h1>
          {campaign.data && <RoleBadge role={campaign.data.myRole} />}
        </div>
      </header>
      <main id="main" className="table-screen__body" tabIndex={-1}>
        {campaign.status === 'error' ? (
          <div className="page page--narrow">
            <ErrorNotice error={campaign.error} title="The table could not be opened" onRetry={campaign.reload} />
          </div>
        ) : (
          <div className="table-screen__loading">
            <Spinner label="The live table is loading" />
          </div>
        )}
      </main>
    </div>
  );
}
