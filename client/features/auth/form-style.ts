import { css } from '@emotion/react';
import { space } from '../../ui/theme.ts';

export const formPageStyle = css({ maxWidth: 460, margin: `${space(6)} auto` });
