/** A mail as the transport sends it. */
export type Mail = { to: string; subject: string; text: string; html: string };

/** What a mail says: a greeting, paragraphs, optional rows (label, value) and one link. */
export type MailContent = {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  rows?: Array<[string, string]>;
  link?: { label: string; url: string };
};

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The plain-text and the simple HTML part of a mail, both signed with the shop's name. No
 * images, no pixels, no rewritten links: the shop does not track who opens its mail.
 */
export const composeMail = (shopName: string, c: MailContent): Mail => {
  const rows = c.rows ?? [];
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(rows.length > 0 ? [...rows.map(([k, v]) => `${k}: ${v}`), ''] : []),
    ...(c.link ? [`${c.link.label}: ${c.link.url}`, ''] : []),
    `— ${shopName}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(c.greeting)}</p>`,
    ...c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    rows.length > 0 ? `<table>${rows.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` : '',
    c.link ? `<p><a href="${escapeHtml(c.link.url)}">${escapeHtml(c.link.label)}</a></p>` : '',
    `<p>— ${escapeHtml(shopName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: c.to, subject: `${c.subject} | ${shopName}`, text, html };
};

/** The first http(s) link of a text: what the .eml fallback's log line shows. */
export const firstLink = (text: string): string | undefined => /https?:\/\/\S+/.exec(text)?.[0];
