import type QrFactory from 'qrcode-generator';
import { use } from 'react';

type QrCodeData = ReturnType<typeof QrFactory>;

// Loaded on first use, and only a kiosk's cart page ever shows a QR code: the shop's own chunks never hold the library.
let library: Promise<typeof QrFactory> | undefined;
const loadLibrary = () => (library ??= import('qrcode-generator').then((m) => m.default));

/** The dark modules as one SVG path: plain elements, so the CSP needs neither inline styles nor data: URLs. */
const pathOf = (qr: QrCodeData): { size: number; d: string } => {
  const size = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < size; row += 1) for (let col = 0; col < size; col += 1) if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`;
  return { size, d };
};

/**
 * A QR code of `text`, drawn as SVG. Its accessible name says what it is, and `data-link`
 * holds the link, so a test (or a shopper without a camera) can read where it leads.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const qrcode = use(loadLibrary());
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const { size, d } = pathOf(qr);
  const quiet = 4;
  return (
    <svg
      role="img"
      aria-label={label}
      data-link={text}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      width={256}
      height={256}
      shapeRendering="crispEdges"
      css={{ background: '#fff', maxWidth: '100%', height: 'auto' }}
    >
      <path d={d} fill="#000" />
    </svg>
  );
}
