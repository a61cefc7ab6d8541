import { useEffect, useRef } from 'react';
import { KIOSK_STATES, KIOSK_STATUS_WORDS, type KioskCommand, type KioskSummary } from '#contracts/kiosk-fleet-rules.ts';
import { api, errorMessage } from '../../../lib/api.ts';
import { dateTimeOf } from '../../../lib/dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { actionsCell, mutedText, tableStyle, tableWrap } from '../admin-styles.ts';
import { TableSkeleton } from '../table-skeleton.tsx';
import { useAdminGet } from '../use-admin-get.ts';

/** How often the list asks again: a kiosk's status changes with its heartbeats, seconds apart. */
const REFRESH_MS = 5_000;
const TONE = { online: 'primary', offline: 'danger', stuck: 'danger' } as const;
const COMMAND_WORDS: Record<KioskCommand, string> = { reset: 'Reset now', reload: 'Reload' };

/** /admin/kiosks: every named kiosk's heartbeat, its status, and staff's Reset now and Reload. */
export function AdminKiosksPage() {
  usePageTitle('Kiosks');
  const kiosks = useAdminGet<KioskSummary[]>('/api/admin/kiosks');
  const toast = useToast();
  // The last answer stays on screen while the next is asked, so the table does not blink.
  const shown = useRef<KioskSummary[] | undefined>(undefined);
  if (kiosks.status === 'success') shown.current = kiosks.data;
  const { reload } = kiosks;
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const send = async (name: string, command: KioskCommand) => {
    try {
      await api.post(`/api/admin/kiosks/${encodeURIComponent(name)}/commands`, { command });
      toast(`${COMMAND_WORDS[command]} sent to ${name}: it takes effect with the kiosk's next heartbeat`, 'success');
      reload();
    } catch (err) {
      toast(errorMessage(err), 'danger');
    }
  };

  const rows = shown.current;
  return (
    <section>
      <h1>Kiosks</h1>
      {rows === undefined ? (
        <TableSkeleton label="Loading kiosks ..." />
      ) : rows.length === 0 ? (
        <p css={mutedText}>No kiosk has reported yet. A kiosk reports once it has a name (KIOSK_NAME, or /kiosk?name=…).</p>
      ) : (
        <ScrollRegion label="Kiosks" css={tableWrap}>
          <table css={tableStyle}>
            <thead>
              <tr>
                <th scope="col">Kiosk</th>
                <th scope="col">Status</th>
                <th scope="col">State</th>
                <th scope="col">Last heard</th>
                <th scope="col">Last reset</th>
                <th scope="col">Last error</th>
                <th scope="col">Build</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((k) => (
                <tr key={k.name} data-kiosk={k.name}>
                  <th scope="row">{k.name}</th>
                  <td>
                    <Badge tone={TONE[k.status]}>{KIOSK_STATUS_WORDS[k.status]}</Badge>
                  </td>
                  <td>
                    {KIOSK_STATES[k.state]} since {dateTimeOf(k.stateSince)}
                    {k.pending ? <div css={mutedText}>{COMMAND_WORDS[k.pending]} waits for its next heartbeat</div> : null}
                  </td>
                  <td>
                    {dateTimeOf(k.lastSeenAt)}
                    {k.roundTripMs !== undefined ? <div css={mutedText}>{k.roundTripMs} ms round trip</div> : null}
                  </td>
                  <td>{k.lastResetAt ? dateTimeOf(k.lastResetAt) : '—'}</td>
                  <td>{k.lastError ? `${k.lastError.text} (${dateTimeOf(k.lastError.at)})` : '—'}</td>
                  <td>{k.build ? <code>{k.build}</code> : '—'}</td>
                  <td css={actionsCell}>
                    {(['reset', 'reload'] as const).map((command) => (
                      <Button
                        key={command}
                        variant={command === 'reset' ? 'danger' : 'secondary'}
                        aria-label={`${COMMAND_WORDS[command]}: ${k.name}`}
                        onClick={() => void send(k.name, command)}
                      >
                        {COMMAND_WORDS[command]}
                      </Button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
