import type { ProblemReportSummary } from '#contracts/problem-report.ts';
import { dateTimeOf } from '../../../lib/dates.ts';
import { paths } from '../../../lib/paths.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Link } from '../../../ui/link.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { mutedText, tableStyle, tableWrap } from '../admin-styles.ts';
import { AdminPager } from '../admin-pager.tsx';
import { AdminListBody } from '../admin-list-body.tsx';
import { useAdminPage } from '../use-admin-page.ts';
import { isOlderBuild } from './running-build.ts';

/** A report's build, marked when it is not the one running. */
export function BuildCell({ build }: { build: string }) {
  return (
    <>
      <code>{build}</code> {isOlderBuild(build) ? <Badge tone="primary">older build</Badge> : null}
    </>
  );
}

/** /admin/problem-reports: shoppers' reports a page at a time, newest first. */
export function AdminProblemReportsPage() {
  usePageTitle('Problem reports');
  const reports = useAdminPage<ProblemReportSummary>('/api/admin/problem-reports');
  return (
    <section>
      <h1>Problem reports</h1>
      <AdminListBody list={reports} label="Loading problem reports ...">
        {(shown) =>
          shown.data.length === 0 ? (
            <p css={mutedText}>No problem reports.</p>
          ) : (
            <>
              <ScrollRegion label="Problem reports" css={tableWrap}>
                <table css={tableStyle}>
                  <thead>
                    <tr>
                      <th scope="col">Number</th>
                      <th scope="col">Time</th>
                      <th scope="col">Page</th>
                      <th scope="col">Shopper</th>
                      <th scope="col">Build</th>
                      <th scope="col">What went wrong</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.data.map((r) => (
                      <tr key={r._id}>
                        <td>
                          <Link to={paths.admin.problemReport.to(r._id)}>{r.number}</Link>
                        </td>
                        <td>{dateTimeOf(r.createdAt)}</td>
                        <td>{r.path}</td>
                        <td>{r.shopper ?? 'Guest'}</td>
                        <td>
                          <BuildCell build={r.build} />
                        </td>
                        <td css={{ whiteSpace: 'pre-wrap', maxWidth: '40ch' }}>{r.text}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <AdminPager page={reports.page} pages={reports.pages} hrefOf={reports.hrefOf} label="Problem reports" />
            </>
          )
        }
      </AdminListBody>
    </section>
  );
}
