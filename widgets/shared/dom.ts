type Attrs = Record<string, string | boolean>;

/**
 * Builds an element with attributes and children. Children are text nodes or elements, never
 * HTML strings: everything a person typed is shown as text.
 */
export const el = <K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] => {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) node.setAttribute(name, '');
    else if (value !== false) node.setAttribute(name, value);
  }
  for (const child of children) node.append(typeof child === 'string' ? doc.createTextNode(child) : child);
  return node;
};

export const styleElement = (doc: Document, css: string): HTMLStyleElement => el(doc, 'style', {}, [css]);
