import { useEffect, useRef } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';

/**
 * Why the order was not placed, right by Place order: announced (role alert) and focused, so a
 * shopper scrolled to the button on a phone sees it and a keyboard is on `Try again`'s doorstep.
 */
export function PlaceError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [message]);
  return (
    <div ref={box} tabIndex={-1} css={{ outline: 'none' }}>
      <Alert tone="danger" action={<Button onClick={onRetry}>Try again</Button>}>
        <span>{message}</span>
      </Alert>
    </div>
  );
}
