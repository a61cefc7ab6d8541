import { useEffect, useRef } from 'react';
import { Alert } from '../../../ui/alert.tsx';
import { KIOSK_STATES, KIOSK_STATUS_WORDS, type KioskCommand, type KioskSummary } from '#contracts/kiosk-fleet-rules.ts';
import { api, errorMessage } from '../../../lib/api.ts';
import { dateTimeOf } from '../../../lib/dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { actionsCell, mutedText, tableStyle, tableWrap } from '../admin-styles.ts';
import { AdminListBody } from '../admin-list-body.tsx';
import { useAdminGet } from '../use-admin-get.ts';
import { useConfirmedDelete } from '../use-confirmed-delete.tsx';

/** How often the list asks again: a kiosk's status changes with its heartbeats, seconds apart. */
const REFRESH_MS = 5_000;
const TONE = { online: 'primary', offline: 'danger', stuck: 'danger' } as const;
const COMMAND_WORDS: Record<KioskCommand, string> = { reset: 'Reset now', reload: 'Reload' };

/**
 * /admin/kiosks: every named kiosk's heartbeat, its status, and staff's Reset now and Reload;
 * Forget frees a kiosk's name (a kiosk renamed, retired, or set up again after losing its key).
 */
export function AdminKiosksPage() {
  usePageTitle('Kiosks');
  const kiosks = useAdminGet<KioskSummary[]>('/api/admin/kiosks');
  const toast = useToast();
  // The last answer stays on screen while the next is asked, so the table does not blink.
  const shown = useRef<KioskSummary[] | undefined>(undefined);
  if (kiosks.status === 'success') shown.current = kiosks.data;
  const { reload } = kiosks;
  const forget = useConfirmedDelete<KioskSummary>({
    url: (k) => `/api/admin/kiosks/${encodeURIComponent(k.name)}`,
    removed: (k) => `${k.name} was forgotten: the next kiosk under that name claims it`,
    onRemoved: reload,
  });
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

  const list = { status: kiosks.status, error: kiosks.status === 'error' ? kiosks.error : undefined, reload, shown: shown.current };
  return (
    <section>
      <h1>Kiosks</h1>
      {forget.error ? <Alert tone="danger">{forget.error}</Alert> : null}
      {/* Also above a list shown before: it may be out of date until an answer comes. */}
      <AdminListBody list={list} label="Loading kiosks ...">
        {(rows) =>
          rows.length === 0 ? (
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
                        <Button variant="secondary" aria-label={`Forget: ${k.name}`} onClick={() => forget.ask(k)}>
                          Forget
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )
        }
      </AdminListBody>
      {forget.dialog}
    </section>
  );
}
