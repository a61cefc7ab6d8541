import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export type SecurityOptions = {
  production: boolean;
  /** Served over TLS: browsers may then be told to upgrade any http:// subresource. */
  tls: boolean;
  /** IMAGE_HOST_URL: product pictures may come from the image hosting service. */
  imageHostUrl?: string | undefined;
};

/**
 * What the card wallet's browser SDK needs from the provider's hosts, and nothing more: its
 * script, the checkout frames (live and sandbox), their calls home and the button images.
 * The offline simulator is served from the shop's own origin ('self').
 */
export const WALLET_SOURCES = {
  script: ['https://www.paypal.com'],
  frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  connect: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  img: ['https://www.paypalobjects.com'],
} as const;

/** The page's Content-Security-Policy directives. */
export const cspDirectives = ({ tls, imageHostUrl }: SecurityOptions) => ({
  defaultSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'self'"],
  scriptSrc: ["'self'", ...WALLET_SOURCES.script],
  frameSrc: ["'self'", ...WALLET_SOURCES.frame],
  imgSrc: ["'self'", 'data:', 'blob:', ...WALLET_SOURCES.img, ...(imageHostUrl ? [new URL(imageHostUrl).origin] : [])],
  // Emotion injects <style> tags at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // 'self' covers same-origin ws:/wss: in current browsers (CSP level 3).
  // The admin's browser also uploads images straight to the hosting service (XHR).
  connectSrc: ["'self'", ...WALLET_SOURCES.connect, ...(imageHostUrl ? [new URL(imageHostUrl).origin] : [])],
  formAction: ["'self'"],
  upgradeInsecureRequests: tls ? [] : null,
});

/**
 * What a middleware sets on every answer, found by running it once on a stand-in answer. For
 * helmet with fixed directives (no per-request nonce) these depend on the options alone.
 */
const headersSetBy = (middleware: RequestHandler): [string, string][] => {
  const headers: [string, string][] = [];
  const stub = { setHeader: (name: string, value: string) => void headers.push([name, value]), removeHeader: () => undefined };
  void middleware({} as Request, stub as unknown as Response, () => undefined);
  return headers;
};

/**
 * helmet's headers with the shop's policy, worked out once at start rather than by helmet's
 * twelve middlewares on every request (security-headers.test.ts checks they are helmet's own).
 */
export const securityHeaders = (options: SecurityOptions): RequestHandler => {
  const headers = headersSetBy(helmetFor(options));
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.removeHeader('x-powered-by');
    next();
  };
};

/** helmet as configured for the shop. */
export const helmetFor = (options: SecurityOptions): RequestHandler =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    // The wallet provider's checkout opens a popup that must be able to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
