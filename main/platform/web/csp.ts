// The renderer's Content-Security-Policy and security headers, one set for both shells (the Electron window and the browser shell).

/**
 * Each directive says what the station needs and nothing more: scripts, styles and fonts from the app itself; images
 * also as data:/blob: URLs (barcode images); no connections but the app's own origin (the renderer talks to main only
 * through window.station); no frames, no plugins, no forms posting anywhere, no <base> rewriting.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, string>> = Object.freeze({
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'media-src': "'none'",
  'object-src': "'none'",
  'frame-src': "'none'",
  'child-src': "'none'",
  'frame-ancestors': "'none'",
  'form-action': "'none'",
  'base-uri': "'none'",
});

export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([directive, sources]) => `${directive} ${sources}`)
  .join('; ');

/** The headers every response to the renderer carries, beside its content type. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
});
