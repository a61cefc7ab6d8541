import { css } from '@emotion/react';
import { useId, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { PROBLEM_REPORT } from '#contracts/problem-report-rules.ts';
import type { ProblemReportSent } from '#contracts/problem-report.ts';
import { api } from '../../lib/api.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { TextArea } from '../../ui/text-field.tsx';
import { colors, radius, space } from '../../ui/theme.ts';
import { useModalDialog } from '../../ui/use-modal-dialog.ts';
import { useForm } from '../../ui/use-form.ts';
import { reportBody } from './report-payload.ts';

// As the confirmation's (ui/confirm-dialog.tsx), wider for the text: shared, the look would be a chunk of its own in every chunk that asks.
const dialogStyle = css({
  border: 0,
  borderRadius: radius,
  padding: space(6),
  width: 'min(92vw, 520px)',
  color: colors.text,
  boxShadow: '0 10px 40px rgba(0,0,0,0.3)',
  '&::backdrop': { background: 'rgba(15, 23, 42, 0.55)' },
});

const schema = z.object({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Say what went wrong'),
      z.maxLength(PROBLEM_REPORT.maxText, `Say it in at most ${PROBLEM_REPORT.maxText.toLocaleString('en')} characters`),
    ),
});

/** Sends the report: the text and this tab's masked event log since the page loaded. */
const sendReport = ({ text }: { text: string }, signal: AbortSignal) =>
  api.post<ProblemReportSent>('/api/problem-reports', reportBody(text), { signal });

/**
 * `Report a problem`: `What went wrong?` and `Send report`; the shop answers the report's number.
 * Modal on the native <dialog> (focus trapped, Escape closes, focus back to the opener).
 */
export function ProblemReportDialog({ onClose }: { onClose: () => void }) {
  // The shop's answer, shown in place of the form (the send itself is the submit machine's).
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(ref, true);
  const [number, setNumber] = useState<string | null>(null);
  const send = useSubmit(sendReport, (out) => setNumber(out.number));
  const form = useForm(schema, { text: '' }, send.submit);
  return (
    <dialog
      ref={ref}
      css={dialogStyle}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} css={{ marginTop: 0, fontSize: '1.25rem' }}>
        Report a problem
      </h2>
      {number ? (
        <>
          <Alert tone="success">{`Report ${number} sent. Thank you.`}</Alert>
          <div css={{ display: 'flex', justifyContent: 'flex-end', marginTop: space(3) }}>
            <Button onClick={onClose} autoFocus>
              Close
            </Button>
          </div>
        </>
      ) : (
        <form ref={form.formRef} noValidate onSubmit={form.submit}>
          <TextArea label="What went wrong?" rows={5} maxLength={PROBLEM_REPORT.maxText} required {...form.field('text')} />
          <p css={{ marginTop: 0, color: colors.muted, fontSize: '0.9rem' }}>
            The report includes what this page did since it loaded (without what you typed), the page, your screen size and browser.
          </p>
          {send.error ? <Alert tone="danger">{send.error}</Alert> : null}
          <div css={{ display: 'flex', gap: space(3), justifyContent: 'flex-end' }}>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.sending}>
              {send.sending ? 'Sending ...' : 'Send report'}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
