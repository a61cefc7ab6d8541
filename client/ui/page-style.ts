import { css } from '@emotion/react';
import { space } from './theme.ts';

export const formPageStyle = css({ maxWidth: 720, margin: `${space(6)} auto` });
export const pageStyle = css({ margin: `${space(6)} 0` });
