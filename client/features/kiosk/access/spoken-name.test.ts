// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { spokenName } from './spoken-name.ts';

const render = (html: string): HTMLElement => {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-under-test]') as HTMLElement;
};

describe('what Read aloud says for a control', () => {
  it('when a password or PIN field is read, then each character is said as dot, never itself', () => {
    const field = render('<label for="p">Password</label><input id="p" type="password" value="s3cret" data-under-test>');
    expect(spokenName(field)).toBe('Password, password field, dot dot dot dot dot dot');
    expect(spokenName(field)).not.toMatch(/s3cret/);
  });

  it('when a switch or a button with a drawn icon is read, then its name, role and state are said, the icon left out', () => {
    expect(
      spokenName(render('<button role="switch" aria-checked="true" data-under-test>Read aloud<span aria-hidden="true">On</span></button>')),
    ).toBe('Read aloud, switch, on');
    expect(spokenName(render('<button data-under-test><svg aria-hidden="true"><text>x</text></svg>Accessibility</button>'))).toBe(
      'Accessibility, button',
    );
  });

  it('when a heading or a labelled link is read, then its level or its label is said', () => {
    expect(spokenName(render('<h1 data-under-test>Categories</h1>'))).toBe('Categories, heading, level 1');
    expect(spokenName(render('<a href="/b" aria-label="Go to the Category Books" data-under-test><img alt="">Books</a>'))).toBe(
      'Go to the Category Books, link',
    );
  });
});
