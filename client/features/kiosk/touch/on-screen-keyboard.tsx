import { css } from '@emotion/react';
import { useLayoutEffect, useRef } from 'react';
import Keyboard from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';
import { colors, focusRing, radius, space } from '../../../ui/theme.ts';
import { LOWER_LAYOUT_ATTRIBUTE, TOUCH_TARGET_PX, type TextField } from './touch-rules.ts';
import { typeInto } from './type-into.ts';

/** This module is only ever loaded through kiosk-touch's dynamic import: the library stays out of the shop. */

const layout = {
  default: ['1 2 3 4 5 6 7 8 9 0 {bksp}', 'q w e r t y u i o p', 'a s d f g h j k l @', '{shift} z x c v b n m . - _', '{space} {enter}'],
  shift: ['! # $ % & * ( ) + = {bksp}', 'Q W E R T Y U I O P', 'A S D F G H J K L @', "{shift} Z X C V B N M , ' ?", '{space} {enter}'],
};
const display = { '{bksp}': '⌫ Delete', '{shift}': '⇧ Shift', '{space}': 'Space', '{enter}': 'Enter ⏎' };
/** The keys are buttons that assistive technology finds and says by these names (a letter's own name is the letter). */
const buttonAttributes = [
  { attribute: 'aria-label', value: 'Delete', buttons: '{bksp}' },
  { attribute: 'aria-label', value: 'Shift', buttons: '{shift}' },
  { attribute: 'aria-label', value: 'Space', buttons: '{space}' },
  { attribute: 'aria-label', value: 'Enter', buttons: '{enter}' },
];

const panelStyle = css({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 3000,
  padding: space(2),
  background: '#d1d5db',
  boxShadow: '0 -4px 16px rgba(0,0,0,0.25)',
  '&[data-dock="top"]': { top: 0, bottom: 'auto' },
  '& .hg-theme-default': { maxWidth: 1100, margin: '0 auto', background: 'transparent', padding: 0 },
  // keys a finger hits: TOUCH_TARGET_PX at the very least, more where the screen allows
  '& .hg-theme-default .hg-button': {
    height: 64,
    minHeight: TOUCH_TARGET_PX,
    minWidth: TOUCH_TARGET_PX,
    fontSize: '1.375rem',
    color: colors.text,
  },
});
const barStyle = css({ display: 'flex', justifyContent: 'flex-end', maxWidth: 1100, margin: `0 auto ${space(2)}` });
const closeStyle = css(
  {
    minWidth: 120,
    minHeight: 56,
    padding: `0 ${space(4)}`,
    border: 0,
    borderRadius: radius,
    background: colors.navbar,
    color: colors.onNavbar,
    font: 'inherit',
    fontWeight: 600,
  },
  focusRing,
);

/**
 * What the keyboard must leave in view: the field, or when it sits in a fixed panel (the support
 * chat's), that whole panel, whose controls under the field (Send, Share my screen) cannot
 * scroll out of the keyboard's way either.
 */
const clearBox = (field: TextField): DOMRect => {
  for (let el = field.parentElement; el; el = el.parentElement) {
    if (getComputedStyle(el).position === 'fixed') return el.getBoundingClientRect();
  }
  return field.getBoundingClientRect();
};

type KeyboardInstance = { setOptions: (options: { layoutName: string }) => void; options: { layoutName?: string } };

/**
 * The on-screen keyboard for `field`: keys type through React-compatible value setting, Shift
 * holds for one character, and the panel never covers the field: the page gets room below (a
 * CSS variable the touch rules read) and scrolls it into view; a field that cannot move (in a
 * fixed panel at the bottom) gets the keyboard at the top instead.
 */
export default function OnScreenKeyboard({ field, onClose }: { field: TextField; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const keyboard = useRef<KeyboardInstance | null>(null);

  useLayoutEffect(() => {
    const el = panel.current;
    if (!el) return undefined;
    const root = document.documentElement;
    const place = () => {
      delete el.dataset.dock;
      root.style.setProperty('--kiosk-keyboard-height', `${el.offsetHeight}px`);
      field.scrollIntoView?.({ block: 'nearest' });
      const covered = clearBox(field).bottom > window.innerHeight - el.offsetHeight;
      // Lower layout keeps every control within reach, the keys too: the chat's panel rises above them instead.
      if (!covered || root.hasAttribute(LOWER_LAYOUT_ATTRIBUTE)) return;
      el.dataset.dock = 'top';
      // At the top the keyboard takes no room at the foot: the cart bar goes back there, not
      // mid-screen over the field (the chat's, in its fixed panel) the keyboard made room for.
      root.style.removeProperty('--kiosk-keyboard-height');
    };
    place();
    // Placed again once the keys are drawn: at first the panel is its bar alone (102 px of 442
    // at both kiosk sizes), and the cart bar lifted by that much sat under the keys.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place);
    resized?.observe(el);
    return () => {
      resized?.disconnect();
      root.style.removeProperty('--kiosk-keyboard-height');
    };
  }, [field]);

  const press = (button: string) => {
    if (!field.isConnected) return onClose();
    const instance = keyboard.current;
    if (button === '{shift}') {
      instance?.setOptions({ layoutName: instance.options.layoutName === 'shift' ? 'default' : 'shift' });
      return undefined;
    }
    typeInto(field, button);
    if (instance?.options.layoutName === 'shift') instance.setOptions({ layoutName: 'default' });
    return undefined;
  };

  return (
    // Keys take no focus from a touch: a press keeps the caret in the field. A landmark of its
    // own: it sits outside the page's, and a keypad's shopper can be told where it is.
    <div
      ref={panel}
      css={panelStyle}
      role="region"
      aria-label="On-screen keyboard"
      onPointerDown={(e) => e.preventDefault()}
      onMouseDown={(e) => e.preventDefault()}
      // A keypad's Enter (or a keyboard's Space) on a key the arrows reached types it, as a touch does.
      onKeyDown={(e) => {
        const key = e.target instanceof Element ? e.target.closest('[data-skbtn]')?.getAttribute('data-skbtn') : null;
        if (!key || (e.key !== 'Enter' && e.key !== ' ')) return;
        e.preventDefault();
        press(key);
      }}
    >
      <div css={barStyle}>
        <button type="button" css={closeStyle} onClick={onClose}>
          Close keyboard
        </button>
      </div>
      <Keyboard
        keyboardRef={(r: KeyboardInstance) => {
          keyboard.current = r;
        }}
        layout={layout}
        display={display}
        layoutName="default"
        preventMouseDownDefault
        useButtonTag
        buttonAttributes={buttonAttributes}
        physicalKeyboardHighlight={false}
        onKeyPress={press}
      />
    </div>
  );
}
