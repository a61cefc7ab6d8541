import { css } from '@emotion/react';
import { space } from '../../ui/theme.ts';

export const fieldsetStyle = css({ border: 0, padding: 0, margin: `${space(4)} 0 0`, minWidth: 0 });
export const legendStyle = css({ fontWeight: 600, padding: 0, marginBottom: space(2) });
