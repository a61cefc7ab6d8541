import { css } from '@emotion/react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { ProductSummary } from '#contracts/product.ts';
import { colors, focusRing, radius, space } from '../../ui/theme.ts';
import { BestsellerSlide } from './bestseller-slide.tsx';
import { SWIPE_THRESHOLD_PX, useCarousel } from './use-carousel.ts';

const frameStyle = css({
  position: 'relative',
  border: `1px solid ${colors.border}`,
  borderRadius: radius,
  overflow: 'hidden',
  touchAction: 'pan-y',
});
const arrowStyle = css(
  {
    position: 'absolute',
    top: 150,
    transform: 'translateY(-50%)',
    width: 44,
    height: 44,
    border: 0,
    borderRadius: '50%',
    background: 'rgba(31, 42, 55, 0.8)',
    color: '#fff',
    fontSize: '1.4rem',
    cursor: 'pointer',
  },
  focusRing,
);
const pauseStyle = css(
  {
    position: 'absolute',
    top: space(2),
    right: space(2),
    padding: `${space(1)} ${space(3)}`,
    border: 0,
    borderRadius: radius,
    background: 'rgba(31, 42, 55, 0.85)',
    color: '#fff',
    font: 'inherit',
    fontSize: '0.9rem',
    cursor: 'pointer',
  },
  focusRing,
);

/**
 * Spec section 2's bestseller carousel: rotates every 5000 ms, holds while hovered or focused,
 * a visible pause/play button stops it for good (WCAG 2.2.2), arrows and ←/→ move it, a
 * swipe over 40 px changes the slide.
 */
export function BestsellerCarousel({ products }: { products: ProductSummary[] }) {
  const c = useCarousel(products.length);
  const startX = useRef<number | null>(null);
  const many = products.length > 1;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') c.next();
    else if (e.key === 'ArrowLeft') c.prev();
    else return;
    e.preventDefault();
  };
  const onPointerDown = (e: PointerEvent) => {
    startX.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (startX.current === null) return;
    const dx = e.clientX - startX.current;
    startX.current = null;
    if (dx < -SWIPE_THRESHOLD_PX) c.next();
    else if (dx > SWIPE_THRESHOLD_PX) c.prev();
  };

  if (products.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Bestseller slides"
      css={frameStyle}
      onMouseEnter={() => c.setHovered(true)}
      onMouseLeave={() => c.setHovered(false)}
      onFocus={() => c.setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) c.setFocused(false);
      }}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (startX.current = null)}
    >
      {/* A rotating region must not talk over the user; it announces only when held. */}
      <div aria-live={c.holding ? 'polite' : 'off'}>
        {products.map((p, i) => (
          <BestsellerSlide key={p._id} product={p} position={i + 1} total={products.length} active={i === c.index} first={i === 0} />
        ))}
      </div>
      {many ? (
        <>
          <button type="button" css={[arrowStyle, { left: space(2) }]} onClick={c.prev} aria-label="Previous slide">
            ‹
          </button>
          <button type="button" css={[arrowStyle, { right: space(2) }]} onClick={c.next} aria-label="Next slide">
            ›
          </button>
          <button type="button" css={pauseStyle} onClick={c.toggleStopped}>
            {c.stopped ? '▶ Play slide show' : '❚❚ Pause slide show'}
          </button>
        </>
      ) : null}
    </section>
  );
}
