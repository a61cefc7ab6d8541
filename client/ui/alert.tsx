import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, radius, space } from './theme.ts';

export type AlertTone = 'danger' | 'success' | 'info' | 'warning';

const tones: Record<AlertTone, { color: string; background: string }> = {
  danger: { color: colors.danger, background: colors.dangerSurface },
  success: { color: colors.success, background: colors.successSurface },
  info: { color: colors.info, background: colors.infoSurface },
  warning: { color: colors.warning, background: colors.warningSurface },
};

const base = css({
  padding: `${space(3)} ${space(4)}`,
  borderRadius: radius,
  margin: `${space(3)} 0`,
  borderLeft: '4px solid currentColor',
});

/**
 * A banner. Errors are announced at once (role alert); other tones politely (role status),
 * so a screen reader hears the outcome of what the user just did.
 */
export function Alert({ tone = 'info', children, action }: { tone?: AlertTone; children: ReactNode; action?: ReactNode }) {
  const t = tones[tone];
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} css={[base, { color: t.color, background: t.background }]}>
      {children}
      {action ? <div css={{ marginTop: space(2), display: 'flex', gap: space(2), flexWrap: 'wrap' }}>{action}</div> : null}
    </div>
  );
}
