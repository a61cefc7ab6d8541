import { css } from '@emotion/react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { breakpoints, colors, focusRing, radius } from '../../ui/theme.ts';
import type { ProductImage } from '#contracts/product.ts';
import { ProductPicture } from '../../ui/product-picture.tsx';

/** Half the page from the lg breakpoint, else all of it. */
export const DETAILS_SIZES = `(min-width: ${breakpoints.lg}px) 50vw, 100vw`;
/** Zoomed: twice that, so the zoom is sharp (the 1600). */
const ZOOMED_SIZES = `(min-width: ${breakpoints.lg}px) 100vw, 200vw`;

/** Spec section 9: product images zoom at scale 2. */
export const ZOOM_SCALE = 2;
const STEP = 10;

const frame = css(
  { position: 'relative', overflow: 'hidden', borderRadius: radius, background: colors.surface, cursor: 'zoom-in' },
  focusRing,
);
const imageStyle = css({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'contain',
  transition: 'transform 0.15s ease-out',
});

type Origin = { x: number; y: number };
const clamp = (n: number) => Math.max(0, Math.min(100, n));
/** How far (px) a finger moves before a touch is a drag (pan), not a tap. */
const DRAG_PX = 8;
/** Where a finger went down on the zoomed picture, and the zoom's origin then. */
type Drag = { x: number; y: number; origin: Origin; moved: boolean };

/**
 * Hover zooms where the pointer is; a tap (touch or pen, which have no hover) zooms on the
 * point tapped and a second tap zooms out, and dragging the zoomed picture pans it; keyboard users focus the frame, which zooms the
 * centre, then move with the arrow keys. Escape zooms out.
 */
export function ImageZoom({ image, alt, eager }: { image: ProductImage; alt: string; eager?: boolean }) {
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState<Origin>({ x: 50, y: 50 });
  const drag = useRef<Drag | null>(null);

  const pointAt = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    setOrigin({ x: clamp(((e.clientX - box.left) / box.width) * 100), y: clamp(((e.clientY - box.top) / box.height) * 100) });
  };
  const isMouse = (e: PointerEvent) => e.pointerType === 'mouse';
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (isMouse(e) || !zoomed) return;
    drag.current = { x: e.clientX, y: e.clientY, origin, moved: false };
  };
  // Panning: the picture follows the finger, so the zoom's origin moves the other way.
  const pan = (e: PointerEvent<HTMLDivElement>, from: Drag) => {
    const dx = e.clientX - from.x;
    const dy = e.clientY - from.y;
    if (!from.moved && Math.abs(dx) + Math.abs(dy) < DRAG_PX) return;
    from.moved = true;
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const factor = 100 / (ZOOM_SCALE - 1);
    setOrigin({ x: clamp(from.origin.x - (dx / box.width) * factor), y: clamp(from.origin.y - (dy / box.height) * factor) });
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (isMouse(e)) pointAt(e);
    else if (drag.current) pan(e, drag.current);
  };
  // A finger has no hover: a tap zooms in on the point tapped, a second tap zooms out; the end of a drag does neither.
  const onTap = (e: PointerEvent<HTMLDivElement>) => {
    if (isMouse(e)) return;
    const dragged = drag.current?.moved === true;
    drag.current = null;
    if (dragged) return;
    pointAt(e);
    setZoomed((z) => !z);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, Origin> = {
      ArrowLeft: { x: -STEP, y: 0 },
      ArrowRight: { x: STEP, y: 0 },
      ArrowUp: { x: 0, y: -STEP },
      ArrowDown: { x: 0, y: STEP },
    };
    const move = moves[e.key];
    if (e.key === 'Escape') setZoomed(false);
    if (!move) return;
    e.preventDefault();
    setZoomed(true);
    setOrigin((o) => ({ x: clamp(o.x + move.x), y: clamp(o.y + move.y) }));
  };

  return (
    <div
      css={frame}
      tabIndex={0}
      role="group"
      aria-label={`${alt}: zoomable image, use the arrow keys to look around`}
      data-zoomed={zoomed}
      onPointerEnter={(e) => isMouse(e) && setZoomed(true)}
      onPointerLeave={(e) => isMouse(e) && setZoomed(false)}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onTap}
      onPointerCancel={() => (drag.current = null)}
      // Zoomed, a finger pans the picture instead of scrolling the page.
      style={{ touchAction: zoomed ? 'none' : undefined }}
      onFocus={() => setZoomed(true)}
      onBlur={() => setZoomed(false)}
      onKeyDown={onKey}
    >
      <ProductPicture
        image={image}
        alt={alt}
        width={800}
        height={600}
        sizes={zoomed ? ZOOMED_SIZES : DETAILS_SIZES}
        loading={eager ? 'eager' : 'lazy'}
        // The eager one is the page's main picture, its largest paint: fetched before anything else.
        fetchPriority={eager ? 'high' : undefined}
        css={imageStyle}
        style={{ transform: zoomed ? `scale(${ZOOM_SCALE})` : 'none', transformOrigin: `${origin.x}% ${origin.y}%` }}
      />
    </div>
  );
}
