import type { RequestHandler } from 'express';
import helmet from 'helmet';

export type SecurityOptions = {
  production: boolean;
  /** Served over TLS: browsers may then be told to upgrade any http:// subresource. */
  tls: boolean;
  /** IMAGE_HOST_URL: product pictures may come from the image hosting service. */
  imageHostUrl?: string | undefined;
};

/**
 * The page's Content-Security-Policy directives. [Payments] adds the wallet provider's hosts
 * here (script-src, frame-src, connect-src).
 */
export const cspDirectives = ({ tls, imageHostUrl }: SecurityOptions) => ({
  defaultSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'self'"],
  scriptSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', ...(imageHostUrl ? [new URL(imageHostUrl).origin] : [])],
  // Emotion injects <style> tags at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // 'self' covers same-origin ws:/wss: in current browsers (CSP level 3).
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: tls ? [] : null,
});

export const securityHeaders = (options: SecurityOptions): RequestHandler =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // The wallet provider's checkout opens a popup that must be able to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
