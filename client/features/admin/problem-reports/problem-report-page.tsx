import { useParams } from 'react-router-dom';
import type { ProblemReport, ReportedEvent } from '#contracts/problem-report.ts';
import { dateTimeOf } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { mutedText, tableStyle, tableWrap } from '../admin-styles.ts';
import { TableSkeleton } from '../table-skeleton.tsx';
import { useAdminGet } from '../use-admin-get.ts';
import { BuildCell } from './problem-reports-page.tsx';

/** A state value as one line: `paying`, `checkout.paying`, `{ a.x, b.y }` for parallel regions. */
export const stateText = (state: unknown): string => {
  if (state === undefined || state === null) return '';
  if (typeof state !== 'object') return String(state);
  const parts = Object.entries(state as Record<string, unknown>).map(([key, inner]) => {
    const rest = stateText(inner);
    return rest ? `${key}.${rest}` : key;
  });
  return parts.length === 1 ? parts[0]! : `{ ${parts.join(', ')} }`;
};

/** Saves the report as the API gave it: the file `npm run replay` reads. */
const download = (report: ProblemReport) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: `problem-report-${report.number}.json` });
  a.click();
  URL.revokeObjectURL(url);
};

const machineOf = (e: ReportedEvent) => (e.run ? `${e.actor} #${e.run}` : e.actor);

function Timeline({ events }: { events: ReportedEvent[] }) {
  if (events.length === 0) return <p css={mutedText}>The report holds no events (recording was off in that tab).</p>;
  return (
    <ScrollRegion label="Timeline" css={tableWrap}>
      <table css={tableStyle}>
        <thead>
          <tr>
            <th scope="col">Machine</th>
            <th scope="col">Event</th>
            <th scope="col">State after</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e, i) => (
            <tr key={i}>
              <td>{machineOf(e)}</td>
              <td>
                <code>{e.event.type === 'xstate.init' ? 'started' : e.event.type}</code>
                {e.taken === false ? <span css={mutedText}> (not taken)</span> : null}
              </td>
              <td>
                <code>{stateText(e.state)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** /admin/problem-reports/{id}: one report, its timeline (machine, event, state after) and Download. */
export function AdminProblemReportPage() {
  const { id = '' } = useParams();
  const report = useAdminGet<ProblemReport>(`/api/admin/problem-reports/${encodeURIComponent(id)}`);
  usePageTitle(report.status === 'success' ? `Problem report ${report.data.number}` : 'Problem report');
  return (
    <section>
      <Link to={paths.admin.problemReports.to()}>Back to problem reports</Link>
      {report.status === 'error' ? (
        <Alert tone="danger">{report.error}</Alert>
      ) : report.status !== 'success' ? (
        <TableSkeleton rows={6} label="Loading the report ..." />
      ) : (
        <>
          <h1>{`Problem report ${report.data.number}`}</h1>
          <dl>
            <dt>Time</dt>
            <dd>{dateTimeOf(report.data.createdAt)}</dd>
            <dt>Page</dt>
            <dd>{report.data.path}</dd>
            <dt>Shopper</dt>
            <dd>{report.data.shopper ?? 'Guest'}</dd>
            <dt>Build</dt>
            <dd>
              <BuildCell build={report.data.build} />
            </dd>
            <dt>Browser and viewport</dt>
            <dd>{`${report.data.browser.name} ${report.data.browser.version}, ${report.data.viewport.width} × ${report.data.viewport.height}`}</dd>
            <dt>What went wrong</dt>
            <dd css={{ whiteSpace: 'pre-wrap' }}>{report.data.text}</dd>
          </dl>
          <Button onClick={() => download(report.data)}>Download</Button>
          <h2>Timeline</h2>
          {report.data.note ? <Alert tone="info">{report.data.note}</Alert> : null}
          <Timeline events={report.data.events} />
        </>
      )}
    </section>
  );
}
